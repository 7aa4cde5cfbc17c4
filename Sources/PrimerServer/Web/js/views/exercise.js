// The answer box of an exercise (matching, ordering): typed, checked part by part by the server
// (POST /api/items/{id}/check, nothing stored), then rated as any card. `done` shows the
// answer and the rating buttons.
import { api } from "../api.js";
import { el } from "../dom.js";
import { t } from "../i18n.js";
import { fail } from "../errors.js";

export function exerciseForm(item, done) {
  const input = el("input", { name: "answer", id: `answer-${item.id}`, placeholder: item.answerHint, autocomplete: "off" });
  const result = el("div", { "data-testid": "check", hidden: true, "aria-live": "polite" });
  const check = async (event) => {
    event.preventDefault();
    try {
      const scored = await api("POST", `/api/items/${item.id}/check`, { answer: input.value });
      result.replaceChildren(el("ul", {}, scored.feedback.map((line) => el("li", {}, line))),
        el("p", {}, el("strong", {}, t("study.partsRight", { right: scored.right, total: scored.total })),
          " — ", t("study.suggested", { rating: t(`study.rating.${scored.suggestedRating}`) })));
      result.hidden = false;
      done();
    } catch (error) { fail(error); done(); }
  };
  return el("form", { class: "exercise", on: { submit: check } },
    el("label", { for: `answer-${item.id}` }, t("study.yourAnswer", { hint: item.answerHint })), input,
    el("button", { type: "submit" }, t("study.check")), result);
}
