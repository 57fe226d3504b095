/* Questlog's offline queue (DESIGN.md § The table page, Offline; issue 25, item 4): plain JavaScript over IndexedDB
 * (the vendored `idb` wrapper, api/static/vendor/idb/), no service worker needed.
 *
 * - An action recorded while the server cannot be reached (or while earlier ones still wait) is kept with its
 *   Idempotency-Key and the version it was decided at, drawn as pending ("offline, 3 actions waiting").
 * - When the server answers again they are sent in order: the first at the version it was decided at, each next one
 *   at the version the one before it led to. The key makes a resend after a lost answer record once.
 * - A refusal (409: someone recorded first, a reveal sealed it; 422: the rules) stops the queue: the newer board is
 *   drawn with what still waits, to resend at the new version or drop. Nothing is dropped or reordered silently.
 * - A --digital roll needs the server (Questlog rolls it): never queued. Undo while actions wait takes back the
 *   phone's own latest waiting action, never anything already stored.
 * Loaded after app.js (call, send, refresh, toast, state, net...).
 */
"use strict";

const offlineQueue = (() => {
  const DB = "questlog-offline", STORE = "actions";
  let opened = null, flushing = false, counter = 0;

  function db() {
    if (!opened) {
      opened = idb.openDB(DB, 1, {
        upgrade(database) {
          const store = database.createObjectStore(STORE, { keyPath: "key" });
          store.createIndex("campaign", "campaign");
        },
      });
    }
    return opened;
  }

  async function entries() {
    if (!cid()) return [];
    const all = await (await db()).getAllFromIndex(STORE, "campaign", cid());
    return all.sort((a, b) => a.seq - b.seq);
  }

  async function put(entry) { return (await db()).put(STORE, entry); }
  async function remove(key) { return (await db()).delete(STORE, key); }

  /* Whether a new action must wait behind others (or the server is known to be unreachable). */
  async function mustWait() {
    return net.state !== "online" || (await entries()).length > 0;
  }

  function line(body, path) {
    const verb = decodeURIComponent(path.split("/actions/")[1] || (body && body.verb) || "action");
    const values = Object.values((body && body.fields) || {}).map((v) => (Array.isArray(v) ? v.join(" ") : String(v)));
    return [verb, ...values].join(" ");
  }

  async function add(method, path, body, key) {
    if (body && body.digital) {
      return { status: 0, ok: false, payload: { error: "needs_server",
        message: "A digital roll needs the server (Questlog rolls it): roll the dice at the table and enter them, or wait until the server answers." } };
    }
    const known = (await entries()).find((e) => e.key === key);
    if (!known) {
      const decidedAt = body && body.expected_version !== undefined ? body.expected_version : state.version;
      await put({ key, campaign: cid(), seq: Date.now() * 1000 + (counter++ % 1000), method, path, body, decidedAt,
                  line: line(body, path), status: "waiting", holder: holder() });
    }
    await draw();
    const waiting = (await entries()).length;
    if (net.state === "online") setTimeout(flush, 0);
    return { status: 0, ok: false, queued: true, payload: { error: "queued",
      message: `Kept on this phone: it is sent when the server answers (${waiting} waiting).` } };
  }

  /* Send what waits, in order, until the queue is empty, the server is out of reach, or a refusal stops it. */
  async function flush() {
    if (flushing || !cid()) return;
    flushing = true;
    let moved = false;
    try {
      for (;;) {
        const entry = (await entries())[0];
        if (!entry || entry.status !== "waiting") break;  // stopped: the person decides (resend or drop)
        const body = Object.assign({}, entry.body, { expected_version: entry.decidedAt });
        let result;
        try {
          result = await call(entry.method, entry.path, body, { "Idempotency-Key": entry.key });
        } catch (error) {
          break;  // still unreachable: the next reconnect tries again
        }
        if (result.ok) {
          moved = true;
          await remove(entry.key);
          for (const later of await entries()) await put(Object.assign(later, { decidedAt: result.payload.version }));
          continue;
        }
        if (result.status === 0 || result.status >= 500) break;
        entry.status = result.status === 409 ? "conflict" : "refused";
        entry.error = result.payload || {};
        await put(entry);
        moved = true;
        break;
      }
    } finally {
      flushing = false;
    }
    if (moved) await refresh();
    await draw();
  }

  /* After a conflict or a refusal: send what waits again at the version the board now shows. */
  async function resend() {
    for (const entry of await entries()) await put(Object.assign(entry, { status: "waiting", error: null, decidedAt: state.version }));
    await flush();
  }

  async function drop(key) {
    const entry = (await entries()).find((e) => e.key === key);
    if (!entry) return;
    await remove(key);
    toast(`Dropped from this phone: ${entry.line}. It was never recorded.`);
    await draw();
  }

  /* Undo while actions wait: the phone's own latest waiting action leaves the queue. True when one did. */
  async function undoWaiting() {
    const all = await entries();
    if (!all.length) return false;
    const last = all[all.length - 1];
    await remove(last.key);
    toast(`Taken back from this phone (never recorded): ${last.line}.`);
    await draw();
    return true;
  }

  function panel() {
    return pageBox("queue-panel", "section", "queue-panel", { "aria-live": "polite", "aria-label": "Actions waiting on this phone" },
                   (box) => document.getElementById("main").before(box));
  }

  async function draw() {
    const all = await entries();
    const box = panel();
    box.dataset.waiting = String(all.length);
    box.hidden = all.length === 0;
    box.replaceChildren();
    if (!all.length) { if (window.drawNet) drawNet(); return; }
    const undo = document.getElementById("undo-button"), what = document.getElementById("undo-what");
    if (undo && what) {  // undo now takes back this phone's latest waiting action, nothing stored
      undo.removeAttribute("aria-disabled");
      what.textContent = `Takes back from this phone (not recorded yet): ${all[all.length - 1].line}`;
    }
    const stopped = all.find((e) => e.status !== "waiting");
    const head = paragraph("queue-head", `${net.state === "online" ? "" : "offline, "}${all.length} action${all.length === 1 ? "" : "s"} waiting on this phone`);
    box.append(head);
    if (stopped) {
      const error = stopped.error || {};
      const why = error.error === "stale_version" ? `Someone recorded first: the campaign is at v${error.current_version}, this phone decided at v${stopped.decidedAt}.`
                : `Refused: ${errorText(error)}`;
      const p = paragraph("error-box queue-conflict", `${why} The board shows the newer state; nothing below was recorded.`);
      p.dataset.conflict = error.error || "refused";
      box.append(p);
    }
    const list = document.createElement("ol");
    list.className = "queue-list";
    all.forEach((entry) => {
      const li = document.createElement("li");
      li.className = `pending ${entry.status}`;
      li.dataset.key = entry.key;
      li.append(document.createTextNode(`${entry.line} — ${entry.status === "waiting" ? "waiting" : entry.status === "conflict" ? "not recorded (conflict)" : "not recorded (refused)"}`));
      const dropButton = document.createElement("button");
      dropButton.type = "button";
      dropButton.dataset.queueDrop = entry.key;
      dropButton.textContent = "Drop";
      dropButton.setAttribute("aria-label", `Drop ${entry.line}`);
      li.append(" ", dropButton);
      list.append(li);
    });
    box.append(list);
    if (stopped) {
      const again = document.createElement("button");
      again.type = "button";
      again.className = "primary";
      again.dataset.queueResend = "";
      again.textContent = `Resend ${all.length === 1 ? "it" : "all " + all.length} at v${state.version}`;
      box.append(again);
    }
    if (window.drawNet) drawNet();
  }

  /* forms.js: what a queued submit shows (the form closes; the queue panel lists it). */
  function queuedResult(form, result) {
    form.dataset.key = newKey();
    toast(result.payload.message);
    form.remove();
  }

  document.addEventListener("click", (event) => {
    const target = event.target.closest("button");
    if (!target) return;
    if (target.dataset.queueDrop !== undefined) drop(target.dataset.queueDrop);
    else if (target.dataset.queueResend !== undefined) resend();
  });
  onNet((shown) => { if (shown === "online") flush(); else draw(); });
  document.addEventListener("DOMContentLoaded", () => { if (cid()) draw().then(() => { if (net.state === "online") flush(); }); });

  return { add, mustWait, flush, resend, drop, undoWaiting, draw, entries, queuedResult };
})();
window.offlineQueue = offlineQueue;
