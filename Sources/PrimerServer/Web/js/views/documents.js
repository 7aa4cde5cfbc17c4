// The documents tab: what the subject's kit is grounded in — the attached documents (name,
// format, length, when), one more uploaded, one removed. What was generated from a removed
// document stays; a later generation no longer reads it.
import { api } from "../api.js";
import { el, field } from "../dom.js";
import { t, date, number } from "../i18n.js";
import { fail } from "../errors.js";

// The files the server reads (its DocumentFormat), for the file pickers.
export const documentTypes = ".pdf,.docx,.html,.htm,.md,.markdown,.txt,.png,.jpg,.jpeg,.vtt,.srt,.wav,.mp3,.m4a,.ogg,.oga,.opus,.flac,.webm";

// Attaches a file to a subject (multipart field `file`); resolves to the Document.
export function uploadDocument(subjectId, file) {
  const data = new FormData();
  data.append("file", file, file.name);
  return api("POST", `/api/subjects/${subjectId}/documents`, data);
}

export default async function (panel, { subject }) {
  const list = el("div", { "data-testid": "documents" });
  const status = el("p", { class: "meta", role: "status", "data-testid": "upload-status" });
  const input = el("input", { type: "file", accept: documentTypes, required: true });
  const upload = el("form", { class: "card", "data-testid": "upload-form", on: { submit: send } },
    el("h3", {}, t("documents.upload")),
    field("doc-file", t("documents.file"), input),
    el("p", { class: "meta" }, t("documents.formats")),
    el("button", { type: "submit", id: "upload-doc", "data-testid": "upload-doc" }, t("documents.attach")),
    status);

  async function send(event) {
    event.preventDefault();
    const file = input.files[0];
    if (!file) return;
    const button = upload.querySelector("#upload-doc");
    button.disabled = true;
    status.textContent = t("documents.uploading", { name: file.name });
    try {
      const doc = await uploadDocument(subject.id, file);
      status.textContent = t(doc.added ? "documents.attached" : "documents.already",
        { name: doc.name, count: number(doc.characters) });
      input.value = "";
      await load();
    } catch (error) { status.textContent = ""; fail(error); } finally { button.disabled = false; }
  }

  async function load() {
    const { documents } = await api("GET", `/api/subjects/${subject.id}/documents`);
    list.replaceChildren(documents.length ? table(documents) : el("p", { class: "meta", "data-testid": "no-documents" }, t("documents.none")));
  }

  function table(documents) {
    return el("div", { class: "table-wrap" }, el("table", { class: "stack" },
      el("caption", { class: "visually-hidden" }, t("documents.title")),
      el("thead", {}, el("tr", {},
        ["documents.name", "documents.format", "documents.characters", "documents.date"].map((key) => el("th", { scope: "col" }, t(key))),
        el("th", { scope: "col" }, el("span", { class: "visually-hidden" }, t("documents.actions"))))),
      el("tbody", {}, documents.map((doc) => el("tr", { "data-testid": "doc-row", "data-document": doc.id },
        el("th", { scope: "row", "data-label": t("documents.name") }, doc.name),
        el("td", { "data-label": t("documents.format") }, doc.format),
        el("td", { "data-label": t("documents.characters") }, number(doc.characters)),
        el("td", { "data-label": t("documents.date") }, date(doc.attachedAt)),
        el("td", {}, el("button", {
          type: "button", class: "secondary", "data-testid": "remove-doc", "aria-label": t("documents.removeNamed", { name: doc.name }),
          on: { click: () => remove(doc) },
        }, t("documents.remove"))))))));
  }

  async function remove(doc) {
    if (!confirm(t("documents.confirmRemove", { name: doc.name }))) return;
    try {
      await api("DELETE", `/api/subjects/${subject.id}/documents/${doc.id}`);
      status.textContent = t("documents.removed", { name: doc.name });
      await load();
    } catch (error) { fail(error); }
  }

  panel.replaceChildren(
    el("section", {}, el("h3", {}, t("documents.title")), el("p", { class: "meta" }, t("documents.intro")), list),
    upload,
    el("p", { class: "meta" }, el("a", { href: `#/s/${subject.id}/generate` }, t("documents.toGenerate"))));
  await load();
}
