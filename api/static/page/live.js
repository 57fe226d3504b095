/* Questlog's page, live part (issue 25, items 3-5): the campaign's server-sent events read with fetch() (the token
 * in the Authorization header, never in a URL: EventSource cannot send one), polling as the fallback with back-off
 * while the server is unreachable, the connection state on every page (online, reconnecting, offline since HH:MM
 * in the phone's time, with Retry), and in a secure context only (HTTPS or localhost) the service worker and the
 * screen kept awake. Loaded after app.js and queue.js.
 */
"use strict";

const live = { connected: false, abort: null, lastId: null, retryMs: 1000, timer: null };
const POLL_LIVE_MS = 15000;  // with the stream open, a slow safety poll only

/* ---------- the event stream ---------- */

function parseEvents(buffer, onEvent) {
  const blocks = buffer.split(/\r?\n\r?\n/);
  const rest = blocks.pop();
  for (const block of blocks) {
    const event = { id: null, type: "message", data: "" };
    for (const raw of block.split(/\r?\n/)) {
      if (!raw || raw.startsWith(":")) continue;
      const at = raw.indexOf(":");
      const field = at < 0 ? raw : raw.slice(0, at);
      const value = at < 0 ? "" : raw.slice(at + 1).replace(/^ /, "");
      if (field === "id") event.id = value;
      else if (field === "event") event.type = value;
      else if (field === "data") event.data += (event.data ? "\n" : "") + value;
    }
    if (event.data || event.id) onEvent(event);
  }
  return rest;
}

function onStreamEvent(event) {
  if (event.id) live.lastId = event.id;
  let data = {};
  try { data = JSON.parse(event.data || "{}"); } catch (error) { return; }
  document.body.dataset.liveVersion = String(data.version);
  if (event.type !== "hello" && data.line) document.body.dataset.liveLine = data.line;
  if (state.version !== null && data.version !== state.version && !state.busy) poll(true);
}

async function openStream() {
  if (!cid() || !window.ReadableStream || live.abort) return;
  const abort = new AbortController();
  live.abort = abort;
  const headers = { Accept: "text/event-stream" };
  if (token()) headers.Authorization = "Bearer " + token();
  if (live.lastId) headers["Last-Event-ID"] = live.lastId;
  let retryAfter = live.retryMs;
  try {
    const response = await fetch(`/campaigns/${cid()}/events`, { headers, credentials: "omit", cache: "no-store", signal: abort.signal });
    if (response.status === 503) retryAfter = 30000;  // the server holds as many streams as it may: poll meanwhile
    if (response.ok && response.body) {
      live.connected = true;
      live.retryMs = 1000;
      setNet("online");
      drawNet();
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer = parseEvents(buffer + value, onStreamEvent);
      }
      retryAfter = 200;  // a stream ends by itself now and then: reopen at once with Last-Event-ID
    }
  } catch (error) {
    if (!abort.signal.aborted) setNet("failed");
  }
  live.connected = false;
  live.abort = null;
  drawNet();
  if (abort.signal.aborted) return;
  live.retryMs = Math.min(30000, live.retryMs * 2);
  clearTimeout(live.timer);
  live.timer = setTimeout(openStream, retryAfter);
}

/* ---------- polling with back-off ---------- */

function pollDelay() {
  const base = Number(document.body.dataset.poll) || 1500;
  if (net.state !== "online") return Math.min(30000, 1000 * 2 ** Math.min(net.failures, 5));
  return live.connected ? POLL_LIVE_MS : base;
}

function schedulePoll() {
  clearTimeout(state.polling);
  if (!cid()) return;
  state.polling = setTimeout(async () => { await poll(); schedulePoll(); }, pollDelay());
}

async function retryNow() {
  drawNet("checking");
  try {
    await call("GET", cid() ? `/campaigns/${cid()}` : "/rulesets");
  } catch (error) { /* still unreachable: the state says so */ }
  drawNet();
  if (net.state === "online") {
    await refresh(true);
    if (!live.abort) openStream();
    offlineQueue.flush();
  }
  schedulePoll();
}

/* ---------- the connection bar ---------- */

function netBar() {
  return pageBox("net", "div", "net", { role: "status" }, (bar) => document.querySelector("header.top").after(bar));
}

function hhmm(date) {
  return date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

async function drawNet(checking) {
  const bar = netBar();
  const waiting = cid() ? (await offlineQueue.entries()).length : 0;
  const shown = checking ? "reconnecting" : net.state;
  bar.dataset.state = shown;
  bar.dataset.live = live.connected ? "yes" : "no";
  const words = { online: live.connected ? "Online · live" : "Online", reconnecting: "Reconnecting…",
                  offline: `Offline since ${net.since ? hhmm(net.since) : hhmm(new Date())}` }[shown];
  const text = words + (waiting ? ` — ${waiting} action${waiting === 1 ? "" : "s"} waiting` : "");
  bar.replaceChildren(paragraph("net-text", text));
  // out of reach, the bar stays in view under the header (page.css): what scrolls into view clears both
  const head = document.querySelector("header.top");
  const root = document.documentElement.style;
  root.setProperty("--head", `${head ? head.getBoundingClientRect().height : 0}px`);
  root.setProperty("--netbar", shown === "online" ? "0px" : "3.2rem");
  if (shown !== "online") {
    const retry = document.createElement("button");
    retry.type = "button";
    retry.dataset.retry = "";
    retry.textContent = "Retry";
    bar.append(retry);
  }
}
window.drawNet = drawNet;

/* ---------- secure context only: offline shell, installing, screen awake ---------- */

async function secureExtras() {
  if (!window.isSecureContext) return;
  if ("serviceWorker" in navigator) {
    try { await navigator.serviceWorker.register("/sw.js", { scope: "/" }); } catch (error) { /* the page works without it */ }
  }
  if (cid() && "wakeLock" in navigator && location.protocol === "https:") {
    const keep = async () => { try { if (!document.hidden) await navigator.wakeLock.request("screen"); } catch (error) { /* refused: fine */ } };
    keep();
    document.addEventListener("visibilitychange", keep);
  }
}

document.addEventListener("click", (event) => {
  const target = event.target.closest("button[data-retry]");
  if (target) retryNow();
});
onNet(() => { drawNet(); schedulePoll(); if (net.state === "online" && !live.abort) openStream(); });
window.addEventListener("online", retryNow);
document.addEventListener("DOMContentLoaded", () => { drawNet(); secureExtras(); });
