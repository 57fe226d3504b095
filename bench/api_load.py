"""Figure 5: the API under load on 127.0.0.1 through gunicorn (``api/gunicorn_conf.py``: 2 gthread workers
of 4 threads), against ``Questlog.record`` called in process, one action after another, on the same store.

The load generator is Python threads, one keep-alive ``http.client`` connection each, bounded in requests
and in time. With C concurrent campaigns, C threads each play the Nanolith example mix on their own
campaign (a new campaign when a script ends). Then the same load on one campaign: every thread records
``adjust`` actions with the version it last saw as ``expected_version``; a 409 must answer each conflict,
and the stored actions must be exactly the 201s (nothing lost, nothing doubled).

Each concurrency also gets the CPU seconds the server spent per 1,000 accepted actions (:mod:`bench.cpu`: gunicorn's
processes and, on PostgreSQL, the backends its connections opened) against one campaign's: what an action costs,
which noise on a shared machine moves far less than throughput (those rows say how busy the CPUs were).
"""

from __future__ import annotations

import http.client
import json
import os
import socket
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path
from typing import Any

from .common import Row, median, open_app, quantile
from .cpu import Meter, busy_share, cpu_busy
from .record import nanolith_mix, replay

ROOT = Path(__file__).resolve().parent.parent


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """gunicorn serving ``api:create_app()`` on ``url``'s store, auth off, until stopped."""

    def __init__(self, db: str, workdir: Path, **extra_env: str) -> None:
        self.port = _free_port()
        self.application_name = f"questlog-bench-{self.port}"  # its PostgreSQL backends say so (bench.cpu)
        env = {**os.environ, "QUESTLOG_DB": db, "QUESTLOG_AUTH": "off", "QUESTLOG_BIND": f"127.0.0.1:{self.port}",
               "PYTHONPATH": str(ROOT), "PGAPPNAME": self.application_name, **extra_env}
        self.db = db
        self.log = open(workdir / f"gunicorn-{self.port}.log", "w")
        gunicorn = str(Path(sys.executable).with_name("gunicorn"))
        self.proc = subprocess.Popen([gunicorn, "-c", "python:api.gunicorn_conf", "api:create_app()"], env=env, cwd=ROOT,
                                     stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if request(self.connect(), "GET", "/rulesets")[0] == 200:
                    return
            except OSError:
                time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"gunicorn did not answer on port {self.port} (see {self.log.name})")

    def meter(self) -> Meter:
        """CPU seconds of this server's processes and, on PostgreSQL, of its backends (:mod:`bench.cpu`)."""
        return Meter([self.proc.pid], self.db, self.application_name)

    def connect(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self.log.close()


def request(conn: http.client.HTTPConnection, method: str, path: str, body: Any = None, key: str | None = None,
            retries: int = 0) -> tuple[int, Any]:
    """One request; a 503 (store busy) is retried ``retries`` times after its Retry-After, with the same
    ``Idempotency-Key`` so a retried action is recorded once."""
    data = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"} if data else {}
    if key:
        headers["Idempotency-Key"] = key
    for attempt in range(retries + 1):
        for dropped in range(3):
            try:
                conn.request(method, path, body=data, headers=headers)
                response = conn.getresponse()
                raw = response.read()
                break
            except (BrokenPipeError, ConnectionResetError, http.client.RemoteDisconnected):
                # the server closed an idle keep-alive connection (gunicorn's keepalive, a busy machine): connect
                # again and send the same request, as a phone does; an action's Idempotency-Key and an undo's
                # expected version keep a resent write from being recorded twice
                conn.close()
                if dropped == 2:
                    raise
        if response.status != 503 or attempt == retries:
            return response.status, json.loads(raw) if raw else None
        time.sleep(min(float(response.getheader("Retry-After") or 1), 2.0))
    raise AssertionError("unreachable")


class Load:
    """Shared bounds and tallies of one load run."""

    def __init__(self, max_requests: int, seconds: float) -> None:
        self.left = max_requests
        self.deadline = time.monotonic() + seconds
        self.lock = threading.Lock()
        self.latencies: list[float] = []
        self.statuses: dict[int, int] = {}
        self.created = 0  # campaigns the players created (their writes count in the CPU per write)

    def take(self) -> bool:
        with self.lock:
            if self.left <= 0 or time.monotonic() > self.deadline:
                return False
            self.left -= 1
            return True

    def note(self, status: int, latency: float | None) -> None:
        with self.lock:
            self.statuses[status] = self.statuses.get(status, 0) + 1
            if latency is not None:
                self.latencies.append(latency)


def _campaign(conn: http.client.HTTPConnection, setup: dict[str, Any] | None = None, with_version: bool = False) -> Any:
    """Create a campaign over HTTP: its id (and its version, with ``with_version``)."""
    status, body = request(conn, "POST", "/campaigns", {"game": "nanolith", "name": f"load {uuid.uuid4().hex[:12]}", "setup": setup or {}}, retries=5)
    assert status == 201, (status, body)
    return (body["id"], body["version"]) if with_version else body["id"]


def _player(server: Server, load: Load, mixes: list[Any], offset: int, pace: float = 0.0) -> None:
    """Play the mix on new campaigns; with ``pace`` (seconds) wait that long between actions, as a table does."""
    conn = server.connect()
    script = offset
    while True:
        ops = mixes[script % len(mixes)]
        # the first action's request taken before its campaign is created: a campaign is made only to be played on
        # (created and then never played, as each client's last one was when the requests ran out, a run of 50 clients
        # counted ~50 creations more per 1,000 writes than one client's, each costlier than an action)
        granted = load.take()
        if not granted:
            conn.close()
            return
        cid, version = _campaign(conn, next((fields for kind, _, fields in ops if kind == "created"), {}), with_version=True)
        with load.lock:
            load.created += 1
        for kind, verb, fields in ops:
            if kind == "created":
                continue
            if not granted and not load.take():
                conn.close()
                return
            granted = False
            path = f"/campaigns/{cid}/{'actions' if kind == 'action' else kind}"
            start = time.perf_counter()  # an undo names the version it saw (the API requires it)
            status, body = request(conn, "POST", path, {"verb": verb, "fields": fields} if kind == "action" else {"expected_version": version},
                                   key=str(uuid.uuid4()) if kind == "action" else None, retries=5)
            version = (body or {}).get("version", version)
            load.note(status, time.perf_counter() - start if kind == "action" else None)
            if pace:
                time.sleep(pace)
            if status not in (200, 201):  # undo / redo answer 200
                raise RuntimeError(f"{kind} {verb}: {status} {body}")
        script += 1


def _contender(server: Server, load: Load, cid: str, version: int, accepted: list[int]) -> None:
    conn = server.connect()
    i = 0
    while load.take():
        i += 1
        body = {"verb": "adjust", "fields": {"path": "characters.cora.stress", "value": i % 3, "reason": "load"},
                "expected_version": version}
        start = time.perf_counter()
        status, answer = request(conn, "POST", f"/campaigns/{cid}/actions", body)
        load.note(status, time.perf_counter() - start)
        if status == 201:
            version = answer["version"]
            accepted.append(1)
        elif status == 409:
            version = answer["current_version"]
        elif status != 503:
            raise RuntimeError(f"one campaign: {status} {answer}")
    conn.close()


def _run_threads(target: Any, args: list[tuple[Any, ...]]) -> float:
    """Run ``target(*a)`` for each ``a`` in its own thread; the seconds they took. A thread's failure fails the figure
    (a client that stopped early would make the figure look better than it is)."""
    failures: list[BaseException] = []

    def guarded(*a: Any) -> None:
        try:
            target(*a)
        except BaseException as exc:  # reported below, in the main thread
            failures.append(exc)

    threads = [threading.Thread(target=guarded, args=a, daemon=True) for a in args]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if failures:
        raise RuntimeError(f"{len(failures)} of {len(threads)} load threads failed; the first: {failures[0]!r}")
    return time.perf_counter() - start


def direct(url: str, workdir: Path, actions: int) -> tuple[float, list[float]]:
    """The baseline: actions/s and per-action latencies of ``Questlog.record`` in process, one at a time."""
    app = open_app(url, read_models=True)
    mixes, times = nanolith_mix(workdir), []
    start = time.perf_counter()
    while len(times) < actions:
        for ops in mixes:
            replay(app, ops, times)
    rate = len(times) / (time.perf_counter() - start - 0)
    app.close()
    return rate, times


def run(store: str, workdir: Path, url: str, concurrency: tuple[int, ...], requests: int, seconds: float, **_: Any) -> list[Row]:
    mixes = nanolith_mix(workdir)
    base_rate, base_times = direct(url, workdir, min(requests, 300))
    base_p99 = quantile(base_times, 0.99)
    rows: list[Row] = []
    server = Server(url, workdir)
    try:
        single: tuple[float, Load] | None = None
        single_cpu: float | None = None
        for c in concurrency:
            load = Load(requests, seconds)
            meter = server.meter()
            cpu0, busy0 = meter.read(), cpu_busy()
            elapsed = _run_threads(_player, [(server, load, mixes, i) for i in range(c)])
            spent, busy = Meter.spent(cpu0, meter.read()), busy_share(busy0, cpu_busy())
            done = len(load.latencies)
            accepted = load.statuses.get(201, 0) + load.created  # the actions and the campaigns they were played on
            per_k = spent / max(1, accepted) * 1000
            label = f"{c} campaign{'s' if c > 1 else ''}"
            rows += _rows(store, label, done / elapsed, base_rate, load, base_p99, base_times, busy=busy)
            single_cpu = single_cpu or per_k
            rows.append(Row("5 API under load", store, f"{label}: CPU s per 1,000 accepted writes", "1 campaign's",
                            per_k, single_cpu, "s", target=1.1 if c > 1 else None, n=accepted,
                            note=f"{spent:.2f} CPU s for {accepted} accepted ({load.created} of them new campaigns; {'gunicorn + PostgreSQL backends' if store == 'postgres' else 'gunicorn'}); CPUs {busy:.0%} busy"))
            if single is None:
                single = (done / elapsed, load)
            else:
                rows.append(Row("5 API under load", store, f"{c} campaigns vs 1: aggregate actions/s", "1 campaign: actions/s",
                                done / elapsed, single[0], "actions/s", better="higher", n=done,
                                note=f"saturated: every client sends its next action at once; CPUs {busy:.0%} busy"))
        rows.append(_paced(server, store, mixes, max(concurrency), single, requests, seconds))
        conn = server.connect()
        cid = _campaign(conn)
        _, body = request(conn, "POST", f"/campaigns/{cid}/actions", {"verb": "start-encounter", "fields": {"name": "E1"}})
        conn.close()
        c = max(concurrency[:2])
        load, accepted = Load(requests, seconds), []
        elapsed = _run_threads(_contender, [(server, load, cid, body["version"], accepted) for _ in range(c)])
        app = open_app(url, read_models=False)
        stored = sum(1 for a in app.stored_actions(cid) if a["kind"] == "action" and a["verb"] == "adjust")
        app.close()
        lost = len(accepted) - stored
        conflicts = load.statuses.get(409, 0)
        note = (f"{c} writers: {len(accepted)} accepted, {conflicts} answered 409, {load.statuses.get(503, 0)} 503; "
                f"stored {stored}: {'nothing lost' if lost == 0 else f'{lost} LOST'}")
        rows += _rows(store, f"1 campaign, {c} writers", len(accepted) / elapsed, base_rate, load, base_p99, base_times, note)
        rows[-1].extra.update(accepted=len(accepted), conflicts=conflicts, stored=stored, lost=lost)
    finally:
        server.stop()
    return rows


def _paced(server: Server, store: str, mixes: list[Any], c: int, single: tuple[float, Load], requests: int,
           seconds: float) -> Row:
    """p50 latency with ``c`` campaigns each recording at a table's pace, the ``c`` of them together offering half
    the throughput one saturating client reached, against that one client's p50 (the same server)."""
    rate, alone = single
    pace = c / (rate / 2)
    load = Load(min(requests, int(seconds * rate / 2)), seconds)
    _run_threads(_player, [(server, load, mixes, i, pace) for i in range(c)])
    lat = load.latencies or [float("nan")]
    statuses = ", ".join(f"{k}: {v}" for k, v in sorted(load.statuses.items()))
    return Row("5 API under load", store, f"{c} campaigns at a table's pace: p50 latency", "1 campaign: p50 latency",
               median(lat), median(alone.latencies), "s", target=5.0, p99=(quantile(lat, 0.99), quantile(alone.latencies, 0.99)),
               n=len(lat), note=f"each campaign one action every {pace:.2f} s ({rate / 2:.0f} actions/s offered); {statuses}")


def _rows(store: str, label: str, rate: float, base_rate: float, load: Load, base_p99: float, base_times: list[float],
          note: str = "", busy: float | None = None) -> list[Row]:
    statuses = ", ".join(f"{k}: {v}" for k, v in sorted(load.statuses.items()))
    if busy is not None:
        statuses += f"; CPUs {busy:.0%} busy"
    lat = load.latencies or [float("nan")]
    return [
        Row("5 API under load", store, f"{label}: actions/s", "in-process record, serial", rate, base_rate, "actions/s",
            better="higher", n=len(load.latencies), note=note or statuses),
        Row("5 API under load", store, f"{label}: latency", "in-process record, serial", median(lat), median(base_times), "s",
            p99=(quantile(lat, 0.99), base_p99), n=len(load.latencies), note=statuses),
    ]
