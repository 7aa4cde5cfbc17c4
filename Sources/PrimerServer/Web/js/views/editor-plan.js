// The plan by hand: topics and their subtopics added, renamed, moved (up, down, or a subtopic to
// another topic) and deleted — each change sent at once, then the plan drawn again (`reload`).
import { api } from "../api.js";
import { el } from "../dom.js";
import { t } from "../i18n.js";
import { fail } from "../errors.js";

export function renderPlan(box, { subject, topics, selected, reload, select }) {
  // Sends a change, then draws the plan again; a refused change says why.
  const change = (method, path, body) => async () => {
    try { await api(method, path, body); await reload(); } catch (error) { fail(error); }
  };
  const confirmed = (message, action) => () => { if (confirm(message)) action(); };

  const topicItem = (topic, index) => el("li", { "data-testid": "topic-edit", "data-topic": topic.id },
    renameForm({
      id: `topic-title-${topic.id}`, label: t("editor.topicTitle"), value: topic.title, testid: "rename-topic",
      rename: (title) => change("PATCH", `/api/topics/${topic.id}`, { title })(),
    },
    moveButtons(`topic-${topic.id}`, topic.title, index, topics.length, (position) => change("PATCH", `/api/topics/${topic.id}`, { position })()),
    el("button", {
      type: "button", class: "secondary", id: `delete-topic-${topic.id}`, "data-testid": "delete-topic",
      "aria-label": t("editor.deleteNamed", { name: topic.title }),
      on: { click: confirmed(t("editor.confirmDeleteTopic", { title: topic.title }), change("DELETE", `/api/topics/${topic.id}`)) },
    }, t("core.delete"))),
    el("ul", { class: "subtopics" }, topic.subtopics.map((subtopic, position) => subtopicItem(topic, subtopic, position))),
    addForm({
      id: `new-subtopic-${topic.id}`, label: t("editor.newSubtopicIn", { topic: topic.title }), button: t("editor.addSubtopic"),
      testid: "add-subtopic", add: (title) => change("POST", `/api/topics/${topic.id}/subtopics`, { title })(),
    }));

  const subtopicItem = (topic, subtopic, position) => {
    const current = subtopic.id === selected;
    const target = el("select", { id: `subtopic-topic-${subtopic.id}`, "aria-label": t("editor.moveTo", { name: subtopic.title }) },
      topics.map((other) => el("option", { value: other.id, selected: other.id === topic.id }, other.title)));
    return el("li", { "data-testid": "subtopic-edit", "data-subtopic": subtopic.id, class: current ? "current" : "" },
      renameForm({
        id: `subtopic-title-${subtopic.id}`, label: t("editor.subtopicTitle"), value: subtopic.title, testid: "rename-subtopic",
        rename: (title) => change("PATCH", `/api/subtopics/${subtopic.id}`, { title })(),
      },
      el("button", {
        type: "button", id: `open-subtopic-${subtopic.id}`, "data-testid": "open-subtopic", "aria-current": current ? "true" : false,
        "aria-label": t("editor.openNamed", { name: subtopic.title }), on: { click: () => select(subtopic.id) },
      }, t("editor.open")),
      moveButtons(`subtopic-${subtopic.id}`, subtopic.title, position, topic.subtopics.length,
        (to) => change("PATCH", `/api/subtopics/${subtopic.id}`, { position: to })()),
      el("button", {
        type: "button", class: "secondary", id: `delete-subtopic-${subtopic.id}`, "data-testid": "delete-subtopic",
        "aria-label": t("editor.deleteNamed", { name: subtopic.title }),
        on: { click: confirmed(t("editor.confirmDeleteSubtopic", { title: subtopic.title }), change("DELETE", `/api/subtopics/${subtopic.id}`)) },
      }, t("core.delete"))),
      topics.length > 1 ? el("div", { class: "inline" }, target,
        el("button", {
          type: "button", class: "secondary", id: `move-subtopic-${subtopic.id}`, "data-testid": "move-subtopic",
          on: { click: () => { if (Number(target.value) !== topic.id) change("PATCH", `/api/subtopics/${subtopic.id}`, { topicId: Number(target.value) })(); } },
        }, t("editor.move"))) : "");
  };

  box.replaceChildren(
    el("h3", { id: "plan-heading" }, t("editor.plan")),
    topics.length ? el("ol", { class: "plan" }, topics.map(topicItem)) : el("p", { class: "meta" }, t("editor.noTopics")),
    addForm({
      id: "new-topic-title", label: t("editor.newTopic"), button: t("editor.addTopic"), testid: "add-topic", buttonId: "add-topic",
      add: (title) => change("POST", `/api/subjects/${subject.id}/topics`, { title })(),
    }));
}

// A title's input with its Rename button (Enter renames too), then the row's other buttons.
function renameForm({ id, label, value, testid, rename }, ...buttons) {
  const input = el("input", { id, value, required: true, maxlength: 200, "aria-label": label });
  return el("form", { class: "inline", on: { submit: (event) => { event.preventDefault(); if (input.value.trim() && input.value !== value) rename(input.value.trim()); } } },
    input,
    el("div", { class: "buttons" },
      el("button", { type: "submit", class: "secondary", "data-testid": testid, id: `${id}-rename`, "aria-label": t("editor.renameNamed", { name: value }) },
        t("editor.rename")),
      buttons));
}

// Up and down, by position (0 is first); the ends have nothing to move past.
function moveButtons(id, name, index, count, move) {
  return [
    el("button", { type: "button", class: "secondary icon", id: `${id}-up`, "data-testid": "move-up", disabled: index === 0,
      "aria-label": t("editor.moveUp", { name }), on: { click: () => move(index - 1) } }, "↑"),
    el("button", { type: "button", class: "secondary icon", id: `${id}-down`, "data-testid": "move-down", disabled: index === count - 1,
      "aria-label": t("editor.moveDown", { name }), on: { click: () => move(index + 1) } }, "↓"),
  ];
}

// A new title and its Add button.
function addForm({ id, label, button, testid, buttonId, add }) {
  // Named by aria-label and shown by its placeholder: the row has no room for a visible label.
  const input = el("input", { id, required: true, maxlength: 200, autocomplete: "off", "aria-label": label, placeholder: label });
  return el("form", { class: "inline add", "data-testid": `${testid}-form`, on: { submit: (event) => { event.preventDefault(); if (input.value.trim()) add(input.value.trim()); } } },
    input,
    el("button", { type: "submit", "data-testid": testid, id: buttonId || `${id}-add` }, button));
}
