"""Tamashii's ``board`` and ``turn`` drawn for a terminal (issue 31, item 9): each Player Board as the printed one,
what is owed as one line each, for every state the shipped examples reach."""

import subprocess
from pathlib import Path

import pytest

from domain.rulesets.tamashii.text import draw_board, draw_turn
from tests import HANG_SECONDS
from tests.cli.entry import QUESTLOG

EXAMPLES = sorted((Path(__file__).resolve().parents[3] / "examples" / "tamashii").glob("*.ql"))


def _view(db, name):
    return subprocess.run([QUESTLOG, "--db", str(db), "view", name], capture_output=True, text=True, timeout=HANG_SECONDS).stdout


def test_the_geohunt_turn_draws_each_player_board_and_the_obligations(tmp_path):
    db = tmp_path / "g.sqlite"
    subprocess.run([QUESTLOG, "--db", str(db), "play", "--quiet", "--show", "", "examples/tamashii/geohunt-turn.ql"],
                   check=True, capture_output=True, timeout=HANG_SECONDS, cwd=Path(__file__).resolve().parents[3])
    board = _view(db, "board").splitlines()
    assert board[0] == "Geohunt · coop · turn 3, planning phase · Time 0 · corrupted pool 8"
    assert "  RED      Integrity ■■■■■ 5/5   Trace 2   EXP 0   tile 5" in board
    assert "    Augments" not in board and "    Enemies  Catcher (ITG 6/8)" in board
    turn = _view(db, "turn").splitlines()
    assert turn[1] == "Next: red: trace-roll (Planning 1: roll the Trace dice at Trace 2)"
    assert "  · blue: refill-launcher — Planning 2: refill the empty Highlighted Data slots (tamashii.txt § Planning phase)" in turn


@pytest.mark.parametrize("script", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_every_example_state_draws_without_python_values(tmp_path, script):
    db = tmp_path / "e.sqlite"
    subprocess.run([QUESTLOG, "--db", str(db), "play", "--quiet", "--show", "", str(script)], check=True,
                   capture_output=True, timeout=HANG_SECONDS)
    for text in (_view(db, "board"), _view(db, "turn")):
        assert text.strip() and not any(word in text for word in ("None", "True", "False", "{'", "['"))


def test_no_scenario_in_play_says_so():
    assert draw_board({"scenario": None}).startswith("No Scenario in play")
    assert draw_turn({"play": None}) == "No Scenario in play."
