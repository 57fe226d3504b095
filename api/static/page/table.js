/* Questlog's page, the table's part (issue 25, items 1-2): who holds this phone (asked once per phone, the
 * actor of what it records), an admin's invites (link, QR code drawn by Questlog's server, join code) and joined
 * phones, a new campaign from the campaigns page, and joining by code. Loaded after app.js (call, send, loadInto,
 * toast, holder...).
 */
"use strict";

async function loadTablePanel() {
  const box = document.getElementById("table-panel");
  if (!box || !cid()) return;
  await loadInto(box, box.dataset.fragment);
  drawHolder();
}

function drawHolder() {
  const form = document.querySelector("[data-holder-form]");
  const shown = document.querySelector("[data-holder-shown]");
  const fixed = document.querySelector("[data-holder-fixed]");
  if (fixed) { localStorage.setItem(`${HOLDER_KEY}.${cid()}`, fixed.dataset.holderFixed); return; }
  if (!form || !shown) return;
  const who = holder();
  form.hidden = !!who;
  shown.hidden = !who;
  shown.querySelector("[data-holder-name]").textContent = who;
  document.body.dataset.holder = who;
}

function setHolder(name) {
  const clean = (name || "").trim().slice(0, 80);
  if (!clean) return;
  localStorage.setItem(HOLDER_KEY, clean);  // the phone's holder, asked once for every campaign it opens
  localStorage.removeItem(`${HOLDER_KEY}.${cid()}`);
  toast(`This phone records as ${clean}.`);
  drawHolder();
}

async function makeInvite(form) {
  const data = new FormData(form);
  const body = { read_only: data.get("read_only") === "on", seat: data.get("seat") || null, hours: Number(data.get("hours")) };
  const out = document.querySelector("[data-invite-out]");
  const result = await send("POST", `/fragments/${cid()}/invite`, body);
  if (!result.ok) return toast(`No invite: ${errorText(result.payload)}`, true);
  out.innerHTML = result.payload;
}

async function revoke(tokenId) {
  const result = await send("DELETE", `/tokens/${encodeURIComponent(tokenId)}`);
  if (!result.ok) return toast(`Not revoked: ${errorText(result.payload)}`, true);
  toast(`Revoked: ${result.payload.label || tokenId}. That phone must be invited again.`);
  loadTablePanel();
}

async function loadNewCampaign() {
  const box = document.getElementById("new-campaign");
  if (!box || !token()) return;
  try {
    const result = await call("GET", "/fragments/new-campaign");
    if (result.ok) box.innerHTML = result.payload;  // admins only: others get a 403 and see nothing here
  } catch (error) { /* offline: no new campaign now */ }
}

function jsonField(text, name) {
  if (!text.trim()) return undefined;
  try { return JSON.parse(text); } catch (error) { throw new Error(`${name} is not JSON: ${error.message}`); }
}

async function createCampaign(form) {
  const error = form.querySelector("[data-new-error]");
  error.hidden = true;
  const data = new FormData(form);
  let body;
  try {
    body = { game: data.get("game"), name: String(data.get("name") || "").trim(), setup: jsonField(String(data.get("setup") || ""), "Setup") || {} };
    const sheet = jsonField(String(data.get("from_sheet") || ""), "The paper sheet");
    if (sheet !== undefined) body.from_sheet = sheet;
  } catch (bad) {
    error.textContent = bad.message;
    error.hidden = false;
    return;
  }
  const result = await send("POST", "/campaigns", body);
  if (!result.ok) {
    error.textContent = errorText(result.payload) + (result.payload && result.payload.fields
      ? " " + Object.entries(result.payload.fields).map(([name, said]) => `${name}: ${[].concat(said).join(" ")}`).join("; ") : "");
    error.hidden = false;
    return;
  }
  location.href = `/play/${result.payload.id}`;
}

async function joinWithCode(form) {
  const error = form.querySelector("[data-join-error]");
  error.hidden = true;
  const code = String(new FormData(form).get("code") || "").trim();
  let result;
  try {
    result = await call("POST", "/join", { code, label: "joined by code" });
  } catch (failed) {
    result = { ok: false, payload: { message: "The table's server did not answer: try again." } };
  }
  if (!result.ok) {
    error.textContent = errorText(result.payload);
    error.hidden = false;
    return;
  }
  const campaign = result.payload.campaigns[0];
  localStorage.setItem(`${TOKEN_KEY}.${campaign}`, result.payload.token);
  location.href = `/play/${campaign}`;
}

document.addEventListener("click", (event) => {
  const target = event.target.closest("button");
  if (!target) return;
  if (target.dataset.holderPick !== undefined) setHolder(target.dataset.holderPick);
  else if (target.hasAttribute("data-holder-change")) {
    localStorage.removeItem(`${HOLDER_KEY}.${cid()}`);
    localStorage.removeItem(HOLDER_KEY);
    drawHolder();
    const input = document.getElementById("holder-name");
    if (input) input.focus();
  } else if (target.dataset.revoke) revoke(target.dataset.revoke);
});

document.addEventListener("submit", (event) => {
  const form = event.target;
  const handlers = [["data-holder-form", () => setHolder(new FormData(form).get("holder"))], ["data-invite-form", () => makeInvite(form)],
                    ["data-new-campaign", () => createCampaign(form)], ["data-join-form", () => joinWithCode(form)]];
  const found = handlers.find(([attr]) => form.hasAttribute(attr));
  if (!found) return;
  event.preventDefault();
  found[1]();
});

document.addEventListener("DOMContentLoaded", () => {
  shareTokenFromFragment();  // before anything asks with the token (app.js does it again: harmless)
  if (document.body.dataset.page === "campaign") loadTablePanel();
});
