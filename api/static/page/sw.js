/* Questlog's service worker (issue 25, item 4): registered only in a secure context (HTTPS or localhost), so a
 * reload works with the server out of reach. It keeps the page's shell (the pages, scripts, styles, icons) and the
 * last copy of each fragment and campaign read it saw; with the network gone it answers from those copies, marked
 * `X-Questlog-Offline: 1` so the page still says it is offline. Writes and the event stream are never cached:
 * the offline queue (queue.js) keeps actions, in IndexedDB, with or without this worker.
 */
"use strict";

const CACHE = "questlog-shell-v1";
const SHELL = ["/", "/join", "/manifest.webmanifest", "/static/page/page.css", "/static/page/app.js", "/static/page/forms.js",
               "/static/page/queue.js", "/static/page/live.js", "/static/page/table.js", "/static/vendor/idb/umd.js",
               "/static/page/icon-192.png", "/static/page/icon-512.png"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

function kept(request) {
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return false;
  if (url.pathname.endsWith("/events")) return false;  // the live stream: never from a cache
  return request.mode === "navigate" || url.pathname.startsWith("/static/") || url.pathname.startsWith("/fragments/")
    || url.pathname.startsWith("/page/styles/")  // a game's board CSS (its ruleset's): the last board stays styled offline
    || /^\/campaigns\/[^/]+$/.test(url.pathname) || url.pathname === "/manifest.webmanifest";
}

function offlineCopy(response) {
  const headers = new Headers(response.headers);
  headers.set("X-Questlog-Offline", "1");
  return response.blob().then((body) => new Response(body, { status: response.status, statusText: response.statusText, headers }));
}

/* Network first: the table's state changes all the time; the copy is only for when the server cannot answer. */
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (!kept(request)) return;
  const key = new Request(new URL(request.url).href);  // one copy per URL, whatever the headers
  event.respondWith(
    fetch(request).then((response) => {
      if (response.ok) {
        const copy = response.clone();
        caches.open(CACHE).then((cache) => cache.put(key, copy));
      }
      return response;
    }).catch(async () => {
      const cache = await caches.open(CACHE);
      const found = await cache.match(key);
      // a campaign page never opened here has no copy: another campaign's would name that campaign (and carry its
      // board, drawn by the server), so none is shown in its place
      return found ? offlineCopy(found) : Response.error();
    }),
  );
});
