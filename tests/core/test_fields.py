"""The shared fields refuse what a table mistypes (issue 19, item 4): blanks, duplicates, out-of-range values."""

import pytest
from marshmallow import Schema, ValidationError, fields

from domain.core.fields import Text, WholeNumber, distinct


class Named(Schema):
    name = Text(12, required=True)
    skills = fields.List(Text(20), validate=distinct("Skill"), load_default=list)


@pytest.mark.parametrize("raw, message", [
    ({"name": ""}, "must not be empty"),
    ({"name": "   "}, "must not be empty"),
    ({"name": "a" * 13}, "at most 12 characters, not 13"),
    ({"name": "two\nlines"}, "one line of printable characters"),
    ({"name": "ok", "skills": ["oath", "provoke", "oath"]}, "oath is given twice: each Skill once"),
])
def test_blank_long_and_repeated_values_are_refused_with_the_reason(raw, message):
    with pytest.raises(ValidationError) as info:
        Named().load(raw)
    assert message in str(info.value.messages)


def test_text_is_stripped():
    assert Named().load({"name": "  Encounter 1 "}) == {"name": "Encounter 1", "skills": []}


@pytest.mark.parametrize("text", ["２", "５", "٣", "+３", "1２"])
def test_a_whole_number_takes_ascii_digits_only_never_full_width_or_other_scripts_digits(text):
    with pytest.raises(ValidationError):
        WholeNumber().deserialize(text)
    assert WholeNumber().deserialize("+3") == 3 and WholeNumber().deserialize("-12") == -12


def test_dice_and_cells_with_full_width_digits_are_bad_input_and_nothing_is_stored(tmp_path):
    import subprocess

    from tests import HANG_SECONDS
    from tests.cli.entry import QUESTLOG

    db = str(tmp_path / "w.sqlite")
    run = lambda *a: subprocess.run([QUESTLOG, "--db", db, *a], capture_output=True, text=True, timeout=HANG_SECONDS)
    assert run("new", "nanolith", "Wide").returncode == 0
    run("start-encounter", "E1", "--stress-spaces", "4,5,6")
    run("start-round")
    before = run("history", "--json").stdout
    assert run("roll-action-dice", "ash", "２", "4", "5", "2", "6").returncode == 2
    assert run("history", "--json").stdout == before
    assert run("new", "nanobot-battle-arena", "Wide arena").returncode == 0
    run("start-match", "basic"), run("choose-strain", "Ada", "vex"), run("choose-strain", "Bo", "ghost"), run("reveal-first-player", "vex")
    assert run("set-up-arena", "１,0,E,vex").returncode == 2
