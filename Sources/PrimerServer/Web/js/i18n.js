// Every string the page shows, in one catalogue (js/strings/*.js, each area's strings in English
// and German), looked up by key. The language: the learner's choice (kept in this browser), else
// the browser's, else English. The frame's strings (core.js) come with the page; the other
// areas load in one step after the first view (`loadAll`), which every other view awaits.
import core from "./strings/core.js";

export const languages = { en: "English", de: "Deutsch" };
const catalogue = { en: { ...core.en }, de: { ...core.de } };
let everything = null;

export function loadAll() {
  everything ??= import("./strings/index.js").then(({ areas }) => {
    for (const area of areas) for (const language of Object.keys(catalogue)) Object.assign(catalogue[language], area[language]);
  });
  return everything;
}

export function language() {
  const chosen = localStorage.getItem("primer.language");
  if (chosen && catalogue[chosen]) return chosen;
  return (navigator.language || "en").toLowerCase().startsWith("de") ? "de" : "en";
}
export function setLanguage(code) { localStorage.setItem("primer.language", code); document.documentElement.lang = code; }

// t("study.due", { count: 3 }) → "3 due". {name} in a string is replaced by params.name; a
// missing key shows itself (and is caught by the catalogue test).
// With a `count`, the key's plural form is taken where the catalogue has one ("core.items.one":
// "{count} item"), by the language's rules.
export function t(key, params = {}) {
  const table = catalogue[language()];
  const form = typeof params.count === "number" ? `${key}.${new Intl.PluralRules(language()).select(params.count)}` : null;
  const text = (form && (table[form] ?? catalogue.en[form])) ?? table[key] ?? catalogue.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

// Numbers and dates in the page's language.
export function number(value, digits = 0) { return new Intl.NumberFormat(language(), { maximumFractionDigits: digits }).format(value); }
export function percent(value) { return `${number(Math.round(value))} %`; }
export function date(value, options = { dateStyle: "medium" }) { return new Intl.DateTimeFormat(language(), options).format(new Date(value)); }

// Seconds until due again, as a rating button shows it: "1 min", "6 min", "3 h", "8 d", "4 mo".
export function interval(seconds) {
  if (seconds === undefined || seconds === null) return "";
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return t("interval.minutes", { n: minutes });
  if (minutes < 60 * 24) return t("interval.hours", { n: Math.round(minutes / 60) });
  const days = Math.round(minutes / 1440);
  if (days < 31) return t("interval.days", { n: days });
  return days < 365 ? t("interval.months", { n: Math.round(days / 30) }) : t("interval.years", { n: number(days / 365, 1) });
}

export async function catalogueKeys() {
  await loadAll();
  return { en: Object.keys(catalogue.en), de: Object.keys(catalogue.de) };
}
