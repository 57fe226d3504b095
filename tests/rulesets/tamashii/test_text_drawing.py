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


def _played(tmp_path, script_text: str) -> Path:
    db, script = tmp_path / "p.sqlite", tmp_path / "s.ql"
    script.write_text(script_text)
    subprocess.run([QUESTLOG, "--db", str(db), "play", "--quiet", "--show", "", str(script)], check=True,
                   capture_output=True, timeout=HANG_SECONDS, cwd=Path(__file__).resolve().parents[3])
    return db


def test_the_progress_sheet_is_drawn_with_its_boxes_and_why_the_ascend_waits(tmp_path):
    """After the Prologue (won, card A06): its box ticked, every other Scenario playable but The Ascend, which says
    why (tamashii.txt § The Ascend: once every other Scenario has a checked box); 80 columns."""
    db = _played(tmp_path, (Path(__file__).resolve().parents[3] / "examples" / "tamashii" / "prologue.ql").read_text())
    lines = _view(db, "progress").splitlines()
    assert lines[:3] == ["Progress sheet · Prologue played: yes · playing: no Scenario",
                         "  ✔ Prologue            A06 ☑", "  ▸ X-6039              P08 ☐ P09 ☐ P10 ☐"]
    assert "    The Ascend (Final)  G18 ☐ G19 ☐" in lines
    assert "                        not yet: The Ascend may only be played once every other" in lines
    assert "Played: Prologue (won, card A06)" in lines
    assert all(len(line) <= 80 for line in lines)


def test_the_competitive_score_is_drawn_by_line_of_the_scoring_table(tmp_path):
    """examples/tamashii/competitive.ql: mid-game the Goal VP stay face down, at the end red wins 7 VP to 1
    (tamashii.txt § Counting Victory Points: Corrupted Data 2-3 tokens -2, 1 token -1)."""
    script = (Path(__file__).resolve().parents[3] / "examples" / "tamashii" / "competitive.ql").read_text().splitlines(True)
    half = _played(tmp_path, "".join(script[:50]))
    assert _view(half, "score").splitlines() == [
        "Scores so far (Goal VP hidden until the end) · Time 5",
        "  RED        4 VP  Assets 2 · Data slots 1 · Open Data 1 · max ITG 1 ·",
        "                   Faction Augments 1 · Corrupted Data -2 ·",
        "                   1 Goal card face down",
        "  BLUE      -1 VP  Corrupted Data -1 · 1 Goal card face down"]
    (tmp_path / "p.sqlite").unlink()
    end = _played(tmp_path, "".join(script))
    assert _view(end, "score").splitlines() == [
        "Final scores · winner red",
        "  RED        7 VP  Assets 2 · Data slots 1 · Open Data 1 · max ITG 1 ·",
        "                   Faction Augments 1 · Goals 3 · Corrupted Data -2",
        "  BLUE       1 VP  Goals 2 · Corrupted Data -1"]


def test_no_score_yet_says_when_there_will_be_one():
    from domain.rulesets.tamashii.text import draw_score

    assert draw_score({"final": False, "boards": {}, "winners": []}) == (
        "No scores yet: a competitive Scenario shows them as it is played and when it ends.")
