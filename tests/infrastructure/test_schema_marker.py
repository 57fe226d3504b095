"""A store's tables are created or migrated once per schema version (:mod:`infrastructure.schema`): a start on a
store whose marker is current runs no DDL; a store without the marker (made before it, or by the bare library) or
with an older one is migrated on first use; processes starting at once on a fresh schema all succeed."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import psycopg
import pytest

from infrastructure.runtime import open_questlog
from infrastructure.schema import MARKER

ROOT = Path(__file__).resolve().parents[2]
DDL = ("CREATE", "ALTER", "DROP", "DO ", "COMMENT", "SELECT PG_ADVISORY_LOCK", "PRAGMA USER_VERSION =")


@pytest.fixture
def statements(monkeypatch):
    """Every SQL statement this process sends from now on (PostgreSQL through psycopg, SQLite through sqlite3)."""
    sent: list[str] = []
    real_execute = psycopg.Cursor.execute

    def execute(self, query, *args, **kwargs):
        sent.append(query if isinstance(query, str) else query.as_string(None) if hasattr(query, "as_string") else str(query))
        return real_execute(self, query, *args, **kwargs)

    monkeypatch.setattr(psycopg.Cursor, "execute", execute)
    real_connect = sqlite3.connect

    def connect(*args, **kwargs):
        conn = real_connect(*args, **kwargs)
        conn.set_trace_callback(sent.append)
        return conn

    monkeypatch.setattr(sqlite3, "connect", connect)
    return sent


def ddl(sent: list[str]) -> list[str]:
    return [s for s in sent if s.lstrip().upper().startswith(DDL)]


def schema_of(url: str) -> str:
    return url.split("schema=")[1]


def pg(url: str) -> psycopg.Connection:
    return psycopg.connect(url.split("?")[0], autocommit=True)


def test_a_start_on_a_current_store_runs_no_ddl(store_url, statements):
    first = open_questlog(store_url)
    cid = first.create_campaign("nanolith", "Tuesday group")
    first.close()
    assert ddl(statements), "the first open creates the tables"
    statements.clear()
    again = open_questlog(store_url, connections=1)
    assert sorted(again.read_models.view(cid, "board")["data"]["characters"]) == ["ada", "ashitaka", "cora", "vaa-lith"]
    again.close()
    assert statements, "the trace saw the reads"
    assert ddl(statements) == []


def test_a_postgresql_store_without_the_marker_gets_its_tables(pg_url):
    schema = schema_of(pg_url)
    first = open_questlog(pg_url)
    cid = first.create_campaign("nanolith", "Tuesday group")
    first.close()
    with pg(pg_url) as conn:  # as a store from before: no marker, a column and a table of later releases missing
        conn.execute(f'COMMENT ON TABLE "{schema}".questlog_events IS NULL')
        conn.execute(f'ALTER TABLE "{schema}".ql_views DROP COLUMN chain')
        conn.execute(f'DROP TABLE "{schema}".ql_dice')
    again = open_questlog(pg_url)
    assert [c["name"] for c in again.read_models.campaigns()] == ["Tuesday group"]
    again.close()
    with pg(pg_url) as conn:
        columns = {r[0] for r in conn.execute("SELECT column_name FROM information_schema.columns WHERE table_schema = %s "
                                              "AND table_name = 'ql_views'", [schema])}
        tables = {r[0] for r in conn.execute("SELECT table_name FROM information_schema.tables WHERE table_schema = %s", [schema])}
        marker = conn.execute(f"SELECT obj_description('\"{schema}\".questlog_events'::regclass, 'pg_class')").fetchone()[0]
    assert "chain" in columns and "ql_dice" in tables and marker.startswith(MARKER)
    assert cid


def test_a_store_made_by_the_bare_library_gets_the_locking_insert_function(pg_url):
    from eventsourcing.application import Application

    from infrastructure.store import store_env

    env = {k: v for k, v in store_env(pg_url).items() if k != "APPLICATION_RECORDER_TOPIC"}
    Application.name = "Questlog"
    try:
        Application(env=env).close()  # the library's tables and its insert function, which takes no table lock
    finally:
        del Application.name
    app = open_questlog(pg_url)
    app.create_campaign("nanolith", "Tuesday group")
    app.close()
    with pg(pg_url) as conn:
        source = conn.execute("SELECT prosrc FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace "
                              "WHERE nspname = %s AND proname = 'es_insert_events_uuid'", [schema_of(pg_url)]).fetchone()[0]
    assert "LOCK TABLE" in source


def test_a_marker_of_other_ddl_is_migrated_and_rewritten(pg_url, statements):
    open_questlog(pg_url).close()
    schema = schema_of(pg_url)
    with pg(pg_url) as conn:
        conn.execute(f"COMMENT ON TABLE \"{schema}\".questlog_events IS '{MARKER}0123'")
    statements.clear()
    open_questlog(pg_url).close()
    assert any(s.startswith("CREATE TABLE IF NOT EXISTS") for s in ddl(statements))
    statements.clear()
    open_questlog(pg_url).close()
    assert ddl(statements) == []


def test_a_sqlite_store_without_the_marker_gets_its_columns(sqlite_url):
    first = open_questlog(sqlite_url)
    first.create_campaign("nanolith", "Tuesday group")
    first.close()
    with sqlite3.connect(sqlite_url) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] != 0
        conn.execute("ALTER TABLE ql_views DROP COLUMN chain")
        conn.execute("DROP TABLE ql_dice")
        conn.execute("PRAGMA user_version = 0")
    again = open_questlog(sqlite_url)
    assert [c["name"] for c in again.read_models.campaigns()] == ["Tuesday group"]
    again.close()
    with sqlite3.connect(sqlite_url) as conn:
        columns = {r[1] for r in conn.execute("PRAGMA table_info(ql_views)")}
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert "chain" in columns and "ql_dice" in tables


START_TOGETHER = """
import sys, time
from infrastructure.runtime import open_questlog
time.sleep(max(0.0, float(sys.argv[2]) - time.time()))
app = open_questlog(sys.argv[1], connections=1)
app.create_campaign("nanolith", "group " + sys.argv[3])
app.close()
"""


def test_processes_starting_at_once_on_a_fresh_schema_all_succeed(pg_url):
    start = time.time() + 4  # after every process has imported Questlog
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    runs = [subprocess.Popen([sys.executable, "-c", START_TOGETHER, pg_url, str(start), str(i)], cwd=ROOT, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for i in range(4)]
    results = [(run.wait(timeout=120), run.stderr.read()) for run in runs]
    assert [code for code, _ in results] == [0, 0, 0, 0], [err for _, err in results]
    app = open_questlog(pg_url)
    assert sorted(c["name"] for c in app.read_models.campaigns()) == ["group 0", "group 1", "group 2", "group 3"]
    app.close()
