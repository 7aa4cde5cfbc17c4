// Generation jobs as the new-subject and generate views run them: the provider to choose, then
// a job started on the server and followed live through its Server-Sent Events
// (GET /api/jobs/{id}/events: `progress` lines, then one `end` with the finished job). A failed
// job (or one that could not start) offers to start the same job again.
import { api } from "../api.js";
import { el, go } from "../dom.js";
import { t } from "../i18n.js";
import { fail } from "../errors.js";

// A labelled <select id> of the server's providers, the default chosen; those without their key
// are shown disabled with why, so the learner knows the choice exists. Empty when the server
// cannot say (the job then uses its default).
export async function providerField(id = "provider") {
  let listing;
  try { listing = await api("GET", "/api/providers"); } catch (error) { fail(error); return []; }
  // An embeddings adapter finds passages; it cannot write a kit.
  const writers = listing.providers.filter((provider) => !/embeddings/.test(provider.adapter));
  const select = el("select", { id, "data-testid": "provider" }, writers.map((provider) =>
    el("option", { value: provider.name, disabled: !provider.available, selected: provider.name === listing.defaultProvider },
      provider.model ? `${provider.name} (${provider.model})` : provider.name,
      provider.available ? "" : ` — ${t("generate.needsKey")}`)));
  return [el("label", { for: id }, t("generate.provider")), select];
}

// The chosen provider of a form, or undefined (the server's default).
export function chosenProvider(root, id = "provider") {
  return root.querySelector(`#${id}`)?.value || undefined;
}

// An empty progress log: each line a <div> child, announced politely to screen readers.
export function progressLog() {
  return el("div", { id: "progress", "data-testid": "progress", role: "log", "aria-live": "polite", hidden: true });
}

export function logLine(progress, text, attributes = {}) {
  progress.hidden = false;
  const line = el("div", attributes, text);
  progress.append(line);
  progress.scrollTop = progress.scrollHeight;
  return line;
}

// Starts a job with these options and follows it to its end; resolves to the finished job (or
// null when it could not start). `after` holds the buttons shown under the log (open, retry).
export async function runJob(progress, subject, options, { after, onEnd = () => {} }) {
  // A retry's log keeps the earlier lines, but only the newest end line is the job's end.
  for (const old of progress.querySelectorAll("[data-testid=job-end]")) old.removeAttribute("data-testid");
  after.replaceChildren();
  logLine(progress, t("generate.starting"));
  progress.scrollIntoView({ block: "nearest" });
  let job;
  try {
    job = await api("POST", `/api/subjects/${subject.id}/jobs`, options);
  } catch (error) {
    // The log says why; only a signed-out or offline state needs more than that.
    if (error.status === 401 || error.offline) fail(error);
    logLine(progress, `${t("generate.failed", { message: error.message })}`, { class: "wrong", "data-testid": "job-end" });
    after.append(retryButton(progress, subject, options, { after, onEnd }));
    onEnd(null);
    return null;
  }
  const finished = await follow(job, progress);
  const succeeded = finished.status === "succeeded";
  logLine(progress, t(succeeded ? "generate.succeeded" : "generate.failed", { message: finished.message }),
    { class: succeeded ? "right" : "wrong", "data-testid": "job-end" });
  if (succeeded) {
    after.append(el("button", { type: "button", id: "open-subject", on: { click: () => go(`#/s/${subject.id}/lesson`) } },
      t("generate.open", { title: subject.title })));
  } else {
    after.append(retryButton(progress, subject, options, { after, onEnd }));
  }
  // Focus on what to do next (open, or retry), as a keyboard user would look for it.
  after.firstChild?.focus();
  onEnd(finished);
  return finished;
}

function retryButton(progress, subject, options, settings) {
  return el("button", { type: "button", id: "retry-job", "data-testid": "retry", on: { click: () => runJob(progress, subject, options, settings) } },
    t("generate.retry"));
}

// The job's lines as they come; resolves to the finished job. When the stream cannot be read at
// all (a proxy that buffers, a server restart), it asks for the job every two seconds instead.
function follow(job, progress) {
  return new Promise((resolve) => {
    const events = new EventSource(`/api/jobs/${job.id}/events`);
    let done = false;
    const finish = (finished) => { if (!done) { done = true; events.close(); resolve(finished); } };
    events.addEventListener("progress", (event) => logLine(progress, parse(event.data).message || ""));
    events.addEventListener("end", (event) => finish(parse(event.data)));
    events.onerror = () => {
      // EventSource reconnects by itself unless the server refused the stream.
      if (events.readyState !== EventSource.CLOSED || done) return;
      logLine(progress, t("generate.polling"));
      poll(job.id, finish);
    };
  });
}

async function poll(id, finish) {
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    try {
      const job = await api("GET", `/api/jobs/${id}`);
      if (job.status === "succeeded" || job.status === "failed") return finish(job);
    } catch (error) {
      if (!error.offline) return finish({ status: "failed", message: error.message });
    }
  }
}

function parse(data) {
  try { return JSON.parse(data); } catch { return { message: data }; }
}
