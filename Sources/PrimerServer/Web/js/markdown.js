// A small, safe Markdown renderer for lessons and answers: it builds DOM nodes with el(), so
// text from the store or a model is only ever text — no HTML is parsed, raw tags show as typed,
// and links keep only http, https, mailto and relative addresses.
//   markdown(text, { top }) → [nodes]   (`top`: the element level of a "#" heading, so a lesson's
//                                        headings continue the page's outline instead of restarting at h1)
//   collapsible(nodes)      → [nodes]   (a <details> per "##" section)
import { el } from "./dom.js";

const fence = /^\s{0,3}(```|~~~)\s*([\w+-]*)\s*$/;
const heading = /^\s{0,3}(#{1,6})\s+(.*?)(?:\s+#+)?\s*$/;
const rule = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;
const quote = /^\s{0,3}>\s?/;
const item = /^(\s*)([-*+]|\d{1,9}[.)])\s+(.*)$/;
const tableRule = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;

export function markdown(text, { top = 2 } = {}) {
  return blocks(String(text ?? "").replace(/\r\n?/g, "\n").split("\n"), top);
}

// Whether a line starts a block other than a paragraph (and so ends the paragraph before it).
function starts(lines, i) {
  const line = lines[i];
  return fence.test(line) || heading.test(line) || rule.test(line) || quote.test(line) || item.test(line)
    || (line.includes("|") && i + 1 < lines.length && tableRule.test(lines[i + 1]) && lines[i + 1].includes("-"));
}

function blocks(lines, top) {
  const nodes = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    let match;
    if (!line.trim()) { i += 1; continue; }
    if ((match = line.match(fence))) {
      const code = [];
      for (i += 1; i < lines.length && !lines[i].trim().startsWith(match[1]); i += 1) code.push(lines[i]);
      i += 1;
      nodes.push(el("pre", {}, el("code", match[2] ? { "data-language": match[2] } : {}, code.join("\n"))));
    } else if ((match = line.match(heading))) {
      const level = match[1].length;
      nodes.push(el(`h${Math.min(6, top - 1 + level)}`, { "data-level": level }, inline(match[2])));
      i += 1;
    } else if (rule.test(line)) {
      nodes.push(el("hr"));
      i += 1;
    } else if (quote.test(line)) {
      const quoted = [];
      for (; i < lines.length && lines[i].trim() && (quote.test(lines[i]) || !starts(lines, i)); i += 1) quoted.push(lines[i].replace(quote, ""));
      nodes.push(el("blockquote", {}, blocks(quoted, top)));
    } else if (item.test(line)) {
      const [list, next] = listAt(lines, i);
      nodes.push(list);
      i = next;
    } else if (starts(lines, i)) { // a table: header, rule, rows
      const rows = [];
      const ruleLine = lines[i + 1];
      for (i += 2; i < lines.length && lines[i].includes("|") && lines[i].trim(); i += 1) rows.push(cells(lines[i]));
      nodes.push(table(cells(line), cells(ruleLine), rows));
    } else {
      const text = [];
      for (; i < lines.length && lines[i].trim() && (text.length === 0 || !starts(lines, i)); i += 1) text.push(lines[i].trim());
      nodes.push(el("p", {}, inline(text.join("\n"))));
    }
  }
  return nodes;
}

// A list from line `start`: items at its indentation; deeper-indented items form a list nested
// in the item above them; indented plain lines continue the item. Returns [list, next line].
function listAt(lines, start) {
  const first = lines[start].match(item);
  const indent = first[1].length;
  const ordered = /\d/.test(first[2]);
  const list = el(ordered ? "ol" : "ul", ordered && parseInt(first[2], 10) !== 1 ? { start: parseInt(first[2], 10) } : {});
  let i = start;
  let current = null;
  let text = [];
  const close = () => { if (current && text.length) current.prepend(...inline(text.join("\n"))); text = []; };
  while (i < lines.length) {
    const line = lines[i];
    const match = line.match(item);
    if (!line.trim()) {
      // A blank line ends the list unless an indented line or another item follows.
      const next = lines[i + 1];
      if (next === undefined || !(item.test(next) || /^\s{2,}\S/.test(next))) break;
      i += 1;
    } else if (match && match[1].length <= indent) {
      if (match[1].length < indent || /\d/.test(match[2]) !== ordered) break;
      close();
      current = el("li");
      list.append(current);
      text = [match[3]];
      i += 1;
    } else if (match && current) {
      const [nested, next] = listAt(lines, i);
      close();
      current.append(nested);
      i = next;
    } else if (/^\s/.test(line) && current || (current && !starts(lines, i) && text.length)) {
      text.push(line.trim());
      i += 1;
    } else break;
  }
  close();
  return [list, i];
}

// The cells of a table row, without the outer pipes; "\|" is a pipe inside a cell.
function cells(line) {
  const parts = line.trim().replace(/^\|/, "").replace(/(?<!\\)\|$/, "").split(/(?<!\\)\|/);
  return parts.map((cell) => cell.trim().replace(/\\\|/g, "|"));
}

function table(head, rule, rows) {
  const align = rule.map((cell) => (cell.endsWith(":") ? (cell.startsWith(":") ? "center" : "right") : null));
  const cell = (tag, text, index) => el(tag, { style: align[index] ? `text-align:${align[index]}` : null, scope: tag === "th" ? "col" : null }, inline(text));
  return el("div", { class: "table-scroll" }, el("table", {},
    el("thead", {}, el("tr", {}, head.map((text, index) => cell("th", text, index)))),
    el("tbody", {}, rows.map((row) => el("tr", {}, head.map((_, index) => cell("td", row[index] ?? "", index)))))));
}

// Inline spans, earliest first: `code` (taken literally), [links](href), **strong**, *em*, and
// a line break where a paragraph's lines meet (kept, since lessons use them for short lines).
const span = /`([^`]+)`|\[([^\]]+)\]\(([^()\s]*(?:\([^()\s]*\)[^()\s]*)*)(?:\s+"[^"]*")?\)|\*\*(.+?)\*\*|(?<![\w])__(.+?)__(?![\w])|\*(?=\S)(.+?)(?<=\S)\*|(?<![\w])_(?=\S)(.+?)(?<=\S)_(?![\w])/s;

export function inline(text) {
  const nodes = [];
  let rest = String(text);
  let match;
  while ((match = rest.match(span))) {
    if (match.index > 0) nodes.push(...lines(rest.slice(0, match.index)));
    const [whole, code, label, href, strong, strong2, em, em2] = match;
    if (code !== undefined) nodes.push(el("code", {}, code));
    else if (label !== undefined) nodes.push(link(label, href));
    else if (strong !== undefined || strong2 !== undefined) nodes.push(el("strong", {}, inline(strong ?? strong2)));
    else nodes.push(el("em", {}, inline(em ?? em2)));
    rest = rest.slice(match.index + whole.length);
  }
  if (rest) nodes.push(...lines(rest));
  return nodes;
}

function lines(text) {
  return text.split("\n").flatMap((part, index) => (index ? [el("br"), part] : [part]));
}

// Only addresses that cannot run script: http(s), mailto, or relative ones (no scheme at all).
// Control characters and spaces are removed first, as a browser would before reading a scheme.
export function safeHref(href) {
  const bare = String(href).replace(/[\u0000-\u0020\u007f-\u009f]/g, "");
  if (/^(https?:|mailto:)/i.test(bare)) return bare;
  if (/^[a-z][a-z0-9+.-]*:/i.test(bare)) return null;
  // A "relative" link the browser resolves elsewhere (`//host`, `/\host`) is sent as the
  // absolute address it is, so it is treated as external.
  try {
    const resolved = new URL(bare, location.href);
    return resolved.origin === location.origin ? bare : resolved.href;
  } catch { return null; }
}

function link(label, href) {
  const safe = safeHref(href);
  if (safe === null) return el("span", {}, inline(label));
  const external = /^(https?:)?\/\//i.test(safe);
  return el("a", { href: safe, rel: "noopener", target: external ? "_blank" : null }, inline(label));
}

// Folds a rendered text into a <details> per "##" section (its heading as the summary); the
// text before the first one stays open. The first section starts open, the rest closed, so a
// long lesson reads as an outline.
export function collapsible(nodes, level = 2) {
  const out = [];
  let section = null;
  for (const node of nodes) {
    if (node.dataset?.level === String(level)) {
      section = el("details", { class: "md-section", open: out.every((n) => n.tagName !== "DETAILS") }, el("summary", {}, node));
      out.push(section);
    } else if (section) section.append(node);
    else out.push(node);
  }
  return out;
}
