// The learner's subjects: each with its badge, knowledge (red → green) and what is due.
import { api } from "../api.js";
import { el, show, badge, knowledgeColor } from "../dom.js";
import { t, percent } from "../i18n.js";

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
}
