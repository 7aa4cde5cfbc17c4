// The statistics tab (GET …/stats?days=90): the subject's numbers, then its charts — reviews due
// in the next 30 days, study days as a calendar with the streak, retention and knowledge over
// the last 90 days, cards by mastery, and knowledge per topic. Each chart also says its numbers
// in words or in a table for screen readers (js/charts.js).
import { api } from "../api.js";
import { el, knowledgeColor } from "../dom.js";
import { t, percent, number, date } from "../i18n.js";
import { figure, dataTable, bars, line, heatmap, stacked, hbars } from "../charts.js";

const historyDays = 90;

// "2024-05-01" (a day in the server's time zone) as that day at local midnight.
const day = (text) => { const [y, m, d] = text.split("-").map(Number); return new Date(y, m - 1, d); };
const short = (value) => date(value, { day: "numeric", month: "short" });
const long = (value) => date(value, { dateStyle: "medium" });

export default async function (panel, { subject }) {
  // Days as the learner lives them: the browser's time zone.
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
  const stats = await api("GET", `/api/subjects/${subject.id}/stats?days=${historyDays}&timeZone=${encodeURIComponent(zone)}`);
  // Charts are drawn at the width they get (the card's inner width), so their text stays legible.
  const width = Math.max(260, Math.min(760, (panel.clientWidth || 360) - 34));
  const history = stats.history;
  panel.append(el("section", { "data-testid": "stats", class: "stats" },
    overview(stats),
    forecastChart(history.forecast, width),
    heatmapChart(history.days, stats.streakDays, width),
    retentionChart(history.days, width),
    knowledgeChart(history.days, width),
    masteryChart(history.mastery, width),
    topicsChart(stats.topics, width)));
}

function overview(stats) {
  const deck = stats.deck;
  const tiles = [
    ["known", percent(deck.knowledgePercent)], ["cards", number(deck.cards)], ["new", number(deck.new)],
    ["dueToday", number(deck.dueToday)], ["reviews", number(deck.reviews)],
    deck.trueRetentionPercent != null ? ["trueRetention", percent(deck.trueRetentionPercent)] : null,
    ["lapses", number(deck.lapses)], ["streak", t(stats.streakDays === 1 ? "stats.oneDay" : "stats.days", { count: stats.streakDays })],
    ["quizzes", t("stats.quizzesValue", { passed: stats.quizzesPassed, count: stats.quizzes })],
    stats.lastQuizPercent != null ? ["lastQuiz", percent(stats.lastQuizPercent)] : null,
  ].filter(Boolean);
  return el("div", { class: "stats-overview" }, el("h3", {}, t("stats.overview")),
    el("ul", { class: "tiles" }, tiles.map(([key, value]) => el("li", { class: "tile", "data-stat": key }, el("span", {}, t(`stats.${key}`)), " ", el("strong", {}, value)))));
}

// Every 7th day is labelled under the axis, counted back from the last, so today (or the
// forecast's last day) always has its label.
const ticked = (list, every) => list.map((entry, index) => ({ ...entry, tick: (list.length - 1 - index) % every === 0 }));

function forecastChart(forecast, width) {
  const data = ticked(forecast.map((entry) => ({ label: short(day(entry.date)), value: entry.due, date: day(entry.date) })), 7);
  const total = data.reduce((sum, entry) => sum + entry.value, 0);
  const busiest = data.reduce((best, entry) => (entry.value > (best?.value ?? 0) ? entry : best), null);
  const title = t("stats.forecast");
  return figure("forecast", title, bars({ data, width, label: title }),
    el("p", { class: "meta" }, total
      ? t("stats.forecastSummary", { count: total, date: long(busiest.date), most: busiest.value })
      : t("stats.forecastNone")),
    dataTable(title, [t("stats.date"), t("stats.due")], data.filter((entry) => entry.value).map((entry) => [long(entry.date), entry.value])));
}

function heatmapChart(days, streak, width) {
  const entries = days.map((entry) => ({ date: day(entry.date), reviews: entry.reviews, label: long(day(entry.date)) }));
  const studied = entries.filter((entry) => entry.reviews > 0);
  const reviews = studied.reduce((sum, entry) => sum + entry.reviews, 0);
  const title = t("stats.heatmap", { count: entries.length });
  return figure("heatmap", title,
    el("p", { class: "streak", "data-testid": "streak" }, el("strong", {}, t(streak === 1 ? "stats.streakOne" : "stats.streakValue", { count: streak }))),
    heatmap({
      days: entries, width, label: title,
      weekday: (value) => date(value, { weekday: "short" }), month: (value) => date(value, { month: "short" }),
    }),
    el("p", { class: "heat-legend meta", "aria-hidden": "true" }, t("stats.less"), [0, 1, 2, 3, 4].map((level) => el("span", { class: `heat-key heat-${level}` })), t("stats.more")),
    el("p", { class: "meta" }, t("stats.heatmapSummary", { studied: studied.length, count: entries.length, reviews })));
}

function retentionChart(days, width) {
  const points = ticked(days.map((entry) => ({
    label: short(day(entry.date)), date: day(entry.date), learnt: entry.learntReviews, recalled: entry.recalled,
    value: entry.learntReviews ? (100 * entry.recalled) / entry.learntReviews : null,
  })), 30);
  const reviewed = points.filter((point) => point.value != null);
  const learnt = reviewed.reduce((sum, point) => sum + point.learnt, 0);
  const recalled = reviewed.reduce((sum, point) => sum + point.recalled, 0);
  const title = t("stats.retention");
  if (!reviewed.length) return figure("retention", title, el("p", { class: "meta" }, t("stats.retentionNone")));
  return figure("retention", title, line({ points, width, label: title }),
    el("p", { class: "meta" }, t("stats.retentionSummary", { percent: percent((100 * recalled) / learnt), recalled, count: learnt })),
    dataTable(title, [t("stats.date"), t("stats.learntReviews"), t("stats.recalled"), t("stats.retentionShort")],
      reviewed.map((point) => [long(point.date), point.learnt, point.recalled, percent(point.value)])));
}

function knowledgeChart(days, width) {
  // The days before the first study day (before the subject had anything known) have no line.
  const start = days.findIndex((entry) => entry.reviews > 0 || entry.knowledgePercent > 0);
  const points = ticked(days.map((entry, index) => ({
    label: short(day(entry.date)), date: day(entry.date), value: start !== -1 && index >= start ? entry.knowledgePercent : null,
  })), 30);
  const title = t("stats.knowledge");
  if (start === -1) return figure("knowledge", title, el("p", { class: "meta" }, t("stats.noHistory")));
  const first = points[start];
  const last = points[points.length - 1];
  // The table has a row a week (and today's): enough to follow the trend by ear.
  return figure("knowledge", title, line({ points, width, label: title }),
    el("p", { class: "meta" }, t("stats.knowledgeSummary", { from: percent(first.value), to: percent(last.value), date: long(first.date) })),
    dataTable(title, [t("stats.date"), t("stats.knownShort")], points.filter((point) => point.tick && point.value != null).map((point) => [long(point.date), percent(point.value)])));
}

function masteryChart(mastery, width) {
  const parts = ["new", "learning", "young", "mature"].map((key) => ({ key, value: mastery[key] || 0, label: t(`stats.mastery.${key}`) }));
  const total = parts.reduce((sum, part) => sum + part.value, 0);
  const title = t("stats.mastery");
  return figure("mastery", title, stacked({ parts, width, label: title }),
    el("ul", { class: "legend" }, parts.map((part) => el("li", { "data-part": part.key },
      el("span", { class: `key part-${part.key}`, "aria-hidden": "true" }),
      t("stats.part", { label: part.label, count: part.value, percent: percent(total ? (100 * part.value) / total : 0) })))),
    el("p", { class: "meta" }, t("stats.masteryHint")));
}

function topicsChart(topics, width) {
  const rows = topics.map((topic) => ({ label: topic.deck.title, value: topic.deck.knowledgePercent, color: knowledgeColor(topic.deck.knowledgePercent), deck: topic.deck }));
  const title = t("stats.topics");
  if (!rows.length) return figure("topics", title, el("p", { class: "meta" }, t("stats.noTopics")));
  return figure("topics", title, hbars({ rows, width, label: title, format: percent }),
    dataTable(title, [t("stats.topic"), t("stats.knownShort"), t("stats.cards"), t("stats.dueToday")],
      rows.map((row) => [row.label, percent(row.value), row.deck.cards, row.deck.dueToday])));
}
