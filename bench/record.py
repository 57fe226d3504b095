"""Figure 1: recording an action, against the bare eventsourcing library's get / one event / save.

The action mix is every action of the bundled Nanolith session scripts (``examples/nanolith/*.ql``):
each script is played once through the CLI into a scratch store, and its stored actions (verb and fields,
undo and redo included) are replayed through ``Questlog.record`` on the measured store, each script on a
fresh campaign. Only ``record`` calls are timed (undo / redo keep the script valid and are not timed).

Baseline: a trivial aggregate in a bare ``Application`` on the same store (same snapshot interval):
``repository.get``, one event, ``save`` — once per timed action, one fresh aggregate per script run.
"""

from __future__ import annotations

import hashlib
import json
import time
import uuid
from pathlib import Path
from typing import Any

from eventsourcing.application import Application
from eventsourcing.domain import Aggregate, event

from .common import Row, env, open_app, store_url, time_row

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "nanolith"
MIX_CACHE = Path(__file__).resolve().parent / "results" / ".nanolith-mix.json"


class Counter(Aggregate):
    """The baseline's trivial aggregate."""

    @event("Created")
    def __init__(self) -> None:
        self.count = 0

    @event("Incremented")
    def increment(self, by: int) -> None:
        self.count += by


class Bare(Application):
    """The bare library: no rules, no read models."""

    name = "BenchBare"
    snapshotting_intervals = {Counter: 100}


def nanolith_mix(workdir: Path) -> list[list[tuple[str, str, dict[str, Any]]]]:
    """Per campaign the scripts made, its stored operations in order: ``("created", "", setup)``,
    ``("action", verb, fields)``, ``("undo"|"redo", "", {})``."""
    key = hashlib.sha256(b"".join(p.read_bytes() for p in sorted(EXAMPLES.glob("*.ql")))).hexdigest()
    if MIX_CACHE.exists():
        cached = json.loads(MIX_CACHE.read_text())
        if cached.get("key") == key:
            return [[tuple(op) for op in ops] for ops in cached["mixes"]]
    from cli.context import Session
    from cli.script import play_file

    mixes = []
    for path in sorted(EXAMPLES.glob("*.ql")):
        with env(QUESTLOG_READ_MODELS="off"):
            s = Session(db=str(workdir / f"mix-{path.stem}.sqlite"))
            play_file(s, path)
        app = s.app
        for c in app.campaigns():
            ops = []
            for a in app.stored_actions(c["id"]):
                if a["kind"] == "created":
                    ops.append(("created", "", a["setup"]))
                elif a["kind"] == "action":
                    ops.append(("action", a["verb"], a["fields"]))
                elif a["kind"] in ("undo", "redo"):
                    ops.append((a["kind"], "", {}))
            mixes.append(ops)
        app.close()
    check = open_app(str(workdir / "mix-check.sqlite"), read_models=False)
    mixes = [ops for ops in mixes if _replays(check, ops)]  # e.g. a correction's effect is not in the actions alone
    check.close()
    MIX_CACHE.parent.mkdir(exist_ok=True)
    MIX_CACHE.write_text(json.dumps({"key": key, "mixes": mixes}))
    return mixes


def _replays(app: Any, ops: list[tuple[str, str, dict[str, Any]]]) -> bool:
    from domain.core.errors import QuestlogError

    try:
        replay(app, ops, [])
        return True
    except QuestlogError:
        return False


def replay(app: Any, ops: list[tuple[str, str, dict[str, Any]]], times: list[float]) -> None:
    """Play one script's operations on a new campaign, appending each ``record``'s duration to ``times``."""
    setup = next((fields for kind, _, fields in ops if kind == "created"), {})
    cid = app.create_campaign("nanolith", f"bench {uuid.uuid4().hex[:12]}", setup)  # names are unique in a store
    for kind, verb, fields in ops:
        if kind == "created":
            continue
        if kind == "action":
            start = time.perf_counter()
            app.record(cid, verb, fields)
            times.append(time.perf_counter() - start)
        else:
            (app.undo if kind == "undo" else app.redo)(cid)


def bare_run(app: Bare, actions: int, times: list[float]) -> None:
    counter = Counter()
    app.save(counter)
    for _ in range(actions):
        start = time.perf_counter()
        c = app.repository.get(counter.id)
        c.increment(by=1)
        app.save(c)
        times.append(time.perf_counter() - start)


def run(store: str, workdir: Path, rounds: int, **_: Any) -> list[Row]:
    """Record the whole mix ``rounds`` times, read models off and on, interleaved with the baseline."""
    mixes = nanolith_mix(workdir)
    rows = []
    with store_url(store, workdir, "record") as url, store_url(store, workdir, "bare") as bare_url:
        bare = Bare(env=_bare_env(bare_url))  # its own file / schema: one application per SQLite file
        writes, with_models, base = [], [], []
        for read_models, times in ((False, writes), (True, with_models)):
            app = open_app(url, read_models=read_models)
            for _ in range(rounds):
                for ops in mixes:
                    bare_run(bare, sum(1 for op in ops if op[0] == "action"), base)
                    replay(app, ops, times)
            app.close()
        bare.close()
    rows.append(time_row("1 record an action", store, "write (load, decide, save)", "library get/event/save",
                         writes, base, target=1.5, p99=True, note="read models off"))
    rows.append(time_row("1 record an action", store, "write + read models caught up", "library get/event/save",
                         with_models, base, target=2.0, p99=True))
    return rows


def _bare_env(url: str) -> dict[str, str]:
    from infrastructure.store import store_env

    return store_env(url)
