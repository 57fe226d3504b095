"""Session scripts say why a line must be refused (DESIGN.md § Interfaces): ``!CODE command`` and
``!CODE "text" command``; a refusal for another reason fails the script; plain ``!`` keeps its meaning."""

import pytest

from cli.context import Session
from cli.script import ScriptFailure, play_file, refusal_codes


def play(tmp_path, *lines):
    script = tmp_path / "s.ql"
    script.write_text('new nanolith "Why"\n' + "\n".join(lines) + "\n")
    s = Session(db=str(tmp_path / "q.sqlite"))
    try:
        return play_file(s, script)
    finally:
        s.app.close()


def test_lines_naming_the_refusals_code_and_text_pass(tmp_path):
    assert play(tmp_path, "! undo", "!nothing_to_undo undo", "!nothing_to_redo redo",
                '!rule_violation "§ Encounter" end-encounter --outcome victory',
                '!invalid_input "one of victory, game-over" end-encounter --outcome maybe') == 6


@pytest.mark.parametrize("line, reason", [
    ("!sealed undo", "was refused as nothing_to_undo, not sealed: nothing to undo"),
    ('!rule_violation "Nanoshock" end-encounter --outcome victory', "without 'Nanoshock' in its message"),
    ("!rule_violation end-encounter --outcome maybe", "was refused as invalid_input, not rule_violation"),
])
def test_a_refusal_for_another_reason_fails_the_script_saying_why(tmp_path, line, reason):
    with pytest.raises(ScriptFailure) as failure:
        play(tmp_path, line)
    assert failure.value.number == 2 and failure.value.code == 1 and reason in failure.value.reason


def test_an_unknown_code_is_bad_input_naming_the_codes(tmp_path):
    with pytest.raises(ScriptFailure) as failure:
        play(tmp_path, "!bogus undo")
    assert failure.value.code == 2 and "unknown refusal code 'bogus'" in failure.value.reason


def test_the_codes_are_those_of_the_core_errors():
    assert {"invalid_input", "rule_violation", "sealed", "nothing_to_undo", "nothing_to_redo", "stale_version"} <= refusal_codes()
