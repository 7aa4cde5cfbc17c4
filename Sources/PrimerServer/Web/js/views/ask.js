// The ask tab: a question about the subject → an answer from its documents and lessons
// (POST …/ask), each claim ending with the numbers of its sources ([2]), listed below it with
// the quoted passage folded away; when they do not cover the question, the reason.
import { api } from "../api.js";
import { el } from "../dom.js";
import { t } from "../i18n.js";
import { fail } from "../errors.js";
import { markdown } from "../markdown.js";
import { sources } from "./explain.js";

export default async function (panel, { subject }) {
  const question = el("textarea", { id: "ask-question", name: "question", rows: 3, maxlength: 2000, required: true, "aria-describedby": "ask-hint" });
  const button = el("button", { type: "submit", id: "ask-submit" }, t("ask.submit"));
  const status = el("p", { class: "meta", role: "status" });
  const output = el("div", { class: "ask-output" });
  const form = el("form", { class: "card", "data-testid": "ask-form" },
    el("label", { for: "ask-question" }, t("ask.label")), question,
    el("p", { class: "meta", id: "ask-hint" }, t("ask.hint")), button, status);
  // Ctrl+Enter (⌘+Enter) sends from the text box; Enter alone starts a new line.
  question.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) { event.preventDefault(); form.requestSubmit(); }
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = question.value.trim();
    if (!text) return;
    button.disabled = true;
    status.textContent = t("ask.thinking");
    try {
      output.replaceChildren(answerView(await api("POST", `/api/subjects/${subject.id}/ask`, { question: text })));
      status.textContent = "";
      output.querySelector("h3")?.focus();
    } catch (error) {
      status.textContent = "";
      fail(error);
    } finally {
      button.disabled = false;
    }
  });
  panel.append(form, output);
}

// The answer (Markdown; its [n] markers refer to the numbered sources below it), or the reason
// there is none.
function answerView(result) {
  const heading = el("h3", { tabindex: "-1" }, result.question);
  if (!result.answered) {
    return el("section", { "data-testid": "answer", class: "unanswered" }, heading,
      el("p", {}, el("strong", {}, t("ask.unanswered")), " ", result.reason || t("ask.noReason")));
  }
  return el("section", { "data-testid": "answer", class: "answered" }, heading,
    result.method === "quotes" ? el("p", { class: "meta" }, t("ask.quotes")) : null,
    el("div", { class: "md" }, markdown(result.answer, { top: 4 })),
    result.citations.length ? [el("h4", {}, t("ask.sources")), sources(result.citations)] : null,
    el("p", { class: "meta" }, t("ask.by", { provider: result.provider, model: result.model || "—", count: result.sourcesGiven })));
}
