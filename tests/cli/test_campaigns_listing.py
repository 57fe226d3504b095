"""``questlog campaigns`` keeps its columns aligned for every game key (issue 31, item 9: the 20-character
``nanobot-battle-arena`` pushed its row out)."""

import subprocess

from tests import HANG_SECONDS
from tests.cli.entry import QUESTLOG


def test_the_version_column_starts_at_the_same_place_on_every_row(tmp_path):
    db = str(tmp_path / "c.sqlite")
    run = lambda *a: subprocess.run([QUESTLOG, "--db", db, *a], capture_output=True, text=True, timeout=HANG_SECONDS)
    for game, name in (("nanobot-battle-arena", "League"), ("nanolith", "Friday"), ("nemesis", "Ship")):
        assert run("new", game, name).returncode == 0
    rows = run("campaigns").stdout.splitlines()
    assert len(rows) == 3 and len({row.index(" v1 ") for row in rows}) == 1
    assert sorted(row.split()[-1] for row in rows) == ["Friday", "League", "Ship"]  # same-second rows come in either order
