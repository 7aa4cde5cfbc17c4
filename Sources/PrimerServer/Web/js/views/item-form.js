// One item's form, for every shape by its fields (the API's ItemFields): a card {front, back,
// hint}, a question {question, choices, correctIndex, explanation}, a cloze {text, extra}, a
// matching exercise {prompt, lefts, rights}, an ordering one {prompt, steps}. Lists are typed
// one entry a line. A new item chooses its shape; an edited one keeps it (the server's rule).
import { el, field } from "../dom.js";
import { t } from "../i18n.js";
import { fail } from "../errors.js";

export const shapes = ["pair", "choice", "cloze", "matching", "ordering"];

// Each shape's inputs: [field name, kind, required, [min, max] lines for a list].
const layouts = {
  pair: [["front", "area", true], ["back", "area", true], ["hint", "line", false]],
  choice: [["question", "area", true], ["choices", "list", true, [2, 8]], ["correctIndex", "number", true], ["explanation", "area", false]],
  cloze: [["text", "area", true], ["extra", "area", false]],
  matching: [["prompt", "line", true], ["lefts", "list", true, [4, 8]], ["rights", "list", true, [4, 8]]],
  ordering: [["prompt", "line", true], ["steps", "list", true, [3, 7]]],
};

const lines = (text) => text.split("\n").map((line) => line.trim()).filter(Boolean);

// item: the Item being edited, or null for a new one; save({ shape, fields, family }) sends it
// (its error is shown and the form stays); cancel() closes it.
export function itemForm({ item = null, save, cancel }) {
  const known = shapes.includes(item?.shape) ? item.shape : "pair";
  let shape = known;
  const inputs = el("div", { class: "item-fields" });
  const family = el("input", { maxlength: 100, autocomplete: "off", placeholder: t("editor.familyDefault") });
  const form = el("form", { class: "card item-form", "data-testid": "item-form", "aria-labelledby": "item-form-heading", novalidate: true },
    el("h4", { id: "item-form-heading", tabindex: "-1" }, item ? t("editor.editItem") : t("editor.newItem")),
    item
      ? el("p", { class: "meta" }, t("editor.shapeIs", { shape: t(`editor.shape.${item.shape}`) }))
      : field("item-shape", t("editor.shape"), el("select", { on: { change: (event) => { shape = event.target.value; draw(); } } },
          shapes.map((name) => el("option", { value: name }, t(`editor.shape.${name}`))))),
    inputs,
    // Only a new item chooses its family; an edit keeps it.
    item ? "" : field("item-family", `${t("editor.family")} ${t("editor.optional")}`, family),
    el("div", { class: "form-actions" },
      el("button", { type: "submit", id: "save-item", "data-testid": "save-item" }, t("core.save")),
      el("button", { type: "button", class: "secondary", id: "cancel-item", on: { click: cancel } }, t("core.cancel"))));

  // The inputs of the chosen shape, filled from the item being edited.
  function draw() {
    const values = item ? { ...item.fields } : {};
    if (item && shape === "pair" && !item.fields) Object.assign(values, { front: item.front, back: item.back, hint: item.hint });
    inputs.replaceChildren(...layouts[shape].map(([name, kind, required, count]) => {
      const id = `item-${name.toLowerCase()}`;
      const label = t(`editor.field.${name}`) + (required ? "" : ` ${t("editor.optional")}`)
        + (count ? ` ${t("editor.linesBetween", { min: count[0], max: count[1] })}` : "");
      const value = values[name];
      if (kind === "number") {
        // Shown from 1 (as the choices are read), sent from 0 (correctIndex).
        const chosen = value === undefined || value === "" ? 1 : Number(value) + 1;
        return field(id, t("editor.field.correctNumber"), el("input", { type: "number", min: 1, max: 8, value: chosen, required: true, inputmode: "numeric" }));
      }
      if (kind === "line") return field(id, label, el("input", { required, value: value ?? "", autocomplete: "off" }));
      const text = Array.isArray(value) ? value.join("\n") : value ?? "";
      return field(id, label, el("textarea", { rows: kind === "list" ? Math.max(4, (count || [4])[0] + 1) : 3, required }, text));
    }).flat());
    if (shape === "cloze") inputs.append(el("p", { class: "meta" }, t("editor.clozeHint")));
  }

  // The fields as the server takes them; a list's count checked here first so the learner sees
  // which input is off (the server checks again). The form is `novalidate` so that a message set
  // here is cleared by the next try rather than blocking it.
  function collect() {
    const fields = {};
    for (const [name, kind, required, count] of layouts[shape]) {
      const input = form.querySelector(`#item-${name.toLowerCase()}`);
      input.setCustomValidity("");
      if (kind === "list") {
        const list = lines(input.value);
        if (list.length < count[0] || list.length > count[1]) input.setCustomValidity(t("editor.linesCount", { min: count[0], max: count[1] }));
        fields[name] = list;
      } else if (kind === "number") {
        fields[name] = Number(input.value) - 1;
      } else if (required || input.value.trim()) {
        fields[name] = input.value.trim();
      }
    }
    if (shape === "choice") {
      const correct = form.querySelector("#item-correctindex");
      if (fields.correctIndex < 0 || fields.correctIndex >= fields.choices.length) correct.setCustomValidity(t("editor.correctRange", { count: fields.choices.length }));
    }
    if (shape === "matching" && fields.lefts.length !== fields.rights.length) {
      form.querySelector("#item-rights").setCustomValidity(t("editor.sameCount"));
    }
    return fields;
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const fields = collect();
    if (!form.reportValidity()) return;
    const button = form.querySelector("#save-item");
    button.disabled = true;
    try {
      await save({ shape, fields, family: family.value.trim() || undefined });
    } catch (error) { fail(error); } finally { button.disabled = false; }
  });
  form.addEventListener("keydown", (event) => { if (event.key === "Escape") cancel(); });
  draw();
  return form;
}
