"""Choosing the event store: a SQLite file (default, embedded) or a ``postgresql://`` URL.

The choice comes from ``--db`` / ``QUESTLOG_DB`` (DESIGN.md § Interfaces) and is turned into the
eventsourcing library's environment (``PERSISTENCE_MODULE``, ``SQLITE_DBNAME``, ``POSTGRES_*``).
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlparse

from domain.core.errors import BadInput
from domain.core.names import quoted

DB_ENV = "QUESTLOG_DB"
LOCK_TIMEOUT_ENV = "QUESTLOG_LOCK_TIMEOUT"
"""Seconds a SQLite writer waits for another to finish before giving up (default 10)."""
SCHEMA_NAME = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")
"""A PostgreSQL schema name Questlog accepts: unquoted-identifier shape, so no quoting surprises."""


def default_db_path() -> Path:
    """The SQLite file in the user's data directory (``platformdirs.user_data_dir("questlog")``)."""
    import platformdirs

    return Path(platformdirs.user_data_dir("questlog")) / "questlog.sqlite"


def resolve_db(db: str | None = None) -> str:
    """The store to use: ``db`` if given, else ``$QUESTLOG_DB``, else the default SQLite file. Raises
    :class:`BadInput` for a blank one (``--db ""``, or the variable set to nothing: a script's unset variable must
    not write to another store)."""
    for given, where in ((db, "--db"), (os.environ.get(DB_ENV) if db is None else None, DB_ENV)):
        if given is not None:
            if not given.strip():
                raise BadInput(f"{where} is blank: give a SQLite file path or a postgresql:// URL (or leave it out for the default store)")
            return given
    return str(default_db_path())


def store_env(db: str, create_schema: bool = True) -> dict[str, str]:
    """The eventsourcing environment for ``db`` (a SQLite path or ``postgresql://user:pw@host:port/dbname?schema=s``).

    Creates the default data directory (never another missing directory: a mistyped ``--db`` is refused), and the
    PostgreSQL schema if one is named, unless ``create_schema`` is false (:func:`infrastructure.runtime.open_questlog`
    creates it with the tables, only when the store's marker says they are not current: :mod:`infrastructure.schema`).
    Raises :class:`BadInput` for a path or URL that cannot be used.
    """
    if db.startswith(("postgresql://", "postgres://")):
        return _postgres_env(db, create_schema)
    if "://" in db:
        raise BadInput(f"unsupported store {quoted(db)}: give a SQLite file path or a postgresql:// URL")
    path = Path(db).expanduser()
    if not path.parent.is_dir():  # (platformdirs, ~8 ms to import, only when a directory is missing)
        if path.parent != default_db_path().parent:
            raise BadInput(f"no directory {quoted(str(path.parent))} for the store {quoted(db)}: create it first, or check the path "
                           "(only the default data directory is created for you)")
        path.parent.mkdir(parents=True, exist_ok=True)  # the data directory is Questlog's own to create
    elif path.is_dir():
        raise BadInput(f"the store {quoted(db)} is a directory: give a SQLite file path inside it")
    return {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(path),
            "SQLITE_LOCK_TIMEOUT": os.environ.get(LOCK_TIMEOUT_ENV, "10")}


def _postgres_env(url: str, create_schema: bool = True) -> dict[str, str]:
    parts = urlparse(url)
    dbname = parts.path.lstrip("/")
    if not dbname:
        raise BadInput(f"the PostgreSQL URL {quoted(url)} names no database (postgresql://host:5432/DBNAME)")
    given = parse_qs(parts.query, keep_blank_values=True).get("schema")
    schema = given[0] if given else ""
    if given is not None and not SCHEMA_NAME.match(schema):  # "?schema=" names no schema: refused, not the default
        raise BadInput(f"the PostgreSQL schema {quoted(schema)} is not a valid name: 1..63 lowercase letters, digits and _, "
                       "starting with a letter or _ (?schema=tuesday_group)")
    env = {
        "PERSISTENCE_MODULE": "eventsourcing.postgres",
        "POSTGRES_DBNAME": dbname,
        "POSTGRES_HOST": parts.hostname or "127.0.0.1",
        "POSTGRES_PORT": str(parts.port or 5432),
        "POSTGRES_USER": unquote(parts.username or os.environ.get("USER", "postgres")),
        "POSTGRES_PASSWORD": unquote(parts.password or ""),
        "POSTGRES_CONNECT_TIMEOUT": "2",  # the longest a request waits for a pooled connection (see harden_postgres)
        "POSTGRES_LOCK_TIMEOUT": "5",
        # one INSERT ... unnest(array) per save: the library's pipelined executemany stalls past ~10,000 events in
        # one save (an import, a bulk load) and costs a round trip per event below that
        "POSTGRES_ENABLE_DB_FUNCTIONS": "y",
        # ... whose function takes the table lock, so notification ids become visible in commit order (pg_recorder)
        "APPLICATION_RECORDER_TOPIC": "infrastructure.pg_recorder:LockingPostgresApplicationRecorder",
    }
    if schema:
        env["POSTGRES_SCHEMA"] = schema
        if create_schema:
            _create_schema(env, schema)
    return env


def _create_schema(env: dict[str, str], schema: str) -> None:
    import psycopg
    from psycopg import sql

    with psycopg.connect(dbname=env["POSTGRES_DBNAME"], host=env["POSTGRES_HOST"], port=env["POSTGRES_PORT"],
                         user=env["POSTGRES_USER"], password=env["POSTGRES_PASSWORD"] or None, connect_timeout=5,
                         autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE SCHEMA IF NOT EXISTS {}").format(sql.Identifier(schema)))


@contextlib.contextmanager
def ddl_lock(env: Mapping[str, str]) -> Iterator[Any]:
    """Serialise table creation across processes on PostgreSQL (concurrent ``CREATE ... IF NOT EXISTS`` can
    fail with "tuple concurrently updated"), yielding the (autocommit) connection holding the lock; a no-op yielding
    ``None`` for SQLite, whose writer lock already serialises it."""
    if env.get("PERSISTENCE_MODULE") != "eventsourcing.postgres":
        yield None
        return
    import psycopg

    with psycopg.connect(dbname=env["POSTGRES_DBNAME"], host=env["POSTGRES_HOST"], port=env["POSTGRES_PORT"],
                         user=env["POSTGRES_USER"], password=env["POSTGRES_PASSWORD"] or None, connect_timeout=5,
                         autocommit=True) as conn:
        conn.execute("SELECT pg_advisory_lock(hashtext('questlog-ddl'))")
        try:
            yield conn
        finally:
            conn.execute("SELECT pg_advisory_unlock(hashtext('questlog-ddl'))")


PG_STATEMENT_TIMEOUT_ENV = "QUESTLOG_PG_STATEMENT_TIMEOUT"


def postgres_timeouts() -> dict[str, object]:
    """libpq settings every PostgreSQL connection of the store opens with, so a server that is down or unreachable
    fails a request within about 2 seconds instead of hanging (issue 28, item 5): ``connect_timeout`` 2 s (a refused
    or black-holed connect), ``tcp_user_timeout`` 2 s (data sent and never acknowledged), keepalives probing an idle
    wait after 1 s, every second, 2 probes (an answer that never comes), and a server-side ``statement_timeout``
    (``$QUESTLOG_PG_STATEMENT_TIMEOUT`` seconds, default 30: a stuck statement, not a slow import, is cut)."""
    statement = int(float(os.environ.get(PG_STATEMENT_TIMEOUT_ENV, "30")) * 1000)
    return {"connect_timeout": 2, "tcp_user_timeout": 2000, "keepalives": 1, "keepalives_idle": 1, "keepalives_interval": 1,
            "keepalives_count": 2, "options": f"-c statement_timeout={statement}"}


def harden_postgres(app: object) -> None:
    """Give ``app``'s PostgreSQL connection pool :func:`postgres_timeouts` (the library passes none of them to libpq);
    connections it opened already without them are replaced (Questlog's recorder, :mod:`infrastructure.pg_recorder`,
    sets them before the first connection, so there are none). Nothing for a SQLite store."""
    pool = getattr(getattr(getattr(app, "factory", None), "datastore", None), "pool", None)
    if pool is None or not hasattr(pool, "kwargs"):
        return
    wanted = postgres_timeouts()
    if any(pool.kwargs.get(key) != value for key, value in wanted.items()):
        pool.kwargs.update(wanted)
        if not pool.closed:
            pool.drain()  # connections opened before reconnect with the timeouts
    _fail_fast(app.factory.datastore)  # type: ignore[attr-defined]


UNREACHABLE_SECONDS = 2.0
"""After a connection to PostgreSQL failed, how long every further attempt fails at once instead of waiting again."""


def unreachable(error: BaseException) -> bool:
    """Whether ``error`` (the library's ``OperationalError``) says the server could not be reached or the connection
    was lost, rather than a refusal of the server's (a lock timeout, a cancelled statement, which carry an SQLSTATE)."""
    import psycopg
    from psycopg_pool import PoolTimeout

    cause = error.__cause__ if error.__cause__ is not None else error
    return isinstance(cause, PoolTimeout) or (isinstance(cause, psycopg.OperationalError) and cause.sqlstate is None) \
        or "unreachable moments ago" in str(error)


def _fail_fast(datastore: object) -> None:
    """Wrap ``datastore.get_connection`` so that for :data:`UNREACHABLE_SECONDS` after a connection failure every
    call raises ``OperationalError`` at once: the library retries each statement 10 times, which would otherwise
    wait 10 connection timeouts (20 s) on a server that is down."""
    import contextlib
    import time

    from eventsourcing.persistence import OperationalError

    original = datastore.get_connection  # type: ignore[attr-defined]
    state = {"until": 0.0}

    @contextlib.contextmanager
    def get_connection(*args: object, **kwargs: object) -> object:
        if time.monotonic() < state["until"]:
            raise OperationalError("the PostgreSQL server was unreachable moments ago")
        try:
            with original(*args, **kwargs) as conn:
                yield conn
        except OperationalError as exc:
            if unreachable(exc):
                state["until"] = time.monotonic() + UNREACHABLE_SECONDS
            raise

    datastore.get_connection = get_connection  # type: ignore[attr-defined]

