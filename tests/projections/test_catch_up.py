"""How the read models catch up (issue 16, figures 1 and 3): a write's own recordings applied without reading the log,
batches that cut actions in two, a position moved by another catch-up, a rebuild elsewhere, and the bulk paths of a
rebuild. Every case ends where a rebuild from scratch ends: the read models are a function of the log."""

import json
import re

import pytest

from projections.readmodels import ReadModels
from projections.recorders import COLUMNS, TABLES


@pytest.fixture
def busy(any_app):
    """Two toy campaigns played in turns: tosses (reveals), counts, an undo and redo, a correction, a rename."""
    app = any_app
    first = app.create_campaign("toy", "Monday")
    second = app.create_campaign("toy", "Tuesday")
    app.record(first, "seat", {"person": "Ann", "characters": ["alice"]})
    roll = app.record(first, "toss", {"character": "bob", "dice": [5, 2]})
    app.record(second, "count", {"character": "alice", "amount": 3})
    app.record(first, "count", {"character": "alice", "amount": 2})
    app.record(second, "toss", {"character": "alice", "dice": [1, 1, 6]})
    app.record(first, "count", {"character": "bob", "amount": 1})
    app.undo(first)
    app.redo(first)
    app.record(second, "count", {"character": "bob", "amount": 3})
    app.correct(first, roll.action_id, {"dice": [3, 2]}, "the first die showed 3")
    app.rename_campaign(second, "Tuesday night")
    app.record(second, "count", {"character": "alice", "amount": 1})
    return app, first, second


def rebuilt(app, batch=None):
    """The read models' rows after a rebuild from scratch in a separate ``ReadModels`` (``batch`` at a time)."""
    other = ReadModels(app)
    other.rebuild(**({"batch": batch} if batch else {}))
    return other.dump()


def test_a_write_is_applied_from_its_own_recordings_without_reading_the_log(any_app, monkeypatch):
    app = any_app
    cid = app.create_campaign("toy", "Quiet")
    app.record(cid, "count", {"character": "alice", "amount": 2})
    reads = []
    original = app.recorder.select_notifications
    monkeypatch.setattr(app.recorder, "select_notifications", lambda *a, **k: reads.append(a) or original(*a, **k))
    app.record(cid, "count", {"character": "bob", "amount": 3})
    assert reads == []
    assert app.read_models.view(cid, "board")["data"] == {"counters": {"alice": 2, "bob": 3}, "last": []}
    assert app.read_models.recorder.position() == app.recorder.max_notification_id()
    rows = app.read_models.audit(cid)
    assert [(r["verb"], r["characters"], r["event_types"]) for r in rows] == [
        ("count", ["alice"], ["Counted"]), ("count", ["bob"], ["Counted"])]


def test_the_incremental_read_models_equal_a_rebuild_in_batches_that_cut_actions_in_two(busy):
    app, first, second = busy
    incremental = app.read_models.dump()
    assert sorted(r["name"] for r in incremental["ql_campaigns"]) == ["Monday", "Tuesday night"]
    assert sorted(r["kind"] for r in incremental["ql_audit"]) == ["action"] * 8 + ["correction", "redo", "undo"]
    for batch in (1, 2, 3, 5, 7):
        assert rebuilt(app, batch) == incremental, batch
    assert app.read_models.dump() == incremental


def test_a_catch_up_from_a_position_this_process_did_not_write_reads_what_it_cannot_see(busy):
    app, first, second = busy
    incremental = app.read_models.dump()
    for batch in (2, 3):
        other = ReadModels(app)
        other.recorder.reset()
        other._open = None  # as a fresh process: it never saw the batches before its first one
        assert other.catch_up(batch=batch) == app.recorder.max_notification_id()
        assert other.dump() == incremental


def test_a_position_moved_by_another_catch_up_is_noticed_and_nothing_is_applied_twice(busy):
    app, first, second = busy
    runner = app.listeners.pop()  # writes below are applied by another process's read models first
    elsewhere = ReadModels(app)
    app.record(first, "count", {"character": "alice", "amount": 3})
    assert elsewhere.catch_up() == 2
    app.listeners.append(runner)
    app.record(second, "count", {"character": "bob", "amount": 2})  # this process remembers a stale position
    # SQLite: the stale position is found by the write that fails to move it; PostgreSQL reads it under the lock first
    assert app.read_models._contended or app.read_models.recorder.shared_log
    assert app.read_models.recorder.position() == app.recorder.max_notification_id()
    assert app.read_models.dump() == rebuilt(app)
    assert [r["verb"] for r in app.read_models.audit(first)].count("count") == 3


def test_a_rebuild_elsewhere_makes_a_stale_catch_up_start_again_from_its_position(busy):
    app, first, second = busy
    ReadModels(app).recorder.reset()  # another process starts a rebuild: empty tables, position 0
    app.record(first, "count", {"character": "bob", "amount": 2})  # this process still remembers the old position
    assert app.read_models.recorder.position() == app.recorder.max_notification_id()
    assert app.read_models.dump() == rebuilt(app)
    assert (len(app.read_models.audit(first)), len(app.read_models.audit(second))) == (8, 4)


def test_a_batch_at_odds_with_its_position_is_refused_not_retried_for_ever(any_app):
    from eventsourcing.persistence import IntegrityError

    app = any_app
    cid = app.create_campaign("toy", "Corrupt")
    app.record(cid, "count", {"character": "alice", "amount": 2})
    recorder = app.read_models.recorder
    position = recorder.position()
    with recorder.write(None) as cursor:  # the tracking row back by one action, its audit row still there
        recorder.execute(cursor, "UPDATE {tracking} SET notification_id = %s WHERE application_name = %s",
                         [position - 2, recorder.tracking_name])
    app.read_models._position = None
    with pytest.raises(IntegrityError):
        app.read_models.catch_up()
    assert recorder.position() == position - 2


def test_a_rebuild_of_many_actions_takes_the_bulk_paths_and_equals_the_incremental_one(any_app, monkeypatch):
    from projections import readmodels
    from projections.recorders_pg import BULK_FROM

    app = any_app
    cids = [app.create_campaign("toy", f"Night {n}") for n in range(BULK_FROM + 1)]
    for n in range(readmodels.BULK + 50):  # more audit rows in one batch than a bulk write starts from
        app.record(cids[n % len(cids)], "adjust", {"path": f"counters.{('alice', 'bob')[n % 2]}", "value": n % 10, "reason": "sheet"})
    incremental = app.read_models.dump()
    assert len(incremental["ql_audit"]) == readmodels.BULK + 50 and len(incremental["ql_views"]) == len(cids)
    sizes = []
    for method in ("insert_rows", "upsert_rows"):
        original = getattr(type(app.read_models.recorder), method)
        monkeypatch.setattr(type(app.read_models.recorder), method,
                            lambda self, cursor, table, rows, _o=original: sizes.append((table, len(rows))) or _o(self, cursor, table, rows))
    assert rebuilt(app) == incremental  # one batch: COPY on PostgreSQL, then the index and views as one statement each
    assert ("ql_audit", readmodels.BULK + 50) in sizes and ("ql_campaigns", len(cids)) in sizes
    sizes.clear()
    assert rebuilt(app, batch=2 * BULK_FROM + 40) == incremental  # pipelined batches of more than BULK_FROM rows
    assert all(n < readmodels.BULK for _, n in sizes) and max(n for t, n in sizes if t == "ql_audit") >= BULK_FROM


def test_the_row_columns_are_the_tables_columns_in_order():
    for table, columns in COLUMNS.items():
        ddl = next(t for t in TABLES if t.startswith(f"CREATE TABLE IF NOT EXISTS {{{table}}}"))
        declared = re.findall(r"(\w+) (TEXT|INTEGER)", ddl)
        assert [(name, kind.lower()) for name, kind in declared] == list(columns)


def test_a_version_1_action_record_is_upcast_when_rebuilt_as_the_mapper_would(app, sqlite_url, monkeypatch):
    from projections import catchup
    from tests.durable.test_schema_evolution import store_as_version_1

    cid = app.create_campaign("toy", "Old save")
    old = app.record(cid, "count", {"character": "alice", "amount": 2})
    app.record(cid, "toss", {"character": "bob", "dice": [4]})
    store_as_version_1(sqlite_url, old.version)  # no "play", no class_version: read as play=None
    fast = rebuilt(app)
    (row,) = [r for r in fast["ql_audit"] if r["version"] == old.version]
    assert (row["verb"], row["play"], row["characters"], row["event_types"]) == ("count", None, ",alice,", ",Counted,")
    monkeypatch.setattr(catchup, "JSONTranscoder", type("Other", (), {}))  # records decoded by the mapper instead
    decoded = []
    original = app.mapper.to_domain_event
    monkeypatch.setattr(app.mapper, "to_domain_event", lambda n: decoded.append(n.id) or original(n))
    assert rebuilt(app) == fast
    assert len(decoded) == app.recorder.max_notification_id()


def test_event_writes_keep_the_stores_durability_after_a_catch_up(any_app):
    """Read-model transactions skip the flush at commit; the connections they borrow are given back as they were."""
    app = any_app
    cid = app.create_campaign("toy", "Durable")
    app.record(cid, "count", {"character": "alice", "amount": 1})
    datastore = app.read_models.recorder.datastore
    if app.env.get("PERSISTENCE_MODULE") == "eventsourcing.postgres":
        with datastore.get_connection() as conn:
            assert conn.execute("SHOW synchronous_commit").fetchone()["synchronous_commit"] == "on"
    else:
        for _ in range(3):
            with datastore.get_connection(commit=True) as conn:
                cursor = conn.cursor()
                cursor.execute("PRAGMA synchronous")
                assert cursor.fetchone()[0] == 2  # FULL, SQLite's default, as the library leaves it


def test_a_batch_that_fails_before_writing_leaves_nothing_half_remembered(any_app, monkeypatch):
    from tests.core.toy import Counted

    app = any_app
    cid = app.create_campaign("toy", "Flaky")
    campaign = app.get_campaign(cid)  # one action of three game events: records 2-4, closed by record 5
    campaign.record_action("three", "count", {"character": "alice", "amount": 1},
                           [Counted("alice", 1), Counted("bob", 1), Counted("alice", 1)], actor=None,
                           recorded_at="2026-11-30T00:00:00+00:00", reveal=False, digital=False, summary="count", play=None)
    app.save(campaign)
    app.read_models.catch_up()
    incremental = app.read_models.dump()
    (row,) = incremental["ql_audit"]
    assert (row["event_types"], row["characters"]) == (",Counted,", ",alice,bob,")
    assert [e["data"]["character"] for e in json.loads(row["events"])] == ["alice", "bob", "alice"]
    other = ReadModels(app)
    other.recorder.reset()
    other._position, other._open = 0, (0, {})
    calls = []
    original = other._campaign_at

    def flaky(*args):  # the first load fails: the batch of records 4-5 is applied up to writing, then abandoned
        calls.append(args)
        if len(calls) == 1:
            raise OSError("the store went away")
        return original(*args)

    monkeypatch.setattr(other, "_campaign_at", flaky)
    with pytest.raises(OSError):
        other.catch_up(batch=3)  # records 1-3 applied (the action left open), then 4-5 fail
    assert other.recorder.position() == 3
    assert other.catch_up(batch=3) == 3  # notifications 4-6 (the campaign name's reservation is notification 2)
    assert other.dump() == incremental


def test_an_action_whose_game_event_is_not_visible_yet_is_read_from_the_store(any_app, monkeypatch):
    """On PostgreSQL notification ids are not always committed in order: a catch-up may see an action's closing
    record while a lower id (its game event) is still missing. The gap makes it read the action from the store."""
    app = any_app
    cid = app.create_campaign("toy", "Out of order")
    app.record(cid, "count", {"character": "alice", "amount": 1})
    other = ReadModels(app)
    other.rebuild()  # remembers, up to here, that no action is open
    runner = app.listeners.pop()
    late = app.record(cid, "count", {"character": "bob", "amount": 2})
    app.listeners.append(runner)
    (hidden,) = [n.id for n in app.recorder.select_notifications(1, 100) if n.originator_version == late.version - 1]
    original = app.recorder.select_notifications
    monkeypatch.setattr(app.recorder, "select_notifications",
                        lambda *args, **kwargs: [n for n in original(*args, **kwargs) if n.id != hidden])
    assert other.catch_up() == 1  # the closing record only
    (row,) = [r for r in other.audit(cid) if r["action_id"] == late.action_id]
    assert (row["events"], row["characters"]) == ([{"type": "Counted", "data": {"character": "bob", "amount": 2}}], ["bob"])


@pytest.mark.parametrize("bulk", [False, True])
def test_many_rows_are_inserted_whole_whichever_way_they_go(any_app, bulk):
    """SQLite: multi-row INSERT statements and the rest one by one; PostgreSQL: COPY (bulk) or one jsonb statement."""
    recorder = any_app.read_models.recorder
    rows = [[f"c{n % 7}", n, n // 7 + 1, "action", None if n % 3 else f"a{n}"] for n in range(1, 613)]  # 612: 3 x 199 + 15
    with recorder.write(None, bulk=bulk) as cursor:
        recorder.insert_rows(cursor, "ql_history", rows)
    stored = recorder.query("SELECT campaign_id, version, seq, kind, action_id FROM {ql_history} ORDER BY version")
    assert [list(r.values()) for r in stored] == rows


def test_a_background_catch_up_skips_while_another_process_catches_up_and_a_read_does_not(pg_url):
    from infrastructure.runtime import open_questlog

    here, there = open_questlog(pg_url, read_models="off"), open_questlog(pg_url, read_models="off")
    try:
        cid = here.create_campaign("toy", "Shared")
        here.record(cid, "count", {"character": "alice", "amount": 2})
        head = here.recorder.max_notification_id()
        with there.read_models.recorder.exclusive(wait=False) as alone:  # the other process is catching up
            assert alone is True
            assert here.read_models.catch_up(skip_if_busy=True) == 0
            assert here.read_models.recorder.position() == 0
        assert here.read_models.catch_up(skip_if_busy=True) == head  # released: this one goes ahead
        here.record(cid, "count", {"character": "bob", "amount": 3})  # an action and its game event: 2 notifications
        assert here.recorder.max_notification_id() == head + 2
        with there.read_models.recorder.exclusive(wait=False):
            with there.read_models.recorder.exclusive(wait=False) as second:  # one holder at a time, even in one process
                assert second is False
        assert there.read_models.catch_up() == 2  # the other process applies what this one left, nothing twice
        assert here.read_models.catch_up() == 0
        assert here.read_models.view(cid, "board")["data"] == {"counters": {"alice": 2, "bob": 3}, "last": []}
        assert here.read_models.dump() == rebuilt(here)
    finally:
        here.close()
        there.close()


def test_another_processs_campaign_is_fast_forwarded_from_the_cache_not_reloaded_per_version(pg_url, monkeypatch):
    from infrastructure.runtime import open_questlog

    writer, reader = open_questlog(pg_url, read_models="off"), open_questlog(pg_url, read_models="off")
    try:
        cid = writer.create_campaign("toy", "Elsewhere")
        reader.read_models.catch_up()
        loads = []
        original = reader.repository.get
        monkeypatch.setattr(reader.repository, "get", lambda *a, **k: loads.append(k.get("version")) or original(*a, **k))
        for amount in (1, 2, 3, 3):
            writer.record(cid, "count", {"character": "alice", "amount": amount})
            assert reader.read_models.catch_up() == 2  # the action and its game event
        assert loads == []  # each version from the one before: the few events since, no snapshot and replay
        assert reader.read_models.view(cid, "board")["data"]["counters"] == {"alice": 9, "bob": 0}
        assert reader.read_models.dump() == rebuilt(writer)
    finally:
        writer.close()
        reader.close()
