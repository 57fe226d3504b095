"""``questlog view progress`` says where a Nanolith campaign stands in words a player reads: the Chapter when one is
recorded, else that none is and how to record it (never ``Chapter — —``), then where the group is."""

import subprocess
from pathlib import Path

import pytest

from tests.cli.entry import QUESTLOG

ROOT = Path(__file__).resolve().parents[2]


def _progress(tmp_path: Path, script: str) -> str:
    db = str(tmp_path / "a.sqlite")
    subprocess.run([QUESTLOG, "--db", db, "play", str(ROOT / "examples" / "nanolith" / script), "--show", ""],
                   check=True, capture_output=True, text=True)
    out = subprocess.run([QUESTLOG, "--db", db, "view", "progress"], check=True, capture_output=True, text=True).stdout
    return out.splitlines()[0]


@pytest.mark.parametrize("script, first_line", [
    ("first-encounter.ql",
     "no Chapter recorded (start-chapter N records it) · Encounter: Encounter 1: Neo-Eden Underground · difficulty normal"),
    ("campaign-city-phase.ql", "Chapter 1 · Storybook: Mission hitomes-trail · difficulty normal"),
])
def test_progress_names_the_chapter_or_says_none_is_recorded(tmp_path, script, first_line):
    line = _progress(tmp_path, script)
    assert line == first_line
    assert "—" not in line


def test_nanolith_turn_is_drawn_in_sentences_not_keys(tmp_path):
    """``view turn`` after the first Encounter's example (nanolith.txt § Character Action Phase: the Initiative Token's
    holder activates first): the Round, who still activates, what comes next, in the game's names."""
    db = str(tmp_path / "a.sqlite")
    subprocess.run([QUESTLOG, "--db", db, "play", str(ROOT / "examples" / "nanolith" / "first-encounter.ql"), "--show", ""],
                   check=True, capture_output=True, text=True)
    out = subprocess.run([QUESTLOG, "--db", db, "view", "turn"], check=True, capture_output=True, text=True).stdout
    assert out.splitlines() == [
        "Encounter 1: Neo-Eden Underground — Round 2, Character Action Phase",
        "Initiative Token: Vaa-Lith   Reinforcement Pool 1",
        "Still to activate: Ashitaka, Vaa-Lith, Cora, Ada",
        "Enemies on the map: bio-mutant-1, security-droid-1",
        "Next: Vaa-Lith holds the Initiative Token and activates first"]


def test_unlocks_says_no_hidden_card_is_found_yet_instead_of_an_empty_heading(tmp_path):
    db = str(tmp_path / "a.sqlite")
    subprocess.run([QUESTLOG, "--db", db, "play", str(ROOT / "examples" / "nanolith" / "first-encounter.ql"), "--show", ""],
                   check=True, capture_output=True, text=True)
    out = subprocess.run([QUESTLOG, "--db", db, "view", "unlocks"], check=True, capture_output=True, text=True).stdout
    assert out.splitlines()[:2] == ["Hidden Cards: — (none found yet)", "Skills:"]
