"""A positional value is never parsed as an option (issue 27, item 9): negative numbers, grid cells such as
``-1,0,W,ghost`` and names with a leading dash are values, through the installed ``questlog`` and in scripts; a script
line of an action that shows help or records nothing fails the script; ``history --script`` replays them."""

import json
import subprocess

from tests import HANG_SECONDS
from tests.cli.entry import QUESTLOG

SETUP = """new nanobot-battle-arena "Dash values"
start-match lightweight
choose-strain Ada vex
choose-strain Bo ghost
reveal-first-player vex
"""


def _ql(db, *args):
    return subprocess.run([QUESTLOG, "--db", str(db), *args], capture_output=True, text=True, timeout=HANG_SECONDS)


def _cells(db):
    board = json.loads(_ql(db, "view", "board", "--json").stdout)
    return {cell: tile["strain"] for cell, tile in board["grid"].items()}


def test_cells_with_negative_coordinates_are_values_not_short_options(tmp_path):
    db = tmp_path / "a.sqlite"
    (tmp_path / "a.ql").write_text(SETUP)
    assert _ql(db, "play", "--quiet", str(tmp_path / "a.ql")).returncode == 0
    done = _ql(db, "set-up-arena", "0,0,E,vex", "-1,0,W,ghost", "0,-1,S,vex")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "recorded at version 13" in done.stdout  # not set-up-arena's help (the `h` of ghost read as -h)
    assert _cells(db) == {"0,0": "vex", "-1,0": "ghost", "0,-1": "vex"}


def test_a_mistyped_long_option_is_still_refused_and_nothing_is_stored(tmp_path):
    db = tmp_path / "a.sqlite"
    (tmp_path / "a.ql").write_text(SETUP)
    _ql(db, "play", "--quiet", str(tmp_path / "a.ql"))
    done = _ql(db, "set-up-arena", "--jsn", "0,0,E,vex")
    assert done.returncode == 2 and "No such option '--jsn'" in done.stderr
    assert _cells(db) == {}


def test_history_script_replays_dash_values_to_the_same_board(tmp_path):
    first, second = tmp_path / "a.sqlite", tmp_path / "b.sqlite"
    (tmp_path / "a.ql").write_text(SETUP + "set-up-arena 0,0,E,vex -1,0,W,ghost 0,-1,S,vex\n")
    assert _ql(first, "play", "--quiet", str(tmp_path / "a.ql")).returncode == 0
    script = _ql(first, "history", "--script").stdout
    assert "set-up-arena 0,0,E,vex -1,0,W,ghost 0,-1,S,vex" in script
    (tmp_path / "copy.ql").write_text(script)
    assert _ql(second, "play", "--quiet", str(tmp_path / "copy.ql")).returncode == 0
    assert _cells(second) == _cells(first) == {"0,0": "vex", "-1,0": "ghost", "0,-1": "vex"}


def test_a_script_line_of_an_action_that_shows_its_help_fails_the_script(tmp_path):
    db = tmp_path / "a.sqlite"
    (tmp_path / "a.ql").write_text(SETUP + "set-up-arena --help\nset-up-arena 0,0,E,vex\n")
    done = _ql(db, "play", "--quiet", str(tmp_path / "a.ql"))
    assert done.returncode == 1
    assert "line 6: set-up-arena --help" in done.stdout + done.stderr
    assert "recorded nothing (it asks for help)" in done.stdout + done.stderr
    assert _cells(db) == {}  # the script stopped there


def test_a_text_field_may_start_with_a_dash(tmp_path):
    db = tmp_path / "a.sqlite"
    (tmp_path / "a.ql").write_text('new nanolith "Dash text"\nseat -Mia- ashitaka\n')
    done = _ql(db, "play", "--quiet", str(tmp_path / "a.ql"))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "-Mia-" in _ql(db, "history").stdout


def test_history_script_puts_values_that_look_like_options_after_a_double_dash(tmp_path):
    first, second = tmp_path / "a.sqlite", tmp_path / "b.sqlite"
    (tmp_path / "a.ql").write_text('new nanolith "Dash names"\nseat -- --as ash\nseat -- -Mia cora\n')
    assert _ql(first, "play", "--quiet", str(tmp_path / "a.ql")).returncode == 0
    script = _ql(first, "history", "--script").stdout
    assert "seat -- --as ash" in script and "seat -Mia cora" in script
    (tmp_path / "copy.ql").write_text(script)
    replay = _ql(second, "play", "--quiet", str(tmp_path / "copy.ql"))
    assert replay.returncode == 0, replay.stdout + replay.stderr
    assert _ql(second, "history").stdout.count("runs") == _ql(first, "history").stdout.count("runs") == 2


def test_whole_number_options_take_ascii_digits_within_bounds(tmp_path):
    db = tmp_path / "a.sqlite"
    for bad in ("３", "99999999999999999999", "0", "1.0"):
        done = _ql(db, "export-plays", "--bgg-id", bad)
        assert done.returncode == 2 and "--bgg-id" in done.stderr, (bad, done.stderr)
    assert _ql(db, "undo", "--expected-version", "５").returncode == 2


def test_a_die_given_as_a_json_fraction_or_float_is_bad_input():
    import pytest
    from marshmallow import ValidationError

    from domain.core.fields import Pips

    for bad in (1.0, 2.5, True):
        with pytest.raises(ValidationError):
            Pips(6).deserialize(bad)
    assert Pips(6).deserialize(4) == 4
