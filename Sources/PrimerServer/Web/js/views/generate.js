// The generate tab: growing a subject after it was made — the next N subtopics, the sections of
// documents attached since the plan, one subtopic (or one family of it) written again, or the
// whole plan made anew — each a job on the server, followed live (job-progress.js).
import { api } from "../api.js";
import { el, field } from "../dom.js";
import { t } from "../i18n.js";
import { fail } from "../errors.js";
import { providerField, chosenProvider, progressLog, runJob } from "./job-progress.js";

// The families the generator writes (ContentKind and the registered shapes).
const families = ["lesson", "flashcards", "quiz", "terms", "cloze", "matching", "ordering"];

export default async function (panel, { subject }) {
  let topics = [];
  try { ({ topics } = await api("GET", `/api/subjects/${subject.id}/topics`)); } catch (error) { fail(error); }
  const subtopics = topics.flatMap((topic) => topic.subtopics.map((subtopic) => ({ ...subtopic, topic: topic.title })));

  const progress = progressLog();
  const after = el("div", { class: "job-actions" });
  const starters = [];
  // One job at a time from this view: the buttons rest until the job ends.
  const start = async (options) => {
    for (const button of starters) button.disabled = true;
    await runJob(progress, subject, { ...options, provider: chosenProvider(panel) }, {
      after, onEnd: () => { for (const button of starters) button.disabled = false; },
    });
  };
  const starter = (attributes, text, click) => {
    const button = el("button", { type: "button", ...attributes, on: { click } }, text);
    starters.push(button);
    return button;
  };

  const count = el("input", { type: "number", min: 1, max: 200, value: 2, inputmode: "numeric" });
  const grow = el("section", { "data-testid": "grow" },
    el("h3", {}, t("generate.grow")),
    el("p", { class: "meta" }, t("generate.growIntro", { subtopics: subject.subtopics })),
    field("next-count", t("generate.nextCount"), count),
    starter({ id: "generate-next", "data-testid": "generate-next" }, t("generate.next"),
      () => start({ nextSubtopics: Math.min(200, Math.max(1, Number(count.value) || 1)) })),
    el("p", { class: "meta" }, t("generate.documentsIntro")),
    starter({ id: "add-document-sections", "data-testid": "add-document-sections", class: "secondary" }, t("generate.documentSections"),
      () => start({ addDocumentSections: true })));

  const which = el("select", {}, subtopics.map((subtopic) =>
    el("option", { value: subtopic.title }, `${subtopic.topic} › ${subtopic.title}`)));
  const family = el("select", {}, el("option", { value: "" }, t("generate.allFamilies")),
    families.map((name) => el("option", { value: name }, name)));
  const again = el("section", { "data-testid": "regenerate" },
    el("h3", {}, t("generate.again")),
    el("p", { class: "meta" }, t("generate.againIntro")),
    subtopics.length ? [
      field("regen-subtopic", t("generate.subtopic"), which),
      field("regen-family", t("generate.family"), family),
      starter({ id: "regenerate-subtopic", "data-testid": "regenerate-subtopic", class: "secondary" }, t("generate.regenerate"),
        () => start({ regenerate: true, subtopic: which.value, ...(family.value ? { family: family.value } : {}) })),
    ] : el("p", { class: "meta" }, t("generate.noPlan")));

  const plan = el("section", { "data-testid": "replan" },
    el("h3", {}, t("generate.plan")),
    el("p", { class: "meta" }, t("generate.planIntro")),
    starter({ id: "regenerate-plan", "data-testid": "regenerate-plan", class: "danger" }, t("generate.replan"), () => {
      if (confirm(t("generate.confirmReplan", { title: subject.title }))) start({ regeneratePlan: true });
    }));

  const provider = await providerField("provider");
  panel.replaceChildren(
    provider.length ? el("section", {}, provider) : "",
    grow, again, plan, progress, after);
}
