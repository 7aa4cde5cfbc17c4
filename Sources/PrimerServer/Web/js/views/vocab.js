// The vocabulary tab: the subject's terms (GET …/items?family=terms), each with a "known"
// checkbox (PUT /api/items/{id}/known), filtered by known / unknown and by a text.
import { api } from "../api.js";
import { el } from "../dom.js";
import { t } from "../i18n.js";
import { fail } from "../errors.js";
import { fold } from "./search.js";

const filters = ["all", "known", "unknown"];

export default async function (panel, { subject }) {
  const { items } = await api("GET", `/api/subjects/${subject.id}/items?family=terms`);
  if (!items.length) {
    panel.append(el("p", { class: "card", "data-testid": "vocabulary-empty" }, t("vocab.none")));
    return;
  }
  const text = el("input", { type: "search", id: "vocab-filter", "aria-controls": "vocab-list" });
  const count = el("p", { class: "meta", role: "status", "data-testid": "vocab-count" });
  const rows = items.map((item) => row(item, () => counts()));
  const list = el("ul", { class: "vocab-list", id: "vocab-list" }, rows.map((entry) => entry.node));
  const controls = el("div", { class: "vocab-controls" },
    el("fieldset", { class: "inline-choices" }, el("legend", {}, t("vocab.show")),
      filters.map((value) => el("label", {},
        el("input", { type: "radio", name: "vocab-show", value, checked: value === "all", "data-filter": value, on: { change: apply } }),
        t(`vocab.filter.${value}`)))),
    el("div", {}, el("label", { for: "vocab-filter" }, t("vocab.filterText")), text));
  text.addEventListener("input", apply);
  panel.append(el("section", { "data-testid": "vocabulary" }, controls, el("p", {}, t("vocab.hint")), count, list));
  apply();

  // Rows are filtered when a filter changes, not when a box is ticked: a term does not vanish
  // from under the pointer (or the keyboard's focus) the moment it is marked.
  function apply() {
    const show = panel.querySelector("input[name=vocab-show]:checked")?.value || "all";
    const words = fold(text.value).split(/\s+/).filter(Boolean);
    for (const entry of rows) {
      const state = show === "all" || (show === "known") === entry.box.checked;
      entry.node.hidden = !(state && words.every((word) => entry.text.includes(word)));
    }
    counts();
  }

  function counts() {
    const known = rows.filter((entry) => entry.box.checked).length;
    const shown = rows.filter((entry) => !entry.node.hidden).length;
    count.textContent = t("vocab.count", { shown, total: rows.length, known });
  }
}

// One term: its checkbox (labelled by the term) and its meaning.
function row(item, changed) {
  const id = `term-${item.id}`;
  const box = el("input", { type: "checkbox", id, checked: item.known, "data-item": item.id, "aria-describedby": `${id}-back` });
  box.addEventListener("change", async () => {
    box.disabled = true;
    try {
      await api("PUT", `/api/items/${item.id}/known`, { known: box.checked });
    } catch (error) {
      box.checked = !box.checked;
      fail(error);
    } finally {
      box.disabled = false;
      changed();
    }
  });
  const node = el("li", { class: "term" }, box,
    el("label", { for: id }, el("strong", { class: "front" }, item.front), el("span", { class: "visually-hidden" }, ` — ${t("vocab.known")}`)),
    el("span", { class: "back", id: `${id}-back` }, item.back));
  return { node, box, text: fold(`${item.front} ${item.back}`) };
}
