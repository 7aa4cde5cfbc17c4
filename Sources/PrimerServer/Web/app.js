// Primer's study page: plain JavaScript on the HTTP API (/openapi.yaml), signed in by the
// session cookie the API sets. Every text from the store is put in the page as text, never as HTML.
"use strict";

const main = document.getElementById("main");
const errorBox = document.getElementById("error");
let keyHandler = null;

// --- The API -----------------------------------------------------------------------------
async function api(method, path, body) {
  const options = { method, credentials: "same-origin", headers: {} };
  if (body instanceof FormData) options.body = body;
  else if (body !== undefined) { options.body = JSON.stringify(body); options.headers["Content-Type"] = "application/json"; }
  const response = await fetch(path, options);
  if (response.status === 204) return null;
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = new Error(data.message || `HTTP ${response.status}`);
    error.status = response.status;
    throw error;
  }
  return data;
}

// --- Small DOM helpers --------------------------------------------------------------------
function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === "on") for (const [event, handler] of Object.entries(value)) node.addEventListener(event, handler);
    else if (value === true) node.setAttribute(name, "");
    else if (value !== false && value != null) node.setAttribute(name, value);
  }
  for (const child of children.flat()) if (child != null) node.append(child instanceof Node ? child : String(child));
  return node;
}
function show(...nodes) { main.replaceChildren(...nodes); }
function fail(error) {
  if (error.status === 401) { route("#/login"); return; }
  errorBox.textContent = error.message;
  errorBox.hidden = false;
  setTimeout(() => { errorBox.hidden = true; }, 6000);
}
function route(hash) { if (location.hash === hash) render(); else location.hash = hash; }
function percent(value) { return `${Math.round(value)} %`; }

// --- Views ----------------------------------------------------------------------------------
function loginView() {
  const logIn = el("form", { class: "card", "data-testid": "login-form" },
    el("h2", {}, "Log in"),
    el("label", { for: "login-email" }, "Email"), el("input", { id: "login-email", type: "email", required: true, autocomplete: "email" }),
    el("label", { for: "login-password" }, "Password"), el("input", { id: "login-password", type: "password", required: true }),
    el("button", { type: "submit" }, "Log in"));
  logIn.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await api("POST", "/api/sessions", { email: logIn.querySelector("#login-email").value, password: logIn.querySelector("#login-password").value });
      route("#/");
    } catch (error) { fail(error); }
  });
  const signUp = el("form", { class: "card", "data-testid": "signup-form" },
    el("h2", {}, "New here? Sign up"),
    el("label", { for: "signup-name" }, "Name"), el("input", { id: "signup-name", required: true, minlength: 2 }),
    el("label", { for: "signup-email" }, "Email"), el("input", { id: "signup-email", type: "email", required: true }),
    el("label", { for: "signup-password" }, "Password (at least 8 characters)"), el("input", { id: "signup-password", type: "password", required: true, minlength: 8 }),
    el("button", { type: "submit", id: "signup" }, "Sign up"));
  signUp.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await api("POST", "/api/accounts", {
        name: signUp.querySelector("#signup-name").value, email: signUp.querySelector("#signup-email").value,
        password: signUp.querySelector("#signup-password").value });
      route("#/");
    } catch (error) { fail(error); }
  });
  show(logIn, signUp);
}

async function subjectsView() {
  const { subjects } = await api("GET", "/api/subjects");
  const list = el("ul", { class: "subjects", "data-testid": "subjects" }, subjects.map((subject) =>
    el("li", { "data-testid": "subject", on: { click: () => route(`#/s/${subject.id}/lesson`) } },
      el("span", { class: "swatch", style: `background:${subject.color || "#5b6474"}` }, subject.icon ? subject.icon.slice(0, 2) : subject.title.slice(0, 1)),
      el("span", {}, el("strong", {}, subject.title), el("br"),
        el("span", { class: "meta" }, `${percent(subject.knowledgePercent)} known · ${subject.items} items · ${subject.due} due`)))));
  show(el("section", {},
    el("h2", {}, "Your subjects"),
    subjects.length ? list : el("p", { class: "meta" }, "No subjects yet."),
    el("button", { id: "new-subject", on: { click: () => route("#/new") } }, "New subject")));
}

function newSubjectView() {
  const form = el("form", { class: "card", "data-testid": "new-subject-form" },
    el("h2", {}, "New subject"),
    el("label", { for: "title" }, "Title"), el("input", { id: "title", required: true, maxlength: 200 }),
    el("label", { for: "notes" }, "Notes (what to cover, optional)"), el("textarea", { id: "notes", rows: 3 }),
    el("label", { for: "instructions" }, "Instructions (optional)"), el("textarea", { id: "instructions", rows: 2 }),
    el("label", { for: "color" }, "Colour"), el("input", { id: "color", type: "color", value: "#2f6fed" }),
    el("label", { for: "icon" }, "Icon (a word or an emoji)"), el("input", { id: "icon", maxlength: 40 }),
    el("label", { for: "document" }, "A document to build it from (PDF, Word, HTML, Markdown, text; optional)"),
    el("input", { id: "document", type: "file", accept: ".pdf,.docx,.html,.htm,.md,.markdown,.txt" }),
    el("label", { for: "max-subtopics" }, "Subtopics to generate now"), el("input", { id: "max-subtopics", type: "number", min: 1, max: 200, value: 2 }),
    el("button", { type: "submit", id: "create" }, "Create and generate"));
  const progress = el("div", { id: "progress", "data-testid": "progress", hidden: true });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const button = form.querySelector("#create");
    button.disabled = true;
    try {
      const value = (id) => form.querySelector(`#${id}`).value;
      const subject = await api("POST", "/api/subjects", {
        title: value("title"), notes: value("notes"), instructions: value("instructions"), color: value("color"), icon: value("icon") });
      const file = form.querySelector("#document").files[0];
      progress.hidden = false;
      if (file) {
        const data = new FormData();
        data.append("file", file, file.name);
        const document = await api("POST", `/api/subjects/${subject.id}/documents`, data);
        progress.append(el("div", {}, `attached ${document.name} (${document.characters} characters)`));
      }
      const job = await api("POST", `/api/subjects/${subject.id}/jobs`, { maxSubtopics: Number(value("max-subtopics")) || 2 });
      follow(job, subject, progress);
    } catch (error) { button.disabled = false; fail(error); }
  });
  show(form, progress);
}

// Follows a generation live through its Server-Sent Events, then opens the subject.
function follow(job, subject, progress) {
  const events = new EventSource(`/api/jobs/${job.id}/events`);
  events.addEventListener("progress", (event) => {
    progress.append(el("div", {}, JSON.parse(event.data).message));
    progress.scrollTop = progress.scrollHeight;
  });
  events.addEventListener("end", (event) => {
    events.close();
    const finished = JSON.parse(event.data);
    progress.append(el("div", { "data-testid": "job-end", class: finished.status === "succeeded" ? "right" : "wrong" },
      `${finished.status}: ${finished.message}`));
    progress.append(el("button", { id: "open-subject", on: { click: () => route(`#/s/${subject.id}/lesson`) } }, `Open ${subject.title}`));
  });
  events.onerror = () => { if (events.readyState === EventSource.CLOSED) progress.append(el("div", {}, "the connection was lost")); };
}

const tabs = [["lesson", "Lesson"], ["study", "Study"], ["quiz", "Quiz"], ["vocab", "Vocabulary"], ["stats", "Stats"]];

async function subjectView(id, tab) {
  const subject = await api("GET", `/api/subjects/${id}`);
  const header = el("section", {},
    el("h2", {}, el("span", { class: "swatch", style: `background:${subject.color || "#5b6474"};display:inline-grid;margin-right:.5rem` }, subject.icon.slice(0, 2)), subject.title),
    el("p", { class: "meta", "data-testid": "knowledge" }, `${percent(subject.knowledgePercent)} known · ${subject.items} items · ${subject.due} due`),
    el("nav", { class: "tabs" }, tabs.map(([name, label]) =>
      el("button", { "data-tab": name, "aria-selected": String(name === tab), on: { click: () => route(`#/s/${id}/${name}`) } }, label))));
  const body = el("div", {});
  show(header, body);
  await ({ lesson: lessonTab, study: studyTab, quiz: quizTab, vocab: vocabTab, stats: statsTab }[tab] || lessonTab)(subject, body);
}

async function lessonTab(subject, body) {
  const kit = await api("GET", `/api/subjects/${subject.id}/kit`);
  if (!kit.topics.length) { body.append(el("p", { class: "card" }, "No plan yet.")); return; }
  for (const topic of kit.topics) {
    body.append(el("section", { "data-testid": "topic" }, el("h2", {}, topic.title), topic.overview ? el("p", { class: "meta" }, topic.overview) : null,
      topic.subtopics.map((subtopic) => el("div", {},
        el("h3", {}, subtopic.title),
        subtopic.lesson ? el("div", { class: "lesson", "data-testid": "lesson" }, subtopic.lesson) : el("p", { class: "meta" }, "Not generated yet."),
        el("p", { class: "meta" }, `${subtopic.items.length} items`)))));
  }
}

// Seconds until due again, as a rating button shows it: "1 min", "6 min", "3 h", "8 d", "4 mo".
function interval(seconds) {
  if (seconds === undefined) return "";
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 60 * 24) return `${Math.round(minutes / 60)} h`;
  const days = Math.round(minutes / 1440);
  return days < 31 ? `${days} d` : days < 365 ? `${Math.round(days / 30)} mo` : `${(days / 365).toFixed(1)} y`;
}

async function studyTab(subject, body, daysAhead = 0) {
  let next;
  try { next = await api("GET", `/api/subjects/${subject.id}/next?daysAhead=${daysAhead}`); } catch (error) {
    if (error.status !== 404) throw error;
    body.replaceChildren(el("section", { "data-testid": "nothing-due" }, el("p", {}, error.message),
      el("button", { class: "secondary", on: { click: () => studyTab(subject, body, 7).catch(fail) } }, "Study ahead (7 days)")));
    return;
  }
  const item = next.item;
  const answer = el("div", { class: "answer", "data-testid": "answer", hidden: true }, item.back);
  const hint = item.hint ? el("p", { class: "hint", hidden: true }, item.hint) : null;
  const front = el("div", { class: "face", "data-testid": "front" }, item.front);
  if (item.choices) front.append(el("ol", { type: "A" }, item.choices.map((choice) => el("li", {}, choice))));
  const rate = async (rating) => {
    try {
      await api("POST", `/api/items/${item.id}/reviews`, { rating, durationMs: Math.min(Date.now() - started, 86400000) });
      await studyTab(subject, body, daysAhead);
    } catch (error) { fail(error); }
  };
  // Each button says when the item would come back, as Anki's do.
  const ratings = el("div", { class: "ratings", hidden: true }, [["again", "1 Again"], ["hard", "2 Hard"], ["good", "3 Good"], ["easy", "4 Easy"]]
    .map(([rating, label]) => el("button", { "data-rating": rating, on: { click: () => rate(rating) } },
      label, el("small", { class: "interval" }, interval(next.intervals?.[rating])))));
  const explanation = el("div", { hidden: true });
  const explainButton = el("button", { id: "explain", class: "secondary", hidden: true, on: { click: () => explain(item.id, {}, explanation, explainButton) } }, "Explain (e)");
  const flip = el("button", { id: "flip", on: { click: () => { answer.hidden = false; ratings.hidden = false; explainButton.hidden = false; flip.hidden = true; } } }, "Show answer (space)");
  const hintButton = hint ? el("button", { class: "secondary", on: { click: () => { hint.hidden = false; } } }, "Hint (h)") : null;
  const started = Date.now();
  // An exercise (matching, ordering) is answered by typing, checked part by part by the server
  // (POST /api/items/{id}/check), then rated as any card.
  const exercise = item.answerHint ? exerciseForm(item, () => flip.click()) : null;
  body.replaceChildren(el("section", { "data-testid": "card" },
    el("p", { class: "meta" }, `${item.topic} › ${item.subtopic} · ${item.family} · ${next.due} due`), front, exercise, hint, answer, flip, hintButton, ratings, explainButton, explanation));
  keyHandler = (event) => {
    if (event.target.tagName === "INPUT" || event.target.tagName === "TEXTAREA") return;
    if (event.key === " " && !flip.hidden) { event.preventDefault(); flip.click(); }
    else if (event.key === "h" && hintButton) hintButton.click();
    else if (event.key === "e" && !explainButton.hidden && !explainButton.disabled) explainButton.click();
    else if (!ratings.hidden && ["1", "2", "3", "4"].includes(event.key)) ratings.children[Number(event.key) - 1].click();
  };
}

// The answer box of an exercise: its feedback per part and the suggested rating; `done` shows
// the answer and the rating buttons.
function exerciseForm(item, done) {
  const input = el("input", { name: "answer", "aria-label": "Your answer", placeholder: item.answerHint, autocomplete: "off" });
  const result = el("div", { "data-testid": "check", hidden: true });
  const check = async (event) => {
    event.preventDefault();
    try {
      const scored = await api("POST", `/api/items/${item.id}/check`, { answer: input.value });
      result.replaceChildren(el("ul", {}, scored.feedback.map((line) => el("li", {}, line))),
        el("p", {}, el("strong", {}, `${scored.right} of ${scored.total} right`), ` — suggested: ${scored.suggestedRating}`));
      result.hidden = false;
      done();
    } catch (error) { fail(error); }
  };
  return el("form", { class: "exercise", on: { submit: check } }, el("label", {}, `Your answer (${item.answerHint})`, input),
    el("button", { type: "submit" }, "Check"), result);
}

// An explanation from the item's subtopic lesson and the subject's documents, with its sources
// (POST /api/items/{id}/explain); shown in `into`, once.
async function explain(itemId, body, into, button) {
  button.disabled = true;
  button.textContent = "Explaining…";
  try {
    const result = await api("POST", `/api/items/${itemId}/explain`, body);
    const sources = result.citations.map((source) =>
      el("li", {}, `[${source.number}] ${source.label}`));
    into.replaceChildren(el("div", { class: "explanation", "data-testid": "explanation" },
      result.answered
        ? [result.method === "quotes" ? el("p", { class: "meta" }, "From the sources, word for word:") : null,
           ...result.answer.split(/\n+/).map((line) => el("p", {}, line)), el("ul", { class: "sources" }, sources)]
        : el("p", { class: "meta" }, `No explanation: ${result.reason}`)));
    into.hidden = false;
    button.hidden = true;
  } catch (error) {
    button.disabled = false;
    button.textContent = "Explain (e)";
    fail(error);
  }
}

// A quiz of the subject's choice questions and exercises (items with an answerHint), graded by
// the server; wrong choices can be explained, exercises show each part.
async function quizTab(subject, body) {
  const { items } = await api("GET", `/api/subjects/${subject.id}/items`);
  // Choice questions first, then exercises, as `primer quiz` orders them.
  const questions = [...items.filter((item) => item.shape === "choice"), ...items.filter((item) => item.answerHint)].slice(0, 200);
  if (!questions.length) { body.append(el("p", { class: "card" }, "No quiz questions yet.")); return; }
  const form = el("form", { "data-testid": "quiz" }, questions.map((question, number) =>
    el("section", { "data-question": question.id },
      el("p", {}, el("strong", {}, `${number + 1}. `), question.front),
      question.answerHint
        ? el("label", {}, `Your answer (${question.answerHint})`,
            el("input", { name: `q${question.id}`, required: true, autocomplete: "off", placeholder: question.answerHint }))
        : el("div", { class: "choices" }, question.choices.map((choice, index) =>
            el("label", {}, el("input", { type: "radio", name: `q${question.id}`, value: index, required: true }), choice))))),
    el("button", { type: "submit", id: "submit-quiz" }, "Submit answers"));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const answers = questions.map((question) => question.answerHint
        ? { itemId: question.id, answer: form.querySelector(`input[name=q${question.id}]`).value }
        : { itemId: question.id, choice: Number(form.querySelector(`input[name=q${question.id}]:checked`).value) });
      const graded = await api("POST", `/api/subjects/${subject.id}/quizzes`, { answers });
      body.replaceChildren(el("section", { "data-testid": "quiz-result" },
        el("h2", {}, `Score: ${graded.correct} of ${graded.questions} (${percent(graded.scorePercent)}) — ${graded.passed ? "passed" : "not passed"}`),
        graded.answers.map((answer) => {
          const question = questions.find((q) => q.id === answer.itemId);
          const why = el("div", { hidden: true });
          const whyButton = answer.right || answer.feedback.length ? null : el("button", { class: "secondary", "data-why": answer.itemId,
            on: { click: () => explain(answer.itemId, { chosen: answer.chosen }, why, whyButton) } }, "Why is my answer wrong?");
          return el("div", { class: answer.right ? "right" : "wrong" },
            el("p", {}, `${answer.right ? "✓" : "✗"} ${answer.question}`),
            answer.feedback.length
              ? el("ul", { "data-testid": "parts" }, answer.feedback.map((line) => el("li", {}, line)))
              : answer.right ? null : el("p", {}, `Answer: ${question.choices[answer.correct]}`),
            answer.explanation && !answer.feedback.length ? el("p", { class: "meta" }, answer.explanation) : null, whyButton, why);
        })));
    } catch (error) { fail(error); }
  });
  body.append(form);
}

async function vocabTab(subject, body) {
  const { items } = await api("GET", `/api/subjects/${subject.id}/items?family=terms`);
  if (!items.length) { body.append(el("p", { class: "card" }, "No terms yet.")); return; }
  body.append(el("section", { "data-testid": "vocabulary" }, items.map((item) => {
    const box = el("input", { type: "checkbox", checked: item.known, "data-item": item.id });
    box.addEventListener("change", async () => {
      try { await api("PUT", `/api/items/${item.id}/known`, { known: box.checked }); } catch (error) { box.checked = !box.checked; fail(error); }
    });
    return el("label", { style: "font-weight:400;display:flex;gap:.5rem" }, box, el("span", {}, el("strong", {}, item.front), ` — ${item.back}`));
  })));
}

async function statsTab(subject, body) {
  const stats = await api("GET", `/api/subjects/${subject.id}/stats`);
  const deck = stats.deck;
  body.append(el("section", { "data-testid": "stats" },
    el("p", {}, `${deck.cards} items, ${deck.new} new, ${deck.dueToday} due today, ${deck.reviews} reviews, ${percent(deck.knowledgePercent)} known.`),
    el("p", {}, `Streak: ${stats.streakDays} days · quizzes: ${stats.quizzes} (${stats.quizzesPassed} passed)`),
    el("ul", {}, stats.topics.map((topic) => el("li", {}, `${topic.deck.title}: ${percent(topic.deck.knowledgePercent)} known, ${topic.deck.cards} items`)))));
}

// --- Routing ------------------------------------------------------------------------------
// Who is signed in (GET /api/me), read once per session and shown in the header.
let signedIn = null;
async function showWho() {
  if (!signedIn) signedIn = await api("GET", "/api/me");
  document.getElementById("who").textContent = `${signedIn.name} · ${signedIn.email}`;
}

async function render() {
  keyHandler = null;
  const hash = location.hash || "#/";
  document.getElementById("logout").hidden = hash === "#/login";
  try {
    if (hash === "#/login") {
      signedIn = null;
      document.getElementById("who").textContent = "";
      return loginView();
    }
    await showWho();
    if (hash === "#/new") return newSubjectView();
    const match = hash.match(/^#\/s\/(\d+)\/(\w+)$/);
    if (match) return await subjectView(match[1], match[2]);
    await subjectsView();
  } catch (error) { fail(error); }
}
document.addEventListener("keydown", (event) => keyHandler && keyHandler(event));
document.getElementById("logout").addEventListener("click", async () => {
  try { await api("DELETE", "/api/sessions/current"); } catch (error) { /* already logged out */ }
  route("#/login");
});
window.addEventListener("hashchange", render);
render();
