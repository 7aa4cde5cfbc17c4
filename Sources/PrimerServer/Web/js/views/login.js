// Log in, or sign up: both forms on one view.
import { api } from "../api.js";
import { el, show, field, go } from "../dom.js";
import { t } from "../i18n.js";
import { fail } from "../errors.js";

export default async function () {
  const logIn = el("form", { class: "card", "data-testid": "login-form" },
    el("h2", {}, t("login.title")),
    field("login-email", t("login.email"), el("input", { type: "email", required: true, autocomplete: "email" })),
    field("login-password", t("login.password"), el("input", { type: "password", required: true, autocomplete: "current-password" })),
    el("button", { type: "submit" }, t("login.submit")));
  logIn.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await api("POST", "/api/sessions", { email: logIn.querySelector("#login-email").value, password: logIn.querySelector("#login-password").value });
      go("#/");
    } catch (error) { fail(error); }
  });
  const signUp = el("form", { class: "card", "data-testid": "signup-form" },
    el("h2", {}, t("signup.title")),
    field("signup-name", t("signup.name"), el("input", { required: true, minlength: 2, autocomplete: "name" })),
    field("signup-email", t("login.email"), el("input", { type: "email", required: true, autocomplete: "email" })),
    field("signup-password", t("signup.password"), el("input", { type: "password", required: true, minlength: 8, autocomplete: "new-password" })),
    el("button", { type: "submit", id: "signup" }, t("signup.submit")));
  signUp.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await api("POST", "/api/accounts", {
        name: signUp.querySelector("#signup-name").value, email: signUp.querySelector("#signup-email").value,
        password: signUp.querySelector("#signup-password").value });
      go("#/");
    } catch (error) { fail(error); }
  });
  show(logIn, signUp);
}
