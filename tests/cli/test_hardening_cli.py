"""Issue 11 at the command line: invalid UTF-8 arguments are bad input (exit 2), names are one printable
line, and undo says what it took back and who had recorded it (items 6 and 12)."""

from __future__ import annotations

import os
import subprocess

from tests.cli.entry import QUESTLOG


def run(db, *args, actor=None):
    argv = [os.fsencode(QUESTLOG), b"--db", os.fsencode(db)] + ([b"--as", actor.encode()] if actor else [])
    argv += [a if isinstance(a, bytes) else a.encode() for a in args]
    return subprocess.run(argv, capture_output=True, timeout=120)


def test_an_argument_that_is_not_utf8_exits_2(tmp_path):
    done = run(tmp_path / "q.sqlite", "new", "nanolith", b"Tuesday \xff group")
    assert done.returncode == 2 and b"argument 5 is not valid UTF-8" in done.stderr


def test_a_bell_in_an_encounter_name_is_refused_before_it_reaches_a_terminal(tmp_path):
    db = tmp_path / "q.sqlite"
    assert run(db, "new", "nanolith", "Tuesday group").returncode == 0
    done = run(db, "start-encounter", "Encounter\a 1")
    assert done.returncode == 2 and b"one printable line" in done.stderr
    assert b"\a" not in run(db, "view", "board").stdout


def test_undo_says_what_it_took_back_and_who_recorded_it(tmp_path):
    db = tmp_path / "q.sqlite"
    assert run(db, "new", "nanolith", "Tuesday group").returncode == 0
    assert run(db, "seat", "Mia", "ashitaka", actor="Mia").returncode == 0
    assert run(db, "start-encounter", "Encounter 1", actor="Mia").returncode == 0
    done = run(db, "undo", actor="Leo")  # versions: 1 created, 2-3 seat, 4-5 start-encounter (its event, its record)
    assert done.returncode == 0
    assert done.stdout.decode().strip() == "✔ undo: took back start-encounter Encounter 1 (version 5, recorded by Mia); now at version 6"
