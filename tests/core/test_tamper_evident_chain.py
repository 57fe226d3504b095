"""The tamper-evident chain: every stored record is hashed with the previous one's digest."""

import json
import sqlite3


def test_an_untouched_campaign_verifies(toy):
    app, cid = toy
    app.record(cid, "count", {"character": "alice", "amount": 2})
    app.record(cid, "toss", {"character": "bob", "dice": [3, 4]})
    report = app.verify(cid)
    assert report["ok"] and report["records"] == 5  # created, then 2 actions of 1 event + 1 closing record each


def test_undo_and_redo_are_links_of_the_chain_too(toy):
    app, cid = toy
    app.record(cid, "count", {"character": "alice", "amount": 2})
    app.undo(cid)
    app.redo(cid)
    assert app.verify(cid)["ok"]


def _tamper(db, version, change):
    with sqlite3.connect(db) as conn:
        (state,) = conn.execute("SELECT state FROM stored_events WHERE originator_version = ?", (version,)).fetchone()
        data = json.loads(state)
        change(data)
        conn.execute("UPDATE stored_events SET state = ? WHERE originator_version = ?", (json.dumps(data).encode(), version))


def test_editing_a_stored_die_breaks_the_chain_at_that_record(toy, sqlite_url):
    app, cid = toy
    app.record(cid, "count", {"character": "alice", "amount": 2})
    roll = app.record(cid, "toss", {"character": "bob", "dice": [3, 4]})
    _tamper(sqlite_url, roll.version - 1, lambda d: d["data"].update(dice=[6, 6]))
    report = app.verify(cid)
    assert report == {"ok": False, "position": roll.version - 1, "reason": report["reason"]}
    assert "changed" in report["reason"]


def test_editing_who_did_an_action_breaks_the_chain(toy, sqlite_url):
    app, cid = toy
    first = app.record(cid, "count", {"character": "alice", "amount": 2}, actor="Ann")
    app.record(cid, "count", {"character": "bob", "amount": 1})
    _tamper(sqlite_url, first.version, lambda d: d.update(actor="Ben"))
    assert app.verify(cid)["position"] == first.version


def test_removing_a_stored_record_breaks_the_chain_at_the_next_one(toy, sqlite_url):
    app, cid = toy
    first = app.record(cid, "count", {"character": "alice", "amount": 2})
    app.record(cid, "count", {"character": "bob", "amount": 1})
    with sqlite3.connect(sqlite_url) as conn:
        conn.execute("DELETE FROM stored_events WHERE originator_version = ?", (first.version,))
    report = app.verify(cid)
    assert report["position"] == first.version + 1 and "removed or moved" in report["reason"]


def test_the_chain_covers_every_field_an_action_record_is_stored_with():
    from domain.core.campaign import Campaign
    from domain.core.chain import ACTION_FIELDS

    import inspect

    stored = set(inspect.signature(Campaign.ActionRecorded.__init__).parameters)
    assert set(ACTION_FIELDS) == stored - {"self", "originator_id", "originator_version", "timestamp", "digest", "previous_digest"}
