// Small DOM helpers. Every text from the store goes into the page as text, never as HTML.
export const main = () => document.getElementById("main");

// el("button", { class: "x", on: { click } }, "text", child…): an element with its attributes,
// listeners and children (strings become text nodes; null and false are skipped).
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  return dress(node, attributes, children);
}

// The same for SVG (charts).
export function svg(tag, attributes = {}, ...children) {
  return dress(document.createElementNS("http://www.w3.org/2000/svg", tag), attributes, children);
}

function dress(node, attributes, children) {
  for (const [name, value] of Object.entries(attributes)) {
    if (name === "on") for (const [event, handler] of Object.entries(value)) node.addEventListener(event, handler);
    // Through the CSSOM, which the page's Content-Security-Policy allows (a style attribute it does not).
    else if (name === "style") { if (value) node.style.cssText = value; }
    else if (value === true) node.setAttribute(name, "");
    else if (value !== false && value != null) node.setAttribute(name, value);
  }
  for (const child of children.flat(Infinity)) if (child != null && child !== false) node.append(child instanceof Node ? child : String(child));
  return node;
}

// Replaces the main view; moves focus to its first heading so keyboard and screen-reader users
// start at the top of the new view.
export function show(...nodes) {
  main().replaceChildren(...nodes);
  const heading = main().querySelector("h2, h1");
  if (heading) { heading.setAttribute("tabindex", "-1"); heading.focus({ preventScroll: true }); }
}

// A message in the alert box for a few seconds.
export function notify(message, kind = "error") {
  const box = document.getElementById("notice");
  box.textContent = message;
  box.className = kind;
  box.hidden = false;
  clearTimeout(notify.timer);
  notify.timer = setTimeout(() => { box.hidden = true; }, 6000);
}

export function go(hash) { if (location.hash === hash) window.dispatchEvent(new HashChangeEvent("hashchange")); else location.hash = hash; }

// A labelled field: <label for=id>text</label><input id=id …>.
export function field(id, label, input) {
  input.id = id;
  return [el("label", { for: id }, label), input];
}

// Red (0 %) to green (100 %), as the flashcard apps colour knowledge.
export function knowledgeColor(percent) {
  const hue = Math.round(Math.max(0, Math.min(100, percent)) * 1.2);
  return `hsl(${hue} 70% 38%)`;
}

// A subject's badge: its colour with its icon (an emoji or a word's first letters), or the
// title's first letter.
export function badge(subject, size = "") {
  const text = subject.icon ? [...subject.icon].slice(0, 2).join("") : [...subject.title][0] || "?";
  return el("span", { class: `swatch ${size}`, style: `background:${subject.color || "#5b6474"}`, "aria-hidden": "true" }, text);
}
