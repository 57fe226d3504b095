"""``questlog view board`` starts like a small tool (bench figure 4): a process that shows a kept view imports neither
the game's rules nor marshmallow, Flask, YAML or rich, and prints exactly what folding the campaign draws. When the
read models are behind the stream it folds instead, and prints the same."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests import HANG_SECONDS

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "examples" / "nanolith" / "first-encounter.ql"
NOT_IMPORTED = ("domain.rulesets.nanolith.ruleset", "domain.core.table", "cli.actions", "marshmallow", "flask", "werkzeug",
                "flask_smorest", "yaml", "rich")
"""Modules (and packages, with their submodules) a kept view's process never imports: the Nanolith rules (~150 ms),
the core's action schemas and marshmallow (~55 ms: its validators compile large regexes on import), the API's
framework, the content packs' YAML parser and the generic table renderer."""

PROBE = """
import json, sys
from cli.main import main
sys.argv = ["questlog", *sys.argv[2:]]
try:
    main()
finally:
    with open(PROBE_OUT, "w") as out:
        json.dump(sorted(sys.modules), out)
"""


def run_view(db: str, tmp_path: Path, *args: str, env: dict[str, str] | None = None) -> tuple[subprocess.CompletedProcess[str], set[str]]:
    """Run ``questlog --db DB ARGS`` as its own process; returns it and the modules it had imported at the end."""
    import os

    seen = tmp_path / "modules.json"
    code = PROBE.replace("PROBE_OUT", repr(str(seen)))
    done = subprocess.run([sys.executable, "-c", code, "-", "--db", db, *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=HANG_SECONDS, env={**os.environ, **(env or {})})
    return done, set(json.loads(seen.read_text()))


def imported(modules: set[str], name: str) -> bool:
    return any(m == name or m.startswith(name + ".") for m in modules)


@pytest.fixture
def nanolith_store(store_url):
    """A store holding the Nanolith first-encounter example, and the board folded from its events (data, text)."""
    from cli.context import Session
    from cli.script import play_file
    from domain.core.ruleset import get_ruleset
    from domain.views import render_view

    s = Session(db=store_url)
    play_file(s, SCRIPT)
    cid = s.campaign_id()
    folded = render_view(s.app, cid, "board")
    text = get_ruleset("nanolith").text_views["board"](folded)
    yield store_url, s.app, cid, folded, text
    s.app.close()


def test_view_board_draws_the_kept_board_without_importing_the_rules(nanolith_store, tmp_path):
    db, _app, _cid, _folded, text = nanolith_store
    done, modules = run_view(db, tmp_path, "view", "board")
    assert done.returncode == 0, done.stderr
    assert done.stdout == text + "\n"
    assert [name for name in NOT_IMPORTED if imported(modules, name)] == []


def test_view_board_json_is_the_folded_board(nanolith_store, tmp_path):
    db, _app, _cid, folded, _text = nanolith_store
    for args in (("view", "board", "--json"), ("--json", "view", "board")):
        done, modules = run_view(db, tmp_path, *args)
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout) == folded
        assert not imported(modules, "domain.rulesets.nanolith.ruleset") and not imported(modules, "marshmallow")


def test_read_models_behind_the_stream_are_folded_instead(nanolith_store, tmp_path):
    db, app, cid, _folded, _text = nanolith_store
    from domain.core.ruleset import get_ruleset
    from domain.views import render_view

    app.read_models.catch_up()
    app.listeners.clear()  # this write stores events only: the kept board stays a version behind
    app.record(cid, "adjust", {"path": "characters.cora.stress", "value": 3, "reason": "forgot a 1"})
    assert app.read_models.view(cid, "board")["version"] < app.get_campaign(cid).version
    folded = render_view(app, cid, "board")
    assert folded["characters"]["cora"]["stress"] == 3
    done, modules = run_view(db, tmp_path, "view", "board")
    assert done.returncode == 0, done.stderr
    assert done.stdout == get_ruleset("nanolith").text_views["board"](folded) + "\n"
    assert imported(modules, "domain.rulesets.nanolith.ruleset")  # it folded


def test_without_a_current_campaign_the_refusal_is_unchanged_and_imports_no_rules(sqlite_url, tmp_path):
    done, modules = run_view(sqlite_url, tmp_path, "view", "board")
    assert done.returncode == 2
    assert "no current campaign" in done.stderr and "questlog new GAME NAME" in done.stderr
    assert [name for name in NOT_IMPORTED if imported(modules, name)] == []
    assert not imported(modules, "psycopg")  # a SQLite store never loads the PostgreSQL driver (~110 ms)


def test_an_unknown_campaign_or_view_is_refused_as_before(nanolith_store, tmp_path):
    db, *_ = nanolith_store
    done, _ = run_view(db, tmp_path, "--campaign", "nobody", "view", "board")
    assert done.returncode == 2 and "no campaign 'nobody' in this store" in done.stderr
    done, _ = run_view(db, tmp_path, "view", "bored")
    assert done.returncode == 2 and "no view 'bored'; Nanolith campaigns have: board" in done.stderr


def test_a_command_opens_one_postgresql_connection_when_first_needed(pg_url, monkeypatch):
    import psycopg

    from cli.context import Session
    from infrastructure.pg_pool import LazyPool
    from infrastructure.runtime import open_questlog

    monkeypatch.delenv("POSTGRES_POOL_SIZE", raising=False)
    open_questlog(pg_url, read_models="off").close()  # the tables created and the marker written
    connects: list[object] = []
    real = psycopg.Connection.connect.__func__
    monkeypatch.setattr(psycopg.Connection, "connect", classmethod(lambda cls, *a, **k: connects.append(k) or real(cls, *a, **k)))
    s = Session(db=pg_url)
    assert isinstance(s.app.recorder.datastore.pool, LazyPool)  # no pool threads, nothing opened ahead
    assert s.app.current_campaign() is None and s.app.read_models.campaigns() == []
    assert len(connects) == 1  # one connection for the open, the schema check and both reads
    assert connects[0]["connect_timeout"] == 2 and connects[0]["tcp_user_timeout"] == 2000  # hardened before it opened
    s.app.close()
    api_like = open_questlog(pg_url, read_models="off")
    assert api_like.recorder.datastore.pool.min_size == 5  # the library's default where nothing is asked
    api_like.close()
    monkeypatch.setenv("POSTGRES_POOL_SIZE", "3")
    chosen = open_questlog(pg_url, connections=1)
    assert chosen.recorder.datastore.pool.min_size == 3  # the operator's setting wins
    chosen.close()
