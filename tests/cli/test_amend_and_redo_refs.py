"""Small things a new user trips over (issue 31, item 8): ``amend`` takes a list field as the CLI types it
(``unlock=P04``, ``unlock=P01,P04``), and an action can be named by the version its redo ended at."""

import json
import subprocess
from pathlib import Path

from tests import HANG_SECONDS
from tests.cli.entry import QUESTLOG

PROLOGUE = Path(__file__).resolve().parents[2] / "examples" / "tamashii" / "prologue.ql"


def _run(db, *args):
    return subprocess.run([QUESTLOG, "--db", str(db), *args], capture_output=True, text=True, timeout=HANG_SECONDS)


def _version_of(db, verb):
    history = json.loads(_run(db, "history", "--json").stdout)
    return next(a["version"] for a in history["actions"] if a["kind"] == "action" and a["verb"] == verb)


def test_amend_takes_a_list_field_in_the_clis_plain_form(tmp_path):
    db = tmp_path / "t.sqlite"
    assert _run(db, "play", "--quiet", "--show", "", str(PROLOGUE)).returncode == 0
    v = _version_of(db, "draw-victory-card")
    done = _run(db, "amend", f"v{v}", "unlock=P01,P04", "--reason", "the card lists P04, not P02 and EF1")
    assert done.returncode == 0, done.stdout + done.stderr
    history = json.loads(_run(db, "history", "--json").stdout)
    (amendment,) = [a for a in history["actions"] if a["kind"] == "amendment"]
    assert amendment["fields"]["unlock"] == ["P01", "P04"]
    single = _run(db, "amend", f"v{v}", "unlock=P04", "--reason", "only P04")
    assert single.returncode == 0, single.stdout + single.stderr


def test_an_action_is_named_by_the_version_its_redo_ended_at(app):
    from cli.correct import resolve_action

    cid = app.create_campaign("nanolith", "Redo ref")
    recorded = app.record(cid, "start-encounter", {"name": "E1", "stress_spaces": [4, 5, 6]})
    app.undo(cid)
    redone = app.redo(cid)
    assert resolve_action(app, cid, f"v{redone.version}") == recorded.action_id
    assert resolve_action(app, cid, f"v{recorded.version}") == recorded.action_id
