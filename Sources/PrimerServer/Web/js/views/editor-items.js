// One subtopic's items in the deck editor, as a table: add, edit, delete, reorder within a
// family, select several and delete them, an item's earlier texts. The table is drawn again
// from the server after each change.
import { api } from "../api.js";
import { el, field } from "../dom.js";
import { t, date } from "../i18n.js";
import { fail } from "../errors.js";
import { itemForm } from "./item-form.js";

// A word of the catalogue for a value the server names (a shape, a state), or the value itself
// for one this page does not know (a shape registered on the server).
const word = (prefix, value) => { const text = t(`${prefix}.${value}`); return text === `${prefix}.${value}` ? value : text; };

export async function renderSubtopic(box, { subject, subtopic, topic, all, select }) {
  const chosen = new Set();
  const status = el("p", { class: "meta", role: "status", "data-testid": "items-status" });
  const formSlot = el("div", {});
  const historySlot = el("div", {});
  const tableSlot = el("div", {});
  const bulk = el("button", { type: "button", class: "danger", id: "bulk-delete", "data-testid": "bulk-delete", disabled: true, on: { click: removeChosen } },
    t("editor.deleteSelected", { count: 0 }));
  let items = [];

  // "Select all" sits in the toolbar, not the table's head, which a phone's stacked rows hide.
  const selectAll = el("input", { type: "checkbox", id: "select-all", "data-testid": "select-all", on: { change: (event) => {
    for (const item of items) event.target.checked ? chosen.add(item.id) : chosen.delete(item.id);
    for (const box of tableSlot.querySelectorAll("[data-testid=item-select]")) box.checked = event.target.checked;
    updateBulk();
  } } });

  const chooser = el("select", { on: { change: (event) => select(Number(event.target.value), false) } },
    all.map(({ subtopic: each, topic: owner }) => el("option", { value: each.id, selected: each.id === subtopic.id }, `${owner.title} › ${each.title}`)));

  async function load(focus) {
    const query = new URLSearchParams({ subtopic: subtopic.title });
    ({ items } = await api("GET", `/api/subjects/${subject.id}/items?${query}`));
    // Titles can repeat across topics; the item names its topic too.
    items = items.filter((item) => item.topic === topic.title && item.subtopic === subtopic.title);
    for (const id of [...chosen]) if (!items.some((item) => item.id === id)) chosen.delete(id);
    tableSlot.replaceChildren(items.length ? table() : el("p", { class: "meta", "data-testid": "no-items" }, t("editor.noItems")));
    updateBulk();
    if (focus) document.getElementById(focus)?.focus();
  }
  const reload = (focus) => load(focus).catch(fail);

  function updateBulk() {
    bulk.disabled = chosen.size === 0;
    bulk.textContent = t("editor.deleteSelected", { count: chosen.size });
    selectAll.checked = chosen.size > 0 && chosen.size === items.length;
    selectAll.indeterminate = chosen.size > 0 && chosen.size < items.length;
    selectAll.disabled = items.length === 0;
  }

  function table() {
    const heads = ["editor.front", "editor.back", "editor.shape", "editor.family", "editor.state"];
    return el("div", { class: "table-wrap" }, el("table", { class: "stack items", "data-testid": "items-table" },
      el("caption", { class: "visually-hidden" }, t("editor.itemsOf", { name: subtopic.title })),
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, el("span", { class: "visually-hidden" }, t("editor.selected"))), heads.map((key) => el("th", { scope: "col" }, t(key))),
        el("th", { scope: "col" }, el("span", { class: "visually-hidden" }, t("editor.actions"))))),
      el("tbody", {}, items.map(row))));
  }

  function row(item) {
    // Reordering is within a family: an item moves past its family's neighbour.
    const family = items.filter((other) => other.family === item.family);
    const place = family.indexOf(item);
    const name = item.front.slice(0, 60);
    return el("tr", { "data-testid": "item-row", "data-item": item.id, "data-family": item.family },
      el("td", { class: "pick" }, el("input", {
        type: "checkbox", id: `item-select-${item.id}`, "data-testid": "item-select", checked: chosen.has(item.id),
        "aria-label": t("editor.selectNamed", { name }),
        on: { change: (event) => { event.target.checked ? chosen.add(item.id) : chosen.delete(item.id); updateBulk(); } },
      })),
      el("th", { scope: "row", "data-label": t("editor.front") }, el("span", { class: "clip" }, item.front)),
      el("td", { "data-label": t("editor.back") }, el("span", { class: "clip" }, item.back)),
      el("td", { class: "fact", "data-label": t("editor.shape") }, word("editor.shape", item.shape)),
      el("td", { class: "fact", "data-label": t("editor.family") }, item.family),
      el("td", { class: "fact", "data-label": t("editor.state") }, word("editor.state", item.state), item.edited ? ` · ${t("editor.edited")}` : ""),
      el("td", { class: "row-actions" },
        el("button", { type: "button", class: "secondary", id: `edit-item-${item.id}`, "data-testid": "edit-item",
          "aria-label": t("editor.editNamed", { name }), on: { click: () => edit(item) } }, t("core.edit")),
        el("button", { type: "button", class: "secondary", id: `history-item-${item.id}`, "data-testid": "history-item",
          "aria-label": t("editor.historyNamed", { name }), on: { click: () => history(item) } }, t("editor.history")),
        el("button", { type: "button", class: "secondary icon", id: `item-up-${item.id}`, "data-testid": "item-up", disabled: place === 0,
          "aria-label": t("editor.moveUp", { name }), on: { click: () => move(family, place, -1, `item-up-${item.id}`) } }, "↑"),
        el("button", { type: "button", class: "secondary icon", id: `item-down-${item.id}`, "data-testid": "item-down", disabled: place === family.length - 1,
          "aria-label": t("editor.moveDown", { name }), on: { click: () => move(family, place, 1, `item-down-${item.id}`) } }, "↓"),
        el("button", { type: "button", class: "secondary", id: `delete-item-${item.id}`, "data-testid": "delete-item",
          "aria-label": t("editor.deleteNamed", { name }), on: { click: () => remove(item) } }, t("core.delete"))));
  }

  // The family's ids in their new order (PUT …/order puts the listed ones first, in order).
  async function move(family, place, step, focus) {
    const ids = family.map((item) => item.id);
    [ids[place], ids[place + step]] = [ids[place + step], ids[place]];
    try {
      await api("PUT", `/api/subtopics/${subtopic.id}/order`, { items: ids });
      await load();
      // At the family's end the pressed button is disabled now: focus stays on the item's other one.
      const pressed = document.getElementById(focus);
      const other = document.getElementById(focus.includes("-up-") ? focus.replace("-up-", "-down-") : focus.replace("-down-", "-up-"));
      (pressed && !pressed.disabled ? pressed : other)?.focus();
    } catch (error) { fail(error); }
  }

  function openForm(form) {
    formSlot.replaceChildren(form);
    form.querySelector("#item-form-heading").focus();
  }
  const closeForm = (focus) => { formSlot.replaceChildren(); document.getElementById(focus)?.focus(); };

  function add() {
    openForm(itemForm({
      save: async ({ shape, fields, family }) => {
        const item = await api("POST", `/api/subjects/${subject.id}/items`, { subtopicId: subtopic.id, shape, fields, ...(family ? { family } : {}) });
        formSlot.replaceChildren();
        status.textContent = t("editor.added");
        await reload(`edit-item-${item.id}`);
      },
      cancel: () => closeForm("add-item"),
    }));
  }

  async function edit(item) {
    try {
      const full = await api("GET", `/api/items/${item.id}`);
      openForm(itemForm({
        item: full,
        save: async ({ fields }) => {
          await api("PATCH", `/api/items/${item.id}`, { fields });
          formSlot.replaceChildren();
          status.textContent = t("editor.saved");
          await reload(`edit-item-${item.id}`);
        },
        cancel: () => closeForm(`edit-item-${item.id}`),
      }));
    } catch (error) { fail(error); }
  }

  async function remove(item) {
    if (!confirm(t("editor.confirmDeleteItem", { name: item.front.slice(0, 80) }))) return;
    try {
      await api("DELETE", `/api/items/${item.id}`);
      status.textContent = t("editor.deleted", { count: 1 });
      await reload("add-item");
    } catch (error) { fail(error); }
  }

  async function removeChosen() {
    if (!chosen.size || !confirm(t("editor.confirmDeleteSelected", { count: chosen.size }))) return;
    try {
      const { deleted } = await api("POST", "/api/item-deletions", { items: [...chosen] });
      chosen.clear();
      status.textContent = t("editor.deleted", { count: deleted });
      await reload("add-item");
    } catch (error) { fail(error); }
  }

  // What each edit of the item replaced, newest first.
  async function history(item) {
    try {
      const { revisions } = await api("GET", `/api/items/${item.id}/history`);
      const close = el("button", { type: "button", class: "secondary", id: "close-history", on: { click: () => {
        historySlot.replaceChildren(); document.getElementById(`history-item-${item.id}`)?.focus();
      } } }, t("core.close"));
      historySlot.replaceChildren(el("section", { class: "history", "data-testid": "item-history", "aria-labelledby": "history-heading" },
        el("h4", { id: "history-heading", tabindex: "-1" }, t("editor.historyOf", { name: item.front.slice(0, 80) })),
        revisions.length
          ? el("ol", { class: "revisions" }, revisions.map((revision) => el("li", { "data-testid": "revision" },
            el("p", { class: "meta" }, t("editor.replacedAt", { date: date(revision.replacedAt, { dateStyle: "medium", timeStyle: "short" }) })),
            el("dl", {}, Object.entries(revision.fields).map(([name, value]) => [
              el("dt", {}, word("editor.field", name)),
              el("dd", {}, Array.isArray(value) ? value.join(" · ") : String(value))])))))
          : el("p", { class: "meta" }, t("editor.noHistory")),
        close));
      historySlot.querySelector("#history-heading").focus();
    } catch (error) { fail(error); }
  }

  box.replaceChildren(
    el("section", { "data-testid": "items-editor", "aria-labelledby": "subtopic-heading" },
      el("h3", { id: "subtopic-heading", tabindex: "-1" }, t("editor.itemsOf", { name: subtopic.title })),
      field("edit-subtopic", t("editor.subtopic"), chooser),
      el("div", { class: "items-toolbar" },
        el("button", { type: "button", id: "add-item", "data-testid": "add-item", on: { click: add } }, t("editor.addItem")),
        el("label", { class: "check", for: "select-all" }, selectAll, t("editor.selectAll")),
        bulk),
      status, formSlot, tableSlot, historySlot));
  await load();
}
