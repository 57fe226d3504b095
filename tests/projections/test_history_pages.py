"""History pages from the history index (domain.history.history_page, projections ql_history): every page, as of
every version, is exactly the slice of the whole ``history`` view it stands for (entries, undone marks, seals,
corrections, amendments, superseded decisions), on SQLite and PostgreSQL; right after a write; and the same when the
index does not hold a campaign (a store older than the index)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli.context import Session
from cli.script import play_file
from domain.core.errors import BadInput
from domain.history import history_page, history_since

ROOT = Path(__file__).resolve().parents[2]
GEOHUNT = [("start-scenario", {"scenario": "prologue", "boards": ["red", "blue"]}),
           ("draw-victory-card", {"card": "A06"}),
           ("start-scenario", {"scenario": "geohunt", "boards": ["red", "blue"], "trace_top": 10})]


def corrected_nanolith(url: str):
    """examples/nanolith/correction.ql (four rolls, one corrected), then more of what happens at a table: a second
    correction of the same roll, actions undone and redone, one undone for good, a bookmark and a rename."""
    s = Session(db=url)
    play_file(s, ROOT / "examples" / "nanolith" / "correction.ql")
    app, cid = s.app, s.campaign_id()
    roll = next(e for e in app.view(cid, "history")["actions"] if e["kind"] == "action" and e["verb"] == "roll-action-dice"
                and e["fields"]["character"] == "cora")
    app.correct(cid, roll["action_id"], {"dice": [1, 3, 4, 5, 5]}, "the last die showed 5")
    for n in range(4):
        app.record(cid, "adjust", {"path": "characters.ada.stress", "value": n, "reason": f"step {n}"})
    app.undo(cid)
    app.undo(cid)
    app.redo(cid)
    app.bookmark(cid, "before the last adjust")
    app.undo(cid)
    app.record(cid, "adjust", {"path": "characters.ada.stress", "value": 2, "reason": "again"})  # the undone one stays undone
    app.rename_campaign(cid, "Typo, corrected twice")
    return app, cid


def amended_tamashii(app):
    """tests/life's Geohunt won on the wrong ending card, sealed by the next scenario, then amended."""
    cid = app.create_campaign("tamashii", "Amended")
    for verb, fields in GEOHUNT:
        app.record(cid, verb, fields)
    wrong = app.record(cid, "draw-victory-card", {"card": "E09", "unlock": ["P03"]})
    app.record(cid, "start-scenario", {"scenario": "x-6039", "boards": ["red", "blue"], "enemy_deck": ["1:2xP", "2:all"], "trace_top": 10,
                                       "corrupted_data": "4xP", "first_card": "P01"})
    app.amend(cid, wrong.action_id, {"card": "E08"}, "we drew E08, not E09")
    return cid


def assert_pages_match_the_whole_view(app, cid, sizes=(4, 50), every_version=True):
    """Each page of each size, oldest and newest first, at now and (``every_version``) as of every version."""
    latest = app.get_campaign(cid).version
    for at in [None, *(range(1, latest + 1) if every_version else ())]:
        whole = app.view(cid, "history", at)
        entries = whole["actions"]
        for size in sizes:
            pages = max(1, -(-len(entries) // size))
            for page in range(1, pages + 2):  # one past the end: empty
                got = history_page(app, cid, page, size, at)
                where = f"at={at} page={page} size={size}"
                assert got["actions"] == entries[(page - 1) * size:page * size], where
                assert (got["total"], got["pages"], got["version"], got["horizon"]) == (len(entries), pages, whole["version"], whole["horizon"]), where
                newest = history_page(app, cid, page, size, at, newest_first=True)["actions"]
                assert newest == entries[::-1][(page - 1) * size:page * size], where


def test_every_page_of_a_corrected_campaign_as_of_every_version_is_its_slice_of_the_whole_view(store_url):
    app, cid = corrected_nanolith(store_url)
    kinds = [e["kind"] for e in app.view(cid, "history")["actions"]]
    assert {"created", "action", "correction", "undo", "redo", "bookmark", "rename"} <= set(kinds)
    whole = app.view(cid, "history")["actions"]
    roll = next(e for e in whole if e.get("superseded"))
    assert len(roll["superseded"]) == 2 and roll["sealed"] and roll["original_fields"]["dice"] == [1, 1, 4, 5, 6]
    assert [e["status"] for e in whole if e["kind"] == "action"][-5:] == ["effective", "effective", "undone", "undone", "effective"]
    assert_pages_match_the_whole_view(app, cid)
    assert_pages_match_the_whole_view(app, cid, sizes=(1,), every_version=False)
    app.close()


def test_an_amended_campaign_pages_like_its_whole_view(any_app):
    cid = amended_tamashii(any_app)
    assert "amendment" in [e["kind"] for e in any_app.view(cid, "history")["actions"]]
    assert_pages_match_the_whole_view(any_app, cid, sizes=(1, 3))


def test_history_since_a_version_is_the_whole_view_after_it_as_of_any_version(store_url):
    app, cid = corrected_nanolith(store_url)
    latest = app.get_campaign(cid).version
    for at in (None, latest // 2, latest - 3):
        whole = app.view(cid, "history", at)
        last = latest if at is None else at
        for since in range(0, last + 1):
            got = history_since(app, cid, since, at)
            assert got["actions"] == [e for e in whole["actions"] if e["version"] > since], (at, since)
            assert {k: v for k, v in got.items() if k != "actions"} == {k: v for k, v in whole.items() if k != "actions"}
        with pytest.raises(BadInput, match=f"^version {latest + 1} is in the future: the campaign is at version {latest}$"):
            history_since(app, cid, latest + 1, at)
        if at is not None:  # a since after at: the history as of at holds nothing after it
            with pytest.raises(BadInput, match=f"^--since {at + 1} is after --at {at}: "):
                history_since(app, cid, at + 1, at)
    app.close()


def test_a_page_shows_a_write_at_once_even_with_the_read_models_caught_up_in_the_background(sqlite_url):
    from infrastructure.runtime import open_questlog

    app = open_questlog(sqlite_url, read_models="background")
    cid = app.create_campaign("nanolith", "Busy table")
    for n in range(30):
        result = app.record(cid, "adjust", {"path": "characters.cora.stress", "value": n % 5, "reason": f"n{n}"})
        page = history_page(app, cid, 1, 1, newest_first=True)
        assert page["actions"][0]["action_id"] == result.action_id and page["total"] == n + 2
    app.undo(cid)
    assert history_page(app, cid, 1, 2, newest_first=True)["actions"][1]["status"] == "undone"
    app.close()


def test_a_campaign_the_index_does_not_hold_is_paged_from_the_whole_view(app):
    cid = app.create_campaign("toy", "Older than the index")
    for n in range(6):
        app.record(cid, "count", {"character": "alice", "amount": 1})
    app.undo(cid)
    app.read_models.catch_up()
    with app.read_models.recorder.write(None) as cursor:  # as a store created before ql_history holds it
        app.read_models.recorder.execute(cursor, "DELETE FROM {ql_history} WHERE campaign_id = %s", [cid])
    assert app.read_models.history_extent(cid, 100) == (0, False)
    whole = app.view(cid, "history")["actions"]
    assert history_page(app, cid, 2, 3)["actions"] == whole[3:6]
    assert history_page(app, cid, 1, 3, newest_first=True)["actions"] == whole[::-1][:3]
    app.read_models.rebuild()
    assert app.read_models.history_extent(cid, 100) == (len(whole), True)
    assert history_page(app, cid, 2, 3)["actions"] == whole[3:6]


def test_bad_page_requests_store_nothing_and_say_why(app):
    from domain.core.errors import BadInput, UnknownCampaign

    cid = app.create_campaign("toy", "Short")
    app.record(cid, "count", {"character": "alice", "amount": 1})
    before = app.recorder.max_notification_id()
    with pytest.raises(BadInput, match="in the future"):
        history_page(app, cid, 1, 10, at=99)
    with pytest.raises(UnknownCampaign):
        history_page(app, "00000000-0000-0000-0000-000000000000", 1, 10)
    assert app.recorder.max_notification_id() == before


def test_a_store_from_before_the_indexes_gets_them_when_opened_and_pages_its_campaigns(store_url):
    from infrastructure.runtime import open_questlog

    app = open_questlog(store_url)
    cid = app.create_campaign("toy", "From before")
    for n in range(5):
        app.record(cid, "count", {"character": "bob", "amount": 1})
    app.undo(cid)
    whole = app.view(cid, "history")["actions"]
    recorder = app.read_models.recorder
    # the store as it was before the history index and the audit's action index, so without today's schema marker
    # (infrastructure/schema.py: a store whose marker is current is not checked)
    events = _qualified(store_url, recorder, app.recorder.events_table_name.split(".")[-1].strip('"'))
    marker = "PRAGMA user_version = 0" if "://" not in store_url else f"COMMENT ON TABLE {events} IS NULL"
    with recorder.write(None) as cursor:
        for statement in ("DROP INDEX IF EXISTS {ql_audit_action}", "DROP TABLE {ql_history}", marker):
            recorder.execute(cursor, statement.replace("{ql_audit_action}", _qualified(store_url, recorder, "ql_audit_action")))
    app.close()

    app = open_questlog(store_url)
    recorder = app.read_models.recorder
    assert {"ql_audit_action", "ql_history_seq", "ql_history_action"} <= _indexes(store_url, recorder)
    if "://" not in store_url:  # SQLite says which index an undo's audit update uses
        plan = recorder.query("EXPLAIN QUERY PLAN UPDATE {ql_audit} SET status = 'undone' WHERE campaign_id = %s AND action_id = %s "
                              "AND kind = 'action'", [cid, "x"])
        assert "USING INDEX ql_audit_action" in str(plan)
    assert history_page(app, cid, 2, 2)["actions"] == whole[2:4]  # from the whole view: the new index holds none of it
    app.read_models.rebuild()
    assert app.read_models.history_extent(cid, 100) == (len(whole), True)
    assert history_page(app, cid, 2, 2)["actions"] == whole[2:4]
    app.close()


def _qualified(store_url, recorder, name):
    return name if "://" not in store_url else f'"{recorder.datastore.schema}"."{name}"'


def _indexes(store_url, recorder):
    if "://" not in store_url:
        return {r["name"] for r in recorder.query("SELECT name FROM sqlite_master WHERE type = 'index'")}
    return {r["indexname"] for r in recorder.query("SELECT indexname FROM pg_indexes WHERE schemaname = %s", [recorder.datastore.schema])}
