// Ratings on their way to the server, kept in IndexedDB so that none is lost: a rating is
// stored first, then sent; it leaves the box only when the server has answered for it. Each
// carries its own key (sent as Idempotency-Key), so a rating sent twice — the first send arrived
// but its answer was lost — is counted once. Sessions fetched online are kept here too, to study
// offline; a rated item leaves its kept session in the same transaction, so it is not shown
// again. Everything is the signed-in account's: another account's ratings wait for their owner,
// and a sign-in as someone else clears the kept sessions and reads.
import { api } from "./api.js";
import { notify } from "./dom.js";

let opened = null;

function database() {
  opened ??= new Promise((resolve, reject) => {
    const request = indexedDB.open("primer", 1);
    request.onupgradeneeded = () => {
      // In the order they were made (an item's reviews are stored in order), whatever the clock says.
      request.result.createObjectStore("ratings", { keyPath: "sequence", autoIncrement: true });
      request.result.createObjectStore("sessions", { keyPath: "id" });
    };
    request.onsuccess = () => {
      // A newer page that needs another version closes this one's connection rather than wait.
      request.result.onversionchange = () => { request.result.close(); opened = null; };
      resolve(request.result);
    };
    request.onerror = () => { opened = null; reject(request.error); };
    request.onblocked = () => { opened = null; reject(new Error("another tab of Primer holds the old database; close it")); };
  });
  return opened;
}

// One IndexedDB transaction over `stores`; `work` gets them by name and returns a request whose
// result the promise resolves to.
async function transaction(stores, mode, work) {
  const db = await database();
  return new Promise((resolve, reject) => {
    const tx = db.transaction(stores, mode);
    const request = work(Object.fromEntries([stores].flat().map((name) => [name, tx.objectStore(name)])));
    tx.oncomplete = () => resolve(request?.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error || new Error("the device refused to store it (is it full?)"));
  });
}

// A fresh key per rating: a UUID where the browser makes one (a secure context: https or
// loopback), else 128 random bits.
function newKey() {
  if (crypto.randomUUID) return crypto.randomUUID();
  return [...crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

// Answers that will not change by sending again: the rating is dropped (and said). Anything else
// (offline, signed out, throttled, a server or proxy failing) keeps it for later.
const refusedForGood = new Set([400, 404, 409, 422]);

class Outbox {
  count = 0;
  offline = false;
  account = null;
  #listeners = [];
  #flushing = null;

  onChange(listener) { this.#listeners.push(listener); }
  async #changed() {
    const all = await transaction("ratings", "readonly", (s) => s.ratings.getAll());
    this.count = all.filter((entry) => entry.account === this.account).length;
    for (const listener of this.#listeners) listener();
  }

  // The signed-in account (from GET /api/me). Someone else than last time on this browser: the
  // kept sessions and reads are not theirs.
  async signedIn(accountId) {
    this.account = accountId;
    const last = localStorage.getItem("primer.account");
    if (last !== String(accountId)) {
      await transaction("sessions", "readwrite", (s) => s.sessions.clear());
      await globalThis.caches?.delete("primer-api");
      localStorage.setItem("primer.account", String(accountId));
    }
    await this.#changed();
    this.flush();
  }

  // Stores a rating (and takes its item out of the kept session), then tries to send what
  // waits. Resolves once it is stored, not sent.
  async rate(subjectId, itemId, rating, durationMs) {
    const entry = { key: newKey(), account: this.account, itemId, rating, durationMs: Math.max(0, Math.round(durationMs)), ratedAt: Date.now() };
    await transaction(["ratings", "sessions"], "readwrite", (s) => {
      const kept = s.sessions.get(`${this.account}:${subjectId}`);
      kept.onsuccess = () => {
        if (!kept.result) return;
        kept.result.items = kept.result.items.filter((item) => item.item.id !== itemId);
        s.sessions.put(kept.result);
      };
      return s.ratings.add(entry);
    });
    await this.#changed();
    this.flush();
  }

  // The ids of items with a rating not yet sent (a session skips them; another tab's too).
  async waitingItems() {
    const all = await transaction("ratings", "readonly", (s) => s.ratings.getAll());
    return new Set(all.filter((entry) => entry.account === this.account).map((entry) => entry.itemId));
  }

  // Sends what waits, oldest first, one at a time (the server wants an item's reviews in
  // order); one sender at a time in this page, and across tabs where the browser has locks.
  flush() {
    if (this.account === null) return Promise.resolve();
    this.#flushing ??= (navigator.locks ? navigator.locks.request("primer-outbox", () => this.#send()) : this.#send())
      .finally(() => { this.#flushing = null; });
    return this.#flushing;
  }

  async #send() {
    const waiting = (await transaction("ratings", "readonly", (s) => s.ratings.getAll())).filter((entry) => entry.account === this.account);
    for (const entry of waiting) {
      if (!(await this.#deliver(entry))) return;
      await transaction("ratings", "readwrite", (s) => s.ratings.delete(entry.sequence));
      this.offline = false;
      await this.#changed();
    }
  }

  // True when the entry may leave the box: the server has it, or refused it for good.
  async #deliver(entry, now = false) {
    try {
      const answer = await api("POST", `/api/items/${entry.itemId}/reviews`,
        { rating: entry.rating, durationMs: entry.durationMs, ratedMsAgo: now ? 0 : Math.max(0, Date.now() - entry.ratedAt) },
        { "Idempotency-Key": entry.key });
      return answer?.item?.id === entry.itemId;
    } catch (error) {
      // A time the server cannot place (the device's clock moved while offline): sent as made now.
      if (error.status === 422 && !now) return this.#deliver(entry, true);
      if (refusedForGood.has(error.status)) { notify(error.message); return true; }
      this.offline = error.status === 0;
      await this.#changed();
      return false;
    }
  }

  // Sends what waits every few seconds while anything does (ratings another tab left, a network
  // that came back without an `online` event, a server that was restarting).
  start() {
    setInterval(async () => {
      await this.#changed();
      if (this.count > 0 && !this.#flushing) this.flush();
    }, 4000);
  }

  // A session kept for offline study: the items (with intervals) as fetched.
  saveSession(subjectId, mode, items) {
    return transaction("sessions", "readwrite", (s) => s.sessions.put({ id: `${this.account}:${subjectId}`, mode, items, savedAt: Date.now() }));
  }
  session(subjectId) { return transaction("sessions", "readonly", (s) => s.sessions.get(`${this.account}:${subjectId}`)); }

  // On log out: nothing of this account stays on the device (its ratings were sent first).
  async forget() {
    const mine = (await transaction("ratings", "readonly", (s) => s.ratings.getAll())).filter((entry) => entry.account === this.account);
    await transaction(["ratings", "sessions"], "readwrite", (s) => {
      for (const entry of mine) s.ratings.delete(entry.sequence);
      return s.sessions.clear();
    });
    await globalThis.caches?.delete("primer-api");
    localStorage.removeItem("primer.account");
    this.account = null;
    await this.#changed();
  }
}

export const outbox = new Outbox();
