"""Session scripts say why a line must be refused (DESIGN.md § Interfaces): ``!CODE command`` and
``!CODE "text" command``; a refusal for another reason fails the script; plain ``!`` keeps its meaning."""

import pytest

from cli.context import Session
from cli.script import REFUSAL_NAMES, ScriptFailure, play_file


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
                '!rule_violation "Encounter" end-encounter --outcome victory',
                '!invalid_input "\'maybe\' is not one of \'victory\', \'game-over\'" end-encounter --outcome maybe') == 6


@pytest.mark.parametrize("line, reason", [
    ("!sealed undo", "refused, but with nothing_to_undo, not sealed"),
    ('!rule_violation "Nanoshock" end-encounter --outcome victory', "the message does not say 'Nanoshock'"),
    ("!rule_violation end-encounter --outcome maybe", "refused, but with invalid_input, not rule_violation"),
])
def test_a_refusal_for_another_reason_fails_the_script_saying_why(tmp_path, line, reason):
    with pytest.raises(ScriptFailure) as failure:
        play(tmp_path, line)
    assert failure.value.number == 2 and failure.value.code == 1 and reason in failure.value.reason


def test_an_unknown_code_is_bad_input_naming_the_codes(tmp_path):
    with pytest.raises(ScriptFailure) as failure:
        play(tmp_path, "!bogus undo")
    assert failure.value.code == 2 and "unknown refusal code 'bogus'" in failure.value.reason


def test_every_code_a_refusal_line_may_name_is_a_code_questlog_gives():
    from domain.core import errors

    given = {cls.code for cls in vars(errors).values() if isinstance(cls, type) and issubclass(cls, errors.QuestlogError)}
    assert set(REFUSAL_NAMES) - given <= {"conflict"}  # conflict: the API's own 409 code
