// The search tab: every item of the subject (GET …/items, once), searched in the page as the
// learner types — front, back, choices and fields, ignoring case and accents ("ecole" finds
// "École"); each result shows where it is (topic › subtopic) with the matches marked.
import { api } from "../api.js";
import { el } from "../dom.js";
import { t } from "../i18n.js";

const shownAtMost = 50;

// Text without case or accents, for comparing: "École" → "ecole".
export function fold(text) {
  return String(text ?? "").normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

export default async function (panel, { subject }) {
  const { items } = await api("GET", `/api/subjects/${subject.id}/items`);
  const entries = items.map((item) => ({ item, texts: texts(item).map((text) => ({ ...text, folded: fold(text.value) })) }));
  const input = el("input", { type: "search", id: "search-query", "aria-controls": "search-list", "aria-describedby": "search-count" });
  const count = el("p", { class: "meta", id: "search-count", role: "status" });
  const list = el("ol", { class: "search-results", id: "search-list" });
  let timer = null;
  input.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(run, 150); });
  panel.append(
    el("form", { class: "card", role: "search", on: { submit: (event) => { event.preventDefault(); run(); } } },
      el("label", { for: "search-query" }, t("search.label")), input,
      el("p", { class: "meta" }, t("search.hint", { count: items.length }))),
    el("section", { "data-testid": "search-results", "aria-label": t("search.results") }, count, list));
  input.focus();

  function run() {
    const words = fold(input.value).split(/\s+/).filter(Boolean);
    if (!words.length) { list.replaceChildren(); count.textContent = ""; return; }
    const found = entries.filter((entry) => words.every((word) => entry.texts.some((text) => text.folded.includes(word))));
    count.textContent = found.length > shownAtMost
      ? t("search.countSome", { count: found.length, shown: shownAtMost })
      : t("search.count", { count: found.length });
    list.replaceChildren(...found.slice(0, shownAtMost).map((entry) => result(entry, words)));
  }
}

// The texts of an item worth searching, each with what it is: front and back, then its
// choices and its fields (a shape's own parts: a matching's lefts and rights, steps…).
function texts(item) {
  const out = [{ kind: "front", value: item.front || "" }, { kind: "back", value: item.back || "" }];
  for (const choice of item.choices || []) out.push({ kind: "choice", value: choice });
  if (item.hint) out.push({ kind: "hint", value: item.hint });
  for (const [name, value] of Object.entries(item.fields || {})) {
    for (const text of [value].flat()) if (text && text !== item.front && text !== item.back) out.push({ kind: "field", name, value: String(text) });
  }
  return out;
}

// A result: where it is, its front and back, and the other texts that matched, marked.
function result({ item, texts: all }, words) {
  const matches = (text) => words.some((word) => text.folded.includes(word));
  // Other texts (choices, fields) only when the front and back do not show the match already:
  // a cloze's raw text would repeat its back.
  const others = all.slice(0, 2).some(matches) ? [] : all.slice(2).filter(matches);
  return el("li", { class: "search-result", "data-result": item.id },
    el("p", { class: "meta where" }, `${item.topic} › ${item.subtopic}`, " · ", item.family),
    el("p", { class: "front" }, mark(item.front || "", words)),
    item.back ? el("p", { class: "back" }, mark(item.back, words)) : null,
    others.length ? el("ul", { class: "also" }, others.map((text) =>
      el("li", {}, el("span", { class: "meta" }, text.kind === "field" ? `${text.name}: ` : `${t(`search.kind.${text.kind}`)}: `), mark(text.value, words)))) : null);
}

// The text as nodes with each match of the words in a <mark>. The folded text can be longer or
// shorter than the original ("é" folds to "e"), so matches are found in a folded copy that
// remembers, for each of its characters, the original character it came from.
export function mark(text, words) {
  const chars = [...text];
  let folded = "";
  const from = [];
  chars.forEach((char, index) => { const part = fold(char); folded += part; for (let i = 0; i < part.length; i += 1) from.push(index); });
  const hit = new Array(chars.length).fill(false);
  for (const word of words) {
    for (let at = folded.indexOf(word); at !== -1 && word; at = folded.indexOf(word, at + word.length)) {
      for (let i = at; i < at + word.length; i += 1) hit[from[i]] = true;
    }
  }
  // A combining accent (which folds to nothing) goes with the letter before it.
  chars.forEach((char, index) => { if (index && !fold(char)) hit[index] = hit[index - 1]; });
  const nodes = [];
  let run = "";
  let marked = false;
  const flush = () => { if (run) nodes.push(marked ? el("mark", {}, run) : run); run = ""; };
  chars.forEach((char, index) => { if (hit[index] !== marked) { flush(); marked = hit[index]; } run += char; });
  flush();
  return nodes;
}
