// A new subject (#/new): its title, notes, instructions, colour and icon, then either generated
// (a provider, an optional document to build it from, how many subtopics now — followed live)
// or created empty to be built by hand in the deck editor.
import { api } from "../api.js";
import { el, show, field, go } from "../dom.js";
import { t } from "../i18n.js";
import { fail } from "../errors.js";
import { providerField, chosenProvider, progressLog, logLine, runJob } from "./job-progress.js";
import { documentTypes, uploadDocument } from "./documents.js";

export default async function () {
  const form = el("form", { class: "card", "data-testid": "new-subject-form" },
    el("h2", {}, t("newsubject.title")),
    field("title", t("newsubject.name"), el("input", { required: true, maxlength: 200, autocomplete: "off" })),
    field("notes", t("newsubject.notes"), el("textarea", { rows: 3, maxlength: 20000 })),
    field("instructions", t("newsubject.instructions"), el("textarea", { rows: 2, maxlength: 5000 })),
    el("div", { class: "field-row" },
      el("div", {}, field("color", t("newsubject.color"), el("input", { type: "color", value: "#2f6fed" }))),
      el("div", {}, field("icon", t("newsubject.icon"), el("input", { maxlength: 40, autocomplete: "off" })))),
    el("fieldset", {},
      el("legend", {}, t("newsubject.generate")),
      await providerField("provider"),
      field("document", t("newsubject.document"), el("input", { type: "file", accept: documentTypes })),
      field("max-subtopics", t("newsubject.maxSubtopics"), el("input", { type: "number", min: 1, max: 200, value: 2, inputmode: "numeric" })),
      el("button", { type: "submit", id: "create" }, t("newsubject.create"))),
    el("p", { class: "meta" }, t("newsubject.emptyHint")),
    el("button", { type: "button", id: "create-empty", class: "secondary", on: { click: createEmpty } }, t("newsubject.createEmpty")));
  const progress = progressLog();
  const after = el("div", { class: "job-actions" });
  const value = (id) => form.querySelector(`#${id}`).value;

  // The subject is made once: when an upload or a job fails after it, trying again reuses it
  // rather than meeting "a subject of this title exists".
  let subject = null;
  async function create() {
    if (subject) return subject;
    const icon = value("icon").trim();
    subject = await api("POST", "/api/subjects", {
      title: value("title").trim(), notes: value("notes"), instructions: value("instructions"), color: value("color"),
      ...(icon ? { icon } : {}),
    });
    return subject;
  }

  const buttons = () => form.querySelectorAll("#create, #create-empty");
  const busy = (on) => { for (const button of buttons()) button.disabled = on; };

  async function createEmpty() {
    if (!form.reportValidity()) return;
    busy(true);
    try {
      const made = await create();
      go(`#/s/${made.id}/edit`);
    } catch (error) { busy(false); fail(error); }
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    busy(true);
    try {
      const made = await create();
      const file = form.querySelector("#document").files[0];
      if (file) {
        const doc = await uploadDocument(made.id, file);
        logLine(progress, t("newsubject.attached", { name: doc.name, count: doc.characters }));
        form.querySelector("#document").value = "";
      }
      const options = { maxSubtopics: Math.min(200, Math.max(1, Number(value("max-subtopics")) || 2)), provider: chosenProvider(form) };
      await runJob(progress, made, options, { after });
    } catch (error) { busy(false); fail(error); }
  });
  show(form, progress, after);
}
