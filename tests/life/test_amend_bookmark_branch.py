"""Campaigns as they really happen: amendments, bookmarks, branches (domain/life.py), on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from domain.core.errors import BadInput, RuleViolation
from domain.transfer import export_lines

GEOHUNT = [("start-scenario", {"scenario": "prologue", "boards": ["red", "blue"]}),
           ("draw-victory-card", {"card": "A06"}),
           ("start-scenario", {"scenario": "geohunt", "boards": ["red", "blue"], "trace_top": 10})]


def played(app, cid):
    return app.view(cid, "progress")["played"]


def geohunt_won_on_e09(app):
    cid = app.create_campaign("tamashii", "t")
    for verb, fields in GEOHUNT:
        app.record(cid, verb, fields)
    wrong = app.record(cid, "draw-victory-card", {"card": "E09", "unlock": ["P03"]})
    app.record(cid, "start-scenario", {"scenario": "x-6039", "boards": ["red", "blue"], "enemy_deck": ["1:2xP", "2:all"], "trace_top": 10,
                                       "corrupted_data": "4xP", "first_card": "P01"})
    return cid, wrong


def test_a_wrong_tamashii_ending_sealed_by_the_next_scenario_is_amended_and_the_progress_sheet_is_right(any_app):
    cid, wrong = geohunt_won_on_e09(any_app)
    assert played(any_app, cid)[1] == {"scenario": "geohunt", "outcome": "won", "card": "E09"}
    with pytest.raises(RuleViolation, match="revealed nothing"):  # a correction is for reveals only
        any_app.correct(cid, wrong.action_id, {"card": "E08"}, "typo")
    result = any_app.amend(cid, wrong.action_id, {"card": "E08"}, "we drew E08, not E09")
    assert played(any_app, cid)[1] == {"scenario": "geohunt", "outcome": "won", "card": "E08"}
    assert any_app.view(cid, "progress")["scenarios"]["geohunt"]["endings"] == {"E08": True, "E09": False, "E10": False}
    history = any_app.view(cid, "history")["actions"]
    amendment = [e for e in history if e["kind"] == "amendment"]
    assert amendment[0]["reason"] == "we drew E08, not E09" and amendment[0]["original_fields"]["card"] == "E09"
    assert result.version == history[-1]["version"] and any_app.verify(cid)["ok"]


def test_an_amendment_needs_a_reason_and_refuses_a_reveal(app):
    cid, wrong = geohunt_won_on_e09(app)
    with pytest.raises(BadInput, match="needs a reason"):
        app.amend(cid, wrong.action_id, {"card": "E08"}, "  ")
    scenario = next(a for a in app.stored_actions(cid) if a.get("verb") == "start-scenario")
    with pytest.raises(RuleViolation, match="use `correct`|with `correct`"):
        app.amend(cid, scenario["action_id"], {"boards": ["red"]}, "one board")
    with pytest.raises(BadInput, match="nothing to amend"):
        app.amend(cid, wrong.action_id, {"card": "E09"}, "same")


ROUND = [("start-encounter", {"name": "E"}), ("start-round", {}),
         ("roll-action-dice", {"character": "ashitaka", "dice": [2, 4, 5, 2, 6]}),
         ("roll-action-dice", {"character": "cora", "dice": [1, 1, 4, 5, 6]}),
         ("roll-action-dice", {"character": "vaa-lith", "dice": [3, 3, 5, 2, 6]}),
         ("roll-action-dice", {"character": "ada", "dice": [3, 3, 5, 2, 6]})]


def test_an_amendment_that_makes_a_later_action_illegal_is_refused_naming_it_and_stores_nothing(app):
    cid = app.create_campaign("nanolith", "n")
    for verb, fields in ROUND:
        app.record(cid, verb, fields)
    initiative = app.record(cid, "give-initiative", {"character": "ashitaka"})
    app.record(cid, "spend-dice", {"character": "ashitaka", "values": [4], "purpose": "move 4"})
    version = app.get_campaign(cid).version
    with pytest.raises(RuleViolation, match="this amendment would make the later action .spend-dice ashitaka 4.* illegal: Cora holds the Initiative Token"):
        app.amend(cid, initiative.action_id, {"character": "cora"}, "Cora had the Initiative Token")
    assert app.get_campaign(cid).version == version
    assert app.view(cid, "board")["initiative"] == "ashitaka"


def test_bookmarks_name_versions_for_time_travel_and_refuse_duplicates(app):
    cid = app.create_campaign("tamashii", "t")
    app.record(cid, "start-scenario", {"scenario": "prologue", "boards": ["red", "blue"]})
    app.bookmark(cid, "before the ending")
    app.record(cid, "draw-victory-card", {"card": "A06"})
    assert app.bookmarks(cid) == {"before the ending": 3}
    assert app.resolve_version(cid, "before the ending") == 3 and app.resolve_version(cid, "v7") == 7
    assert app.view(cid, "progress", at=app.resolve_version(cid, "before the ending"))["played"] == []
    with pytest.raises(BadInput, match="already names version 3"):
        app.bookmark(cid, "before the ending")
    with pytest.raises(BadInput, match="looks like a version"):
        app.bookmark(cid, "v12")
    with pytest.raises(BadInput, match=r"bookmarks: before the ending \(v3\)"):
        app.resolve_version(cid, "nowhere")


def test_a_branch_at_a_bookmark_replays_the_original_up_to_it_and_leaves_the_original_byte_identical(any_app):
    cid = any_app.create_campaign("tamashii", "t")
    for verb, fields in GEOHUNT[:2]:
        any_app.record(cid, verb, fields)
    any_app.bookmark(cid, "after the prologue")
    any_app.record(cid, "start-scenario", {"scenario": "geohunt", "boards": ["red", "blue"], "trace_top": 10})
    before = list(export_lines(any_app, cid))
    at_mark = any_app.state(cid, at=any_app.resolve_version(cid, "after the prologue"))
    branch = any_app.branch(cid, "what if", at="after the prologue")
    assert list(export_lines(any_app, cid)) == before
    assert any_app.state(branch) == at_mark
    assert any_app.get_campaign(branch).branched_from == {"campaign_id": cid, "name": "t", "version": 6}
    assert any_app.branches_of(cid) == [{"id": branch, "name": "what if", "version": 6}]
    any_app.record(branch, "start-scenario", {"scenario": "x-6039", "boards": ["red"], "mode": "coop", "trace_top": 10,
                                              "enemy_deck": ["1:2xP", "2:all"],
                                              "corrupted_data": "4xP", "first_card": "P01"})
    assert any_app.view(branch, "progress")["playing"] == "x-6039" and any_app.view(cid, "progress")["playing"] == "geohunt"
    assert any_app.verify(branch)["ok"]
    kinds = [e["kind"] for e in any_app.view(branch, "history")["actions"]]
    assert kinds[-2:] == ["branched", "action"]


def test_a_branch_copies_undos_corrections_and_bookmarks_before_its_version(app):
    cid = app.create_campaign("nanolith", "n")
    for verb, fields in ROUND[:2]:
        app.record(cid, verb, fields)
    app.bookmark(cid, "round 1")
    app.record(cid, *ROUND[2])
    roll = app.stored_actions(cid)[-1]
    app.correct(cid, roll["action_id"], {"dice": [2, 4, 5, 3, 6]}, "the fourth die showed 3")
    app.bookmark(cid, "rolled")
    app.record(cid, "roll-action-dice", {"character": "cora", "dice": [1, 1, 4, 5, 6]})
    branch = app.branch(cid, "copy", at="rolled")
    board = app.view(branch, "board")
    assert board["characters"]["ashitaka"]["dice"]["available"] == [2, 4, 5, 3, 6]
    assert board["characters"]["cora"]["stress"] == 0 and app.bookmarks(branch) == {"round 1": app.bookmarks(cid)["round 1"]}
    assert app.view(cid, "board")["characters"]["cora"]["stress"] == 2


def test_a_bookmark_or_amendment_that_keeps_losing_the_race_is_busy_not_stale(app, monkeypatch):
    from domain.core.errors import StoreBusy

    cid, wrong = geohunt_won_on_e09(app)
    monkeypatch.setattr(app, "_try_save", lambda *a, **k: False)  # every save loses to another writer
    monkeypatch.setattr("domain.life.backoff", lambda attempt: None)
    with pytest.raises(StoreBusy, match="nothing was stored"):
        app.bookmark(cid, "later")
    with pytest.raises(StoreBusy, match="nothing was stored"):
        app.amend(cid, wrong.action_id, {"card": "E08"}, "it was E08")
