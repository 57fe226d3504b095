"""Figure 14: the table's page on a phone (issue 29, item 3), in Debian's Chromium through Playwright with a phone
profile: a 390 x 844 viewport, the CPU slowed 4x (``Emulation.setCPUThrottlingRate``) and a slow-3G-like network
(``Network.emulateNetworkConditions``: :data:`LATENCY_MS` of latency, :data:`THROUGHPUT` bytes/s each way).

Each game gets a campaign from one of its example scripts (``questlog play``), then, with the API in this process
(werkzeug, threaded, auth off) and every request from the throttled page:

- *first board*: a fresh browser context (empty cache, no service worker) opens ``/play/ID``; the time from
  navigation to the first drawn board (the later of the first contentful paint and the moment the board, the controls
  and the picker are all in the document, drawn by the server or by the script) and the bytes on the wire (every
  response's encoded length, the forms kept for offline use left out) against a *static page of the same bytes from
  the same server*: one HTML document of that many bytes that does not compress, served by a WSGI layer in front of
  the app, timed to its ``load`` event;
- *tap to board*: a tap on Undo (or Redo when nothing is undoable) to the redrawn board, against the bare API round
  trip (``fetch`` of the same ``POST .../undo`` from the same page, then its redo the same way);
- *idle*: the bytes per minute an open page costs doing nothing (``idle_seconds`` watched), against one poll's
  bytes (``GET /campaigns/ID`` as the page sends it) times the polls a minute at the page's interval: reported only.
"""

from __future__ import annotations

import logging
import os
import re
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from .common import Row, median, time_row

CHROMIUM = os.environ.get("QUESTLOG_CHROMIUM", "/usr/bin/chromium")
PHONE = {"width": 390, "height": 844}
CPU_SLOWDOWN = 4
LATENCY_MS = 400
THROUGHPUT = 400 * 1024 // 8
"""Bytes per second each way: 400 kbit/s, Chrome's "Slow 3G" of old with its 400 ms round trip."""
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SCRIPTS = {"nanolith": "campaign-full.ql", "tamashii": "body-market-and-break.ql", "nemesis": "full-game.ql",
           "nin-gonost": "full-game.ql", "nanobot-battle-arena": "full-game.ql"}
STATIC = "/bench-static/"
POLL_SECONDS = 1.5
"""The page's poll interval (``app.js``: ``data-poll`` or 1,500 ms)."""

_WATCH = """(() => {
  // from the document's start: when the first screen (the board, the undo / redo controls, the picker) is in the DOM,
  // drawn by the server in the HTML or by the script's fragments
  const seen = () => { const b = document.querySelector('#board .view'), c = document.getElementById('controls'), a = document.getElementById('actions');
                       return b && c && c.childElementCount && a && a.childElementCount; };
  const watch = new MutationObserver(() => { if (window.__screenAt === undefined && seen()) { window.__screenAt = performance.now(); watch.disconnect(); } });
  watch.observe(document, {childList: true, subtree: true});
})();"""
_PAINTED = """async () => {
  // the first board on screen: the later of the first contentful paint and the screen's arrival in the DOM (a paint
  // before it did not show the board; the one after it comes within a frame)
  const fcp = () => (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime;
  while (window.__screenAt === undefined || fcp() === undefined) await new Promise((r) => setTimeout(r, 20));
  return Math.max(fcp(), window.__screenAt);
}"""
_SHOWN = """() => new Promise((resolve) => {
  const done = () => { const v = document.body && document.body.dataset.shown;
                       return v && v !== "page" ? performance.now() : null; };
  const now = done(); if (now !== null) return resolve(now);
  const watch = new MutationObserver(() => { const t = done(); if (t !== null) { watch.disconnect(); resolve(t); } });
  watch.observe(document.documentElement, {attributes: true, subtree: true, attributeFilter: ["data-shown"]});
})"""
_TAP = """async (id) => {
  const before = document.body.dataset.shown, button = document.getElementById(id);
  const redrawn = new Promise((resolve) => {
    const watch = new MutationObserver(() => { const v = document.body.dataset.shown;
      if (v !== before && v !== "page") { watch.disconnect(); resolve(performance.now()); } });
    watch.observe(document.body, {attributes: true, attributeFilter: ["data-shown"]});
  });
  const start = performance.now(); button.click();
  const answer = await Promise.race([redrawn, new Promise((r) => setTimeout(() => r(null), 15000))]);
  if (answer === null) throw new Error(`no redraw in 15 s; the page says: ${document.getElementById('toast').textContent} `
                                       + `(connection: ${(document.getElementById('net') || {}).textContent})`);
  return answer - start;
}"""
_API = """async ([cid, kind]) => {
  const seen = await (await fetch(`/campaigns/${cid}`, {cache: "no-store"})).json();
  const start = performance.now();
  const answer = await fetch(`/campaigns/${cid}/${kind}`, {method: "POST", cache: "no-store",
    headers: {"Content-Type": "application/json", "Accept": "application/json"}, body: JSON.stringify({expected_version: seen.version})});
  const body = await answer.json();
  return [performance.now() - start, answer.status, body.version];
}"""


def _static_layer(app: Any) -> Any:
    """A WSGI app answering ``/bench-static/N`` with an HTML document of exactly N bytes that gzip cannot shrink
    (so it is sent as it is), everything else by ``app``."""
    import base64

    def layer(environ: dict[str, Any], start_response: Any) -> Any:
        path = environ.get("PATH_INFO", "")
        if not path.startswith(STATIC):
            return app(environ, start_response)
        size = int(path[len(STATIC):])
        head, tail = b"<!doctype html><title>static</title><p>", b"</p>"
        filler = base64.b64encode(os.urandom(size))[:max(0, size - len(head) - len(tail))]
        body = head + filler + tail
        start_response("200 OK", [("Content-Type", "text/html"), ("Content-Length", str(len(body))), ("Cache-Control", "no-store")])
        return [body]

    return layer


def _campaigns(url: str, workdir: Path) -> dict[str, str]:
    """One campaign per game, each played from its example script by the installed ``questlog``: game -> id."""
    from .common import open_app

    for game, script in SCRIPTS.items():
        path = EXAMPLES / game / script
        named = workdir / f"phone-{game}.ql"  # campaign names are unique in a store: each script's gets its game's name
        named.write_text(re.sub(r'^new (\S+) "([^"]*)"', lambda m: f'new {m[1]} "{m[2]} ({game})"', path.read_text(), flags=re.M))
        subprocess.run([str(Path(sys.executable).with_name("questlog")), "--db", url, "play", str(named)], check=True,
                       capture_output=True, timeout=600, cwd=workdir)
    app = open_app(url)
    try:
        found: dict[str, str] = {}
        for entry in app.campaigns():
            found[entry["game"]] = entry["id"]  # the latest of each game
        return found
    finally:
        app.close()


class Phone:
    """A throttled browser context on one page, counting the bytes its responses took on the wire."""

    def __init__(self, browser: Any) -> None:
        # no service worker: a phone on the table's plain-HTTP address has none (no secure context), and a worker's own
        # requests would pass neither this page's throttling nor its byte count (127.0.0.1 is a secure context)
        self.context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, service_workers="block")
        self.page = self.context.new_page()
        self.bytes = 0
        cdp = self.context.new_cdp_session(self.page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": LATENCY_MS,
                                                      "downloadThroughput": THROUGHPUT, "uploadThroughput": THROUGHPUT})
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
        cdp.on("Network.dataReceived", self._chunk)
        cdp.on("Network.loadingFinished", self._count)
        self.counted: dict[str, int] = {}
        self.aside: set[str] = set()  # the forms kept for offline use: loaded once the page is idle, not for its first screen
        self.aside_bytes = 0
        cdp.on("Network.requestWillBeSent", self._request)
        self.cdp = cdp
        self.requests: list[str] = []
        self.context.add_init_script(_WATCH)

    def _request(self, params: dict[str, Any]) -> None:
        if params["request"]["url"].endswith("/forms"):
            self.aside.add(params["requestId"])
        self.requests.append(f"{params['request']['method']} {params['request']['url'].split('/', 3)[-1]}")

    def _chunk(self, params: dict[str, Any]) -> None:
        """Bytes as they arrive (the live stream never finishes, so its bytes come only this way)."""
        got = int(params.get("encodedDataLength", 0))
        self.counted[params["requestId"]] = self.counted.get(params["requestId"], 0) + got
        self._add(params["requestId"], got)

    def _count(self, params: dict[str, Any]) -> None:
        """A finished response's whole encoded length (headers too), less what its chunks already counted."""
        self._add(params["requestId"], max(0, int(params.get("encodedDataLength", 0)) - self.counted.pop(params["requestId"], 0)))

    def _add(self, request_id: str, got: int) -> None:
        if request_id in self.aside:
            self.aside_bytes += got
        else:
            self.bytes += got

    def close(self) -> None:
        self.context.close()


def run(store: str, workdir: Path, url: str, repeats: int, idle_seconds: float, **_: Any) -> list[Row]:
    """Open each game's page ``repeats`` times fresh, tap Undo/Redo ``repeats`` times, watch an idle page."""
    from playwright.sync_api import sync_playwright
    from werkzeug.serving import make_server

    from api import create_app
    from infrastructure.runtime import open_questlog

    logging.getLogger("werkzeug").setLevel(logging.WARNING)  # one line per request otherwise
    games = _campaigns(url, workdir)
    questlog = open_questlog(url)
    server = make_server("127.0.0.1", 0, _static_layer(create_app(config={"QUESTLOG_AUTH": "off"}, questlog=questlog)), threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_port}"
    rows: list[Row] = []
    fig = "14 the page on a phone"
    profile = f"390x844, CPU /{CPU_SLOWDOWN}, {LATENCY_MS} ms and {THROUGHPUT * 8 // 1024} kbit/s each way"
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-dev-shm-usage"])
            taps: list[float] = []
            trips: list[float] = []
            for game, cid in games.items():
                board, scripted, sent, static, static_sent = [], [], [], [], []
                for _ in range(repeats):
                    phone = Phone(browser)
                    phone.page.goto(f"{base}/play/{cid}", wait_until="commit")
                    board.append(phone.page.evaluate(_PAINTED) / 1000)
                    scripted.append(phone.page.evaluate(_SHOWN) / 1000)
                    _settle(phone.page)
                    sent.append(phone.bytes)
                    kept_forms = phone.aside_bytes
                    phone.close()
                    phone = Phone(browser)
                    phone.page.goto(f"{base}{STATIC}{sent[-1]}", wait_until="load")
                    static.append(phone.page.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd") / 1000)
                    static_sent.append(phone.bytes)
                    phone.close()
                try:
                    taps_game, trips_game, tap_requests = _taps(browser, base, cid, repeats)
                    missing = ""
                except Exception as exc:  # said in the row's note, never hidden: the figure has a row for every game
                    taps_game, trips_game, missing = [], [], f"; tap row not measured: {str(exc)[:160]}"
                rows.append(time_row(fig, store, f"{game}: first board of /play/ID", "a static page of the same bytes",
                                     board, static, target=1.5,
                                     note=f"{median(sent) / 1024:.1f} KiB on the wire (static: {median(static_sent) / 1024:.1f} KiB); "
                                          f"the page's script in charge at {median(scripted):.2f} s; not counted: {kept_forms / 1024:.1f} KiB of the forms "
                                          f"kept for offline use, loaded after; {profile}{missing}"))
                if taps_game:
                    taps += taps_game
                    trips += trips_game
                    rows.append(time_row(fig, store, f"{game}: tap Undo/Redo to the redrawn board", "the bare API round trip (fetch)",
                                         taps_game, trips_game, target=2.0, note=f"{tap_requests} request(s) a tap; {profile}"))
            rows.append(_idle(browser, base, next(iter(games.values())), idle_seconds, store, fig, profile))
            browser.close()
    finally:
        server.shutdown()
        thread.join(10)
        questlog.close()
    return rows


def _taps(browser: Any, base: str, cid: str, repeats: int) -> tuple[list[float], list[float], int]:
    """``repeats`` taps on the page's Undo (Redo if Undo is refused), each followed by the API call that puts the
    campaign back, timed from the page as a ``fetch``; returns the taps' and the calls' seconds and the most requests
    one tap sent (its POST and any fragment it loaded).

    Between two taps the page must show the version the API call led to (its live stream, or a refresh asked here:
    not timed). Waiting instead for the shown version to change from what it was after the call, as this figure once
    did, hung whenever the stream's redraw had already landed by then (15 s, then the row went unmeasured)."""
    phone = Phone(browser)
    page = phone.page
    page.goto(f"{base}/play/{cid}", wait_until="commit")
    page.evaluate(_SHOWN)
    taps, trips, asked = [], [], []
    for _ in range(repeats + 1):  # the first pair warms the server's caches: not kept
        undo = page.locator("#undo-button")
        kind, back = ("undo", "redo") if undo.get_attribute("aria-disabled") != "true" else ("redo", "undo")
        sent = len(phone.requests)
        tapped = page.evaluate(_TAP, f"{kind}-button") / 1000
        page.wait_for_timeout(200)  # Playwright hands over the CDP events only while it is called
        asked.append(len([r for r in phone.requests[sent:] if _redraws(r)]))
        trip, status, version = page.evaluate(_API, [cid, back])
        if status >= 300:
            raise RuntimeError(f"POST /campaigns/{cid}/{back} answered {status}")
        page.evaluate("refresh(true)")  # only to sync before the next tap (not timed): a throttled stream may lag
        page.wait_for_function("(v) => Number(document.body.dataset.shown) >= v", arg=version, timeout=15_000)
        taps.append(tapped)
        trips.append(trip / 1000)
    phone.close()
    return taps[1:], trips[1:], max(asked[1:])


def _redraws(request: str) -> bool:
    """Whether a request (``METHOD path``) is part of a tap's redraw: a write, or a fragment of the screen (not the
    live stream, a poll, the forms kept for offline use, or a static file)."""
    return request.startswith("POST ") or (request.startswith("GET fragments/") and not request.endswith("/forms"))


def _settle(page: Any) -> None:
    """Wait for the page's loads to end: ``load``, then a second for its fragments. Never ``networkidle``: the page keeps
    its live-updates stream open, so the network is never idle."""
    page.wait_for_load_state("load")
    page.wait_for_timeout(1000)


def _idle(browser: Any, base: str, cid: str, seconds: float, store: str, fig: str, profile: str) -> Row:
    phone = Phone(browser)
    phone.page.goto(f"{base}/play/{cid}", wait_until="commit")
    phone.page.evaluate(_SHOWN)
    _settle(phone.page)
    phone.page.wait_for_selector("body[data-forms-kept]", state="attached", timeout=120_000)  # the forms kept for offline: once
    poll_start = phone.bytes
    phone.page.evaluate(f"fetch('/campaigns/{cid}', {{cache: 'no-store', headers: {{Accept: 'application/json, text/html'}}}}).then(r => r.text())")
    phone.page.wait_for_timeout(3000)  # Playwright hands over the CDP events only while it is called: never sleep
    one_poll = phone.bytes - poll_start
    start_bytes, start = phone.bytes, time.perf_counter()
    phone.page.wait_for_timeout(seconds * 1000)
    per_minute = (phone.bytes - start_bytes) / (time.perf_counter() - start) * 60
    phone.close()
    return Row(fig, store, "an idle open page: bytes per minute", f"one poll's bytes x {60 / POLL_SECONDS:.0f} polls a minute",
               per_minute, one_poll * 60 / POLL_SECONDS, "B", note=f"watched {seconds:.0f} s; one poll {one_poll} B; {profile}")
