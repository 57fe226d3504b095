"""``history --since BOOKMARK --script`` writes the script of what followed (issue 31, item 2): a group that played on
a laptop while the server was down replays exactly that part onto the server's campaign, which stopped there."""

import json
import subprocess

from tests import HANG_SECONDS
from tests.cli.entry import QUESTLOG

BEFORE = """new nanolith "Friday group"
seat Mia ashitaka cora
start-encounter "Encounter 1" --stress-spaces 4,5,6
start-round
"""
AFTER = """roll-action-dice ash 2 4 5 2 6
roll-action-dice cora 1 1 4 5 6
roll-action-dice vaa 3 3 5 2 6
roll-action-dice ada 3 3 5 2 6
give-initiative ash
manipulate-die ash 2 up
"""


def _ql(db, *args):
    done = subprocess.run([QUESTLOG, "--db", str(db), *args], capture_output=True, text=True, timeout=HANG_SECONDS)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_the_script_since_a_bookmark_replays_what_followed_onto_the_campaign_as_it_stood(tmp_path):
    laptop, server = tmp_path / "laptop.sqlite", tmp_path / "server.sqlite"
    (tmp_path / "before.ql").write_text(BEFORE)
    (tmp_path / "laptop.ql").write_text(BEFORE + "bookmark server-down\n" + AFTER)
    _ql(laptop, "play", "--quiet", "--show", "", str(tmp_path / "laptop.ql"))
    _ql(server, "play", "--quiet", "--show", "", str(tmp_path / "before.ql"))
    script = _ql(laptop, "history", "--since", "server-down", "--script")
    lines = [line for line in script.splitlines() if not line.startswith("#")]
    assert lines == ["use 'Friday group'", "--as Mia roll-action-dice ashitaka 2 4 5 2 6",
                     "--as Mia roll-action-dice cora 1 1 4 5 6", "roll-action-dice vaa-lith 3 3 5 2 6",
                     "roll-action-dice ada 3 3 5 2 6", "--as Mia give-initiative ashitaka", "--as Mia manipulate-die ashitaka 2 up"]
    (tmp_path / "part.ql").write_text(script)
    _ql(server, "play", "--quiet", "--show", "", str(tmp_path / "part.ql"))
    assert _ql(server, "view", "board", "--json") == _ql(laptop, "view", "board", "--json")
    board = json.loads(_ql(server, "view", "board", "--json"))
    assert (board["characters"]["cora"]["stress"], board["characters"]["ashitaka"]["stress"]) == (2, 1)  # two 1s; a manipulation


def test_a_digital_roll_in_a_script_says_it_is_replayed_as_a_physical_roll(tmp_path):
    """Questlog's own rolls cannot be made again from a script line: the line that enters their faces says so."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    questlog = str(Path(sys.executable).with_name("questlog"))
    db = str(tmp_path / "digital.sqlite")

    def run(*args):
        done = subprocess.run([questlog, "--db", db, *args], capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        return done.stdout

    run("new", "nanolith", "Digital dice")
    run("start-encounter", "Encounter 1")
    run("start-round")
    run("roll-action-dice", "cora", "--digital")
    run("roll-action-dice", "ada", "1", "2", "3", "4", "5")
    script = run("history", "--script").splitlines()
    note = [i for i, line in enumerate(script) if line.startswith("# Questlog rolled the dice below")]
    assert len(note) == 1 and "roll-action-dice cora" in script[note[0] + 1]
    (tmp_path / "replay.ql").write_text("\n".join(script) + "\n")
    db = str(tmp_path / "replayed.sqlite")  # the script plays on a new store, the roll entered as a physical one
    run("play", str(tmp_path / "replay.ql"))
    [roll] = [a for a in json.loads(run("history", "--json"))["actions"] if a.get("verb") == "roll-action-dice" and a["fields"]["character"] == "cora"]
    assert roll["digital"] is False and len(roll["fields"]["dice"]) == 5
