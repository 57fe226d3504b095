/* Questlog's page script: plain JavaScript, no build step (api/pages/__init__.py says what the pages are).
 *
 * - Every request carries the access token in a header (Authorization: Bearer), never a cookie: another
 *   site cannot make this browser record anything. The token is asked once and kept in localStorage; a
 *   share link's token (#token=... in the URL fragment, never sent to the server in the URL) is kept for
 *   this tab only.
 * - The page reads the campaign's event stream (live.js) and redraws its fragments when the version moves;
 *   polling GET /campaigns/{id} is the fallback. Every request times out and moves the connection state.
 * - Actions recorded while the server is out of reach wait in the offline queue (queue.js).
 * - Forms (forms.js) send the version they were opened at (a stale one shows the conflict, nothing is overwritten)
 *   and an Idempotency-Key kept across retries, so a retried submit never records twice.
 */
"use strict";

const TOKEN_KEY = "questlog.token";
const state = { version: null, view: null, polling: null, busy: false };

/* ---------- tokens ---------- */

/* An invite or share link carries its token in the fragment (#token=..., never sent in a URL): kept for this tab and,
   for this campaign, on this phone (a reload or a later visit needs no typing), then removed from the address bar. */
function shareTokenFromFragment() {
  const match = /(?:^#|&)token=([^&]+)/.exec(location.hash);
  if (!match) return;
  const value = decodeURIComponent(match[1]);
  sessionStorage.setItem(TOKEN_KEY, value);
  if (cid()) localStorage.setItem(`${TOKEN_KEY}.${cid()}`, value);
  window.history.replaceState(null, "", location.pathname + location.search);
}

function token() {
  return sessionStorage.getItem(TOKEN_KEY) || (cid() && localStorage.getItem(`${TOKEN_KEY}.${cid()}`)) || localStorage.getItem(TOKEN_KEY) || "";
}

function askToken() {
  const dialog = document.getElementById("token-dialog");
  if (!dialog || dialog.open) return;
  document.getElementById("token-input").value = "";
  dialog.showModal();
}

function onTokenDialogClose() {
  const dialog = document.getElementById("token-dialog");
  const value = document.getElementById("token-input").value.trim();
  if (dialog.returnValue === "save" && value) {
    localStorage.setItem(TOKEN_KEY, value);
    sessionStorage.removeItem(TOKEN_KEY);
    refresh(true);
  } else if (dialog.returnValue === "forget") {
    localStorage.removeItem(TOKEN_KEY);
    sessionStorage.removeItem(TOKEN_KEY);
    if (cid()) localStorage.removeItem(`${TOKEN_KEY}.${cid()}`);
    rememberForPage();
    toast("The token is forgotten on this device.");
  }
}

/* The campaign page's first screen is drawn by the server when the page's request may read it (api/pages/screen.py):
   the token this page holds is kept as a SameSite=Strict cookie on this campaign's page path only, which the server
   reads to draw that page and for nothing else (fetch() never sends it: credentials "omit"); forgetting the token
   forgets it too. */
function rememberForPage() {
  if (!cid() || document.body.dataset.page !== "campaign") return;
  const value = token();
  const scope = `; path=/play/${cid()}; samesite=strict${location.protocol === "https:" ? "; secure" : ""}`;
  const keep = value && /^[A-Za-z0-9._~-]{1,200}$/.test(value);
  document.cookie = keep ? `questlog_page=${value}${scope}; max-age=2592000` : `questlog_page=${scope}; max-age=0`;
}

/* ---------- requests: every one times out; failures move the connection state (live.js draws it) ---------- */

const TIMEOUT_MS = { GET: 8000, POST: 10000 };
const net = { state: "online", since: null, failures: 0, listeners: [] };

function setNet(next) {
  if (next === "online") net.failures = 0; else net.failures += 1;
  const shown = next === "online" ? "online" : (net.failures >= 2 ? "offline" : "reconnecting");
  if (shown !== "online" && net.since === null) net.since = new Date();
  if (shown === "online") net.since = null;
  const changed = shown !== net.state;
  net.state = shown;
  if (changed) net.listeners.forEach((fn) => fn(shown));
}

function onNet(fn) { net.listeners.push(fn); }

function newKey() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);  // works on a plain-http table server, unlike crypto.randomUUID
  return "page-" + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function call(method, path, body, extraHeaders) {
  const headers = Object.assign({ Accept: "application/json, text/html" }, extraHeaders || {});
  if (token()) headers.Authorization = "Bearer " + token();
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), TIMEOUT_MS[method] || TIMEOUT_MS.POST);
  let response, payload;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body),
                                   credentials: "omit", cache: "no-store", signal: abort.signal });
    const type = response.headers.get("Content-Type") || "";
    payload = type.includes("json") ? await response.json() : await response.text();
  } catch (error) {
    setNet("failed");
    throw error;
  } finally {
    clearTimeout(timer);
  }
  const stale = response.headers.get("X-Questlog-Offline") === "1";  // the service worker's last copy: the server is gone
  setNet(stale || (response.status >= 502 && response.status !== 503) ? "failed" : "online");  // 502/504: a proxy, server gone
  if (response.status === 401) askToken();
  return { status: response.status, ok: response.ok, payload };
}

const HOLDER_KEY = "questlog.holder";
/* Who holds this phone (asked once per phone, table.js): the actor of what it records, undoes and redoes. A seat
   invite fixes it for its campaign (questlog.holder.ID); otherwise the phone's one answer holds in every campaign. */
function holder() { return cid() ? localStorage.getItem(`${HOLDER_KEY}.${cid()}`) || localStorage.getItem(HOLDER_KEY) || "" : ""; }

function isWrite(path) { return /\/campaigns\/[^/]+\/(actions|undo|redo|corrections)/.test(path); }

/* Calls that change something: the phone's holder added as the actor; an action the server cannot be reached for
   (or recorded while others wait) goes into the offline queue (queue.js) with its Idempotency-Key; anything else
   is retried once after a dropped connection with the same key. Returns {status, ok, payload} (queued: true,
   status 0 when kept on this phone). */
async function send(method, path, body, key, extraHeaders) {
  if (body && typeof body === "object" && isWrite(path) && holder() && body.actor === undefined) body = Object.assign({}, body, { actor: holder() });
  const queueable = window.offlineQueue && key && /\/actions(\/|$)/.test(path);
  if (queueable && (await offlineQueue.mustWait())) return offlineQueue.add(method, path, body, key);
  const headers = Object.assign(key ? { "Idempotency-Key": key } : {}, extraHeaders || {});
  try {
    return await call(method, path, body, headers);
  } catch (error) {
    await new Promise((resolve) => setTimeout(resolve, 800));
    try {
      return await call(method, path, body, headers);
    } catch (again) {
      if (queueable) return offlineQueue.add(method, path, body, key);
      return { status: 0, ok: false, payload: { error: "network", message: "The table's server did not answer. Press again: it will not record twice." } };
    }
  }
}

/* A fragment last drawn by the server, kept in memory by path: offline, forms and the board still open. */
const kept = new Map();

function errorText(payload) {
  if (typeof payload === "string") return "The server answered with an error.";
  let text = payload.message || payload.error || "Refused.";
  if (payload.rule && !text.includes(payload.rule)) text += " (" + payload.rule + ")";  // cite the rule once
  return text;
}

async function loadInto(element, path) {
  try {
    const result = await call("GET", path);
    if (result.ok && typeof result.payload === "string") {
      element.innerHTML = result.payload;
      kept.set(path, result.payload);
      return result;
    }
    if (result.status !== 401) element.innerHTML = "";
    if (result.status !== 401) element.append(paragraph("error-box", errorText(result.payload)));
    if (result.status === 401) element.replaceChildren(paragraph("note", "This page needs an access token: tap Token at the top."));
    return result;
  } catch (error) {
    if (kept.has(path)) {
      element.innerHTML = kept.get(path);
      element.querySelectorAll("[data-version]").forEach((el) => { if (el.matches("form")) el.dataset.version = String(state.version); });
      return { ok: true, status: 0, offline: true, payload: kept.get(path) };
    }
    element.replaceChildren(paragraph("error-box", "Could not reach the table's server; retrying."));
    return { ok: false, status: 0 };
  }
}

/* The element with ``id``, made once as a <tag> with ``cls`` and ``attributes``, placed by ``place(element)``: the
   connection bar (live.js) and the offline queue's panel (queue.js). */
function pageBox(id, tag, cls, attributes, place) {
  let box = document.getElementById(id);
  if (box) return box;
  box = document.createElement(tag);
  box.id = id;
  box.className = cls;
  for (const [name, value] of Object.entries(attributes)) box.setAttribute(name, value);
  place(box);
  return box;
}

function paragraph(cls, text) {
  const p = document.createElement("p");
  p.className = cls;
  p.textContent = text;
  return p;
}

/* Say what an action did (or why not) where the player is: just above the Undo / Redo bar (page.css), for 6 s (10 s for
   a refusal, which takes longer to read), or until tapped. While it shows, the body's bottom padding grows by its
   height (--toast), so it never hides the page's end. */
function toast(text, bad) {
  const box = document.getElementById("toast");
  box.textContent = text;
  box.classList.toggle("bad", !!bad);
  box.classList.add("show");
  box.title = "Tap to dismiss";
  padForToast(box);
  clearTimeout(box.timer);
  box.timer = setTimeout(() => hideToast(box), bad ? 10000 : 6000);
}

function hideToast(box) {
  clearTimeout(box.timer);
  box.classList.remove("show");
  padForToast(box);
}

function padForToast(box) {
  const height = box.classList.contains("show") ? box.getBoundingClientRect().height : 0;
  document.documentElement.style.setProperty("--toast", `${Math.ceil(height)}px`);
}

document.addEventListener("click", (event) => {
  const box = event.target.closest && event.target.closest("#toast");
  if (box) hideToast(box);
});

/* ---------- fragments ---------- */

const cid = () => document.body.dataset.campaign;

async function refresh(all) {
  const page = document.body.dataset.page;
  if (page === "join") return markShown({});
  if (page === "campaigns") {
    if (all && typeof loadNewCampaign === "function") await loadNewCampaign();  // at once with a token just entered (table.js)
    return markShown(await loadInto(document.getElementById("campaigns"), "/fragments/campaigns"));
  }
  if (page === "history") return loadHistory();
  if (page === "audit") return all ? markShown(await loadAudit("")) : null;
  if (page === "stats") return loadStats();
  if (page === "recap") return loadStats("recap");
  if (state.view === null) state.view = new URLSearchParams(location.search).get("view") || "";
  if (!state.started) {
    state.started = true;
    if (document.querySelector("#board .view")) return keepDrawn(screenShown({ ok: true, status: 200 }));  // drawn by the server
  }
  return loadScreen();
}

function screenPath() { return `/fragments/${cid()}/screen${state.view ? "?view=" + encodeURIComponent(state.view) : ""}`; }

/* The server-drawn first screen, kept like a fetched one (offline, the board stays). */
function keepDrawn(result) {
  const part = (id) => document.getElementById(id).innerHTML;
  kept.set(screenPath(), { version: state.version, board: part("board"), controls: part("controls"), actions: part("actions") });
  return result;
}

/* The board, the controls and the picker in one request (GET /fragments/ID/screen), kept for when the server is out of
   reach; a refusal or a lost connection is said where the board goes. */
async function loadScreen() {
  const path = screenPath();
  const board = document.getElementById("board");
  let result;
  try {
    result = await call("GET", path);
  } catch (error) {
    if (kept.has(path)) return drawScreen(kept.get(path), { ok: true, status: 0, offline: true }, true);
    board.replaceChildren(paragraph("error-box", "Could not reach the table's server; retrying."));
    return { ok: false, status: 0 };
  }
  if (result.ok && result.payload && typeof result.payload.board === "string") {
    kept.set(path, result.payload);
    return drawScreen(result.payload, result);
  }
  if (result.status === 401) board.replaceChildren(paragraph("note", "This page needs an access token: tap Token at the top."));
  else board.replaceChildren(paragraph("error-box", errorText(result.payload)));
  return result;
}

/* Draw a screen ({version, board, controls, actions}: GET /fragments/ID/screen, or a write's answer's "redraw"); one
   older than the board shown (a slow answer overtaken by a newer one) is left out. */
function drawScreen(parts, result, offline) {
  if (!offline && state.version !== null && parts.version < state.version) return result;
  document.getElementById("board").innerHTML = parts.board;
  document.getElementById("controls").innerHTML = parts.controls;
  document.getElementById("actions").innerHTML = parts.actions;
  if (offline) document.querySelectorAll("#board form[data-version], #actions form[data-version]").forEach((el) => { el.dataset.version = String(state.version); });
  return screenShown(result);
}

function screenShown(result) {
  const shown = document.querySelector("#board .view");
  if (!shown) return result;
  state.version = Number(shown.dataset.version);
  state.view = shown.dataset.view;  // without ?view=, the game's main view
  gameStyles(shown.dataset.game);
  markStaleForms();
  document.body.dataset.shown = String(state.version);  // every part now drawn at this version
  rememberForPage();
  keepFormsSoon();
  return result;
}

/* The drawn board's own stylesheet (its ruleset's, GET /page/styles/GAME.css), linked once in the head: the page's
   page.css names no game. */
function gameStyles(game) {
  if (!game) return;
  const href = `/page/styles/${encodeURIComponent(game)}.css`;
  const link = document.getElementById("game-styles");
  if (link && link.getAttribute("href") === href) return;
  const made = link || document.head.appendChild(Object.assign(document.createElement("link"), { rel: "stylesheet", id: "game-styles" }));
  made.setAttribute("href", href);
}

/* A write the page sends asks for the redrawn screen in its answer (one round trip); without it, one refresh. */
function redrawHeaders() { return { "X-Questlog-Redraw": state.view || "" }; }

function redrawFrom(result) {
  const parts = result && result.ok && result.payload && result.payload.redraw;
  return parts ? drawScreen(parts, result) : refresh();
}

/* Tell whoever watches (people's assistive tools do not need it; the browser tests do) that the page is drawn. */
function markShown(result) {
  document.body.dataset.shown = String(state.version === null ? "page" : state.version);
  return result;
}

async function loadHistory(page) {
  const box = document.getElementById("history");
  const result = await loadInto(box, `/fragments/${cid()}/history?page=${page || box.dataset.page || 1}`);
  const shown = box.querySelector(".history");
  if (shown) state.version = Number(shown.dataset.version);
  document.body.dataset.shown = String(state.version);
  return result;
}

async function loadStats(part) {  // the Stats tab, or a play's recap (part "recap": its path is in the shell)
  const box = document.getElementById(part || "stats");
  const result = await loadInto(box, part ? box.dataset.fragment : `/fragments/${cid()}/stats`);
  const shown = box.querySelector(".stats");
  if (shown) state.version = Number(shown.dataset.version);  // the page redraws when the campaign moves
  return markShown(result);
}

async function loadAudit(query) {
  const box = document.getElementById("audit");
  return loadInto(box, `/fragments/${cid()}/audit${query ? "?" + query : ""}`);
}

/* Ask the campaign's version and redraw when it moved (the stream says when; polling is the fallback). */
async function poll(force) {
  if ((document.hidden && !force) || state.busy || !cid()) return;
  try {
    const result = await call("GET", `/campaigns/${cid()}`);
    if (!result.ok || result.payload.version === state.version || state.version === null) return;
    if (document.body.dataset.page === "history" && document.querySelector("form.action-form")) {
      state.version = result.payload.version;  // keep the open correction form; its submit will show the conflict
      return markStaleForms();
    }
    await refresh();
  } catch (error) { /* the connection state says so; the next poll (backing off) tries again */ }
}

/* Every action's form and what a tap on each kind of thing offers, kept for when the server is out of reach (one
   request: GET /fragments/ID/forms), so forms and taps still open offline, filled in on this phone (forms.js). Many
   pickers follow the state (the dice a character still has, who is in play): the set is fetched when the page opens
   and again once the campaign has stayed at a new version for ``formsKept.quietMs`` (one request per quiet spell,
   not one per action: the set is the heaviest answer the page asks for), so what a phone kept when the Wi-Fi drops
   is the board it last saw settle, and a kept form says which version it was drawn at. */
const formsKept = { at: null, loading: false, timer: null, quietMs: 20000 };

function whenIdle(fn) { if (window.requestIdleCallback) requestIdleCallback(fn); else setTimeout(fn, 500); }

function keepFormsSoon() {
  clearTimeout(formsKept.timer);
  if (formsKept.at === state.version) return;
  if (formsKept.at === null) whenIdle(prefetchForms);
  else formsKept.timer = setTimeout(() => whenIdle(prefetchForms), formsKept.quietMs);
}

async function prefetchForms() {
  if (formsKept.loading || !cid() || net.state !== "online" || state.version === null || formsKept.at === state.version) return;
  formsKept.loading = true;
  let result;
  try {
    result = await call("GET", `/fragments/${cid()}/forms`);
  } catch (error) { return; } finally { formsKept.loading = false; }
  if (!result.ok || !result.payload || typeof result.payload.forms !== "object") return;
  const prefix = `/fragments/${cid()}/form/`;
  for (const path of [...kept.keys()]) if (path.startsWith(prefix) && path.includes("?")) kept.delete(path);  // prefilled at an older board
  for (const [verb, html] of Object.entries(result.payload.forms)) kept.set(prefix + encodeURIComponent(verb), html);
  state.taps = result.payload.taps || {};  // what a tap offers, for a tap while the server is out of reach (board.js)
  state.tapsChecked = result.payload.checked || {};  // ... and for each thing of the board, checked at this version
  formsKept.at = result.payload.version;
  document.body.dataset.formsKept = String(kept.size);  // every form is now at hand offline
  document.body.dataset.formsAt = String(formsKept.at);  // ... with the pickers of this version
  if (formsKept.at !== state.version) keepFormsSoon();  // the campaign moved while they were drawn
}

function markStaleForms() {
  document.querySelectorAll("form.action-form").forEach((form) => {
    const stale = form.querySelector(".stale");
    const opened = Number(form.dataset.version);
    if (state.version !== null && opened !== state.version) {
      stale.textContent = `The campaign moved on to v${state.version} since this form was opened at v${opened}. Recording it will show what changed first.`;
      stale.hidden = false;
    }
  });
}

/* ---------- undo, redo, share ---------- */

async function undoRedo(kind, button) {
  if (kind === "undo" && window.offlineQueue && (await offlineQueue.undoWaiting())) return;  // only this phone's waiting action
  if (net.state !== "online") return sayAtControls(`Offline: ${kind} needs the server${kind === "undo" ? " (nothing of this phone's waits to take back)" : ""}. Press Retry at the top, or wait until the server answers.`);
  const expected = Number(button.dataset.expected);
  state.busy = true;
  const result = await send("POST", `/campaigns/${cid()}/${kind}`, { expected_version: expected }, undefined, redrawHeaders());
  state.busy = false;
  const payload = result.payload || {};
  if (result.ok) {
    const shown = document.getElementById(`${kind}-what`);  // what the bar said it would take back, in the page's words
    const what = (shown && shown.dataset.said) || (payload.action ? payload.action.summary : "");  // the same action: the version was checked
    toast(`${kind === "undo" ? "Undone" : "Redone"}: ${what} (now v${payload.version}).`);
  } else if (payload.error === "stale_version") {
    toast(`Not ${kind === "undo" ? "undone" : "redone"}: the campaign moved on to v${payload.current_version} meanwhile. Look at the board, then try again.`, true);
  } else {
    const why = document.getElementById(`${kind}-what`);  // the bar's own reason, in the page's words, when it is this one
    toast(`Refused: ${why && why.dataset.code && why.dataset.code === payload.error ? why.textContent.trim() : errorText(payload)}`, true);
  }
  return redrawFrom(result);
}

/* A refusal said in the Undo / Redo bar itself (beside the button pressed, as the toast above the bar is too); gone
   when the bar is drawn again. */
function sayAtControls(text) {
  const bar = document.getElementById("controls");
  const note = bar.querySelector(".controls-note") || paragraph("error-box controls-note", "");
  note.textContent = text;
  note.setAttribute("role", "alert");
  bar.prepend(note);
  clearTimeout(note.timer);
  note.timer = setTimeout(() => note.remove(), 8000);
}

async function share() {
  const result = await send("POST", "/tokens", { campaigns: [cid()], read_only: true, label: "share link" });
  if (!result.ok) return toast(`No share link: ${errorText(result.payload)}`, true);
  const box = document.querySelector(".share-out");
  const input = document.getElementById("share-link");
  input.value = `${location.origin}/play/${cid()}#token=${encodeURIComponent(result.payload.token)}`;
  box.hidden = false;
  input.select();
}

/* A recap file (GET .../recap?format=html|png|svg) fetched with the token's header, then saved by the browser under
   the button's data-filename: a plain link could not carry the token. Says so when refused or out of reach. */
async function download(button) {
  const headers = token() ? { Authorization: "Bearer " + token() } : {};
  let response;
  try {
    response = await fetch(button.dataset.download, { headers, credentials: "omit", cache: "no-store" });
  } catch (error) { return toast("Not downloaded: the table's server did not answer.", true); }
  if (!response.ok) return toast(`Not downloaded: the server answered ${response.status}.`, true);
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement("a"), { href: url, download: button.dataset.filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
  toast(`Downloaded ${button.dataset.filename}.`);
}

/* ---------- events ---------- */

function onClick(event) {
  const target = event.target.closest("button");
  if (!target) return;
  const form = target.closest("form");
  const field = target.closest(".field");
  if (target.dataset.add !== undefined && field) {
    const values = entered(field);
    values.push(field.dataset.kind === "dice" ? Number(target.dataset.add) : target.dataset.add);
    setEntered(field, values);
  } else if (target.dataset.remove !== undefined && field) {
    const values = entered(field);
    values.splice(Number(target.dataset.remove), 1);
    setEntered(field, values);
    const pad = field.querySelector(".pad button");
    if (pad) pad.focus();
  } else if (target.hasAttribute("data-clear") && field) {
    setEntered(field, []);
  } else if (target.hasAttribute("data-close") && form) {
    form.remove();
  } else if (target.dataset.verb) {
    openForm(target.dataset.verb);
  } else if (target.dataset.viewChoice) {
    state.view = target.dataset.viewChoice;
    window.history.replaceState(null, "", `?view=${encodeURIComponent(state.view)}`);
    refresh();
  } else if (target.hasAttribute("data-undo") || target.hasAttribute("data-redo")) {
    undoRedo(target.hasAttribute("data-undo") ? "undo" : "redo", target);
  } else if (target.hasAttribute("data-share")) {
    share();
  } else if (target.dataset.copy) {
    const input = document.getElementById(target.dataset.copy);
    input.select();
    if (navigator.clipboard) navigator.clipboard.writeText(input.value).then(() => toast("Link copied."), () => toast("Select the link and copy it."));
  } else if (target.dataset.correct) {
    const slot = target.nextElementSibling;
    loadInto(slot, `/fragments/${cid()}/correct/${encodeURIComponent(target.dataset.correct)}`).then(() => drawAllEntered(slot));
  } else if (target.dataset.historyPage) {
    document.getElementById("history").dataset.page = target.dataset.historyPage;
    loadHistory(target.dataset.historyPage);
  } else if (target.dataset.download) {
    download(target);
  } else if (target.id === "token-button") {
    askToken();
  }
}

function onSubmit(event) {
  const form = event.target;
  if (form.classList.contains("action-form")) {
    event.preventDefault();
    submitForm(form);
  } else if (form.hasAttribute("data-audit-filters")) {
    event.preventDefault();
    const query = new URLSearchParams(new FormData(form)).toString();
    loadAudit(query);
  }
}

function onChange(event) {
  if (event.target.matches("[data-verb-select]")) openForm(event.target.value);
}

async function start() {
  shareTokenFromFragment();
  document.addEventListener("click", onClick);
  document.addEventListener("submit", onSubmit);
  document.addEventListener("change", onChange);
  document.getElementById("token-dialog").addEventListener("close", onTokenDialogClose);
  const page = document.body.dataset.page;
  await refresh(true);
  if (cid()) { schedulePoll(); openStream(); }
  document.addEventListener("visibilitychange", () => poll());
}

document.addEventListener("DOMContentLoaded", start);
