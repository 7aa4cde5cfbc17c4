// The edit tab, the deck by hand: one subtopic at a time — its items (editor-items.js) and its
// lesson —, the plan (topics and subtopics, editor-plan.js), the subject's settings.
// Every change goes to the server at once; the parts it touches are drawn again from the server.
import { api } from "../api.js";
import { el, field, go } from "../dom.js";
import { t, date } from "../i18n.js";
import { fail } from "../errors.js";
import { renderPlan } from "./editor-plan.js";
import { renderSubtopic } from "./editor-items.js";

export default async function (panel, { subject, refresh }) {
  const planBox = el("section", { "data-testid": "plan-editor", "aria-labelledby": "plan-heading" });
  const subtopicBox = el("div", { "data-testid": "subtopic-editor" });
  // The subtopic being edited, kept across re-drawing (and across visits in this tab).
  const remembered = `primer.editor.${subject.id}`;
  let selected = Number(sessionStorage.getItem(remembered)) || null;

  // Draws the plan and the chosen subtopic again; focus returns to the control that had it (by
  // id), so a keyboard user stays where they were after a change.
  async function reload() {
    const focused = document.activeElement?.id;
    const { topics } = await api("GET", `/api/subjects/${subject.id}/topics`);
    const all = topics.flatMap((topic) => topic.subtopics.map((subtopic) => ({ subtopic, topic })));
    const place = all.find(({ subtopic }) => subtopic.id === selected) || all[0] || null;
    selected = place?.subtopic.id ?? null;
    renderPlan(planBox, { subject, topics, selected, reload, select });
    if (place) {
      const items = el("div", {}), lesson = el("section", { "data-testid": "lesson-editor", "aria-labelledby": "lesson-heading" });
      subtopicBox.replaceChildren(items, lesson);
      await Promise.all([renderSubtopic(items, { subject, ...place, all, select }), renderLesson(lesson, place.subtopic)]);
    } else {
      subtopicBox.replaceChildren(el("section", {}, el("h3", {}, t("editor.items")), el("p", { class: "meta", "data-testid": "empty-plan" }, t("editor.emptyPlan"))));
    }
    if (focused) document.getElementById(focused)?.focus();
  }

  // A subtopic chosen from the plan moves focus to its items; one chosen in the subtopic select
  // keeps focus there (arrow keys on a select choose as they go).
  async function select(id, moveFocus = true) {
    selected = id;
    sessionStorage.setItem(remembered, String(id));
    try {
      await reload();
      if (moveFocus) document.getElementById("subtopic-heading")?.focus();
    } catch (error) { fail(error); }
  }

  // What is edited most comes first: the chosen subtopic; then the plan; then the settings.
  panel.replaceChildren(subtopicBox, planBox, settings(subject, refresh));
  await reload();
}

// The subject's own fields (PATCH sends them all) and its deletion.
function settings(subject, refresh) {
  const form = el("form", { class: "card", "data-testid": "subject-settings", on: { submit: save } },
    el("h3", {}, t("editor.settings")),
    field("subject-title", t("editor.subjectTitle"), el("input", { required: true, maxlength: 200, value: subject.title })),
    field("subject-notes", t("editor.notes"), el("textarea", { rows: 3, maxlength: 20000 }, subject.notes)),
    field("subject-instructions", t("editor.instructions"), el("textarea", { rows: 2, maxlength: 5000 }, subject.instructions)),
    el("div", { class: "field-row" },
      el("div", {}, field("subject-color", t("editor.color"), el("input", { type: "color", value: subject.color || "#5b6474" }))),
      el("div", {}, field("subject-icon", t("editor.icon"), el("input", { maxlength: 40, value: subject.icon })))),
    el("div", { class: "form-actions" },
      el("button", { type: "submit", id: "save-subject", "data-testid": "save-subject" }, t("core.save")),
      el("button", { type: "button", id: "delete-subject", "data-testid": "delete-subject", class: "danger", on: { click: remove } },
        t("editor.deleteSubject"))));
  const value = (id) => form.querySelector(`#${id}`).value;

  async function save(event) {
    event.preventDefault();
    try {
      await api("PATCH", `/api/subjects/${subject.id}`, {
        title: value("subject-title").trim(), notes: value("subject-notes"), instructions: value("subject-instructions"),
        color: value("subject-color"), icon: value("subject-icon").trim(),
      });
      refresh();
    } catch (error) { fail(error); }
  }

  async function remove() {
    if (!confirm(t("editor.confirmDeleteSubject", { title: subject.title }))) return;
    try {
      await api("DELETE", `/api/subjects/${subject.id}`);
      go("#/");
    } catch (error) { fail(error); }
  }
  return form;
}

// A subtopic's lesson as Markdown text, written back whole (PUT …/lesson); the server keeps the
// text it replaces, listed under the editor.
async function renderLesson(box, subtopic) {
  let lesson;
  try { lesson = await api("GET", `/api/subtopics/${subtopic.id}/lesson`); } catch (error) { fail(error); return; }
  const text = el("textarea", { rows: 14, maxlength: 100000, class: "lesson-source", spellcheck: "true" }, lesson.text);
  const status = el("p", { class: "meta", role: "status", "data-testid": "lesson-status" });
  const form = el("form", { "data-testid": "lesson-form", on: { submit: save } },
    field("lesson-text", t("editor.lessonText"), text),
    el("p", { class: "meta" }, lesson.text ? t("editor.lessonHint") : t("editor.lessonNone")),
    el("button", { type: "submit", id: "save-lesson", "data-testid": "save-lesson" }, t("editor.saveLesson")),
    status);

  async function save(event) {
    event.preventDefault();
    if (!text.value.trim()) { status.textContent = t("editor.lessonEmpty"); text.focus(); return; }
    const button = form.querySelector("#save-lesson");
    button.disabled = true;
    try {
      lesson = await api("PUT", `/api/subtopics/${subtopic.id}/lesson`, { text: text.value });
      status.textContent = t("editor.lessonSaved");
      earlier.replaceChildren(...revisions(lesson.revisions));
    } catch (error) { fail(error); } finally { button.disabled = false; }
  }

  const earlier = el("div", { "data-testid": "lesson-revisions" }, revisions(lesson.revisions));
  box.replaceChildren(el("h3", { id: "lesson-heading" }, t("editor.lessonOf", { name: subtopic.title })), form, earlier);
}

// The texts earlier edits replaced, newest first, folded away.
function revisions(list) {
  if (!list.length) return [];
  return [el("details", { class: "revisions" },
    el("summary", {}, t("editor.lessonRevisions", { count: list.length })),
    el("ol", {}, list.map((revision) => el("li", {},
      el("p", { class: "meta" }, t("editor.replacedAt", { date: date(revision.replacedAt, { dateStyle: "medium", timeStyle: "short" }) })),
      el("div", { class: "lesson-old" }, String(revision.fields.body ?? revision.fields.text ?? "")))))),
  ];
}
