"""Starting from a paper campaign sheet (``new GAME NAME --from-sheet FILE``): one atomic save, nothing stored on refusal."""

from __future__ import annotations

import subprocess

import pytest

from domain.core.errors import BadInput, RuleViolation
from tests.cli.entry import QUESTLOG


def test_a_campaign_started_from_paper_records_the_sheet_as_its_first_action(app, toy_registered):
    cid = app.create_campaign("toy", "Paper", from_sheet={"counters": {"alice": 7}})
    assert app.view(cid, "board")["counters"] == {"alice": 7, "bob": 0}
    first = [e for e in app.view(cid, "history")["actions"] if e["kind"] == "action"]
    assert [e["verb"] for e in first] == ["start-from-paper"] and app.get_campaign(cid).version == 3


def test_a_sheet_out_of_bounds_stores_no_campaign(app, toy_registered):
    with pytest.raises(BadInput, match="counters"):
        app.create_campaign("toy", "Paper", from_sheet={"counters": {"alice": 11}})
    assert app.campaigns() == []


@pytest.mark.parametrize("content, message", [("- a\n- b\n", "must hold a mapping"), ("counters: [", "not valid YAML or JSON (line"),
                                              (None, "No such file")])
def test_a_bad_sheet_file_is_bad_input_and_stores_nothing(tmp_path, content, message):
    sheet = tmp_path / "sheet.yaml"
    if content is not None:
        sheet.write_text(content)
    db = str(tmp_path / "s.sqlite")
    done = subprocess.run([QUESTLOG, "--db", db, "new", "nanolith", "Paper", "--from-sheet", str(sheet)], capture_output=True, text=True)
    assert done.returncode == 2 and message in done.stderr
    listed = subprocess.run([QUESTLOG, "--db", db, "campaigns"], capture_output=True, text=True)
    assert "no campaigns yet" in listed.stdout


NANOLITH = {"chapter": "3", "characters": {"cora": {"unconscious": 3, "conscious": 8, "divider": {"code": "X2", "space": 6},
            "bonus_skill": "overclock", "skills": [{"name": "go-get-them", "conscious": True, "combination": "double",
            "cost": [2, 2], "numbers": {"damage": 2}, "stickers": {"cost": True, "numbers": {"damage": "up"}}}]}},
            "programs": ["laser-download"], "save_points": ["Chapter 3 start"]}


def test_nanolith_paper_sheet_is_one_event_with_its_history_line(app):
    cid = app.create_campaign("nanolith", "Paper", from_sheet=NANOLITH)
    cora = app.view(cid, "stickers")["characters"]["cora"]
    assert cora["divider"] == {"unconscious": 3, "conscious": 8, "code": "X2", "space": 6, "bonus_skill": "X2"}
    assert cora["skills"]["go-get-them"]["effective"]["cost"] == [1, 1]
    assert cora["skills"]["go-get-them"]["effective"]["numbers"] == {"damage": 3}
    assert app.view(cid, "progress")["chapter"] == "3"
    actions = [e for e in app.view(cid, "history")["actions"] if e["kind"] == "action"]
    assert [e["verb"] for e in actions] == ["start-from-paper"] and app.get_campaign(cid).version == 3


@pytest.mark.parametrize("change, message", [
    ({"programs": ["a", "b", "c", "d", "e"]}, "programs"),                       # nanolith.txt § Saving Programs: up to 4
    ({"characters": {"cora": {"conscious": 8, "divider": {"code": "X2", "space": 6}}}}, "bonus_skill"),
    ({"characters": {"ada": {"skills": [{"name": "medkit", "combination": "double", "cost": [1, 1],
                                         "stickers": {"cost": True}}]}}}, "cannot go one step lower"),
])
def test_a_nanolith_sheet_out_of_bounds_stores_no_campaign(app, change, message):
    with pytest.raises(BadInput, match=message):
        app.create_campaign("nanolith", "Paper", from_sheet={**NANOLITH, **change})
    assert app.campaigns() == []


def test_tamashii_paper_sheet_ticks_and_pools(app):
    cid = app.create_campaign("tamashii", "Box", from_sheet={"progress": {"prologue": ["A06"], "geohunt": ["e09"]},
                                                             "unlocked": ["P03"], "locked": ["S05"]})
    scen = app.view(cid, "progress")["scenarios"]
    assert scen["geohunt"]["endings"] == {"E08": False, "E09": True, "E10": False} and scen["prologue"]["endings"] == {"A06": True}
    assert app.view(cid, "unlocks") == {"locked": ["S05"], "unlocked": ["P03"]}


@pytest.mark.parametrize("sheet, message", [
    ({"progress": {"prologue": ["A06"], "geohunt": ["P09"]}}, "P09 is not an ending of Geohunt"),
    ({"progress": {"geohunt": ["E09"]}}, "must always be the Prologue"),
    ({"progress": {"prologue": ["A06"]}, "locked": ["A00"]}, "never Locked"),
])
def test_a_tamashii_sheet_out_of_bounds_stores_no_campaign(app, sheet, message):
    with pytest.raises(RuleViolation, match=message):
        app.create_campaign("tamashii", "Box", from_sheet=sheet)
    assert app.campaigns() == []


def test_a_nanolith_sheet_says_which_encounters_were_already_won(app):
    """Issue 31, item 8: ``encounters_won`` lands in the progress view's ``won`` (and ``encounters``, as victories),
    in the order given; an Encounter named twice stores no campaign."""
    cid = app.create_campaign("nanolith", "Paper", from_sheet={**NANOLITH, "date": "2026-11-02",
                                                                "encounters_won": ["Encounter 1", "Encounter 2"]})
    progress = app.view(cid, "progress")
    assert progress["won"] == ["Encounter 1", "Encounter 2"] and progress["lost"] == []
    assert progress["encounters"][0] == {"name": "Encounter 1", "outcome": "victory", "date": "2026-11-02"}
    with pytest.raises(BadInput, match="each is named once in encounters_won"):
        app.create_campaign("nanolith", "Paper twice", from_sheet={**NANOLITH, "encounters_won": ["Encounter 1", "encounter 1"]})
    assert len(app.campaigns()) == 1
