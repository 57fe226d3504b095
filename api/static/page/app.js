/* Questlog's page script: plain JavaScript, no build step (api/pages/__init__.py says what the pages are).
 *
 * - Every request carries the access token in a header (Authorization: Bearer), never a cookie: another
 *   site cannot make this browser record anything. The token is asked once and kept in localStorage; a
 *   share link's token (#token=... in the URL fragment, never sent to the server in the URL) is kept for
 *   this tab only.
 * - The page polls GET /campaigns/{id} for the version and redraws its fragments when it moves.
 * - Forms send the version they were opened at (a stale one shows the conflict, nothing is overwritten)
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

function askToken(message) {
  const dialog = document.getElementById("token-dialog");
  if (!dialog || dialog.open) return;
  const note = dialog.querySelector("p");
  if (message) note.dataset.message = message;
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
  if (payload.rule) text += " (" + payload.rule + ")";
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

/* ---------- forms ---------- */

async function openForm(verb) {
  const slot = document.getElementById("form-slot");
  if (!verb) { slot.replaceChildren(); return; }
  await loadInto(slot, `/fragments/${cid()}/form/${encodeURIComponent(verb)}`);
  const form = slot.querySelector("form");
  if (form) {
    form.dataset.key = newKey();
    drawAllEntered(form);
    const first = form.querySelector("input:not([type=hidden]), select, button.pip-button");
    if (first) first.focus();
  }
}

function entered(field) {
  const hidden = field.querySelector("input[type=hidden]");
  try { return JSON.parse(hidden.value || "[]"); } catch (error) { return []; }
}

function setEntered(field, values) {
  field.querySelector("input[type=hidden]").value = JSON.stringify(values);
  drawEntered(field);
}

function drawEntered(field) {
  const list = field.querySelector("[data-entered]");
  list.replaceChildren();
  entered(field).forEach((value, index) => {
    const li = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "entered-item";
    button.dataset.remove = String(index);
    const face = field.querySelector(`[data-add="${CSS.escape(String(value))}"]`);
    if (face) button.innerHTML = face.innerHTML; else button.textContent = String(value);
    button.setAttribute("aria-label", `remove ${field.dataset.kind === "dice" ? "die " + (index + 1) + " showing " : ""}${value}`);
    li.append(button);
    list.append(li);
  });
  if (!list.children.length) list.append(paragraph("ql-none", "none yet"));
}

function drawAllEntered(form) {
  form.querySelectorAll(".field-dice, .field-multi").forEach(drawEntered);
}

function splitList(text, numbers) {
  const parts = text.split(/[\s,]+/).map((s) => s.trim()).filter(Boolean);
  return numbers ? parts.map((s) => (/^-?\d+$/.test(s) ? Number(s) : s)) : parts;
}

/* The form's fields as the API takes them; fields left empty are left out (the schema's defaults apply). */
function collect(form) {
  const fields = {};
  form.querySelectorAll(".field[data-field]").forEach((field) => {
    const name = field.dataset.field, kind = field.dataset.kind;
    if (kind === "reason") return;
    if (kind === "flag") { fields[name] = field.querySelector("input").checked; return; }
    if (kind === "dice" || kind === "multi") { const values = entered(field); if (values.length) fields[name] = values; return; }
    if (kind === "pips") { const on = field.querySelector("input:checked"); if (on) fields[name] = Number(on.value); return; }
    const input = field.querySelector("input, select");
    const value = input.value.trim();
    if (value === "") return;
    if (kind === "number") fields[name] = /^-?\d+$/.test(value) ? Number(value) : value;
    else if (kind === "list") fields[name] = splitList(value, field.dataset.numbers === "yes");
    else fields[name] = value;
  });
  return fields;
}

function clearErrors(form) {
  form.querySelectorAll(".error").forEach((p) => { p.hidden = true; p.textContent = ""; });
  form.querySelectorAll("[aria-invalid]").forEach((el) => el.removeAttribute("aria-invalid"));
  const top = form.querySelector(".form-error");
  top.hidden = true;
  top.classList.remove("conflict");
  top.replaceChildren();
}

function flatten(messages) {
  if (Array.isArray(messages)) return messages.flatMap(flatten);
  if (messages && typeof messages === "object") {
    return Object.entries(messages).flatMap(([key, value]) => flatten(value).map((m) => (/^\d+$/.test(key) ? `item ${Number(key) + 1}: ${m}` : m)));
  }
  return [String(messages)];
}

function showFieldErrors(form, fields) {
  let first = null;
  const loose = [];
  Object.entries(fields || {}).forEach(([name, messages]) => {
    const target = form.querySelector(`[data-error-for="${CSS.escape(name)}"]`);
    if (!target) { loose.push(`${name}: ${flatten(messages).join(" ")}`); return; }
    target.textContent = flatten(messages).join(" ");
    target.hidden = false;
    const control = target.closest(".field").querySelector("input:not([type=hidden]), select, fieldset, button");
    if (control) { control.setAttribute("aria-invalid", "true"); first = first || control; }
  });
  if (first) first.focus();
  return loose;
}

function showFormError(form, text, extra) {
  const top = form.querySelector(".form-error");
  top.replaceChildren(paragraph("", text));
  (extra || []).forEach((line) => top.append(paragraph("", line)));
  top.hidden = false;
}

async function submitForm(form) {
  clearErrors(form);
  const expected = Number(form.dataset.version);
  const digital = form.querySelector("[name=__digital]");
  let path, body;
  if (form.dataset.mode === "correct") {
    path = `/campaigns/${cid()}/corrections`;
    body = { action_id: form.dataset.actionId, fields: collect(form), reason: form.querySelector("[name=__reason]").value.trim(), expected_version: expected };
  } else {
    path = `/campaigns/${cid()}/actions/${encodeURIComponent(form.dataset.verb)}`;
    body = { fields: collect(form), expected_version: expected };
    if (digital && digital.checked) body.digital = true;
  }
  const button = form.querySelector("button[type=submit]");
  button.disabled = true;
  state.busy = true;
  const result = await send("POST", path, body, form.dataset.mode === "correct" ? undefined : form.dataset.key);
  state.busy = false;
  button.disabled = false;
  handleResult(form, result, expected);
}

async function handleResult(form, result, expected) {
  const payload = result.payload || {};
  if (result.ok) {
    form.dataset.key = newKey();
    toast(form.dataset.mode === "correct" ? `Corrected: now at v${payload.version}.` : `Recorded ${payload.verb} at v${payload.version}${payload.duplicate ? " (already recorded: nothing new)" : ""}.`);
    if (form.dataset.mode === "correct") return loadHistory();
    await refresh();
    return openForm(form.dataset.verb);
  }
  if (payload.error === "stale_version") {
    form.dataset.key = newKey();
    showFormError(form, `Not recorded: someone else recorded first. This form was opened at v${expected}; the campaign is now at v${payload.current_version}.`,
                  ["The board shows the newer state. Check it, then press the button again to record at v" + payload.current_version + "."]);
    form.querySelector(".form-error").classList.add("conflict");
    form.dataset.version = String(payload.current_version);
    if (document.body.dataset.page === "history") return loadHistoryKeepingForm(form);
    return refresh();
  }
  if (payload.error === "invalid_input") {
    const loose = showFieldErrors(form, payload.fields);
    return showFormError(form, errorText(payload), loose);
  }
  form.dataset.key = newKey();
  showFormError(form, errorText(payload));
}

async function loadHistoryKeepingForm(form) {
  const slot = form.parentElement;
  const holder = document.createDocumentFragment();
  holder.append(form);
  await loadHistory();
  const again = document.querySelector(`[data-correct="${CSS.escape(form.dataset.actionId)}"]`);
  if (again) again.nextElementSibling.append(holder); else slot.append(holder);
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
