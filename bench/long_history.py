"""Figure 10: what a request costs on a long campaign against the same request on a 100-event campaign, where the
rules do not make it grow (issue 16): a history page, a write with an ``Idempotency-Key``, and undo on a campaign
whose actions never reveal anything.

Two kinds of campaign, each built in bulk through the store's recorder (batched ``Application.save``, snapshots
taken as the application takes them), never through HTTP:

- *reveal every seventh*: figure 2's campaign (:func:`bench.common.build_long_campaign`), ``long_events`` events
  against 100; its history is paged (``GET /campaigns/ID/history``: page 1 of size 1, a page of 50 in the middle,
  and a page of 50 as of the middle version, ``?at=``) and it takes keyed writes (``adjust`` with a new key);
- *no reveal*: Nanolith Campaign Mode's ``session-date`` and ``turn-to-page`` alternating (:func:`build_no_reveal`),
  so the whole history stays undoable; it is undone and redone (``POST .../undo`` then ``.../redo``, each naming
  the version it saw), in the API's process (campaign cache on) and from a fresh load (cache off, as a CLI process
  opens it). It has a store of its own, whose bytes per event are compared with the reveal campaign's store.

Requests go through the Flask app in process (test client, auth off), the long and the short campaign interleaved.
"""

from __future__ import annotations

import os
import time
import uuid
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from .common import PG_URL, Row, build_long_campaign, env, fill_campaign, open_app, store_url, time_row

SHORT = 100
"""Events in the baseline campaigns."""


def build_no_reveal(app: Any, events: int, batch: int = 1000) -> str:
    """A Nanolith campaign of about ``events`` stored events whose actions never reveal anything: ``session-date``
    and ``turn-to-page`` alternating (one game event and its closing record each), decided by the ruleset (each
    distinct action once: what these two decide depends on their fields only) and saved ``batch`` events at a
    time. Returns its id."""
    from domain.core.ruleset import Command
    from domain.core.table import decide_action
    from domain.requests import summary as summarize

    cid = app.create_campaign("nanolith", f"Never revealed ({events} events, {uuid.uuid4().hex[:6]})")
    ruleset = app.get_campaign(cid).ruleset
    decisions: dict[tuple[str, ...], tuple[dict[str, Any], list[Any], str]] = {}

    def alternate(n: int, campaign: Any) -> None:
        verb, raw = (("session-date", {"date": f"2024-{1 + n % 12:02d}-{1 + n % 28:02d}"}) if n % 2
                     else ("turn-to-page", {"name": f"Page {n % 300}"}))
        key = (verb, *raw.values())
        if key not in decisions:
            spec = ruleset.action(verb)
            fields = spec.load(raw)
            decided = decide_action(ruleset, campaign.state, Command(verb=verb, fields=fields, actor=None))
            decisions[key] = (dict(fields), decided, summarize(spec, fields, None))
        fields, decided, summary = decisions[key]
        campaign.record_action(f"n{n}", verb, fields, decided, actor=None, recorded_at="2026-11-30T00:00:00+00:00",
                               reveal=False, digital=False, summary=summary, play=None)

    fill_campaign(app, cid, events, alternate, batch)
    return cid


def store_bytes(kind: str, url: str) -> int:
    """Bytes the store holds: the SQLite file (and its write-ahead log), or every relation of the PostgreSQL schema."""
    if kind == "sqlite":
        return sum(os.path.getsize(p) for p in (url, url + "-wal") if os.path.exists(p))
    import psycopg

    schema = url.split("schema=", 1)[1]
    with psycopg.connect(PG_URL, autocommit=True) as conn:
        conn.execute("CHECKPOINT")
        found = conn.execute("SELECT sum(pg_total_relation_size(quote_ident(schemaname) || '.' || quote_ident(tablename))) "
                             "FROM pg_tables WHERE schemaname = %s", [schema]).fetchone()
    return int(found[0] or 0)


def _client(app: Any) -> Any:
    from api import create_app

    return create_app(config={"QUESTLOG_AUTH": "off"}, questlog=app).test_client()


def _call(client: Any, method: str, path: str, **kwargs: Any) -> Any:
    response = client.open(path, method=method, **kwargs)
    if response.status_code not in (200, 201):
        raise RuntimeError(f"{method} {path}: {response.status_code} {response.get_data(as_text=True)[:300]}")
    return response


def _timed_call(times: list[float], client: Any, method: str, path: str, **kwargs: Any) -> Any:
    start = time.perf_counter()
    response = _call(client, method, path, **kwargs)
    times.append(time.perf_counter() - start)
    return response


def _undo_redo(client: Any, cid: str, undos: list[float], redos: list[float]) -> None:
    """One undo and the redo that puts it back (the fixture stays as built), each naming the version it saw."""
    version = _call(client, "GET", f"/campaigns/{cid}").headers["ETag"]
    done = _timed_call(undos, client, "POST", f"/campaigns/{cid}/undo", json={}, headers={"If-Match": version})
    _timed_call(redos, client, "POST", f"/campaigns/{cid}/redo", json={}, headers={"If-Match": done.headers["ETag"]})


def run(store: str, workdir: Path, long_events: int, repeats: int, **_: Any) -> list[Row]:
    """Build the four campaigns, then time each request on the long campaign and on the short one, interleaved."""
    with ExitStack() as stack:
        reveal_url = stack.enter_context(store_url(store, workdir, "hist"))
        quiet_url = stack.enter_context(store_url(store, workdir, "quiet"))
        with env(QUESTLOG_READ_MODELS="off"):
            builder = open_app(reveal_url, read_models=False)
            start = time.perf_counter()
            long_id, short_id = build_long_campaign(builder, long_events), build_long_campaign(builder, SHORT)
            quiet_short = build_no_reveal(builder, SHORT)
            builder.read_models.catch_up()
            reveal_built = time.perf_counter() - start
            builder.close()
            builder = open_app(quiet_url, read_models=False)
            start = time.perf_counter()
            quiet_long = build_no_reveal(builder, long_events)
            builder.read_models.catch_up()
            quiet_built = time.perf_counter() - start
            builder.close()
        reveal_bytes, quiet_bytes = store_bytes(store, reveal_url), store_bytes(store, quiet_url)

        app = open_app(reveal_url)
        quiet_app = open_app(quiet_url)
        client, quiet_client = _client(app), _client(quiet_app)
        long_version = app.get_campaign(long_id).version
        short_version = app.get_campaign(short_id).version
        quiet_version = quiet_app.get_campaign(quiet_long).version
        long_pages = -(-_call(client, "GET", f"/campaigns/{long_id}/history?page_size=50").get_json()["total"] // 50)
        middle = max(1, long_pages // 2)
        at_long, at_short = long_version // 2, short_version // 2
        at_page = max(1, -(-_call(client, "GET", f"/campaigns/{long_id}/history?page_size=50&at={at_long}").get_json()["total"] // 50) // 2)
        t: dict[str, list[float]] = {k: [] for k in ("first", "first_s", "mid", "mid_s", "at", "at_s", "key", "key_s",
                                                      "undo", "undo_s", "redo", "redo_s", "cold", "cold_s",
                                                      "cold_redo", "cold_redo_s", "open", "open_s")}
        _undo_redo(quiet_client, quiet_long, [], [])  # untimed: a campaign loaded from a snapshot rebuilds its undo
        _undo_redo(client, quiet_short, [], [])       # checkpoints on its first undo (domain/core/campaign.py)
        for n in range(repeats):
            for name, c, path in (("first", client, f"/campaigns/{long_id}/history?page=1&page_size=1"),
                                  ("first_s", client, f"/campaigns/{short_id}/history?page=1&page_size=1"),
                                  ("mid", client, f"/campaigns/{long_id}/history?page={middle}&page_size=50"),
                                  ("mid_s", client, f"/campaigns/{short_id}/history?page=1&page_size=50"),
                                  ("at", client, f"/campaigns/{long_id}/history?page={at_page}&page_size=50&at={at_long}"),
                                  ("at_s", client, f"/campaigns/{short_id}/history?page=1&page_size=50&at={at_short}")):
                _timed_call(t[name], c, "GET", path)
            for name, cid in (("key", long_id), ("key_s", short_id)):
                body = {"verb": "adjust", "fields": {"path": "characters.cora.stress", "value": n % 5, "reason": "keyed"}}
                _timed_call(t[name], client, "POST", f"/campaigns/{cid}/actions", json=body,
                            headers={"Idempotency-Key": f"bench-{uuid.uuid4().hex}"})
            _undo_redo(quiet_client, quiet_long, t["undo"], t["redo"])
            _undo_redo(client, quiet_short, t["undo_s"], t["redo_s"])
        app.close()
        quiet_app.close()
        with env(QUESTLOG_CAMPAIGN_CACHE="0"):  # a fresh load each time, as a CLI process opens the campaign
            cold_app, cold_quiet = open_app(reveal_url), open_app(quiet_url)
        cold_client, cold_quiet_client = _client(cold_app), _client(cold_quiet)
        for _ in range(max(5, repeats // 3)):
            _timed_call(t["open"], cold_quiet_client, "GET", f"/campaigns/{quiet_long}")
            _timed_call(t["open_s"], cold_client, "GET", f"/campaigns/{quiet_short}")
            _undo_redo(cold_quiet_client, quiet_long, t["cold"], t["cold_redo"])
            _undo_redo(cold_client, quiet_short, t["cold_s"], t["cold_redo_s"])
        cold_app.close()
        cold_quiet.close()

    fig = "10 long campaigns"
    note = f"{long_version:,} events, reveal every 7th (built in {reveal_built:.1f} s)"
    quiet_note = f"{quiet_version:,} events, no reveal (built in {quiet_built:.1f} s)"
    cold_note = ("campaign cache off, as a CLI process: the latest snapshot (the tail's last actions and the state "
                 "before them) and the events after it")
    per_event = (quiet_bytes / quiet_version, reveal_bytes / (long_version + short_version + SHORT))
    return [
        time_row(fig, store, f"GET history page 1 of size 1, {long_version:,} events", f"the same, {short_version} events",
                 t["first"], t["first_s"], target=2.0, note=note),
        time_row(fig, store, f"GET history page {middle} of 50, {long_version:,} events", f"page 1 of 50, {short_version} events",
                 t["mid"], t["mid_s"], target=2.0, note=note),
        time_row(fig, store, f"GET history page {at_page} of 50 ?at={at_long:,}", f"page 1 of 50 ?at={at_short}, {short_version} events",
                 t["at"], t["at_s"], target=2.0, note=note),
        time_row(fig, store, f"write with a new Idempotency-Key, {long_version:,} events", f"the same, {short_version} events",
                 t["key"], t["key_s"], target=2.0, note=note),
        time_row(fig, store, f"undo, {quiet_version:,} events never revealed", f"the same, {SHORT} events",
                 t["undo"], t["undo_s"], target=2.0, note=quiet_note),
        time_row(fig, store, f"redo, {quiet_version:,} events never revealed", f"the same, {SHORT} events",
                 t["redo"], t["redo_s"], target=2.0, note=quiet_note),
        time_row(fig, store, f"undo from a fresh load, {quiet_version:,} events never revealed", f"the same, {SHORT} events",
                 t["cold"], t["cold_s"], target=2.0, note=cold_note),
        time_row(fig, store, f"redo from a fresh load, {quiet_version:,} events never revealed", f"the same, {SHORT} events",
                 t["cold_redo"], t["cold_redo_s"], target=2.0, note=cold_note),
        time_row(fig, store, f"GET /campaigns/ID from a fresh load, {quiet_version:,} events never revealed",
                 f"the same, {SHORT} events", t["open"], t["open_s"], target=2.0, note=cold_note),
        Row(fig, store, f"store bytes per event, {quiet_version:,} events never revealed", "the same, reveal every 7th",
            per_event[0], per_event[1], "B", target=2.0, note=f"{quiet_bytes / 1e6:.1f} MB vs {reveal_bytes / 1e6:.1f} MB"),
    ]
