"""Every game reports its finished plays (issue 27, item 8): who played (seated people, else the game's own
players: characters, Scientists, warbands), scores where the game has them, winners, a stable uuid per play, and
the BoardGameGeek id a group sets once. Each example is played with the installed ``questlog``."""

from __future__ import annotations

import json
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests import HANG_SECONDS
from tests.cli.entry import QUESTLOG

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _ql(db, *args):
    done = subprocess.run([QUESTLOG, "--db", str(db), *args], capture_output=True, text=True, timeout=HANG_SECONDS)
    assert done.returncode == 0, done.stdout + done.stderr
    return done


def _played(tmp_path, script, *extra_lines):
    db = tmp_path / "plays.sqlite"
    path = tmp_path / "s.ql"
    path.write_text((EXAMPLES / script).read_text() + "".join(f"{line}\n" for line in extra_lines))
    _ql(db, "play", "--quiet", "--show", "", str(path))
    return db


def _bgstats(db):
    data = json.loads(_ql(db, "export-plays").stdout)
    names = {p["id"]: p["name"] for p in data["players"]}
    (play,) = data["plays"]
    return data["games"][0], play, {names[s["playerRefId"]]: (s["role"], s["score"], s["winner"]) for s in play["playerScores"]}


def test_a_finished_nanobot_battle_arena_match_names_its_scientists_chains_and_winner(tmp_path):
    game, play, people = _bgstats(_played(tmp_path, "nanobot-battle-arena/full-game.ql"))
    assert game == {"id": 1, "uuid": "fd07d220-8900-5462-8221-e9773d23817b", "name": "NanoBot Battle Arena", "bggId": 0,
                    "cooperative": False, "highestWins": True, "noPoints": False}  # uuid5 of game:nanobot-battle-arena
    assert play["board"] == "Match 1 (basic)" and play["comments"] == "Match 1 (basic): won by chain"
    assert people == {"Ada": ("echidna", "13", True), "Bo": ("vex", "4", False)}  # the README's Ada 13, Bo 4


def test_a_nemesis_game_ended_with_end_game_names_each_character_and_who_won(tmp_path):
    game, play, people = _bgstats(_played(tmp_path, "nemesis/full-game.ql"))
    assert game["cooperative"] is False
    assert play["comments"] == "Nemesis game: every survivor is Hibernated"
    assert people == {"captain": ("captain", "", False), "scout": ("scout", "", True), "mechanic": ("mechanic", "", False)}


def test_a_nin_gonost_battle_ended_by_the_side_holding_the_field_names_each_warband(tmp_path):
    game, play, people = _bgstats(_played(tmp_path, "nin-gonost/full-game.ql"))
    assert game["cooperative"] is False
    assert play["comments"] == "Battle: knights holds the field"
    assert people == {"knights": ("galwen", "", True), "orcs": ("orc-warrior, orc-archer", "", False)}


def test_a_tamashii_play_with_nobody_seated_exports_each_board_as_its_player(tmp_path):
    lines = [line for line in (EXAMPLES / "tamashii/prologue.ql").read_text().splitlines() if not line.startswith("seat ")]
    (tmp_path / "noseat.ql").write_text("\n".join(lines) + "\n")
    db = tmp_path / "t.sqlite"
    _ql(db, "play", "--quiet", "--show", "", str(tmp_path / "noseat.ql"))
    game, play, people = _bgstats(db)
    assert game["cooperative"] is True and play["comments"] == "prologue: won"
    assert people == {"red": ("red", "", True), "blue": ("blue", "", True)}


def test_each_play_has_a_stable_uuid_so_a_second_export_is_the_same_file(tmp_path):
    db = _played(tmp_path, "nanobot-battle-arena/full-game.ql")
    first, second = _ql(db, "export-plays").stdout, _ql(db, "export-plays").stdout
    assert first == second
    uid = json.loads(first)["plays"][0]["uuid"]
    assert len(uid) == 36 and uid.count("-") == 4


def test_a_bgg_id_set_once_is_exported_from_then_on_and_unset_ids_are_said(tmp_path):
    db = _played(tmp_path, "nin-gonost/full-game.ql")
    unset = _ql(db, "export-plays", "--format", "bgg")
    assert ET.fromstring(unset.stdout).find("play/item").get("objectid") == "0"
    assert "BoardGameGeek id is not set, exported as 0" in unset.stderr
    _ql(db, "export-plays", "--bgg-id", "8117", "--format", "bgg")
    later = _ql(db, "export-plays")
    assert json.loads(later.stdout)["games"][0]["bggId"] == 8117 and "not set" not in later.stderr


def test_the_nin_gonost_battle_takes_no_action_after_it_ended(tmp_path):
    db = _played(tmp_path, "nin-gonost/full-game.ql")
    done = subprocess.run([QUESTLOG, "--db", str(db), "walk", "galwen", "1"], capture_output=True, text=True, timeout=HANG_SECONDS)
    assert done.returncode == 3 and "the battle is over (knights holds the field; won by knights)" in done.stdout + done.stderr


@pytest.mark.parametrize("winners", [["ghost"], ["captain", "nobody"]])
def test_end_game_refuses_a_winner_who_did_not_play(tmp_path, winners):
    lines = (EXAMPLES / "nemesis/full-game.ql").read_text().replace('end-game "every survivor is Hibernated" --winners scout\n', "")
    cut = lines[:lines.index("expect board ended")]
    (tmp_path / "n.ql").write_text(cut)
    db = tmp_path / "n.sqlite"
    _ql(db, "play", "--quiet", "--show", "", str(tmp_path / "n.ql"))
    args = ["end-game", "over"] + [a for w in winners for a in ("--winners", w)]
    done = subprocess.run([QUESTLOG, "--db", str(db), *args], capture_output=True, text=True, timeout=HANG_SECONDS)
    assert done.returncode == 2
