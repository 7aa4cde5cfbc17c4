// Studying a subject: a session in the chosen mode, one card at a time — flip (space), rate
// (1–4, each button with the interval it gives), hint (h), explain (e). Ratings go to the outbox
// (js/outbox.js): stored on the device first, sent when the server is reachable, so a session
// goes on offline from the last session kept for the subject.
import { api } from "../api.js";
import { el } from "../dom.js";
import { t, interval } from "../i18n.js";
import { fail } from "../errors.js";
import { outbox } from "../outbox.js";
import { exerciseForm } from "./exercise.js";
import { explain } from "./explain.js";

const modes = ["due", "all", "unknown", "quick", "new"];
const ratings = ["again", "hard", "good", "easy"];
// A rough pace for the time estimate: seconds per card.
const secondsPerCard = 12;

export default async function (panel, { subject, keys }) {
  const state = { mode: "due", daysAhead: 0, items: [], offline: false, done: { again: 0, hard: 0, good: 0, easy: 0 } };
  const mode = el("select", { id: "study-mode" }, modes.map((name) => el("option", { value: name }, t(`study.mode.${name}`))));
  const ahead = el("input", { id: "days-ahead", type: "number", min: 0, max: 365, value: 0, inputmode: "numeric" });
  const summary = el("p", { class: "meta", "data-testid": "session-summary", "aria-live": "polite" });
  const stage = el("div", { "data-testid": "stage" });
  const controls = el("form", { class: "study-controls", on: { submit: (event) => { event.preventDefault(); start(); } } },
    el("div", {}, el("label", { for: "study-mode" }, t("study.mode")), mode),
    el("div", {}, el("label", { for: "days-ahead" }, t("study.daysAhead")), ahead),
    el("button", { type: "submit", id: "start-session", class: "secondary" }, t("study.start")));
  panel.replaceChildren(controls, summary, stage);

  async function start() {
    state.mode = mode.value;
    state.daysAhead = Number(ahead.value) || 0;
    await load();
    await next();
  }

  // A session from the server (kept for offline study), or the kept one when offline.
  async function load() {
    const waiting = await outbox.waitingItems();
    try {
      const query = new URLSearchParams({ mode: state.mode, limit: "100" });
      if (state.daysAhead) query.set("daysAhead", String(state.daysAhead));
      const session = await api("GET", `/api/subjects/${subject.id}/session?${query}`);
      await outbox.saveSession(subject.id, state.mode, session.items);
      state.items = session.items.filter((entry) => !waiting.has(entry.item.id));
      state.offline = false;
    } catch (error) {
      // Offline, or a server (or proxy) failing: the session kept on this device.
      if (!error.offline && error.status < 500) throw error;
      const kept = await outbox.session(subject.id);
      state.items = (kept?.items || []).filter((entry) => !waiting.has(entry.item.id));
      state.offline = true;
    }
    summary.textContent = (state.offline ? t("study.offlineSession") + " " : "")
      + t("study.sessionSize", { count: state.items.length, minutes: Math.max(1, Math.round(state.items.length * secondsPerCard / 60)) });
  }

  // The next item not rated meanwhile (in another tab of this browser).
  async function next() {
    const waiting = await outbox.waitingItems();
    let entry = state.items.shift();
    while (entry && waiting.has(entry.item.id)) entry = state.items.shift();
    if (!entry) return finished();
    show(entry);
  }

  // The end of the list: online, the server is asked for more (the ratings sent first, so it
  // knows them); else the session's results.
  async function finished() {
    if (!state.offline) {
      await outbox.flush();
      try { await load(); } catch (error) { if (!error.offline) return fail(error); state.items = []; }
      if (state.items.length) return await next();
    }
    keys(null);
    const total = ratings.reduce((sum, name) => sum + state.done[name], 0);
    stage.replaceChildren(el("section", { "data-testid": "nothing-due" },
      el("h3", {}, total ? t("study.sessionDone", { count: total }) : t("study.nothingDue")),
      total ? el("ul", { class: "tally" }, ratings.map((name) => el("li", {}, `${t(`study.rating.${name}`)}: ${state.done[name]}`))) : null,
      el("button", { class: "secondary", id: "study-ahead", on: { click: () => { ahead.value = "7"; start().catch(fail); } } }, t("study.ahead"))));
  }

  function show({ item, intervals }) {
    // The time spent on the card by the page's own clock (performance.now never goes back).
    const started = performance.now();
    // Where the answer comes from, when a document of the learner's says it.
    const source = item.source && item.source.url.startsWith("document:")
      ? el("p", { class: "source", "data-testid": "answer-source", title: item.source.text }, t("study.from", { label: item.source.label })) : null;
    const answer = el("div", { class: "answer", "data-testid": "answer", hidden: true, tabindex: "-1" }, item.back, source);
    const hint = item.hint ? el("p", { class: "hint", hidden: true }, item.hint) : null;
    const front = el("div", { class: "face", "data-testid": "front" }, item.front);
    if (item.choices) front.append(el("ol", { type: "A" }, item.choices.map((choice) => el("li", {}, choice))));
    const rate = async (rating) => {
      buttons.querySelectorAll("button").forEach((button) => { button.disabled = true; });
      try {
        await outbox.rate(subject.id, item.id, rating, Math.min(performance.now() - started, 86400000));
        state.done[rating] += 1;
        await next();
      } catch (error) { fail(error); }
    };
    // Each button says when the item would come back, as Anki's do.
    const buttons = el("div", { class: "ratings", hidden: true, role: "group", "aria-label": t("study.rateLabel") }, ratings.map((rating, index) =>
      el("button", { type: "button", "data-rating": rating, on: { click: () => rate(rating) } },
        `${index + 1} ${t(`study.rating.${rating}`)}`, el("small", { class: "interval" }, interval(intervals?.[rating])))));
    const explanation = el("div", { hidden: true, "aria-live": "polite" });
    const explainButton = el("button", { type: "button", id: "explain", class: "secondary", hidden: true,
      on: { click: () => explain(item.id, {}, explanation, explainButton) } }, t("study.explain"));
    const flip = el("button", { type: "button", id: "flip", on: { click: () => {
      answer.hidden = false; buttons.hidden = false; explainButton.hidden = false; flip.hidden = true;
      answer.focus();
    } } }, t("study.flip"));
    const hintButton = hint ? el("button", { type: "button", class: "secondary", on: { click: () => { hint.hidden = false; } } }, t("study.hint")) : null;
    const exercise = item.answerHint ? exerciseForm(item, () => { if (!flip.hidden) flip.click(); }) : null;
    const card = el("section", { "data-testid": "card", "aria-label": t("study.card"), tabindex: "-1" },
      el("p", { class: "meta" }, `${item.topic} › ${item.subtopic} · ${item.family} · `, t("study.left", { count: state.items.length + 1 })),
      front, exercise, hint, answer, flip, hintButton, buttons, explainButton, explanation);
    stage.replaceChildren(card);
    // The new card has the focus: a key pressed next is the card's, not the button that was
    // pressed last (space on "Start session" would start it again).
    card.focus({ preventScroll: true });
    keys((event) => {
      if (event.key === " " && !flip.hidden) { event.preventDefault(); flip.click(); }
      else if (event.key === "h" && hintButton) hintButton.click();
      else if (event.key === "e" && !explainButton.hidden && !explainButton.disabled) explainButton.click();
      else if (!buttons.hidden && ["1", "2", "3", "4"].includes(event.key)) { event.preventDefault(); buttons.children[Number(event.key) - 1].click(); }
    });
  }

  await start();
}
