"""Session scripts say why a line must be refused: ``!CODE cmd`` and ``!CODE "text" cmd`` (DESIGN.md § Interfaces)."""

import subprocess

import pytest

from cli.script import Refusal, parse_refusal
from tests.cli.entry import QUESTLOG


def test_the_three_forms_of_a_refusal_line_parse():
    assert parse_refusal("! undo") == (Refusal(None, None), ["undo"])
    assert parse_refusal("!sealed undo") == (Refusal("sealed", None), ["undo"])
    assert parse_refusal('!rule_violation "Nanoshock Action" attack ash x') == \
        (Refusal("rule_violation", "Nanoshock Action"), ["attack", "ash", "x"])
    with pytest.raises(ValueError, match="unknown refusal code 'sealedd'"):
        parse_refusal("!sealedd undo")


def play(tmp_path, lines, name="s"):
    script = tmp_path / f"{name}.ql"
    script.write_text("\n".join(["new nanolith X", "start-encounter E", "start-round", "roll-action-dice ash 2 4 5 2 6", *lines]))
    return subprocess.run([QUESTLOG, "--db", str(tmp_path / f"{name}.sqlite"), "play", "--quiet", str(script)],
                          capture_output=True, text=True, timeout=120)


def test_a_refusal_for_the_named_reason_passes_and_another_reason_fails_the_script(tmp_path):
    assert play(tmp_path, ['!sealed "since roll-action-dice ashitaka" undo', "!invalid_input spend-dice nobody 4"]).returncode == 0
    wrong = play(tmp_path, ["!rule_violation undo"], name="other")
    assert wrong.returncode == 1 and "line 5: !rule_violation undo" in wrong.stderr
    assert "refused, but with sealed, not rule_violation" in wrong.stderr
