"""Every session script under examples/ runs clean with the installed ``questlog play``, on a SQLite
file and on the real PostgreSQL (the rulebooks' worked examples, with their exact numbers)."""

import subprocess
from pathlib import Path

import pytest

from tests.cli.entry import QUESTLOG
from tests import HANG_SECONDS

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = sorted((ROOT / "examples").glob("*/*.ql"))


def test_examples_exist_for_nanolith():
    assert any(p.parent.name == "nanolith" for p in SCRIPTS)


@pytest.mark.parametrize("script", SCRIPTS, ids=[f"{p.parent.name}/{p.name}" for p in SCRIPTS])
def test_example_script_plays_clean(store_url, script):
    done = subprocess.run([QUESTLOG, "--db", store_url, "play", "--quiet", str(script)],
                          capture_output=True, text=True, timeout=HANG_SECONDS)
    assert done.returncode == 0, f"{script.name} failed:\n{done.stdout}\n{done.stderr}"
    assert "lines of" in done.stdout
