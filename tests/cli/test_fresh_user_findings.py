"""What a fresh user found (2026-12-01): each refused clearly, nothing done."""

import subprocess
from pathlib import Path

from tests import HANG_SECONDS
from tests.cli.entry import QUESTLOG

RUSH = Path(__file__).resolve().parents[2] / "examples" / "nanolith" / "rush.ql"


def _run(*args):
    return subprocess.run([QUESTLOG, *args], capture_output=True, text=True, timeout=HANG_SECONDS)


def test_play_from_a_line_past_the_end_of_the_script_is_refused(tmp_path):
    done = _run("--db", str(tmp_path / "a.sqlite"), "play", str(RUSH), "--from-line", "999")
    lines = len(RUSH.read_text().splitlines())
    assert done.returncode == 2 and f"--from-line 999 is past the end of rush.ql: it has {lines} lines" in done.stdout + done.stderr
    assert not (tmp_path / "a.sqlite").exists() or "no campaigns" in _run("--db", str(tmp_path / "a.sqlite"), "campaigns").stdout


def test_an_empty_postgresql_schema_name_is_refused_not_taken_as_the_default():
    done = _run("--db", "postgresql://postgres@127.0.0.1:5432/test?schema=", "campaigns")
    assert done.returncode == 2 and "the PostgreSQL schema '' is not a valid name" in done.stdout + done.stderr
