/* Questlog's page script, part 2: the action forms (generated on the server from the action catalogue).
 *
 * Dice and multiple choices are entered by tapping (kept as JSON in a hidden input); a list field is one
 * input or picker per item (never one text box split on a separator: an item is exactly one word of the CLI);
 * a form may open prefilled (a tap on the board, an owed action); the submit sends
 * the version the form was opened at and an Idempotency-Key kept across retries; the API's answers are
 * shown where they belong: field messages next to their field, rule violations and conflicts above the
 * button. Loaded after app.js, whose helpers (call, send, loadInto, refresh, toast...) it uses.
 */
"use strict";

/* The query string that prefills a form: {field: value or [items]} -> field=value&field=item... */
function prefillQuery(prefill) {
  const query = new URLSearchParams();
  Object.entries(prefill || {}).forEach(([name, value]) => {
    (Array.isArray(value) ? value : [value]).forEach((item) => query.append(name, String(item)));
  });
  const text = query.toString();
  return text ? "?" + text : "";
}

/* Open ``verb``'s form, prefilled ({field: value or [items]}). While the server answers it draws the form (prefilled
   there); out of reach, the form this phone kept (GET /fragments/ID/forms) is filled in here, so every way into an
   action (an owed-now button, a tap, the list) opens it offline too. Without a kept copy, the slot says why, in view. */
async function openForm(verb, prefill) {
  const slot = document.getElementById("form-slot");
  if (!verb) { slot.replaceChildren(); return; }
  const base = `/fragments/${cid()}/form/${encodeURIComponent(verb)}`;
  const query = prefillQuery(prefill);
  let offline = net.state !== "online" && kept.has(base);
  if (!offline) {
    const result = await loadInto(slot, base + query);
    offline = !result.ok && result.status === 0 && kept.has(base);
    if (!result.ok && result.status === 0 && !offline) {
      slot.replaceChildren(paragraph("error-box offline-note", "Offline: this form needs the server (this phone has not kept it yet). Press Retry at the top, or wait until the server answers."));
      slot.scrollIntoView({ block: "start", behavior: "instant" });
      return;
    }
  }
  if (offline) {
    slot.innerHTML = kept.get(base);
    slot.querySelectorAll("form[data-version]").forEach((el) => { el.dataset.version = String(state.version); });
  }
  const form = slot.querySelector("form");
  if (form) {
    form.dataset.key = newKey();
    form.dataset.prefill = JSON.stringify(prefill || {});
    if (offline) fillKept(form, prefill || {});
    drawAllEntered(form);
    showWhen(form);
    const first = form.querySelector("input:not([type=hidden]), select, button.pip-button");
    if (first) first.focus({ preventScroll: true });
  }
}

/* Fill a kept form with ``prefill`` as the server fills one (api/pages/routes.py _prefill); a value the kept pickers
   do not offer (the board moved since they were kept) is said on the form, not chosen silently. */
function fillKept(form, prefill) {
  form.dataset.offline = "yes";
  const missing = [];
  Object.entries(prefill).forEach(([name, value]) => {
    const field = form.querySelector(`.field[data-field="${CSS.escape(name)}"]`);
    if (!field || !fillField(field, Array.isArray(value) ? value : [value])) missing.push(`${name.replace(/_/g, " ")} “${value}”`);
  });
  const at = formsKept.at === null ? "" : ` at v${formsKept.at}`;
  const note = paragraph("note offline-note", `Offline: this is the form kept on this phone${at}; it is queued and sent when the server answers, which checks it then.`);
  form.querySelector(".help").after(note);
  if (formsKept.at !== null && formsKept.at !== state.version) {
    note.after(paragraph("error-box offline-note", `Its choices are those of v${formsKept.at}; the board moved on to v${state.version} just before the server went out of reach: check them against the board.`));
  }
  if (missing.length) note.after(paragraph("error-box offline-note", `Not among what this phone kept: ${missing.join(", ")}. Choose again below.`));
}

/* Set one field to ``values`` (its items); false when the field cannot take them (a choice it does not offer). */
function fillField(field, values) {
  const kind = field.dataset.kind;
  const text = values.map(String);
  if (kind === "dice" || kind === "multi") {
    if (kind === "multi" && text.some((v) => !field.querySelector(`[data-add="${CSS.escape(v)}"]`))) return false;
    field.querySelector("input[type=hidden]").value = JSON.stringify(kind === "dice" ? values.map(Number) : values);
    return true;
  }
  if (kind === "flag") { field.querySelector("input").checked = ["1", "true", "yes", "on"].includes(text[0]); return true; }
  if (kind === "pips") {
    const radio = field.querySelector(`input[value="${CSS.escape(text[0])}"]`);
    if (radio) radio.checked = true;
    return !!radio;
  }
  if (kind === "items") {
    const list = field.querySelector("[data-items]");
    list.replaceChildren();
    return text.map((v) => {
      const row = document.createElement("li");
      row.className = "item-row";
      row.append(field.querySelector("template[data-item-template]").content.cloneNode(true));
      list.append(row);
      return setValue(row.querySelector("[data-item]"), v);
    }).every(Boolean);
  }
  return setValue(field.querySelector("select, input"), text[0]);
}

function setValue(control, value) {
  if (control.tagName === "SELECT" && ![...control.options].some((o) => o.value === value)) return false;
  control.value = value;
  return true;
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
    button.dataset.value = String(value);  // a colour's name is drawn with its colour too (page.css)
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

/* A field the ruleset asks only for some values of another (the kit's shown_when: an exploration's token,
   only for a Room not yet explored) is hidden, and left out of what is sent, while that field holds another value. */
function showWhen(form) {
  form.querySelectorAll(".field[data-shown-when]").forEach((field) => {
    const other = form.querySelector(`.field[data-field="${CSS.escape(field.dataset.shownWhen)}"] select, .field[data-field="${CSS.escape(field.dataset.shownWhen)}"] input`);
    let values = [];
    try { values = JSON.parse(field.dataset.shownValues || "[]"); } catch (error) { values = []; }
    field.hidden = !other || !values.includes(other.value);
  });
}

document.addEventListener("change", (event) => {
  const form = event.target.closest && event.target.closest("form.action-form");
  if (form) showWhen(form);
});

/* One list item as typed or picked: kept whole ("Kinetic battery", "1,1,E"); a whole number when the items are numbers. */
function itemValue(text, numbers) {
  return numbers && /^-?\d+$/.test(text) ? Number(text) : text;
}

/* The form's fields as the API takes them; fields left empty are left out (the schema's defaults apply). */
function collect(form) {
  const fields = {};
  form.querySelectorAll(".field[data-field]").forEach((field) => {
    const name = field.dataset.field, kind = field.dataset.kind;
    if (kind === "reason" || field.hidden) return;  // a field not asked now (showWhen) sends nothing
    if (kind === "flag") { fields[name] = field.querySelector("input").checked; return; }
    const numbers = field.dataset.numbers === "yes";  // an integer field: a JSON number, never "5" (the API refuses text)
    if (kind === "dice") { const values = entered(field); if (values.length) fields[name] = values; return; }
    if (kind === "multi") { const values = entered(field); if (values.length) fields[name] = values.map((v) => itemValue(String(v), numbers)); return; }
    if (kind === "pips") { const on = field.querySelector("input:checked"); if (on) fields[name] = Number(on.value); return; }
    if (kind === "items") {
      let items = [...field.querySelectorAll("[data-items] [data-item]")].map((el) => el.value.trim()).filter(Boolean);
      if (field.dataset.split === "commas") items = items.flatMap((text) => text.split(",").map((part) => part.trim()).filter(Boolean));
      if (items.length) fields[name] = items.map((text) => itemValue(text, numbers));
      return;
    }
    const input = field.querySelector("input, select");
    const value = input.value.trim();
    if (value === "") return;
    fields[name] = itemValue(value, numbers || kind === "number");  // a number, or a picker of numbers (a board 1..3)
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
    if (!target) { loose.push(`${name.replace(/_/g, " ")}: ${pageWords(flatten(messages).join(" "))}`); return; }
    target.textContent = pageWords(flatten(messages).join(" "));
    target.hidden = false;
    const control = target.closest(".field").querySelector("input:not([type=hidden]), select, fieldset, button");
    if (control) { control.setAttribute("aria-invalid", "true"); first = first || control; }
  });
  if (first) first.focus();
  return loose;
}

/* A message in the page's words: the CLI's "--some-flag" is the form's "some flag" field. */
function pageWords(text) {
  return String(text).replace(/(^|[\s(])--([a-z][a-z0-9-]*)/g, (all, before, flag) => `${before}the “${flag.replace(/-/g, " ")}” field`);
}

function showFormError(form, text, extra) {
  const top = form.querySelector(".form-error");
  top.replaceChildren(paragraph("", pageWords(text)));
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
  const result = await send("POST", path, body, form.dataset.mode === "correct" ? undefined : form.dataset.key,
                            document.body.dataset.page === "campaign" ? redrawHeaders() : undefined);
  state.busy = false;
  button.disabled = false;
  handleResult(form, result, expected);
}

async function handleResult(form, result, expected) {
  if (result.queued) return offlineQueue.queuedResult(form, result);  // offline: kept on this phone (queue.js)
  const payload = result.payload || {};
  if (result.ok) {
    form.dataset.key = newKey();
    if (form.dataset.mode === "correct") { toast(`Corrected: now at v${payload.version}.`); return loadHistory(); }
    const title = form.querySelector(".form-head h3").textContent.trim();
    // recorded: the form closes (a second press would record twice); "Just recorded" says what it did and
    // offers what is owed next, each button prefilled for whoever owes it
    if (typeof closeTap === "function") closeTap();
    await openForm(null);
    await redrawFrom(result);
    showEffects(title, payload);
    const box = document.getElementById("effects");
    if (box) box.scrollIntoView({ block: "start", behavior: "instant" });
    const next = box && box.querySelector(".effects-acts button:not([disabled])");
    if (next) next.focus({ preventScroll: true });
    return undefined;
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


/* "Play N finished: TITLE (outcome). See its recap" (the page /play/ID/recap/N), after the action that finished it. */
function recapLink(ended) {
  const p = paragraph("effects-recap", `Play ${ended.n} finished: ${ended.title} (${ended.outcome}). `);
  const link = document.createElement("a");
  link.href = ended.page;
  link.textContent = "See its recap";
  link.dataset.recap = String(ended.n);
  p.append(link);
  return p;
}

/* What an action did, in the history's words, beside the board (never over a control), and what is owed next. */
function showEffects(title, payload) {
  const box = document.getElementById("effects");
  if (!box) return;
  const body = box.querySelector("[data-effects]");
  const head = paragraph("effects-head", `${title} · v${payload.version}${payload.duplicate ? " (already recorded: nothing new)" : ""}`);
  const list = document.createElement("ul");
  list.className = "effects-lines";
  (payload.events || []).forEach((event) => {
    const li = document.createElement("li");
    li.textContent = event.text || event.type;
    list.append(li);
  });
  if (!list.children.length) list.append(paragraph("ql-none", "Nothing changed on the board."));
  body.replaceChildren(head, list);
  /* what is owed next, item by item as the Owed box says it (each its own line, then its buttons): one run-on line of
     four obligations was hard to read at a table */
  document.querySelectorAll(".view .owed li").forEach((li, index) => {
    body.append(paragraph(index ? "effects-also" : "effects-next", (index ? "" : "Next: ") + li.querySelector("p").textContent.trim()));
    const acts = document.createElement("div");
    acts.className = "effects-acts";
    li.querySelectorAll("button[data-open-verb]").forEach((button) => {
      const copy = button.cloneNode(true);
      copy.removeAttribute("id");
      acts.append(copy);
    });
    if (acts.children.length) body.append(acts);
  });
  if (payload.play_ended) body.append(recapLink(payload.play_ended));  // the action finished a play: its recap
  box.dataset.version = String(payload.version);
  box.hidden = false;
}
