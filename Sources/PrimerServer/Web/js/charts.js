// Charts drawn by the page as SVG, no library: vertical bars, a line, a calendar heat map, a
// stacked bar and horizontal bars. Each is a <figure data-chart=name> with a heading, the SVG
// (role=img, named by its <title>) and the data for screen readers — a visually hidden table, or
// a legend and summary in words. Sizes are in CSS pixels of the width the caller measured, so
// text stays ~12 px on a phone and on a desktop; the SVG scales with the page (width 100 %).
// Colours come from CSS (classes, currentColor), so the charts follow light and dark mode.
import { el, svg } from "./dom.js";

const font = 12;

export function figure(name, title, drawing, ...after) {
  return el("figure", { class: "chart", "data-chart": name }, el("figcaption", {}, el("h3", {}, title)), drawing, ...after);
}

function canvas(width, height, label) {
  // Never drawn wider than measured: on a wide screen it keeps its size instead of growing.
  return svg("svg", { viewBox: `0 0 ${width} ${height}`, width: "100%", style: `max-width:${Math.round(width)}px`, role: "img", "aria-label": label, focusable: "false" },
    svg("title", {}, label));
}

// A table only screen readers see: the numbers behind a chart.
export function dataTable(caption, headers, rows) {
  return el("table", { class: "visually-hidden" }, el("caption", {}, caption),
    el("thead", {}, el("tr", {}, headers.map((header) => el("th", { scope: "col" }, header)))),
    el("tbody", {}, rows.map((row) => el("tr", {}, row.map((cell, index) => el(index ? "td" : "th", index ? {} : { scope: "row" }, cell))))));
}

// A round top for an axis: 7 → 8, 23 → 25, 140 → 150.
function niceMax(value) {
  if (value <= 4) return Math.max(1, Math.ceil(value));
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].map((step) => step * power).find((top) => top >= value);
}

const text = (x, y, content, attributes = {}) => svg("text", { x, y, "font-size": font, fill: "currentColor", ...attributes }, content);

// The y axis: grid lines at 0, half and the top, labelled on the left (no half line when half
// the top is not a whole number: counts are whole).
function grid(node, { left, top, width, height, max, unit = "" }) {
  for (const fraction of Number.isInteger(max / 2) ? [0, 0.5, 1] : [0, 1]) {
    const y = top + height - fraction * height;
    node.append(svg("line", { x1: left, x2: left + width, y1: y, y2: y, class: "grid" }),
      text(left - 4, y + 4, `${Math.round(max * fraction)}${unit}`, { "text-anchor": "end" }));
  }
}

// Vertical bars: data [{ label, value, tick }] (tick: label it under the axis).
export function bars({ data, width, label, height = 170, className = "bar" }) {
  const box = { left: 34, top: 8, width: width - 40, height: height - 30 };
  const max = niceMax(Math.max(...data.map((entry) => entry.value), 1));
  const node = canvas(width, height, label);
  grid(node, { ...box, max });
  const band = box.width / data.length;
  data.forEach((entry, index) => {
    const x = box.left + index * band;
    const barHeight = (entry.value / max) * box.height;
    if (entry.value > 0) {
      node.append(svg("rect", { x: x + band * 0.15, y: box.top + box.height - barHeight, width: band * 0.7, height: barHeight, rx: 1.5, class: className },
        svg("title", {}, `${entry.label}: ${entry.value}`)));
    }
    if (entry.tick) node.append(text(x + band / 2, height - 6, entry.label, { "text-anchor": "middle" }));
  });
  return node;
}

// A line from 0 to `max` (percent by default): points [{ label, value | null, tick }], drawn
// through the days with a value, each marked with a dot; the area under it is shaded.
export function line({ points, width, label, height = 170, max = 100, unit = "%" }) {
  const box = { left: 40, top: 8, width: width - 48, height: height - 30 };
  const node = canvas(width, height, label);
  grid(node, { ...box, max, unit });
  const step = box.width / Math.max(1, points.length - 1);
  const at = (index, value) => [box.left + index * step, box.top + box.height - (Math.min(value, max) / max) * box.height];
  const known = points.map((point, index) => ({ ...point, index })).filter((point) => point.value != null);
  if (known.length) {
    const path = known.map((point, n) => `${n ? "L" : "M"}${at(point.index, point.value).map((v) => v.toFixed(1)).join(" ")}`).join(" ");
    const [firstX] = at(known[0].index, 0);
    const [lastX] = at(known[known.length - 1].index, 0);
    const floor = box.top + box.height;
    node.append(svg("path", { d: `${path} L${lastX.toFixed(1)} ${floor} L${firstX.toFixed(1)} ${floor} Z`, class: "area" }),
      svg("path", { d: path, class: "line" }));
    // Dots only when there are few of them; a dot a day would blur into the line.
    if (known.length <= 40) {
      for (const point of known) {
        const [x, y] = at(point.index, point.value);
        node.append(svg("circle", { cx: x, cy: y, r: 3, class: "dot" }, svg("title", {}, `${point.label}: ${Math.round(point.value)}${unit}`)));
      }
    }
  }
  points.forEach((point, index) => { if (point.tick) node.append(text(at(index, 0)[0], height - 6, point.label, { "text-anchor": "middle" })); });
  return node;
}

// A calendar of study days: a column per week (Monday first), a row per weekday, each day's
// square darker the more reviews it had. days: [{ date: Date, reviews, label }].
export function heatmap({ days, width, label, weekday, month }) {
  if (!days.length) return canvas(width, 20, label);
  const offset = (days[0].date.getDay() + 6) % 7;
  const columns = Math.ceil((days.length + offset) / 7);
  const left = 30;
  const top = 18;
  const gap = 3;
  const cell = Math.max(8, Math.min(20, (width - left) / columns - gap));
  const height = top + 7 * (cell + gap);
  const node = canvas(Math.min(width, left + columns * (cell + gap)), height, label);
  const most = Math.max(...days.map((day) => day.reviews), 1);
  let lastMonth = -1;
  days.forEach((day, index) => {
    const column = Math.floor((index + offset) / 7);
    const row = (index + offset) % 7;
    const x = left + column * (cell + gap);
    const level = day.reviews ? Math.ceil((4 * day.reviews) / most) : 0;
    node.append(svg("rect", { x, y: top + row * (cell + gap), width: cell, height: cell, rx: 2, class: `heat heat-${level}` },
      svg("title", {}, `${day.label}: ${day.reviews}`)));
    // A month's name over the first week that starts in it.
    if (row === 0 || index === 0) {
      const monthIndex = day.date.getMonth();
      if (monthIndex !== lastMonth && x + 30 < left + columns * (cell + gap)) node.append(text(x, 12, month(day.date)));
      lastMonth = monthIndex;
    }
  });
  // Monday, Wednesday, Friday on the left, as calendars label them.
  for (const row of [0, 2, 4]) {
    const date = new Date(days[0].date);
    date.setDate(date.getDate() - offset + row);
    node.append(text(0, top + row * (cell + gap) + cell - 2, weekday(date)));
  }
  return node;
}

// One bar split into parts [{ key, value, label }], each coloured by its class (.part-key).
export function stacked({ parts, width, label, height = 28 }) {
  const node = canvas(width, height, label);
  const total = parts.reduce((sum, part) => sum + part.value, 0);
  let x = 0;
  if (!total) node.append(svg("rect", { x: 0, y: 0, width, height, rx: 4, class: "track" }));
  for (const part of parts) {
    if (!part.value) continue;
    const size = (part.value / total) * width;
    node.append(svg("rect", { x, y: 0, width: size, height, class: `part part-${part.key}` }, svg("title", {}, `${part.label}: ${part.value}`)));
    x += size;
  }
  return node;
}

// Horizontal bars 0–100: rows [{ label, value, color }], the label above each bar and the value
// at its end; a long label is cut short in the drawing (the full one is in its <title>).
export function hbars({ rows, width, label, format = (value) => `${Math.round(value)} %` }) {
  const rowHeight = 40;
  const node = canvas(width, rows.length * rowHeight + 4, label);
  const barWidth = width - 52;
  const room = Math.floor(width / (font * 0.55));
  rows.forEach((row, index) => {
    const y = index * rowHeight;
    const name = row.label.length > room ? `${row.label.slice(0, room - 1)}…` : row.label;
    node.append(svg("g", {}, svg("title", {}, `${row.label}: ${format(row.value)}`),
      text(0, y + 13, name),
      svg("rect", { x: 0, y: y + 19, width: barWidth, height: 14, rx: 3, class: "track" }),
      svg("rect", { x: 0, y: y + 19, width: Math.max(0, Math.min(100, row.value)) / 100 * barWidth, height: 14, rx: 3, fill: row.color }),
      text(barWidth + 6, y + 31, format(row.value))));
  });
  return node;
}
