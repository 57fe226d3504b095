"""Figure 8: several API processes against one PostgreSQL, as if on several hosts (separate gunicorn masters on
different ports, one worker of 4 threads each), with C campaigns played at once by C client threads spread over
them, against the same load on one process.

Checked after each run: every action answered 201 is stored exactly once (nothing lost, nothing duplicated:
each client counts its campaign's accepted actions and the store's history must hold exactly those), and the
read models the processes kept together equal a rebuild from the events. The note says how busy the machine's
CPUs were (``/proc/stat``), to tell a CPU-bound plateau from a store-bound one. The row with a target is the CPU
seconds per 1,000 accepted actions (every process and its PostgreSQL backends, :mod:`bench.cpu`) against one
process's: the cost of an action as processes multiply, which the CPUs' saturation does not hide.
"""

from __future__ import annotations

import threading
import time
import uuid
from pathlib import Path
from typing import Any

from .api_load import Load, Server, _campaign, request
from .common import Row, open_app
from .cpu import Meter, busy_share, cpu_busy
from .record import nanolith_mix


def _client(server: Server, load: Load, ops: list[Any], accepted: dict[str, int]) -> None:
    conn = server.connect()
    cid = _campaign(conn, next((fields for kind, _, fields in ops if kind == "created"), {}))
    accepted[cid] = 0
    for kind, verb, fields in ops:
        if kind != "action" or not load.take():
            continue
        start = time.perf_counter()
        status, body = request(conn, "POST", f"/campaigns/{cid}/actions", {"verb": verb, "fields": fields},
                               key=str(uuid.uuid4()), retries=5)
        load.note(status, time.perf_counter() - start)
        if status == 201 and not body.get("duplicate"):
            accepted[cid] += 1
        elif status != 201:
            break  # an undo the mix needed was left out: the rest of this script may no longer apply
    conn.close()


def _actions_only(mixes: list[Any]) -> list[Any]:
    """Each script's creation and leading actions, up to its first undo or redo (played without them)."""
    out = []
    for ops in mixes:
        kept = []
        for op in ops:
            if op[0] in ("undo", "redo"):
                break
            kept.append(op)
        out.append(kept)
    return out


def one_run(url: str, workdir: Path, processes: int, campaigns: int, requests: int, seconds: float) -> dict[str, Any]:
    """Serve ``url`` from ``processes`` gunicorn masters and play ``campaigns`` campaigns at once; the tallies."""
    mixes = _actions_only(nanolith_mix(workdir))
    servers = [Server(url, workdir, QUESTLOG_WORKERS="1") for _ in range(processes)]
    try:
        load, accepted = Load(requests, seconds), {}
        threads = [threading.Thread(target=_client, args=(servers[i % processes], load, mixes[i % len(mixes)], accepted), daemon=True)
                   for i in range(campaigns)]
        meters = [server.meter() for server in servers]
        cpu0 = [m.read() for m in meters]
        busy0, start = cpu_busy(), time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        elapsed, busy1 = time.perf_counter() - start, cpu_busy()
        spent = sum(Meter.spent(before, m.read()) for m, before in zip(meters, cpu0))
    finally:
        for server in servers:
            server.stop()
    return {"rate": len(load.latencies) / elapsed, "accepted": accepted, "statuses": load.statuses,
            "cpu": busy_share(busy0, busy1), "cpu_seconds": spent}


def check(url: str, accepted: dict[str, int]) -> tuple[int, int, bool]:
    """``(lost, duplicated, read models consistent)`` for the campaigns a run played."""
    app = open_app(url, read_models=True)
    lost = duplicated = 0
    for cid, count in accepted.items():
        stored = sum(1 for a in app.stored_actions(cid) if a["kind"] == "action")
        lost += max(0, count - stored)
        duplicated += max(0, stored - count)
    app.read_models.catch_up()
    kept = app.read_models.dump()
    app.read_models.rebuild()
    consistent = app.read_models.dump() == kept
    app.close()
    return lost, duplicated, consistent


def run(store: str, workdir: Path, url: str, processes: tuple[int, ...], campaigns: int, requests: int, seconds: float,
        **_: Any) -> list[Row]:
    """One row per process count after the first: its aggregate actions/s against one process's."""
    rows: list[Row] = []
    first: float | None = None
    first_cpu: float | None = None
    for k in processes:
        tally = one_run(url, workdir, k, campaigns, requests, seconds)
        lost, duplicated, consistent = check(url, tally["accepted"])
        note = (f"{sum(tally['accepted'].values())} accepted on {len(tally['accepted'])} campaigns: "
                f"{lost} lost, {duplicated} duplicated; read models {'consistent' if consistent else 'INCONSISTENT'}; "
                f"CPUs {tally['cpu']:.0%} busy")
        first = first or tally["rate"]
        accepted = sum(tally["accepted"].values())
        per_k = tally["cpu_seconds"] / max(1, accepted) * 1000
        first_cpu = first_cpu or per_k
        name = f"{k} process{'es' if k > 1 else ''}, {campaigns} campaigns"
        rows.append(Row("8 several API processes", store, f"{name}: actions/s",
                        "1 process: actions/s", tally["rate"], first, "actions/s", better="higher",
                        n=accepted, note=note,
                        extra={"lost": lost, "duplicated": duplicated, "consistent": consistent, "cpu": tally["cpu"]}))
        rows.append(Row("8 several API processes", store, f"{name}: CPU s per 1,000 accepted actions", "1 process's",
                        per_k, first_cpu, "s", target=1.1 if k > 1 else None, n=accepted,
                        note=f"{tally['cpu_seconds']:.2f} CPU s (gunicorn + PostgreSQL backends) for {accepted} accepted; "
                             f"CPUs {tally['cpu']:.0%} busy"))
    return rows
