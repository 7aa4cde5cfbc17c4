// Primer's study app: the router, the header (who is signed in, offline state, reviews waiting
// to be sent), and the keyboard. Each view is a module of js/views/ and speaks only to the API.
import { api, ApiError } from "./api.js";
import { fail } from "./errors.js";
import { el, show, notify, go } from "./dom.js";
import { t, language, setLanguage, loadAll } from "./i18n.js";
import { outbox } from "./outbox.js";

const topViews = {
  "": () => import("./views/subjects.js"),
  new: () => import("./views/new-subject.js"),
  account: () => import("./views/account.js"),
  login: () => import("./views/login.js"),
};

let keyHandler = null;
// A view's keyboard shortcuts; replaced by the next view's.
export function keys(handler) { keyHandler = handler; }

// Who is signed in (GET /api/me), read once per sign-in and shown in the header.
let signedIn = null;
export function signedOut() { signedIn = null; }
async function who() {
  const early = window.primerWho;
  window.primerWho = null;
  if (!signedIn && early) {
    const answer = await early;
    if (answer.status === 401) throw new ApiError(t("login.title"), 401);
    if (answer.id) signedIn = answer;
  }
  if (!signedIn) signedIn = await api("GET", "/api/me");
  if (outbox.account !== signedIn.id) await outbox.signedIn(signedIn.id);
  document.getElementById("who").textContent = signedIn.name;
  document.getElementById("who").title = signedIn.email;
  return signedIn;
}

function translateShell() {
  document.documentElement.lang = language();
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
  for (const node of document.querySelectorAll("[data-t-label]")) node.setAttribute("aria-label", t(node.dataset.tLabel));
}

async function render() {
  keyHandler = null;
  translateShell();
  // A link within the page (the skip link's #main) is not a route.
  if (location.hash && !location.hash.startsWith("#/")) return;
  const hash = location.hash || "#/";
  const [, top = "", id, tab] = hash.match(/^#\/(\w*)(?:\/(\d+)(?:\/(\w+))?)?/) || [];
  const signingIn = top === "login";
  document.getElementById("account-nav").hidden = signingIn;
  try {
    if (signingIn) {
      signedIn = null;
      window.primerWho = null;
      document.getElementById("who").textContent = "";
    } else {
      await who();
    }
    // The sign-in and subjects views need only the frame's strings; every other view all of them.
    if ((top === "s" && id) || top === "new" || top === "account") await loadAll();
    if (top === "s" && id) {
      const { subjectTabs, subjectView } = await import("./views/subject.js");
      return await subjectView(id, subjectTabs[tab] ? tab : "lesson", { keys });
    }
    const view = topViews[top] || topViews[""];
    await (await view()).default({ keys, account: signedIn });
    // The first view is on screen and answers: what the first-load benchmark times.
    if (!performance.getEntriesByName("primer-interactive").length) {
      performance.mark("primer-interactive");
      setTimeout(loadAll, 0);
    }
  } catch (error) { fail(error); }
}

function offlineBanner(offline = !navigator.onLine) {
  const banner = document.getElementById("offline");
  const waiting = outbox.count;
  banner.hidden = !offline && waiting === 0;
  banner.textContent = offline
    ? t("core.offline", { count: waiting })
    : t("core.sending", { count: waiting });
}

document.addEventListener("keydown", (event) => {
  if (!keyHandler || event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  if (["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName) || target.isContentEditable) return;
  keyHandler(event);
});
document.getElementById("logout").addEventListener("click", async () => {
  // Offline the server could not end the session: the next person here would be signed in.
  if (!navigator.onLine || outbox.offline) { notify(t("core.logoutOffline")); return; }
  await outbox.flush();
  if (outbox.count > 0 && !confirm(t("core.logoutPending", { count: outbox.count }))) return;
  try { await api("DELETE", "/api/sessions/current"); } catch (error) {
    if (error.offline) { notify(t("core.logoutOffline")); return; }
    /* else signed out already */
  }
  await outbox.forget();
  signedIn = null;
  go("#/login");
});
document.getElementById("language").addEventListener("change", (event) => { setLanguage(event.target.value); render(); });
window.addEventListener("hashchange", render);
window.addEventListener("online", () => { offlineBanner(false); outbox.flush(); });
window.addEventListener("offline", () => offlineBanner(true));
window.addEventListener("primer-offline", () => offlineBanner(true));
outbox.onChange(() => offlineBanner(outbox.offline || !navigator.onLine));
document.getElementById("language").value = language();
if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => { /* the app works without it, online */ });
outbox.start();
render();
