"""Chain format 3 (a record's digest over its stored bytes) for new records; records of formats 2 and 1 still verify,
export and import; tampering of each kind is still found at its record; snapshot digests of both formats are checked."""

from __future__ import annotations

import collections
import json
import sqlite3

from domain.core.chain import ACTION_FIELDS, digest, record_digest, verify_records
from domain.integrity import stored_records
from domain.snapshot_digest import STATE_DIGEST, canonical_digest
from domain.transfer import check_export, export_campaign, import_campaign


def _formats(app, cid):
    records = list(stored_records(app.recorder, app.get_campaign(cid).id))
    seen = collections.Counter()
    report = verify_records(((r.originator_version, r.topic, r.originator_version, json.loads(r.state), r.state) for r in records),
                            lambda f: seen.update([f]))
    return report, seen


def _rewrite(db, version, change):
    with sqlite3.connect(db) as conn:
        (raw,) = conn.execute("SELECT state FROM stored_events WHERE originator_version = ?", (version,)).fetchone()
        conn.execute("UPDATE stored_events SET state = ? WHERE originator_version = ?", (change(raw), version))


def test_every_new_record_is_sealed_in_format_3(any_app):
    cid = any_app.create_campaign("nanolith", "Élodie's group")
    any_app.record(cid, "start-encounter", {"name": "Encounter 1"})
    any_app.record(cid, "adjust", {"path": "characters.cora.stress", "value": 2, "reason": "a 1 rolled — twice"})
    report, seen = _formats(any_app, cid)
    assert report["ok"] and seen == {3: any_app.get_campaign(cid).version}


def test_a_respelled_record_breaks_format_3_where_format_2_did_not_notice(app, sqlite_url):
    cid = app.create_campaign("toy", "Spelling")
    result = app.record(cid, "count", {"character": "alice", "amount": 2})
    _rewrite(sqlite_url, result.version, lambda raw: json.dumps(json.loads(raw)).encode())  # same values, spaces added
    assert app.verify(cid) == {"ok": False, "position": result.version, "reason": "this record was changed after it was stored"}


def test_an_edited_value_of_a_format_3_record_is_found_at_it(app, sqlite_url):
    cid = app.create_campaign("toy", "Edited")
    first = app.record(cid, "count", {"character": "alice", "amount": 2})
    app.record(cid, "count", {"character": "alice", "amount": 3})
    _rewrite(sqlite_url, first.version - 1, lambda raw: raw.replace(b'"amount":2', b'"amount":3'))  # its game event
    assert app.verify(cid) == {"ok": False, "position": first.version - 1, "reason": "this record was changed after it was stored"}


def _as_format_2(db, version):
    """Rewrite the campaign's records from ``version`` on as format-2 code stored them: each digest over canonical JSON,
    chained on from the record before."""
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT originator_version, topic, state FROM stored_events WHERE originator_version >= ? "
                            "AND topic LIKE 'domain.core.campaign:%' ORDER BY originator_version", (version - 1,)).fetchall()
        previous = json.loads(rows[0][2])["digest"]
        for v, topic, raw in rows[1:]:
            state = json.loads(raw)
            state["previous_digest"] = previous
            state["digest"] = previous = record_digest(previous, topic, v, state)
            conn.execute("UPDATE stored_events SET state = ? WHERE originator_version = ? AND topic = ?",
                         (json.dumps(state, separators=(",", ":"), ensure_ascii=False).encode(), v, topic))


def test_format_2_and_1_records_still_verify_export_and_import(tmp_path):
    from infrastructure.runtime import open_questlog

    db = str(tmp_path / "old.sqlite")
    app = open_questlog(db)
    try:
        cid = app.create_campaign("toy", "Old save")
        app.record(cid, "count", {"character": "alice", "amount": 2})
        result = app.record(cid, "count", {"character": "bob", "amount": 1})
    finally:
        app.close()
    _as_format_2(db, 2)  # version 2 on, in format 2 (the chain recomputed as that code would have)
    with sqlite3.connect(db) as conn:  # version 1-style action record at the end: format 1
        (raw,) = conn.execute("SELECT state FROM stored_events WHERE originator_version = ? AND topic LIKE 'domain.core%'",
                              (result.version,)).fetchone()
        state = json.loads(raw)
        del state["play"], state["class_version"]
        state["digest"] = digest(state["previous_digest"], "action", {k: state[k] for k in ACTION_FIELDS if k in state})
        conn.execute("UPDATE stored_events SET state = ? WHERE originator_version = ? AND topic LIKE 'domain.core%'",
                     (json.dumps(state).encode(), result.version))
    fresh = open_questlog(db)
    try:
        report, seen = _formats(fresh, cid)
        assert report["ok"] and seen == {3: 1, 2: 3, 1: 1}
        assert fresh.verify(cid)["ok"]
        text = export_campaign(fresh, cid)
        assert check_export(fresh, text)["ok"]
        new = import_campaign(fresh, text, name="Old save (copy)")
        assert fresh.verify(new)["ok"] and fresh.view(new, "board") == fresh.view(cid, "board")
    finally:
        fresh.close()


def test_an_export_of_format_version_3_still_imports(app):
    cid = app.create_campaign("toy", "Three")
    app.record(cid, "count", {"character": "alice", "amount": 2})
    lines = export_campaign(app, cid).splitlines()
    header = json.loads(lines[0])
    assert header["format_version"] == 4
    from domain.transfer import header_digest

    header["format_version"] = 3
    del header["header_digest"]
    header["header_digest"] = header_digest(header)
    old = "\n".join([json.dumps(header, separators=(",", ":"), ensure_ascii=False), *lines[1:]])
    assert check_export(app, old)["ok"]
    app.rename_campaign(cid, "Three (before)")
    assert app.verify(import_campaign(app, old))["ok"]


def test_a_snapshot_forged_with_a_recomputed_format_2_digest_is_found(any_app, store_url):
    from tests.durable.test_store_tamper import Raw, fresh

    cid = any_app.create_campaign("toy", "Long night")
    any_app.record(cid, "count", {"character": "alice", "amount": 3})
    for n in range(50):
        any_app.record(cid, "toss", {"character": "bob", "dice": [1 + n % 6, 2]})

    def forge(d):
        for key in ("state", "sealed_state"):
            d["state"][key]["counters"]["alice"] = 0
        rest = {k: v for k, v in d["state"].items() if k != STATE_DIGEST}
        from domain.snapshot_digest import bytes_digest

        d["state"][STATE_DIGEST] = bytes_digest(json.dumps(rest, separators=(",", ":"), ensure_ascii=False).encode())

    Raw(store_url).edit("snapshots", 100, forge)
    report = fresh(any_app).verify(cid)
    assert report == {"ok": False, "position": 100, "reason": "snapshot at version 100 differs from a replay of the records: it was edited"}


def test_a_snapshot_with_an_old_canonical_digest_is_still_trusted(any_app, store_url):
    from tests.durable.test_store_tamper import Raw, fresh

    cid = any_app.create_campaign("toy", "Long night")
    for n in range(51):
        any_app.record(cid, "toss", {"character": "bob", "dice": [1 + n % 6, 2]})
    Raw(store_url).edit("snapshots", 100, lambda d: d["state"].update({STATE_DIGEST: canonical_digest(d["state"])}))
    other = fresh(any_app)
    assert other.verify(cid)["ok"]
    assert other.snapshots is not None and len(list(other.snapshots.get(other.get_campaign(cid).id))) >= 1
