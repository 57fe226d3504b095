"""Figure 13: live updates (issue 25, item 3). Through gunicorn (``api/gunicorn_conf.py``: 2 gthread workers), the
time from a 201 on one client to the event on another client's ``GET /campaigns/{id}/events`` stream, p50 and p99,
with 1 and with 50 campaigns' streams open (one each), against the page's polling interval (what a phone waited
before, at most; target: p50 <= 100 ms, i.e. <= 0.067x of 1.5 s); and the p99 of ordinary GETs
(``GET /campaigns/{id}``) with 50 streams open against none (open streams must not starve other requests).
"""

from __future__ import annotations

import http.client
import json
import threading
import time
import uuid
from pathlib import Path

from .api_load import Server, request
from .common import Row, iqr, median, open_app, quantile

POLL_S = 1.5  # api/pages/routes.py POLL_MS
PING_S = 5  # api/events.py: a closed stream is found at its next ping


class Stream:
    """One client's event stream, read in a thread: ``arrivals[version]`` is when the event for it arrived."""

    def __init__(self, port: int, campaign_id: str) -> None:
        for _ in range(100):  # a worker holding its most streams answers 503: a new connection may reach the other one
            self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
            self.conn.request("GET", f"/campaigns/{campaign_id}/events", headers={"Accept": "text/event-stream"})
            self.response = self.conn.getresponse()
            if self.response.status != 503:
                break
            self.response.read()
            self.conn.close()
            time.sleep(0.1)
        if self.response.status != 200:
            raise RuntimeError(f"stream refused: {self.response.status} {self.response.read()[:200]!r}")
        self.arrivals: dict[int, float] = {}
        self.ready = threading.Event()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        try:
            for raw in self.response:
                line = raw.decode().strip()
                if line.startswith("data:"):
                    self.arrivals[json.loads(line[5:])["version"]] = time.perf_counter()
                    self.ready.set()
        except (OSError, ValueError, AttributeError, http.client.HTTPException):  # closed by the bench
            pass

    def close(self) -> None:
        self.conn.close()


def _push_latencies(server: Server, campaigns: list[str], rounds: int) -> list[float]:
    """Seconds from each 201 to its event on the stream of that campaign (a writer and a reader, like two phones)."""
    streams = {cid: Stream(server.port, cid) for cid in campaigns}
    writer = server.connect()
    out: list[float] = []
    try:
        for stream in streams.values():
            if not stream.ready.wait(30):
                raise RuntimeError("a stream said no hello")
        for i in range(rounds):
            cid = campaigns[i % len(campaigns)]
            status, body = request(writer, "POST", f"/campaigns/{cid}/actions/adjust", retries=3, key=str(uuid.uuid4()),
                                   body={"fields": {"path": "characters.cora.stress", "value": i % 3, "reason": "bench"}})
            answered = time.perf_counter()
            assert status == 201, body
            deadline = time.monotonic() + 10
            while body["version"] not in streams[cid].arrivals and time.monotonic() < deadline:
                time.sleep(0.001)
            arrived = streams[cid].arrivals.get(body["version"])
            if arrived is None:
                raise RuntimeError(f"no event for version {body['version']} within 10 s")
            out.append(max(0.0, arrived - answered))
            time.sleep(0.02)
        return out
    finally:
        for stream in streams.values():
            stream.close()


def _get_latencies(server: Server, campaigns: list[str], n: int) -> list[float]:
    conn = server.connect()
    out = []
    for i in range(n):
        start = time.perf_counter()
        status, _ = request(conn, "GET", f"/campaigns/{campaigns[i % len(campaigns)]}")
        out.append(time.perf_counter() - start)
        assert status == 200
    return out


def run(store: str, workdir: Path, url: str, rounds: int = 60, gets: int = 300) -> list[Row]:
    """The figure's rows on ``store`` (``url``: a fresh store)."""
    app = open_app(url)
    campaigns = []
    for i in range(50):
        cid = app.create_campaign("nanolith", f"push {i} {uuid.uuid4().hex[:6]}")
        app.record(cid, "start-encounter", {"name": "Encounter 1"})
        campaigns.append(cid)
    app.close()
    server = Server(url, workdir)
    rows: list[Row] = []
    try:
        _get_latencies(server, campaigns, gets)  # warm both workers up first: the baseline is not a cold start
        quiet = _get_latencies(server, campaigns, gets)
        for count in (1, 50):
            latencies = _push_latencies(server, campaigns[:count], rounds)
            time.sleep(PING_S + 1)  # the closed streams' slots are free at their next ping
            rows.append(Row("13 live updates", store, f"201 to event, {count} stream{'s' if count > 1 else ''} open (p50)",
                            "polling interval", median(latencies), POLL_S, "s", target=0.1 / POLL_S,
                            p99=(quantile(latencies, 0.99), POLL_S), n=len(latencies), spread=(iqr(latencies), 0.0),
                            note=f"p99 {quantile(latencies, 0.99) * 1000:.0f} ms; 2 gthread workers, head watched every 50 ms"))
        streams = [Stream(server.port, cid) for cid in campaigns]
        try:
            for stream in streams:
                stream.ready.wait(30)
            busy = _get_latencies(server, campaigns, gets)
        finally:
            for stream in streams:
                stream.close()
        rows.append(Row("13 live updates", store, "GET /campaigns/{id} p99, 50 streams open", "no stream open",
                        quantile(busy, 0.99), quantile(quiet, 0.99), "s", target=2.0, p99=(quantile(busy, 0.99), quantile(quiet, 0.99)),
                        n=len(busy),
                        note=f"medians {median(busy) * 1000:.1f} / {median(quiet) * 1000:.1f} ms"))
    finally:
        server.stop()
    return rows
