// What a view does with a failed call: signed out → the log-in view; offline → says so (the
// header's banner shows the state); else the server's message, which says what to do.
import { ApiError } from "./api.js";
import { notify, go } from "./dom.js";
import { t } from "./i18n.js";

export function fail(error) {
  if (error instanceof ApiError && error.status === 401) { go("#/login"); return; }
  if (error instanceof ApiError && error.offline) { notify(t("core.offlineAction")); window.dispatchEvent(new Event("primer-offline")); return; }
  notify(error.message || String(error));
}
