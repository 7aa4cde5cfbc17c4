// Ratings on their way to the server, kept in IndexedDB so that none is lost: a rating is
// stored first, then sent; it leaves the box only when the server has it. Each carries its own
// key (sent as Idempotency-Key), so a rating sent twice — the first send arrived but its answer
// was lost — is counted once. Sessions fetched online are kept here too, to study offline.
import { api } from "./api.js";
import { notify } from "./dom.js";

const name = "primer";
let opened = null;

function database() {
  opened ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(name, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore("ratings", { keyPath: "key" });
      request.result.createObjectStore("sessions", { keyPath: "subjectId" });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  return opened;
}

// One IndexedDB request in its own transaction, as a promise.
async function run(storeName, mode, operation) {
  const db = await database();
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(storeName, mode);
    const request = operation(transaction.objectStore(storeName));
    transaction.oncomplete = () => resolve(request.result);
    transaction.onerror = () => reject(transaction.error);
  });
}

// A fresh key per rating: a UUID where the browser makes one (a secure context: https or
// loopback), else 128 random bits.
function newKey() {
  if (crypto.randomUUID) return crypto.randomUUID();
  return [...crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

class Outbox {
  count = 0;
  offline = false;
  #listeners = [];
  #flushing = null;

  onChange(listener) { this.#listeners.push(listener); }
  async #changed() {
    this.count = await run("ratings", "readonly", (store) => store.count());
    for (const listener of this.#listeners) listener();
  }

  // Stores a rating, then tries to send what waits. Resolves once it is stored (not sent).
  async rate(itemId, rating, durationMs) {
    await run("ratings", "readwrite", (store) => store.put({ key: newKey(), itemId, rating, durationMs, ratedAt: Date.now() }));
    await this.#changed();
    this.flush();
  }

  // The ids of items with a rating not yet sent (a session skips them).
  async waitingItems() { return new Set((await run("ratings", "readonly", (store) => store.getAll())).map((entry) => entry.itemId)); }

  // Sends what waits, oldest first, one at a time (the server wants an item's reviews in
  // order); one sender at a time in this page, and across tabs where the browser has locks.
  flush() {
    this.#flushing ??= (navigator.locks ? navigator.locks.request("primer-outbox", () => this.#send()) : this.#send())
      .finally(() => { this.#flushing = null; });
    return this.#flushing;
  }

  async #send() {
    const waiting = (await run("ratings", "readonly", (store) => store.getAll())).sort((a, b) => a.ratedAt - b.ratedAt);
    for (const entry of waiting) {
      try {
        await api("POST", `/api/items/${entry.itemId}/reviews`,
          { rating: entry.rating, durationMs: entry.durationMs, ratedMsAgo: Math.max(0, Date.now() - entry.ratedAt) },
          { "Idempotency-Key": entry.key });
      } catch (error) {
        // Offline, signed out, throttled or the server failing: it stays, to be sent later.
        if (error.status === 0 || error.status === 401 || error.status === 429 || error.status >= 500) {
          this.offline = error.status === 0;
          await this.#changed();
          return;
        }
        // Refused for good (the item was deleted, a later review was recorded elsewhere): said, and dropped.
        notify(error.message);
      }
      await run("ratings", "readwrite", (store) => store.delete(entry.key));
      this.offline = false;
      await this.#changed();
    }
  }

  // Sends what waits every few seconds while anything does (a network that came back without
  // an `online` event, a server that was restarting).
  start() {
    this.#changed();
    setInterval(() => { if (this.count > 0 && !this.#flushing) this.flush(); }, 4000);
  }

  // A session kept for offline study: the items (with intervals) as fetched.
  saveSession(subjectId, mode, items) { return run("sessions", "readwrite", (store) => store.put({ subjectId: String(subjectId), mode, items, savedAt: Date.now() })); }
  session(subjectId) { return run("sessions", "readonly", (store) => store.get(String(subjectId))); }

  // On log out: nothing of this account stays on the device.
  async forget() {
    await run("ratings", "readwrite", (store) => store.clear());
    await run("sessions", "readwrite", (store) => store.clear());
    navigator.serviceWorker?.controller?.postMessage("forget");
    await this.#changed();
  }
}

export const outbox = new Outbox();
