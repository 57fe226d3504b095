"""``audit`` shows every event as its history line, as ``history`` does (issue 31, item 4): never a Python dict."""

import subprocess

from tests import HANG_SECONDS
from tests.cli.entry import QUESTLOG

SCRIPT = """new nanolith "Audit words"
seat Mia ashitaka cora
start-encounter "Encounter 1" --stress-spaces 4,5,6
start-round
roll-action-dice cora 1 1 4 5 6
correct v15 'dice=[1,1,4,5,5]' --reason "the last die showed 5"
"""


def test_audit_lines_are_the_history_lines_of_the_events(tmp_path):
    db = str(tmp_path / "a.sqlite")
    (tmp_path / "a.ql").write_text(SCRIPT)
    run = lambda *a: subprocess.run([QUESTLOG, "--db", db, *a], capture_output=True, text=True, timeout=HANG_SECONDS)
    assert run("play", "--quiet", "--show", "", str(tmp_path / "a.ql")).returncode == 0, run("history").stdout
    text = run("audit").stdout
    assert "· Mia runs ashitaka, cora" in text
    assert "· Cora rolls Action Dice 1 1 4 5 5" in text  # the action as corrected
    assert "· corrected to (character cora, dice 1 1 4 5 5)" in text
    assert "{'" not in text and "SeatTaken" not in text and "None" not in text


def test_an_undo_and_a_redo_name_the_action_they_took_back(tmp_path):
    db = str(tmp_path / "a.sqlite")
    (tmp_path / "a.ql").write_text('new nanolith "Audit undo"\nstart-encounter "Encounter 1" --stress-spaces 4,5,6\n'
                                   "start-round\nundo\nredo\n")
    run = lambda *a: subprocess.run([QUESTLOG, "--db", db, *a], capture_output=True, text=True, timeout=HANG_SECONDS)
    assert run("play", "--quiet", "--show", "", str(tmp_path / "a.ql")).returncode == 0
    lines = run("audit").stdout.splitlines()
    assert [line.split("-  ", 1)[1].strip() for line in lines if " of " in line and line.startswith("v")] == [
        "undo of start-round (Encounter 'Encounter 1', Setup)",
        "redo of start-round (Encounter 'Encounter 1', Setup)"]
