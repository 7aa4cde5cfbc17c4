// Primer's service worker: the app's files are kept so the app opens and studies offline, and a
// few reads (who is signed in, the subjects, a subject, its kit) answer from the last copy when
// the network is down. Everything else goes to the network as it is; ratings made offline wait
// in the page's IndexedDB outbox, not here.
// The server puts a hash of the app's files here: a release is a new version, installed whole.
const version = "primer-__WEB_VERSION__";
const apiCache = "primer-api";
// Every file of the app (a test checks this list against the Web folder).
const files = [
  "/", "/manifest.webmanifest", "/icon.svg", "/css/app.css", "/css/views.css", "/css/editor.css",
  "/js/boot.js", "/js/main.js", "/js/api.js", "/js/dom.js", "/js/i18n.js", "/js/errors.js", "/js/outbox.js", "/js/markdown.js", "/js/charts.js",
  "/js/strings/index.js", "/js/strings/core.js", "/js/strings/study.js", "/js/strings/quiz.js", "/js/strings/lesson.js",
  "/js/strings/editor.js", "/js/strings/generate.js", "/js/strings/documents.js", "/js/strings/vocab.js", "/js/strings/search.js",
  "/js/strings/ask.js", "/js/strings/stats.js", "/js/strings/account.js",
  "/js/views/subject.js", "/js/views/subjects.js", "/js/views/login.js", "/js/views/study.js", "/js/views/exercise.js",
  "/js/views/explain.js", "/js/views/lesson.js", "/js/views/quiz.js", "/js/views/vocab.js", "/js/views/search.js",
  "/js/views/ask.js", "/js/views/stats.js", "/js/views/account.js", "/js/views/new-subject.js", "/js/views/generate.js",
  "/js/views/job-progress.js", "/js/views/editor.js", "/js/views/editor-plan.js", "/js/views/editor-items.js",
  "/js/views/item-form.js", "/js/views/documents.js",
];
const readsKept = [/^\/api\/me$/, /^\/api\/subjects$/, /^\/api\/subjects\/\d+$/, /^\/api\/subjects\/\d+\/kit$/];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(version).then((cache) => cache.addAll(files)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((name) => name !== version && name !== apiCache).map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

// On log out nothing of the account's stays.
self.addEventListener("message", (event) => { if (event.data === "forget") event.waitUntil(caches.delete(apiCache)); });

// The network first (a new release is seen at once), the kept copy when it fails.
async function networkFirst(request, cacheName) {
  const cache = await caches.open(cacheName);
  try {
    const response = await fetch(request);
    // Only the server's own answer is kept: not a redirect or a portal's page in its place.
    if (response.ok && !response.redirected && response.type === "basic") await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(request, { ignoreSearch: cacheName === version });
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== location.origin) return;
  if (url.pathname.startsWith("/api/")) {
    if (readsKept.some((pattern) => pattern.test(url.pathname))) event.respondWith(networkFirst(event.request, apiCache));
    return;
  }
  event.respondWith(networkFirst(event.request, version));
});
