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


def test_every_example_names_its_own_campaign(tmp_path):
    """Names are unique in a store: a new user who plays the full game of each of the five games into one store (the
    default one) must not be refused at the second ("a campaign called 'Full game' already exists")."""
    import shlex
    from collections import Counter

    names = Counter(shlex.split(line)[2] for p in SCRIPTS for line in p.read_text(encoding="utf-8").splitlines()
                    if line.startswith("new "))
    assert [n for n, count in names.items() if count > 1] == []
    db = str(tmp_path / "one.sqlite")
    for game in ("nanolith", "tamashii", "nemesis", "nin-gonost", "nanobot-battle-arena"):
        script = ROOT / "examples" / game / ("first-encounter.ql" if game == "nanolith" else
                                             "prologue.ql" if game == "tamashii" else "full-game.ql")
        done = subprocess.run([QUESTLOG, "--db", db, "play", "--quiet", str(script)], capture_output=True, text=True,
                              timeout=HANG_SECONDS)
        assert done.returncode == 0, f"{game}: {done.stderr}"
