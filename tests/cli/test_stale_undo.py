"""Two undos at once from two ``questlog`` processes naming the same version: one action is taken back, the other
process is refused (exit 4) and told what was stored since the version it saw (DESIGN.md § Undo, redo and seals, 5)."""

import json
import subprocess

from tests.cli.entry import QUESTLOG

SCRIPT = """new nanolith X
start-encounter E
start-round
roll-action-dice ash 2 4 5 2 6
roll-action-dice cora 1 1 4 5 6
roll-action-dice vaa 3 3 5 2 6
roll-action-dice ada 3 3 5 2 6
give-initiative ash
manipulate-die ash 2 up
"""


def ql(db, *args, who=None):
    return [QUESTLOG, "--db", str(db), *(["--as", who] if who else []), *args]


def test_the_losing_undo_exits_4_and_names_the_undo_stored_since(tmp_path):
    db, script = tmp_path / "q.sqlite", tmp_path / "s.ql"
    script.write_text(SCRIPT)
    assert subprocess.run(ql(db, "play", "--quiet", str(script)), capture_output=True, timeout=120).returncode == 0
    version = json.loads(subprocess.run(ql(db, "--json", "history"), capture_output=True, text=True, timeout=60).stdout)["version"]
    racers = [subprocess.Popen(ql(db, "--json", "undo", "--expected-version", str(version), who=who), stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True) for who in ("bo", "cy")]
    outcomes = [(p.wait(timeout=120), json.loads(p.stdout.read())) for p in racers]
    assert sorted(code for code, _ in outcomes) == [0, 4], outcomes
    (_, won), = [o for o in outcomes if o[0] == 0]
    (_, lost), = [o for o in outcomes if o[0] == 4]
    winner = "bo" if racers[0].returncode == 0 else "cy"
    assert lost["error"] == "stale_version" and lost["current_version"] == won["version"] == version + 1
    # manipulate-die ash 2 up turned the 2 into a 3 (nanolith.txt § Manipulating the Action Dice): the one taken back
    assert lost["since"] == [{"version": version + 1, "kind": "undo", "verb": "manipulate-die", "actor": winner,
                              "summary": "manipulate-die ashitaka 2 up (Encounter 'E', Round 1, Character Action Phase)"}]
    board = json.loads(subprocess.run(ql(db, "--json", "view", "board"), capture_output=True, text=True, timeout=60).stdout)
    assert board["characters"]["ashitaka"]["stress"] == 0  # one undo, not two: the Stress it cost is back, nothing more


def test_a_stale_undo_in_words_says_what_was_stored_since(tmp_path):
    db, script = tmp_path / "q.sqlite", tmp_path / "s.ql"
    script.write_text(SCRIPT)
    subprocess.run(ql(db, "play", "--quiet", str(script)), capture_output=True, timeout=120)
    assert subprocess.run(ql(db, "undo", "--expected-version", "21", who="bo"), capture_output=True, timeout=60).returncode == 0
    late = subprocess.run(ql(db, "undo", "--expected-version", "21", who="cy"), capture_output=True, text=True, timeout=60)
    assert late.returncode == 4
    assert late.stderr.strip() == ("✘ refused: expected version 21, but the campaign is at version 22: since then, v22 undo of "
                                   "manipulate-die ashitaka 2 up (Encounter 'E', Round 1, Character Action Phase) by bo; "
                                   "reload and decide again")
