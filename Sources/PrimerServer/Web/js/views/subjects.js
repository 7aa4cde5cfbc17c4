// The learner's subjects: each with its badge, knowledge (red → green) and what is due.
import { api } from "../api.js";
import { el, show, badge, knowledgeColor } from "../dom.js";
import { t, percent } from "../i18n.js";
import { outbox } from "../outbox.js";

// How old a kept session may be before the subjects view fetches it again.
const keptFor = 10 * 60 * 1000;

// The due cards of each subject with reviews due, kept on the device for offline study even
// where the learner has not opened the subject yet; quietly, after the list is on screen.
async function keepDueSessions(subjects) {
  for (const subject of subjects.filter((one) => one.due > 0)) {
    try {
      const kept = await outbox.session(subject.id);
      if (kept && Date.now() - kept.savedAt < keptFor) continue;
      const waiting = await outbox.waitingItems();
      const session = await api("GET", `/api/subjects/${subject.id}/session?mode=due&limit=100`);
      await outbox.saveSession(subject.id, "due", session.items.filter((entry) => !waiting.has(entry.item.id)));
    } catch { return; } // offline, or signed out: what is kept stays
  }
}

export default async function () {
  const { subjects } = await api("GET", "/api/subjects");
  const due = subjects.reduce((sum, subject) => sum + subject.due, 0);
  const list = el("ul", { class: "subjects", "data-testid": "subjects" }, subjects.map((subject) =>
    el("li", { "data-testid": "subject" },
      el("a", { href: `#/s/${subject.id}/${subject.items ? "study" : "lesson"}`, class: "subject-link" },
        badge(subject),
        el("span", { class: "subject-text" }, el("strong", {}, subject.title),
          el("span", { class: "meta" }, t("core.items", { count: subject.items }), " · ", t("core.due", { count: subject.due }))),
        el("span", { class: "meter", role: "img", "aria-label": t("core.known", { percent: percent(subject.knowledgePercent) }) },
          el("span", { style: `width:${Math.round(subject.knowledgePercent)}%;background:${knowledgeColor(subject.knowledgePercent)}` }),
          el("small", {}, percent(subject.knowledgePercent)))))));
  show(el("section", {},
    el("h2", {}, t("subjects.title")),
    subjects.length ? el("p", { class: "meta" }, t("subjects.dueAll", { count: due })) : null,
    subjects.length ? list : el("p", { class: "meta" }, t("subjects.none")),
    el("a", { class: "button", id: "new-subject", href: "#/new" }, t("subjects.new"))));
  keepDueSessions(subjects);
}
