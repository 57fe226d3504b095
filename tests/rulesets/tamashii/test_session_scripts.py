"""The Tamashii session scripts (examples/tamashii/*.ql) replay clean on a SQLite file and on PostgreSQL,
and the whole Prologue session gives the same views on both stores."""

import json
from pathlib import Path

import pytest

from cli.context import Session
from cli.script import play_file
from tests.conftest import postgres_url

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "tamashii"
SCRIPTS = sorted(EXAMPLES.glob("*.ql"))
VIEWS = ("progress", "unlocks", "board", "score")


def _play(db, script):
    s = Session(db=str(db))
    play_file(s, script)
    views = {name: s.app.view(s.campaign_id(), name) for name in VIEWS}
    s.app.close()
    return views


@pytest.mark.parametrize("script", SCRIPTS, ids=[p.name for p in SCRIPTS])
def test_each_example_script_plays_clean_on_each_store(store_url, script):
    json.dumps(_play(store_url, script))


def test_the_prologue_session_gives_the_same_views_on_sqlite_and_postgresql(tmp_path):
    script = EXAMPLES / "prologue.ql"
    on_sqlite = _play(tmp_path / "q.sqlite", script)
    on_postgres = _play(postgres_url(), script)
    assert on_sqlite == on_postgres
    assert on_sqlite["progress"]["scenarios"]["prologue"]["endings"] == {"A06": True}


def test_the_readme_shows_the_geohunt_turn_script_as_it_plays():
    readme = (EXAMPLES.parents[1] / "README.md").read_text(encoding="utf-8")
    shown = readme.split("### Tamashii: a turn", 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    assert shown == (EXAMPLES / "geohunt-turn.ql").read_text(encoding="utf-8")
    assert "end-phase" in shown and shown.count("end-phase") == 9
