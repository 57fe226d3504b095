"""The rulesets' own names get "did you mean" when mistyped (issue 31, item 6): Nemesis rooms, corridors and
Intruders; Nîn-Gonost cards, warbands, figures, objects and doors; Tamashii Scenarios, Bodies and Augments; NanoBot
Battle Arena scientists and Strains; Nanolith enemies, targets and Skills. Each game's examples/GAME/did-you-mean.ql
names every refusal's code and text; here each is played with the installed ``questlog``."""

import subprocess
from pathlib import Path

import pytest

from domain.core.errors import BadInput
from tests import HANG_SECONDS
from tests.cli.entry import QUESTLOG

ROOT = Path(__file__).resolve().parents[1]
GAMES = ["nemesis", "nin-gonost", "tamashii", "nanobot-battle-arena", "nanolith"]


@pytest.mark.parametrize("game", GAMES)
def test_each_game_suggests_the_closest_of_its_own_names(game, tmp_path):
    script = ROOT / "examples" / game / "did-you-mean.ql"
    suggested = [line for line in script.read_text().splitlines() if line.startswith("!") and "(did you mean" in line]
    assert len(suggested) >= 2
    done = subprocess.run([QUESTLOG, "--db", str(tmp_path / "q.sqlite"), "play", "--quiet", str(script)],
                          capture_output=True, text=True, timeout=HANG_SECONDS)
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_mistyped_strain_is_refused_with_the_closest_strain(app):
    cid = app.create_campaign("nanobot-battle-arena", "Strains")
    app.record(cid, "start-match", {"division": "basic"})
    with pytest.raises(BadInput) as refused:
        app.record(cid, "choose-strain", {"name": "Bo", "strain": "vexx"})
    assert "(did you mean 'vex'?)" in str(refused.value.fields)
    assert app.get_campaign(cid).version == 3  # created, set up, the match started: nothing stored


def test_a_name_far_from_every_known_one_gets_no_suggestion(tmp_path):
    db = str(tmp_path / "q.sqlite")
    for line in (["new", "nin-gonost", "Far"], ["set-point-limit", "200"]):
        subprocess.run([QUESTLOG, "--db", db, *line], capture_output=True, timeout=HANG_SECONDS, check=True)
    done = subprocess.run([QUESTLOG, "--db", db, "recruit", "orcs", "zzzzzz"], capture_output=True, text=True, timeout=HANG_SECONDS)
    assert done.returncode == 2 and "no card 'zzzzzz' in the book" in done.stdout + done.stderr
    assert "did you mean" not in done.stdout + done.stderr


def _ql(db, *line):
    return subprocess.run([QUESTLOG, "--db", db, *line], capture_output=True, text=True, timeout=HANG_SECONDS)


def test_a_suggestion_names_the_real_name_never_an_alias(tmp_path):
    """Vaa-Lith is typed ``vaa-lith`` (or the aliases ``vaa``, ``vaalith``): the suggestion is the character as
    every listing names it, not the alias it happened to be closest to."""
    db = str(tmp_path / "q.sqlite")
    _ql(db, "new", "nanolith", "Real names")
    done = _ql(db, "spend-dice", "Vaa Lth", "4")
    assert done.returncode == 2
    assert "unknown character 'Vaa Lth' (did you mean 'vaa-lith'?)" in done.stderr


def test_a_mistyped_word_of_a_room_name_finds_the_room(tmp_path):
    """A flipped Room tile is named as printed (``--tile "Air Supply"``); typing its second word, mistyped, still finds it
    word by word (the whole texts ``sply`` and ``air supply`` are too far apart for a ratio of 0.6)."""
    db = str(tmp_path / "q.sqlite")
    for line in (["new", "nemesis", "Rooms"], ["start-game", "soldier", "mechanic"],
                 ["move", "soldier", "room-1", "--tile", "Air Supply", "--token", "silence", "--items", "2"]):
        assert _ql(db, *line).returncode == 0
    done = _ql(db, "place-intruder", "adult", "sply")
    assert done.returncode == 2 and "the ship has no room 'sply' (did you mean 'Air Supply'?)" in done.stderr
