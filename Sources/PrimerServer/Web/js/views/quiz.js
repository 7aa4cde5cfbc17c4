// The quiz tab: a quiz of the chosen length on the subject or one subtopic (GET …/quiz), choice
// questions as radio groups and exercises typed; graded by the server (POST …/quizzes, each
// answer a review) → the score, each question right or wrong with its feedback, "why is my
// answer wrong?" per wrong choice, and a retry of just the wrong ones.
// The tab opens on a quiz of the last chosen length (all questions at first), so one click
// on the tab shows questions; the chooser above starts another.
import { outbox } from "../outbox.js";
import { api } from "../api.js";
import { el } from "../dom.js";
import { t, percent } from "../i18n.js";
import { fail } from "../errors.js";
import { explain } from "./explain.js";

const lengths = ["5", "10", "20", "all"];
const lengthKey = "primer.quizLength";

export default async function (panel, { subject }) {
  // A link from a lesson (#/s/1/quiz?subtopic=…) picks its subtopic.
  const linked = new URLSearchParams(location.hash.split("?")[1] || "").get("subtopic") || "";
  const chosen = lengths.includes(localStorage.getItem(lengthKey)) ? localStorage.getItem(lengthKey) : "all";
  const plan = await api("GET", `/api/subjects/${subject.id}/topics`);
  const subtopic = el("select", { id: "quiz-subtopic", name: "subtopic" },
    el("option", { value: "" }, t("quiz.allSubtopics")),
    plan.topics.map((topic) => el("optgroup", { label: topic.title },
      topic.subtopics.map((entry) => el("option", { value: entry.title, selected: entry.title === linked }, entry.title)))));
  const stage = el("div", { "data-testid": "quiz-stage" });
  const setup = el("form", { class: "card quiz-setup", "data-testid": "quiz-setup", on: { submit: (event) => { event.preventDefault(); start(); } } },
    el("fieldset", { class: "inline-choices" }, el("legend", {}, t("quiz.length")),
      lengths.map((value) => el("label", {},
        el("input", { type: "radio", name: "quiz-length", value, checked: value === chosen }),
        value === "all" ? t("quiz.lengthAll") : t("quiz.lengthN", { count: value })))),
    el("label", { for: "quiz-subtopic" }, t("quiz.subtopic")), subtopic,
    el("button", { type: "submit", id: "start-quiz" }, t("quiz.start")));
  panel.replaceChildren(setup, stage);
  await start();

  async function start() {
    const length = setup.querySelector("input[name=quiz-length]:checked")?.value || "all";
    localStorage.setItem(lengthKey, length);
    const query = new URLSearchParams();
    if (length !== "all") query.set("limit", length);
    if (subtopic.value) query.set("subtopic", subtopic.value);
    stage.replaceChildren(el("p", { class: "meta", role: "status" }, t("core.loading")));
    try {
      const { questions } = await api("GET", `/api/subjects/${subject.id}/quiz?${query}`);
      quiz(questions, subtopic.value);
    } catch (error) {
      // 404: no questions here (yet); the server says why, as the study view shows "nothing due".
      if (error.status === 404) stage.replaceChildren(el("p", { class: "card", "data-testid": "no-quiz" }, error.message || t("quiz.none")));
      else { stage.replaceChildren(); fail(error); }
    }
  }

  // The questions as one form; `retry` says it is a retry of wrong answers (for its heading).
  function quiz(questions, topic, retry = false) {
    if (!questions.length) {
      stage.replaceChildren(el("p", { class: "card", "data-testid": "no-quiz" }, t("quiz.none")));
      return;
    }
    const form = el("form", { class: "quiz", "data-testid": "quiz", "aria-label": retry ? t("quiz.retryTitle") : t("quiz.title") },
      retry ? el("p", { class: "meta" }, t("quiz.retrying", { count: questions.length })) : null,
      questions.map((question, index) => questionField(question, index)),
      el("button", { type: "submit", id: "submit-quiz" }, t("quiz.submit")));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const answers = questions.map((question) => question.answerHint
        ? { itemId: question.itemId, answer: form.elements[`q${question.itemId}`].value }
        : { itemId: question.itemId, choice: Number(form.querySelector(`input[name=q${question.itemId}]:checked`).value) });
      form.querySelector("#submit-quiz").disabled = true;
      try {
        // Ratings still on their way first: a quiz records reviews too, and an item's are kept in order.
        await outbox.flush();
        const graded = await api("POST", `/api/subjects/${subject.id}/quizzes`, topic ? { subtopic: topic, answers } : { answers });
        results(graded, questions, topic);
      } catch (error) {
        form.querySelector("#submit-quiz").disabled = false;
        fail(error);
      }
    });
    stage.replaceChildren(form);
  }

  // The graded quiz: the score first (focused, so a screen reader reads it), then each answer.
  function results(graded, questions, topic) {
    const byId = new Map(questions.map((question) => [question.itemId, question]));
    const wrong = graded.answers.filter((answer) => !answer.right).map((answer) => byId.get(answer.itemId)).filter(Boolean);
    const heading = el("h2", { tabindex: "-1" }, t("quiz.score", {
      correct: graded.correct, total: graded.questions, percent: percent(graded.scorePercent),
      verdict: graded.passed ? t("quiz.passed") : t("quiz.notPassed"),
    }));
    stage.replaceChildren(el("section", { "data-testid": "quiz-result", class: graded.passed ? "passed" : "not-passed" },
      heading,
      el("p", { class: "meta" }, t("quiz.passMark", { percent: percent(graded.passPercent) })),
      el("ol", { class: "quiz-answers" }, graded.answers.map((answer) => answerItem(answer, byId.get(answer.itemId)))),
      el("div", { class: "actions" },
        wrong.length ? el("button", { type: "button", "data-testid": "retry-wrong", on: { click: () => quiz(wrong, topic, true) } },
          t("quiz.retryWrong", { count: wrong.length })) : null,
        el("button", { type: "button", class: "secondary", id: "new-quiz", on: { click: () => start() } }, t("quiz.again")))));
    heading.focus(); // scrolls it into view too
  }
}

// One question: a radio group (fieldset, its legend the question) or an exercise's typed answer.
function questionField(question, index) {
  const name = `q${question.itemId}`;
  const legend = el("legend", {}, el("span", { class: "number" }, `${index + 1}. `), el("span", { class: "question-text" }, question.question));
  if (question.answerHint) {
    return el("fieldset", { class: "question", "data-question": question.itemId }, legend,
      el("label", { for: `${name}-answer` }, t("quiz.yourAnswer", { hint: question.answerHint })),
      el("input", { id: `${name}-answer`, name, required: true, autocomplete: "off", spellcheck: "false", placeholder: question.answerHint }));
  }
  return el("fieldset", { class: "question choices", "data-question": question.itemId }, legend,
    (question.choices || []).map((choice, choiceIndex) => el("label", {},
      el("input", { type: "radio", name, value: choiceIndex, required: true }),
      el("span", { class: "letter", "aria-hidden": "true" }, `${String.fromCharCode(65 + choiceIndex)}.`), el("span", {}, choice))));
}

// One graded answer: right or wrong (said in words, not only by colour and mark), an exercise's
// line per part, a wrong choice's answer and the right one, the item's explanation, and for a
// wrong choice the button that asks why it is wrong.
function answerItem(answer, question) {
  const why = el("div", { hidden: true, "aria-live": "polite" });
  const exercise = answer.feedback.length > 0;
  const whyButton = answer.right || exercise ? null : el("button", {
    type: "button", class: "secondary", "data-why": answer.itemId,
    on: { click: () => explain(answer.itemId, { chosen: answer.chosen }, why, whyButton) },
  }, t("quiz.why"));
  const choices = question?.choices || [];
  return el("li", { class: `quiz-answer ${answer.right ? "right" : "wrong"}`, "data-result": answer.itemId },
    el("p", { class: "verdict" }, el("span", { "aria-hidden": "true" }, answer.right ? "✓ " : "✗ "),
      el("strong", {}, answer.right ? t("quiz.right") : t("quiz.wrong")), " ", el("span", { class: "question-text" }, answer.question)),
    exercise ? el("ul", { "data-testid": "parts" }, answer.feedback.map((line) => el("li", {}, line))) : null,
    exercise && !answer.right ? el("p", {}, t("quiz.partsRight", { right: answer.chosen, total: answer.correct })) : null,
    !exercise && !answer.right && choices.length ? [
      el("p", {}, t("quiz.yourChoice"), " ", el("span", { class: "chosen" }, choices[answer.chosen] ?? "—")),
      el("p", {}, t("quiz.rightChoice"), " ", el("strong", { class: "correct" }, choices[answer.correct] ?? "")),
    ] : null,
    answer.explanation && !exercise ? el("p", { class: "meta" }, answer.explanation) : null,
    whyButton, why);
}
