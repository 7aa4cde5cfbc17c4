// A subject: its badge, knowledge and due count, and its tabs. Each tab is a module of
// js/views/ whose default export renders into the tab's panel:
//   export default async function (panel, { subject, keys, refresh })
// `subject` is GET /api/subjects/{id}; `keys(handler)` sets the tab's keyboard shortcuts;
// `refresh()` renders the subject again (after a change to its counts).
import { api } from "../api.js";
import { el, show, badge, knowledgeColor, go } from "../dom.js";
import { t, percent } from "../i18n.js";

export const subjectTabs = {
  lesson: () => import("./lesson.js"),
  study: () => import("./study.js"),
  quiz: () => import("./quiz.js"),
  vocab: () => import("./vocab.js"),
  search: () => import("./search.js"),
  ask: () => import("./ask.js"),
  edit: () => import("./editor.js"),
  generate: () => import("./generate.js"),
  documents: () => import("./documents.js"),
  stats: () => import("./stats.js"),
};

// The tab the arrow keys moved to, focused once it is drawn.
let focusTab = null;

export async function subjectView(id, tab, { keys }) {
  const subject = await api("GET", `/api/subjects/${id}`);
  const names = Object.keys(subjectTabs);
  const tabList = el("nav", { class: "tabs", role: "tablist", "aria-label": t("core.subjectTabs") }, names.map((name) =>
    el("a", {
      href: `#/s/${id}/${name}`, role: "tab", id: `tab-${name}`, "data-tab": name, "aria-selected": String(name === tab),
      "aria-controls": "panel", tabindex: name === tab ? "0" : "-1",
    }, t(`tab.${name}`))));
  // Arrow keys move between tabs, as in any tab list.
  tabList.addEventListener("keydown", (event) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (!step) return;
    focusTab = names[(names.indexOf(tab) + step + names.length) % names.length];
    go(`#/s/${id}/${focusTab}`);
  });
  const header = el("div", { class: "subject-head" },
    el("h2", {}, badge(subject), el("span", {}, subject.title)),
    el("p", { class: "meta", "data-testid": "knowledge" },
      el("span", { class: "dot", style: `background:${knowledgeColor(subject.knowledgePercent)}`, "aria-hidden": "true" }),
      el("span", { class: "knowledge" }, t("core.known", { percent: percent(subject.knowledgePercent) })),
      " · ", t("core.items", { count: subject.items }), " · ", t("core.due", { count: subject.due })),
    tabList);
  const panel = el("div", { id: "panel", role: "tabpanel", "aria-labelledby": `tab-${tab}` });
  show(header, panel);
  // On a phone the tabs scroll: the chosen one is brought into sight.
  tabList.querySelector("[aria-selected=true]")?.scrollIntoView({ block: "nearest", inline: "nearest" });
  const view = await subjectTabs[tab]();
  await view.default(panel, { subject, keys, refresh: () => go(`#/s/${id}/${tab}`) });
  // Moved to by the arrow keys: the focus stays in the tab list (after the view has drawn).
  if (focusTab === tab) document.getElementById(`tab-${tab}`)?.focus();
  focusTab = null;
}
