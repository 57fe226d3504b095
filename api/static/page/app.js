/* Questlog's page script: plain JavaScript, no build step (api/pages/__init__.py says what the pages are).
 *
 * - Every request carries the access token in a header (Authorization: Bearer), never a cookie: another
 *   site cannot make this browser record anything. The token is asked once and kept in localStorage; a
 *   share link's token (#token=... in the URL fragment, never sent to the server in the URL) is kept for
 *   this tab only.
 * - The page polls GET /campaigns/{id} for the version and redraws its fragments when it moves.
 * - Forms (forms.js) send the version they were opened at (a stale one shows the conflict, nothing is overwritten)
 *   and an Idempotency-Key kept across retries, so a retried submit never records twice.
 */
"use strict";

const TOKEN_KEY = "questlog.token";
const state = { version: null, view: null, polling: null, busy: false };

/* ---------- tokens ---------- */

function shareTokenFromFragment() {
  const match = /(?:^#|&)token=([^&]+)/.exec(location.hash);
  if (!match) return;
  sessionStorage.setItem(TOKEN_KEY, decodeURIComponent(match[1]));
  window.history.replaceState(null, "", location.pathname + location.search);
}

function token() {
  return sessionStorage.getItem(TOKEN_KEY) || localStorage.getItem(TOKEN_KEY) || "";
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
    toast("The token is forgotten on this device.");
  }
}

/* ---------- requests ---------- */

function newKey() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);  // works on a plain-http table server, unlike crypto.randomUUID
  return "page-" + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function call(method, path, body, extraHeaders) {
  const headers = Object.assign({ Accept: "application/json, text/html" }, extraHeaders || {});
  if (token()) headers.Authorization = "Bearer " + token();
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body),
                                       credentials: "omit", cache: "no-store" });
  const type = response.headers.get("Content-Type") || "";
  const payload = type.includes("json") ? await response.json() : await response.text();
  if (response.status === 401) askToken();
  return { status: response.status, ok: response.ok, payload };
}

/* Calls that change something: retried once after a dropped connection with the same Idempotency-Key. */
async function send(method, path, body, key) {
  const headers = key ? { "Idempotency-Key": key } : {};
  try {
    return await call(method, path, body, headers);
  } catch (error) {
    await new Promise((resolve) => setTimeout(resolve, 800));
    try {
      return await call(method, path, body, headers);
    } catch (again) {
      return { status: 0, ok: false, payload: { error: "network", message: "The table's server did not answer. Press again: it will not record twice." } };
    }
  }
}

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
      return result;
    }
    if (result.status !== 401) element.innerHTML = "";
    if (result.status !== 401) element.append(paragraph("error-box", errorText(result.payload)));
    if (result.status === 401) element.replaceChildren(paragraph("note", "This page needs an access token: tap Token at the top."));
    return result;
  } catch (error) {
    element.replaceChildren(paragraph("error-box", "Could not reach the table's server; retrying."));
    return { ok: false, status: 0 };
  }
}

function paragraph(cls, text) {
  const p = document.createElement("p");
  p.className = cls;
  p.textContent = text;
  return p;
}

function toast(text, bad) {
  const box = document.getElementById("toast");
  box.textContent = text;
  box.classList.toggle("bad", !!bad);
  box.classList.add("show");
  clearTimeout(box.timer);
  box.timer = setTimeout(() => box.classList.remove("show"), 6000);
}

/* ---------- fragments ---------- */

const cid = () => document.body.dataset.campaign;

async function refresh(all) {
  const page = document.body.dataset.page;
  if (page === "campaigns") return markShown(await loadInto(document.getElementById("campaigns"), "/fragments/campaigns"));
  if (page === "history") return loadHistory();
  if (page === "audit") return all ? markShown(await loadAudit("")) : null;
  if (page === "stats") return loadStats();
  if (state.view === null) state.view = new URLSearchParams(location.search).get("view") || "";
  const board = document.getElementById("board");
  const result = await loadInto(board, board.dataset.fragment + (state.view ? "/" + encodeURIComponent(state.view) : ""));
  const shown = board.querySelector(".view");
  if (!shown) return result;
  state.version = Number(shown.dataset.version);
  state.view = shown.dataset.view;  // without ?view=, the game's main view
  markStaleForms();
  await Promise.all([loadInto(document.getElementById("controls"), `/fragments/${cid()}/controls`),
                     loadInto(document.getElementById("actions"), `/fragments/${cid()}/actions`)]);
  document.body.dataset.shown = String(state.version);  // every fragment now drawn at this version
  return result;
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

async function loadStats() {
  const box = document.getElementById("stats");
  const result = await loadInto(box, `/fragments/${cid()}/stats`);
  const shown = box.querySelector(".stats");
  if (shown) state.version = Number(shown.dataset.version);  // the page redraws when the campaign moves
  return markShown(result);
}

async function loadAudit(query) {
  const box = document.getElementById("audit");
  return loadInto(box, `/fragments/${cid()}/audit${query ? "?" + query : ""}`);
}

async function poll() {
  if (document.hidden || state.busy || !cid()) return;
  try {
    const result = await call("GET", `/campaigns/${cid()}`);
    if (!result.ok || result.payload.version === state.version || state.version === null) return;
    if (document.body.dataset.page === "history" && document.querySelector("form.action-form")) {
      state.version = result.payload.version;  // keep the open correction form; its submit will show the conflict
      return markStaleForms();
    }
    await refresh();
  } catch (error) { /* the next poll tries again */ }
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
  const expected = Number(button.dataset.expected);
  state.busy = true;
  const result = await send("POST", `/campaigns/${cid()}/${kind}`, { expected_version: expected });
  state.busy = false;
  const payload = result.payload || {};
  if (result.ok) {
    const what = payload.action ? payload.action.summary : "";
    toast(`${kind === "undo" ? "Undone" : "Redone"}: ${what} (now v${payload.version}).`);
  } else if (payload.error === "stale_version") {
    toast(`Not ${kind === "undo" ? "undone" : "redone"}: the campaign moved on to v${payload.current_version} meanwhile. Look at the board, then try again.`, true);
  } else {
    toast(`Refused: ${errorText(payload)}`, true);
  }
  return refresh();
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
  if (cid()) state.polling = setInterval(poll, Number(document.body.dataset.poll) || 1500);
  document.addEventListener("visibilitychange", poll);
}

document.addEventListener("DOMContentLoaded", start);
