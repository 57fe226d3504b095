"""Shared fixtures: real stores (a SQLite file, the machine's PostgreSQL) and the application over them.

PostgreSQL tests skip with a clear reason when no server answers on 127.0.0.1:5432, unless
``QUESTLOG_REQUIRE_POSTGRES=1`` (set by ``.ci/run``), which turns that skip into a failure.
"""

from __future__ import annotations

import os
import uuid

import pytest

PG_URL = os.environ.get("QUESTLOG_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")
REQUIRE_PG = os.environ.get("QUESTLOG_REQUIRE_POSTGRES") == "1"


def _postgres_available() -> str | None:
    try:
        import psycopg

        from infrastructure.store import _postgres_env

        env = _postgres_env(PG_URL)
        with psycopg.connect(dbname=env["POSTGRES_DBNAME"], host=env["POSTGRES_HOST"], port=env["POSTGRES_PORT"],
                             user=env["POSTGRES_USER"], connect_timeout=3):
            return None
    except Exception as exc:  # any failure to connect means "not available here"
        return f"PostgreSQL not reachable at {PG_URL}: {exc}"


def postgres_url() -> str:
    """A URL for a fresh, empty schema on the test PostgreSQL (skips or fails if there is none)."""
    reason = _postgres_available()
    if reason:
        if REQUIRE_PG:
            pytest.fail(f"QUESTLOG_REQUIRE_POSTGRES=1 but {reason}")
        pytest.skip(reason)
    return f"{PG_URL}?schema=t_{uuid.uuid4().hex[:12]}"


@pytest.fixture
def sqlite_url(tmp_path) -> str:
    """A path for a new SQLite file store."""
    return str(tmp_path / "questlog.sqlite")


@pytest.fixture
def pg_url() -> str:
    """A postgresql:// URL with a fresh schema."""
    return postgres_url()


@pytest.fixture(params=["sqlite", "postgres"])
def store_url(request, tmp_path) -> str:
    """Each test using this runs twice: on a SQLite file and on the real PostgreSQL."""
    if request.param == "sqlite":
        return str(tmp_path / "questlog.sqlite")
    return postgres_url()


@pytest.fixture
def app(sqlite_url):
    """The application service on a fresh SQLite file."""
    from infrastructure.runtime import open_questlog

    application = open_questlog(sqlite_url)
    yield application
    application.close()


@pytest.fixture
def any_app(store_url):
    """The application service on each real store in turn (SQLite file, PostgreSQL)."""
    from infrastructure.runtime import open_questlog

    application = open_questlog(store_url)
    yield application
    application.close()


@pytest.fixture
def toy_game():
    """The toy ruleset (tests/core/toy.py, the template of a new game) registered for one test, then forgotten."""
    from domain.core.ruleset import register, unregister
    from tests.core.toy import Toy

    register(Toy)
    yield Toy
    unregister("toy")
