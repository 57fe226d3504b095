"""Practice plays (domain/core/practice.py) and play records out for BG Stats and BoardGameGeek (domain/plays.py)."""

from __future__ import annotations

import json
import subprocess
import xml.etree.ElementTree as ET

import pytest

from domain.core.errors import RuleViolation
from tests.cli.entry import QUESTLOG

PROLOGUE = [("seat", {"person": "Ann", "characters": ["red"]}), ("seat", {"person": "Ben", "characters": ["blue"]}),
            ("start-scenario", {"scenario": "prologue", "boards": ["red", "blue"]}), ("draw-victory-card", {"card": "A06"})]


def play_prologue(app):
    cid = app.create_campaign("tamashii", "box")
    for verb, fields in PROLOGUE:
        app.record(cid, verb, fields)
    return cid


def test_a_practice_play_is_recorded_but_the_progress_sheet_is_as_before(app):
    cid = play_prologue(app)
    sheet = app.view(cid, "progress")
    app.record(cid, "practice", {})
    app.record(cid, "start-scenario", {"scenario": "geohunt", "boards": ["red", "blue"], "trace_top": 10})
    assert app.view(cid, "progress")["playing"] == "geohunt"
    with pytest.raises(RuleViolation, match="a play is in progress"):
        app.record(cid, "practice", {})
    ended = app.record(cid, "draw-victory-card", {"card": "E09", "unlock": ["P03"]})
    assert [e["type"] for e in ended.events][-1] == "PracticeEnded"
    assert app.view(cid, "progress") == sheet
    lines = [e["text"] for a in app.view(cid, "history")["actions"] if a["kind"] == "action" for e in a["events"]]
    assert "practice play geohunt ended (won): the campaign is back as it was before it" in lines


def test_practice_can_be_undone_before_the_play_and_is_not_doubled(app):
    cid = play_prologue(app)
    app.record(cid, "practice", {})
    with pytest.raises(RuleViolation, match="already a practice play"):
        app.record(cid, "practice", {})
    app.undo(cid)
    app.record(cid, "start-scenario", {"scenario": "geohunt", "boards": ["red", "blue"], "trace_top": 10})
    app.record(cid, "draw-victory-card", {"card": "E09", "unlock": ["P03"]})
    assert app.view(cid, "progress")["played"][-1] == {"scenario": "geohunt", "outcome": "won", "card": "E09"}


def run(db, *args):
    done = subprocess.run([QUESTLOG, "--db", db, *args], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_bg_stats_export_holds_each_finished_play_with_its_people_scores_and_winners(app, sqlite_url):
    cid = play_prologue(app)
    app.record(cid, "practice", {})
    app.record(cid, "start-scenario", {"scenario": "geohunt", "boards": ["red", "blue"], "trace_top": 10})
    app.record(cid, "draw-victory-card", {"card": "E09", "unlock": ["P03"]})
    app.close()
    data = json.loads(run(sqlite_url, "--campaign", "box", "export-plays", "--format", "bgstats"))
    assert data["games"] == [{"id": 1, "uuid": "f1391292-d383-549f-954c-76c9297d927f", "name": "Tamashii: Chronicle of Ascend",
                              "bggId": 0, "cooperative": True, "highestWins": True, "noPoints": True}]
    assert data["players"] == [{"id": 1, "uuid": "59f48473-d021-5cf9-bc44-c5a455641fcb", "name": "Ann"},
                               {"id": 2, "uuid": "879b68db-75e4-5c5a-8b90-abb2ffe464f2", "name": "Ben"}]  # uuid5 of player:NAME
    first, practice = data["plays"]
    assert first["gameRefId"] == 1 and first["durationMin"] >= 1 and len(first["playDate"]) == 19
    assert first["playerScores"] == [{"playerRefId": 1, "score": "", "winner": True, "role": "red"},
                                     {"playerRefId": 2, "score": "", "winner": True, "role": "blue"}]
    assert first["comments"] == "prologue: won" and first["ignored"] is False
    assert practice["comments"] == "geohunt: won (practice play)" and practice["ignored"] is True


def test_bgg_xml_of_a_competitive_game_names_each_player_score_and_the_winner(sqlite_url):
    run(sqlite_url, "play", "--quiet", "examples/tamashii/competitive.ql")
    root = ET.fromstring(run(sqlite_url, "export-plays", "--format", "bgg"))
    play = root.find("play")
    assert play.find("item").get("name") == "Tamashii: Chronicle of Ascend" and int(play.get("length")) >= 1
    players = {p.get("name"): (p.get("score"), p.get("win")) for p in play.iter("player")}
    assert players == {"blue": ("1", "0"), "red": ("7", "1")}


def test_a_whole_nanolith_encounter_round_trips_through_both_exports(sqlite_url, tmp_path):
    run(sqlite_url, "play", "--quiet", "examples/nanolith/encounter-full.ql")
    out = tmp_path / "plays.xml"
    run(sqlite_url, "export-plays", "--format", "bgg", "--output", str(out))
    plays = ET.parse(out).getroot().findall("play")
    stats = json.loads(run(sqlite_url, "export-plays"))
    assert len(plays) == len(stats["plays"]) >= 1
    assert plays[0].find("item").get("name") == stats["games"][0]["name"] == "Nanolith"
    assert [p.get("name") for p in plays[0].iter("player")] == [p["name"] for p in stats["players"]]
