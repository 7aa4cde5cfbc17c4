// The account view (#/account): who is signed in, the page's language, the calendar feed of due
// reviews (a secret address calendar apps subscribe to: made, copied, revoked) and log out.
import { api } from "../api.js";
import { el, show, notify, go } from "../dom.js";
import { t, language, setLanguage, languages } from "../i18n.js";
import { fail } from "../errors.js";

export default async function ({ account }) {
  const me = account || await api("GET", "/api/me");
  show(el("section", { class: "account", "data-testid": "account" },
    el("h2", {}, t("account.title")),
    el("dl", { class: "account-facts" },
      el("dt", {}, t("account.name")), el("dd", { "data-testid": "account-name" }, me.name),
      el("dt", {}, t("account.email")), el("dd", { "data-testid": "account-email" }, me.email))),
  languageSection(), calendarSection(),
  el("section", {}, el("h3", {}, t("account.session")),
    // The header's button logs out: it also checks for reviews not yet sent from this device.
    el("button", { type: "button", id: "account-logout", class: "secondary", on: { click: () => document.getElementById("logout").click() } }, t("core.logout"))));
}

// The language, kept in this browser; the page is drawn again in it at once.
function languageSection() {
  const select = el("select", { id: "account-language", on: { change: () => {
    setLanguage(select.value);
    const header = document.getElementById("language");
    if (header) header.value = select.value;
    go("#/account");
  } } }, Object.entries(languages).map(([code, name]) => el("option", { value: code, lang: code, selected: code === language() }, name)));
  return el("section", {}, el("h3", {}, t("account.languageTitle")),
    el("label", { for: "account-language" }, t("account.languageLabel")), select);
}

// The calendar feed: the server gives only the path (its secret inside); the full address is
// this page's origin and that path. Making a new one revokes the earlier one, so the button says so.
function calendarSection() {
  const output = el("div", { "data-testid": "calendar-feed", "aria-live": "polite" });
  const create = el("button", { type: "button", id: "calendar-create", on: { click: make } }, t("account.calendarCreate"));
  const revoke = el("button", { type: "button", id: "calendar-revoke", class: "secondary", on: { click: remove } }, t("account.calendarRevoke"));

  async function make() {
    create.disabled = true;
    try {
      const { path } = await api("POST", "/api/me/calendar");
      const url = el("input", { id: "calendar-url", type: "text", readonly: true, value: location.origin + path, spellcheck: "false", on: { focus: () => url.select() } });
      output.replaceChildren(
        el("label", { for: "calendar-url" }, t("account.calendarUrl")),
        el("div", { class: "copy-row" }, url, el("button", { type: "button", id: "calendar-copy", class: "secondary", on: { click: () => copy(url) } }, t("account.copy"))),
        el("p", { class: "meta" }, t("account.calendarSecret")));
      create.textContent = t("account.calendarReplace");
    } catch (error) { fail(error); } finally { create.disabled = false; }
  }

  async function remove() {
    if (!confirm(t("account.calendarConfirm"))) return;
    try {
      await api("DELETE", "/api/me/calendar");
      output.replaceChildren(el("p", { "data-testid": "calendar-revoked" }, t("account.calendarRevoked")));
      create.textContent = t("account.calendarCreate");
    } catch (error) { fail(error); }
  }

  return el("section", {}, el("h3", {}, t("account.calendarTitle")),
    el("p", {}, t("account.calendarAbout")), el("div", { class: "actions" }, create, revoke), output);
}

// Copies the address; where the clipboard is not allowed (plain http, old browsers) the text is
// selected instead, for the learner to copy.
async function copy(input) {
  try {
    await navigator.clipboard.writeText(input.value);
    notify(t("account.copied"), "info");
  } catch (error) {
    input.focus();
    input.select();
    notify(t("account.copyManually"), "info");
  }
}
