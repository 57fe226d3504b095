"""A finished play of each of the five games, exported with the installed ``questlog`` as BG Stats JSON and as
BoardGameGeek play XML and compared field by field (issue 27, item 8 and its Done-when line); each play, player and
game keeps its uuid from one export to the next, from an imported copy and from a branch, so a second import of the
same BG Stats file (or of a later one) adds nothing it already has; dates are in the exporting machine's zone."""

from __future__ import annotations

import json
import os
import subprocess
import uuid
import xml.etree.ElementTree as ET
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from tests import HANG_SECONDS
from tests.cli.entry import QUESTLOG

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
NAMESPACE = uuid.UUID("5b0c3e0e-8f5e-5d0e-9c53-7175657374ff")  # domain.plays.PLAYS_NAMESPACE
ZONE = "Asia/Tokyo"  # UTC+9 all year: a play recorded at 20:00 UTC is dated the next day in Tokyo

# example -> (game key, BG Stats game name, cooperative, ending event, board, comments,
#             [(player, score, winner, role)] in seat order)
CASES = {
    "nanolith/encounter-full.ql": ("nanolith", "Nanolith", True, "EncounterEnded", "Encounter 'Encounter X: The Overseer'",
                                   "Encounter 'Encounter X: The Overseer': victory",
                                   [("Mia", "", True, "ashitaka, cora"), ("Tom", "", True, "vaa-lith, ada")]),
    "tamashii/prologue.ql": ("tamashii", "Tamashii: Chronicle of Ascend", True, "ScenarioEnded", "prologue", "prologue: won",
                             [("Ann", "", True, "red"), ("Ben", "", True, "blue")]),
    "tamashii/competitive.ql": ("tamashii", "Tamashii: Chronicle of Ascend", False, "ScenarioEnded", "generator",
                                "generator: finished", [("red", "7", True, "red"), ("blue", "1", False, "blue")]),
    "nemesis/full-game.ql": ("nemesis", "Nemesis", False, "GameEnded", "Nemesis game", "Nemesis game: every survivor is Hibernated",
                             [("captain", "", False, "captain"), ("scout", "", True, "scout"), ("mechanic", "", False, "mechanic")]),
    "nin-gonost/full-game.ql": ("nin-gonost", "Nîn-Gonost", False, "BattleEnded", "Battle", "Battle: knights holds the field",
                                [("knights", "", True, "galwen"), ("orcs", "", False, "orc-warrior, orc-archer")]),
    "nanobot-battle-arena/full-game.ql": ("nanobot-battle-arena", "NanoBot Battle Arena", False, "MatchDecided", "Match 1 (basic)",
                                          "Match 1 (basic): won by chain", [("Ada", "13", True, "echidna"), ("Bo", "4", False, "vex")]),
}


def _ql(db: Path, *args: str) -> subprocess.CompletedProcess:
    done = subprocess.run([QUESTLOG, "--db", str(db), *args], capture_output=True, text=True, timeout=HANG_SECONDS,
                          env={**os.environ, "TZ": ZONE})
    assert done.returncode == 0, done.stdout + done.stderr
    return done


def _uuid(key: str) -> str:
    return str(uuid.uuid5(NAMESPACE, key))


def _ending(db: Path, event: str) -> list[dict]:
    actions = json.loads(_ql(db, "history", "--json").stdout)["actions"]
    return [a for a in actions if a["kind"] == "action" and a["status"] == "effective"
            and any(e["type"] == event for e in a["events"])]


def _local(iso: str) -> str:
    return datetime.fromisoformat(iso).astimezone(ZoneInfo(ZONE)).strftime("%Y-%m-%d %H:%M:%S")


@pytest.mark.parametrize("example", sorted(CASES))
def test_a_finished_play_exports_field_by_field_to_bg_stats_and_boardgamegeek(tmp_path, example):
    game, title, cooperative, event, board, comments, people = CASES[example]
    db = tmp_path / "plays.sqlite"
    _ql(db, "play", "--quiet", "--show", "", str(EXAMPLES / example))
    (end,) = _ending(db, event)
    data = json.loads(_ql(db, "export-plays").stdout)
    (play,) = data["plays"]
    actions = json.loads(_ql(db, "history", "--json").stdout)["actions"]
    recorded = {_local(a["recorded_at"]) for a in actions if a["kind"] == "action"}
    assert play.pop("playDate") in recorded and play.pop("durationMin") == 1  # a script plays in seconds: 1 minute at least
    scored = any(score for _, score, _, _ in people)
    assert data["games"] == [{"id": 1, "uuid": _uuid(f"game:{game}"), "name": title, "bggId": 0, "cooperative": cooperative,
                              "highestWins": True, "noPoints": not scored}]
    assert data["players"] == [{"id": n, "uuid": _uuid(f"player:{name}"), "name": name} for n, (name, *_) in enumerate(people, 1)]
    assert play.pop("timezone") in ("JST", ZONE)  # the zone playDate is in: the exporting machine's
    assert play.pop("cooperative") is cooperative  # this play's own mode, as the game's flag for a one-play file
    assert play == {"uuid": _uuid(f"{end['action_id']}@{end['recorded_at']}"), "gameRefId": 1, "board": board,
                    "comments": comments, "ignored": False, "manualWinner": False, "rounds": 0, "usesTeams": False,
                    "playerScores": [{"playerRefId": n, "score": score, "winner": won, "role": role}
                                     for n, (_, score, won, role) in enumerate(people, 1)]}

    xml = ET.fromstring(_ql(db, "export-plays", "--format", "bgg").stdout)
    (node,) = xml.findall("play")
    date = json.loads(_ql(db, "export-plays").stdout)["plays"][0]["playDate"][:10]  # the BG Stats play's day, in Tokyo
    assert node.attrib == {"date": date, "length": "1", "quantity": "1", "location": ""}
    assert [(c.tag, c.attrib, (c.text or "").strip()) for c in node if c.tag != "players"] == [
        ("item", {"name": title, "objecttype": "thing", "objectid": "0"}, ""), ("comments", {}, comments)]
    assert [p.attrib for p in node.find("players")] == [
        {"name": name, "score": score, "win": "1" if won else "0", "color": role} for name, score, won, role in people]


def test_dates_are_the_exporting_machines_and_a_late_utc_evening_is_the_next_day_in_tokyo(tmp_path):
    db = tmp_path / "plays.sqlite"
    _ql(db, "play", "--quiet", "--show", "", str(EXAMPLES / "nanobot-battle-arena/full-game.ql"))
    play = json.loads(_ql(db, "export-plays").stdout)["plays"][0]
    utc = subprocess.run([QUESTLOG, "--db", str(db), "export-plays"], capture_output=True, text=True, timeout=HANG_SECONDS,
                         env={**os.environ, "TZ": "UTC"})
    moved = datetime.strptime(play["playDate"], "%Y-%m-%d %H:%M:%S") - datetime.strptime(
        json.loads(utc.stdout)["plays"][0]["playDate"], "%Y-%m-%d %H:%M:%S")
    assert moved.total_seconds() == 9 * 3600


def test_a_second_export_an_imported_copy_and_a_branch_give_each_play_player_and_game_the_same_uuid(tmp_path):
    db = tmp_path / "league.sqlite"
    _ql(db, "play", "--quiet", "--show", "", str(EXAMPLES / "nanobot-battle-arena/league.ql"))
    whole = json.loads(_ql(db, "export-plays").stdout)
    assert len(whole["plays"]) == 2 and len({p["uuid"] for p in whole["plays"]}) == 2
    assert _ql(db, "export-plays").stdout == json.dumps(whole, ensure_ascii=False, indent=1) + "\n"  # the same file again
    first_end = _ending(db, "MatchDecided")[0]["version"]
    _ql(db, "export", "-o", str(tmp_path / "league.jsonl"))
    _ql(db, "branch", "After match 1", "--at", str(first_end))  # the league as it stood when the first match ended
    early = json.loads(_ql(db, "export-plays").stdout)
    _ql(db, "import", str(tmp_path / "league.jsonl"), "--name", "League copy")
    copy = json.loads(_ql(db, "export-plays").stdout)
    assert copy == whole  # an imported copy: the same plays under the same ids (a BG Stats import adds nothing)
    assert early["plays"] == whole["plays"][:1]  # the earlier file's play is the later file's first, field by field
    later_players = {p["name"]: p["uuid"] for p in whole["players"]}
    assert all(later_players[p["name"]] == p["uuid"] for p in early["players"]) and early["games"] == whole["games"]
