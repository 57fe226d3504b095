"""Schema evolution: ``Campaign.ActionRecorded`` is at class version 2 (it gained ``play``); campaigns
stored by version 1 still load, replay, verify and export (upcasting happens on read only)."""

import json
import sqlite3

from domain.core.chain import ACTION_FIELDS, digest
from domain.transfer import export_campaign, import_campaign
from infrastructure.runtime import open_questlog

def store_as_version_1(db, version):
    """Rewrite the ActionRecorded at ``version`` as version-1 code stored it: no ``play``, no class_version,
    its digest computed over the fields it had then."""
    with sqlite3.connect(db) as conn:
        (raw,) = conn.execute("SELECT state FROM stored_events WHERE originator_version = ?", (version,)).fetchone()
        state = json.loads(raw)
        del state["play"], state["class_version"]
        state["digest"] = digest(state["previous_digest"], "action", {k: state[k] for k in ACTION_FIELDS if k in state})
        conn.execute("UPDATE stored_events SET state = ? WHERE originator_version = ?", (json.dumps(state).encode(), version))


def test_a_version_1_action_record_loads_with_play_upcast_to_none(app, sqlite_url):
    cid = app.create_campaign("toy", "Old save")
    result = app.record(cid, "count", {"character": "alice", "amount": 2})
    store_as_version_1(sqlite_url, result.version)
    fresh = type(app)(env=app.env)
    assert fresh.view(cid, "board")["counters"]["alice"] == 2
    (entry,) = [e for e in fresh.view(cid, "history")["actions"] if e["kind"] == "action"]
    assert entry["play"] is None
    assert fresh.verify(cid)["ok"]  # the digest covers the stored (version 1) form, untouched by upcasting
    fresh.record(cid, "count", {"character": "alice", "amount": 1})  # and the campaign goes on at version 2
    assert fresh.view(cid, "board")["counters"]["alice"] == 3


def test_a_version_1_record_exports_in_its_stored_form_and_imports(app, sqlite_url):
    cid = app.create_campaign("toy", "Old save")
    result = app.record(cid, "count", {"character": "alice", "amount": 2})
    store_as_version_1(sqlite_url, result.version)
    fresh = open_questlog(sqlite_url)  # a new process (read models attached: an import checks its name against them)
    try:
        text = export_campaign(fresh, cid)
        assert '"play"' not in text.splitlines()[-1]
        new = import_campaign(fresh, text, name="Old save (imported)")  # names are unique in a store
        assert fresh.view(new, "board") == fresh.view(cid, "board")
        assert fresh.verify(new)["ok"]
    finally:
        fresh.close()
