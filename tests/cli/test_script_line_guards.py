"""Script lines a fresh user found unsafe, from the installed entry point: a line naming its own store (it played
into the session's store instead), and a `!` line that was accepted (the failure did not say it was stored)."""

import json
import subprocess

from tests import HANG_SECONDS
from tests.cli.entry import QUESTLOG


def _run(db, *args):
    return subprocess.run([QUESTLOG, "--db", db, *args], capture_output=True, text=True, timeout=HANG_SECONDS)


def _campaigns(db):
    return [(c["name"], c["version"]) for c in json.loads(_run(db, "campaigns", "--json").stdout)]


def test_a_script_line_naming_its_own_store_is_refused_and_nothing_is_stored(tmp_path):
    db, other = str(tmp_path / "s.sqlite"), tmp_path / "other.sqlite"
    assert _run(db, "new", "nanolith", "Script test").returncode == 0
    script = tmp_path / "s.ql"
    script.write_text(f'use "Script test"\n--db {other} new nanolith X\n', encoding="utf-8")
    done = _run(db, "play", str(script))
    assert done.returncode == 2
    assert "line 2" in done.stdout + done.stderr and "cannot name its own store (--db)" in done.stdout + done.stderr
    assert _campaigns(db) == [("Script test", 1)]
    assert not other.exists()


def test_an_accepted_refusal_line_says_it_is_stored_and_how_to_take_it_back(tmp_path):
    db = str(tmp_path / "s.sqlite")
    assert _run(db, "new", "nanolith", "Script test").returncode == 0
    assert _run(db, "start-encounter", "Encounter 1").returncode == 0
    before = _campaigns(db)[0][1]
    script = tmp_path / "s.ql"
    script.write_text('use "Script test"\n! start-round\n', encoding="utf-8")
    done = _run(db, "play", str(script))
    after = _campaigns(db)[0][1]
    assert done.returncode == 1 and after > before
    assert (f"was accepted but must be refused; it is stored (the campaign is now at version {after}: "
            "`questlog undo` takes it back)") in done.stdout + done.stderr
