/* Questlog's page script, part 3: the board as the control (tap to act), steppers, list items, local times.
 *
 * The contract with the rulesets' drawings (README § The table page, "Tap to act"): an element of a drawn
 * board with data-kind="KIND" data-id="ID" (a <button type="button">, or role="button" tabindex="0") is a
 * thing the table can act on. Tapping it loads /fragments/{campaign}/tap/KIND/ID: the actions whose field
 * picks from KIND, asked of the ruleset's legality query with that field set to ID (a dry run); choosing one
 * opens its form with the field filled in (/fragments/{campaign}/form/VERB?FIELD=ID). An optional
 * data-context="KIND:ID ..." names what the thing belongs to (a die's character): those fields are filled too.
 * Buttons anywhere with
 * data-open-verb="VERB" data-prefill='{"field": value}' open a form the same way (the "Owed now" box).
 * Loaded after app.js (call, loadInto, cid, paragraph) and forms.js (openForm).
 */
"use strict";

const TAPPABLE = ".view-body [data-kind][data-id]";
const tapped = { kind: null, id: null, context: "" };

async function openTap(element) {
  const slot = document.getElementById("tap-slot");
  if (!slot) return;
  tapped.kind = element.dataset.kind;
  tapped.id = element.dataset.id;
  tapped.context = element.dataset.context || "";
  markTapped();
  const pairs = (element.dataset.context || "").split(/\s+/).filter(Boolean);
  const context = pairs.map((c) => "context=" + encodeURIComponent(c)).join("&");
  const result = net.state === "online"
    ? await loadInto(slot, `/fragments/${cid()}/tap/${encodeURIComponent(tapped.kind)}/${encodeURIComponent(tapped.id)}${context ? "?" + context : ""}`)
    : { ok: false, status: 0 };
  if (!result.ok && result.status === 0 && !(await drawCheckedTap(slot, pairs))) drawOfflineTap(slot, element, pairs);
  slot.scrollIntoView({ block: "start", behavior: "instant" });
  const title = slot.querySelector("#tap-title");
  if (title) title.focus({ preventScroll: true });
}

/* A tap while the server is out of reach on a thing the board drew when this phone last kept the forms: what the server
   offered for it then, checked against the rules at that version (GET /fragments/ID/forms' "checked"), with a note
   saying which version, and what the check does not include (the actions waiting on this phone, a board that moved
   on since). False when nothing was kept for it. */
async function drawCheckedTap(slot, pairs) {
  const html = (state.tapsChecked || {})[`${tapped.kind}|${tapped.id}|${pairs.join(" ")}`];
  if (!html) return false;
  slot.innerHTML = html;
  const box = slot.querySelector(".tap");
  box.dataset.offline = "yes";
  box.dataset.checkedAt = String(formsKept.at);
  const waiting = (await offlineQueue.entries()).length;
  const since = [waiting ? `the ${waiting} action${waiting === 1 ? "" : "s"} waiting on this phone` : "",
                 formsKept.at !== state.version ? `the board's v${state.version}` : ""].filter(Boolean);
  const text = `Offline: checked against the rules at v${formsKept.at}, the board this phone last kept` +
    (since.length ? `, not including ${since.join(" or ")}: the server checks each again when it answers.` : ". The server checks what you record again when it answers.");
  box.querySelector(".form-head").after(paragraph(`${since.length ? "error-box" : "note"} offline-note`, text));
  return true;
}

/* A tap while the server is out of reach: the actions this phone kept for the thing's kind (GET /fragments/ID/forms'
   "taps"), each opening its kept form with the thing (and what it belongs to) filled in, as the server would offer
   them but unchecked (the legality query needs the server: it checks each when the queue is sent). Without them, the
   tap says so where the offers would be. */
function drawOfflineTap(slot, element, pairs) {
  const decl = (state.taps || {})[tapped.kind];
  const name = (element.getAttribute("aria-label") || element.textContent.trim() || tapped.id).replace(/\s*\(tap[^)]*\)$/, "");
  const box = document.createElement("div");
  box.className = "tap";
  box.dataset.offline = "yes";
  const head = document.createElement("div");
  head.className = "form-head";
  const title = document.createElement("h3");
  title.id = "tap-title";
  title.tabIndex = -1;
  title.textContent = name;
  const close = document.createElement("button");
  close.type = "button";
  close.className = "quiet";
  close.dataset.closeTap = "";
  close.textContent = "Close";
  head.append(title, close);
  box.append(head);
  if (!decl || !decl.offers.length) {
    box.append(paragraph("error-box offline-note", `Offline: what ${name} can do needs the server (this phone has not kept it). Press Retry at the top, or wait until the server answers.`));
    return slot.replaceChildren(box);
  }
  box.append(paragraph("error-box offline-note", "Offline: not checked against the rules yet. What you record waits on this phone and the server checks it when it answers."));
  const context = Object.fromEntries(pairs.filter((c) => c.includes(":")).map((c) => [c.slice(0, c.indexOf(":")), c.slice(c.indexOf(":") + 1)]));
  const owed = owedVerbs(tapped.kind === "character" ? tapped.id : context.character);
  const first = decl.offers.filter((o) => owed.has(o.verb)), rest = decl.offers.filter((o) => !owed.has(o.verb));
  if (first.length) box.append(offerList(first, context, `What ${name} owes now`, true));
  if (!rest.length) return slot.replaceChildren(box);
  const more = document.createElement("details");
  more.className = "not-now";
  more.open = !first.length;
  const summary = document.createElement("summary");
  summary.textContent = `Everything a ${decl.label} may do (${rest.length})`;
  more.append(summary, offerList(rest, context, `What ${name} may do`, false));
  box.append(more);
  slot.replaceChildren(box);
}

/* The verbs the board's "Owed now" box (drawn at the version shown) offers to ``who`` or to the whole table. */
function owedVerbs(who) {
  const items = [...document.querySelectorAll(".view .owed li[data-owed-who]")].filter((li) => !li.dataset.owedWho || li.dataset.owedWho === who);
  // another seat's owed actions are drawn disabled, without data-open-verb: never promoted as this phone's
  return new Set(items.flatMap((li) => [...li.querySelectorAll("button[data-open-verb]:not([disabled])")].map((b) => b.dataset.openVerb)));
}

function offerList(offers, context, label, owed) {
  const list = document.createElement("ul");
  list.className = "offers";
  list.setAttribute("aria-label", label);
  offers.forEach((offer) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = owed ? "offer owed-offer" : "offer";
    button.dataset.openVerb = offer.verb;
    button.dataset.prefill = JSON.stringify(tapPrefill(offer, context));
    button.textContent = offer.label;
    if (owed) { button.dataset.owed = "yes"; button.append(" ", Object.assign(document.createElement("span"), { className: "ql-badge ql-gold", textContent: "owed now" })); }
    const li = document.createElement("li");
    li.append(button);
    list.append(li);
  });
  return list;
}

/* The fields a kept tap offer fills: the tapped thing in its field, what it belongs to in theirs (as api/pages/acts.py
   tap_offers fills them; a list field takes one item). */
function tapPrefill(offer, context) {
  const prefill = {};
  for (const [field, pick] of Object.entries(offer.picks)) {
    const value = field === offer.field ? tapped.id : context[pick.kind];
    if (value !== undefined) prefill[field] = pick.list ? [value] : value;
  }
  return prefill;
}

function closeTap() {
  const slot = document.getElementById("tap-slot");
  if (slot) slot.replaceChildren();
  tapped.kind = tapped.id = null;
  markTapped();
}

/* The tapped thing stays marked on the board, also after the board is drawn again. */
function markTapped() {
  document.querySelectorAll(`${TAPPABLE}[aria-current]`).forEach((el) => el.removeAttribute("aria-current"));
  if (!tapped.kind) return;
  document.querySelectorAll(TAPPABLE).forEach((el) => {
    if (el.dataset.kind === tapped.kind && el.dataset.id === tapped.id && (el.dataset.context || "") === tapped.context) el.setAttribute("aria-current", "true");
  });
}

async function openOffered(button) {
  let prefill = {};
  try { prefill = JSON.parse(button.dataset.prefill || "{}"); } catch (error) { prefill = {}; }
  await openForm(button.dataset.openVerb, prefill);
  const form = document.querySelector("#form-slot form");
  if (form) form.scrollIntoView({ block: "start", behavior: "instant" });
}

/* A number stepper's − and +: one less or more, kept within the field's minimum and maximum. At its bound a tap changes
   nothing (no value outside the range is ever shown, not for a moment); an empty field counts as 0; a value typed
   outside the range is brought back to it when the field is left (clampTyped). */
function step(button) {
  const input = document.getElementById(button.getAttribute("aria-controls"));
  if (!input) return;
  const by = Number(button.dataset.step);
  const low = input.min === "" ? -Infinity : Number(input.min), high = input.max === "" ? Infinity : Number(input.max);
  const typed = Number(input.value);
  const now = input.value.trim() === "" || !Number.isFinite(typed) ? null : typed;
  const next = Math.min(high, Math.max(low, (now === null ? 0 : now) + by));  // empty counts as 0, then kept in range
  if (now !== null && next === now) return;  // at the bound: nothing changes
  input.value = String(next);
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

function clampTyped(event) {
  const input = event.target;
  if (!input.matches || !input.matches(".stepper input[type=number]") || input.value.trim() === "") return;
  const value = Number(input.value);
  if (!Number.isFinite(value)) return;
  const low = input.min === "" ? -Infinity : Number(input.min), high = input.max === "" ? Infinity : Number(input.max);
  const kept = Math.min(high, Math.max(low, Math.round(value)));
  if (kept !== value) input.value = String(kept);
}

function addItem(button) {
  const field = button.closest(".field");
  const list = field.querySelector("[data-items]");
  const row = document.createElement("li");
  row.className = "item-row";
  row.append(field.querySelector("template[data-item-template]").content.cloneNode(true));
  list.append(row);
  const n = list.children.length;
  row.querySelectorAll("[aria-label]").forEach((el) => el.setAttribute("aria-label", el.getAttribute("aria-label").replace(/item new$/, `item ${n}`)));
  row.querySelector("[data-item]").focus();
}

function removeItem(button) {
  const row = button.closest(".item-row");
  const list = row.parentElement;
  row.remove();
  const next = list.querySelector("[data-item]") || list.closest(".field").querySelector("[data-add-item]");
  if (next) next.focus();
}

/* Times are sent as ISO 8601 with their offset; each phone shows its own local time. */
function localTimes(root) {
  root.querySelectorAll("time[data-local]").forEach((el) => {
    const when = new Date(el.getAttribute("datetime"));
    if (Number.isNaN(when.getTime())) return;
    el.textContent = when.toLocaleString([], { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
    el.removeAttribute("data-local");
    el.dataset.shownLocal = "yes";
  });
}

/* The body's bottom padding follows the Undo / Redo bar's height (--bar), so the bar never covers the page's end. */
function padForBar() {
  const bar = document.getElementById("controls");
  const measure = () => document.documentElement.style.setProperty("--bar", `${bar ? bar.getBoundingClientRect().height : 0}px`);
  measure();
  if (bar && typeof ResizeObserver === "function") new ResizeObserver(measure).observe(bar);
}

function onBoardClick(event) {
  const what = event.target.closest(".ur .what");
  if (what) { what.classList.toggle("open"); return; }  // a reason shown on one line: tap it for the whole text
  const thing = event.target.closest(TAPPABLE);
  if (thing) { event.preventDefault(); openTap(thing); return; }
  const button = event.target.closest("button");
  if (!button) return;
  if (button.dataset.openVerb) openOffered(button);
  else if (button.hasAttribute("data-close-tap")) closeTap();
  else if (button.dataset.step) step(button);
  else if (button.hasAttribute("data-add-item")) addItem(button);
  else if (button.hasAttribute("data-remove-item")) removeItem(button);
}

function onBoardKey(event) {
  if (event.key !== "Enter" && event.key !== " ") return;
  const thing = event.target.closest(TAPPABLE);
  if (!thing || thing.tagName === "BUTTON") return;  // a <button> clicks by itself
  event.preventDefault();
  openTap(thing);
}

/* Back online: a tap drawn offline is asked of the server again (now checked against the rules), and a kept form's
   "queued" note goes (its submit is sent at once now). */
function backOnline(shown) {
  if (shown !== "online") return;
  document.querySelectorAll("#form-slot form .note.offline-note").forEach((note) => note.remove());
  if (!document.querySelector('#tap-slot .tap[data-offline="yes"]')) return;
  const again = [...document.querySelectorAll(TAPPABLE)].find((el) => el.dataset.kind === tapped.kind && el.dataset.id === tapped.id && (el.dataset.context || "") === tapped.context);
  if (again) openTap(again); else closeTap();
}

function startBoard() {
  onNet(backOnline);
  document.addEventListener("click", onBoardClick);
  document.addEventListener("keydown", onBoardKey);
  document.addEventListener("change", clampTyped);
  localTimes(document);
  padForBar();
  new MutationObserver(() => { localTimes(document); markTapped(); }).observe(document.getElementById("main"), { childList: true, subtree: true });
}

document.addEventListener("DOMContentLoaded", startBoard);
