"""Values starting with ``-`` in every game, recorded and replayed through ``history --script`` with the installed
``questlog`` (issue 27, item 9 and its Done-when line): campaign, bookmark and person names with a leading dash, a
line's own ``--as``, and each game's own dash values (NanoBot Battle Arena's cells west and south of the center such
as ``2,-1,W``, Tamashii's ``place-success-token -1``). Every view, the history (verbs, fields, actors, undone
actions) and the bookmarks of the replayed copy equal the original's."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tests import HANG_SECONDS
from tests.cli.entry import QUESTLOG

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

# game -> an example with the game's own dash values where it has them
GAMES = {
    "nanolith": "nanolith/first-encounter.ql",
    "tamashii": "tamashii/prologue.ql",  # place-success-token -1
    "nemesis": "nemesis/full-game.ql",
    "nin-gonost": "nin-gonost/full-game.ql",
    "nanobot-battle-arena": "nanobot-battle-arena/full-game.ql",  # grow ada 3 2,-1,W 1,-1,W 0,-1,W
}


def _ql(db: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([QUESTLOG, "--db", str(db), *args], capture_output=True, text=True, timeout=HANG_SECONDS)


def _ok(db: Path, *args: str) -> str:
    done = _ql(db, *args)
    assert done.returncode == 0, f"{args}: {done.stdout}{done.stderr}"
    return done.stdout


def _with_dash_names(game: str, example: str) -> str:
    """The example under the name ``-Night`` (its versions unchanged: the dash lines come after its last line)."""
    lines = (EXAMPLES / example).read_text().splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("new "))
    lines[at] = f"new {game} -Night"
    return "\n".join([*lines, "bookmark -b1", "--as -Ann bookmark -- -h", "rename -- '--Night after'"]) + "\n"


def _everything(db: Path) -> dict:
    history = json.loads(_ok(db, "history", "--json"))
    names = json.loads(_ok(db, "views", "--json"))
    return {
        "name": history["name"], "version": history["version"],
        "history": [(a["kind"], a.get("verb"), a.get("fields"), a.get("actor"), a.get("status"), a.get("name"))
                    for a in history["actions"]],
        "bookmarks": json.loads(_ok(db, "bookmarks", "--json"))["bookmarks"],
        "views": {name: json.loads(_ok(db, "view", name, "--json")) for name in names if name != "history"},
    }


@pytest.mark.parametrize("game", sorted(GAMES))
def test_history_script_replays_values_starting_with_a_dash_to_the_same_campaign(tmp_path, game):
    source = tmp_path / "source.ql"
    source.write_text(_with_dash_names(game, GAMES[game]))
    first, second = tmp_path / "a.sqlite", tmp_path / "b.sqlite"
    _ok(first, "play", "--quiet", "--show", "", str(source))
    script = _ok(first, "history", "--script")
    assert f"new {game} -Night\n" in script
    assert script.rstrip().endswith("bookmark -b1\n--as -Ann bookmark -- -h\nrename -- '--Night after'")
    (tmp_path / "copy.ql").write_text(script)
    _ok(second, "play", "--quiet", "--show", "", str(tmp_path / "copy.ql"))
    original, copy = _everything(first), _everything(second)
    assert copy == original
    assert original["name"] == "--Night after" and {"-b1", "-h"} <= set(original["bookmarks"])


def test_the_game_specific_dash_values_are_in_the_replayed_scripts(tmp_path):
    for game, needle in (("nanobot-battle-arena", "grow ada 3 2,-1,W 1,-1,W 0,-1,W"), ("tamashii", "place-success-token -1")):
        (tmp_path / "s.ql").write_text(_with_dash_names(game, GAMES[game]))
        db = tmp_path / f"{game}.sqlite"
        _ok(db, "play", "--quiet", "--show", "", str(tmp_path / "s.ql"))
        assert needle in _ok(db, "history", "--script")


def test_commands_that_are_not_actions_take_names_with_a_leading_dash(tmp_path):
    db = tmp_path / "a.sqlite"
    assert "campaign '-Friday'" in _ok(db, "new", "nanolith", "-Friday")
    assert "bookmark '-b1' names version 1" in _ok(db, "bookmark", "-b1")
    assert "renamed '-Fri'" in _ok(db, "rename", "-Fri")
    assert "now using '-Fri'" in _ok(db, "use", "-Fri")
    assert _ok(db, "view", "progress", "--at", "-b1", "--json")
    assert "branch '--what if'" in _ok(db, "branch", "--", "--what if")
    refused = _ql(db, "new", "nanolith", "--nme", "x")  # a mistyped option is still an unknown option, nothing stored
    assert refused.returncode == 2 and "No such option '--nme'" in refused.stderr
    assert "nanolith" in _ok(db, "campaigns") and _ok(db, "campaigns").count("nanolith") == 2


def test_a_script_lines_own_as_is_recorded_and_holds_for_that_line_only(tmp_path):
    db = tmp_path / "a.sqlite"
    (tmp_path / "s.ql").write_text('new nanolith "Who"\n--as Mia seat Mia ashitaka\nseat Tom cora\n--as -Tom seat Tom vaa\n')
    _ok(db, "play", "--quiet", "--show", "", str(tmp_path / "s.ql"))
    actions = json.loads(_ok(db, "history", "--json"))["actions"]
    assert [(a.get("verb"), a.get("actor")) for a in actions] == [(None, None), ("seat", "Mia"), ("seat", None), ("seat", "-Tom")]


def test_a_line_asking_for_help_after_options_fails_but_a_value_called_minus_h_after_a_double_dash_does_not(tmp_path):
    db = tmp_path / "a.sqlite"
    (tmp_path / "s.ql").write_text('new nanolith "Help"\nseat -- -h ashitaka\n--as Mia seat -h\n')
    done = _ql(db, "play", "--quiet", "--show", "", str(tmp_path / "s.ql"))
    assert done.returncode == 1 and "line 3: --as Mia seat -h" in done.stdout + done.stderr
    assert "recorded nothing (it asks for help)" in done.stdout + done.stderr
    assert "-h runs ashitaka" in _ok(db, "history")
