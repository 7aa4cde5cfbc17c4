// An explanation of an item — or of why a quiz answer is wrong (body { chosen }) — from its
// subtopic's lesson and the subject's documents, each claim citing its numbered source
// (POST /api/items/{id}/explain). Shown once in `into`; the button that asked for it goes away.
// Used by the quiz's results and the study view.
import { api } from "../api.js";
import { el } from "../dom.js";
import { t } from "../i18n.js";
import { fail } from "../errors.js";
import { markdown } from "../markdown.js";

export async function explain(itemId, body, into, button) {
  const label = button.textContent;
  button.disabled = true;
  button.textContent = t("quiz.explaining");
  into.setAttribute("aria-busy", "true");
  try {
    const result = await api("POST", `/api/items/${itemId}/explain`, body);
    into.replaceChildren(el("div", { class: "explanation", "data-testid": "explanation" },
      result.answered
        ? [result.method === "quotes" ? el("p", { class: "meta" }, t("quiz.fromSources")) : null,
            markdown(result.answer, { top: 4 }), sources(result.citations)]
        : el("p", { class: "meta" }, t("quiz.noExplanation", { reason: result.reason || "" }))));
    into.hidden = false;
    button.hidden = true;
  } catch (error) {
    button.disabled = false;
    button.textContent = label;
    fail(error);
  } finally {
    into.removeAttribute("aria-busy");
  }
}

// The numbered sources an answer cites: each label, with the quoted passage folded away.
export function sources(citations = []) {
  if (!citations.length) return null;
  return el("ol", { class: "sources", "aria-label": t("quiz.sources") }, citations.map((source) =>
    el("li", { value: source.number, "data-source": source.number },
      source.text
        ? el("details", {}, el("summary", {}, source.label), el("blockquote", {}, source.text))
        : source.label)));
}
