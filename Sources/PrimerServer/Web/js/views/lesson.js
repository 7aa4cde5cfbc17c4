// The lesson tab: the subject's plan (GET /api/subjects/{id}/kit) — each topic with its
// overview, each subtopic a collapsible section with its lesson (Markdown, folded per "##"
// section) and its item count, and a link to a quiz on just that subtopic.
// Headings: the subject's title is the page's h2, so topics are h2 too (siblings under the app's
// h1; tests read `[data-testid=topic] h2`), subtopics h3 and a lesson's own "##" sections h4.
import { api } from "../api.js";
import { el } from "../dom.js";
import { t } from "../i18n.js";
import { markdown, collapsible, safeHref } from "../markdown.js";
import { sources } from "./explain.js";

export default async function (panel, { subject }) {
  const kit = await api("GET", `/api/subjects/${subject.id}/kit`);
  if (!kit.topics.length) {
    panel.append(el("section", { class: "card", "data-testid": "no-plan" },
      el("p", {}, t("lesson.noPlan")),
      el("a", { href: `#/s/${subject.id}/generate` }, t("lesson.generate"))));
    return;
  }
  let first = true;
  for (const topic of kit.topics) {
    panel.append(el("section", { class: "topic", "data-testid": "topic" },
      el("h2", {}, topic.title),
      topic.overview ? el("p", { class: "meta" }, topic.overview) : null,
      topic.subtopics.map((subtopic) => {
        const section = subtopicSection(subject, subtopic, first);
        first = false;
        return section;
      })));
  }
}

// One subtopic: its title and count in the summary (so a closed plan still reads as an outline);
// the first subtopic of the plan starts open.
function subtopicSection(subject, subtopic, open) {
  const count = subtopic.items.length;
  const quiz = subtopic.items.some((item) => item.shape === "choice" || item.answerHint);
  return el("details", { class: "subtopic", open },
    el("summary", {}, el("h3", {}, subtopic.title), " ", el("span", { class: "meta" }, t("core.items", { count }))),
    subtopic.lesson
      ? el("div", { class: "lesson md", "data-testid": "lesson" }, collapsible(withoutTitle(markdown(subtopic.lesson, { top: 3 }), subtopic.title)))
      : el("p", { class: "meta" }, t("lesson.notGenerated")),
    lessonSources(subtopic),
    quiz ? el("p", {}, el("a", { href: `#/s/${subject.id}/quiz?subtopic=${encodeURIComponent(subtopic.title)}`, "data-quiz-subtopic": subtopic.title },
      t("lesson.quizSubtopic", { title: subtopic.title }))) : null);
}

// A lesson that starts with its own title as a "#" heading: the summary shows it already.
function withoutTitle(nodes, title) {
  const first = nodes[0];
  return first?.dataset?.level === "1" && first.textContent.trim() === title.trim() ? nodes.slice(1) : nodes;
}

// What the lesson was written from (the kit's `sources`: the documents' passages, a provider's
// citations), numbered as an explanation's sources; a web address is a link.
function lessonSources(subtopic) {
  if (!Array.isArray(subtopic.sources) || !subtopic.sources.length) return null;
  const numbered = subtopic.sources.map((source, index) => ({ number: index + 1, label: source.label, text: source.text }));
  const list = sources(numbered);
  subtopic.sources.forEach((source, index) => {
    const safe = source.url && safeHref(source.url);
    if (safe) list.children[index].append(" ", el("a", { href: safe, rel: "noopener noreferrer", target: "_blank" }, t("lesson.openSource")));
  });
  return el("div", { class: "lesson-sources", "data-testid": "lesson-sources" }, el("h4", {}, t("lesson.sources")), list);
}
