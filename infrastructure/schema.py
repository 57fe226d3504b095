"""The store's tables checked once per schema version, not on every start.

Every process used to open a store by running each table's ``CREATE ... IF NOT EXISTS`` (PostgreSQL: under an
advisory lock taken on a connection of its own, with the schema's ``CREATE SCHEMA IF NOT EXISTS`` on another): ~20
statements and three connections, ~40-50 ms of a 300 ms ``questlog view board`` (bench figure 4). Now the
composition root opens the application with the library's ``CREATE_TABLE`` off and calls :func:`ensure_schema`,
which reads one marker written by the last migration, a digest of every recorder's DDL (the library's and the read
models', so any change to a table, index, column or function changes it):

- PostgreSQL: the comment on the events table (``COMMENT ON TABLE ... IS 'questlog schema <digest>'``), read with
  ``obj_description(to_regclass(...))``, which answers ``NULL`` for a missing schema or table instead of failing;
- SQLite: ``PRAGMA user_version`` (the file header's integer: 31 bits of the digest).

When it matches, nothing else is run. When it does not (a new store, a store from before the marker, a release that
changed a table), the tables are created or migrated as before, under the same lock (PostgreSQL: the advisory lock,
after which the marker is read again, so of two processes starting at once on a fresh schema the second finds the
first's work done; SQLite: the file's writer lock), and the marker is written last, in the migration's wake.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

from .store import ddl_lock

MARKER = "questlog schema "
"""What the PostgreSQL marker comment starts with (then the digest)."""


def schema_digest(recorders: Sequence[Any]) -> str:
    """A digest (32 hex digits) of the DDL ``recorders`` run to create their tables: the library's statements
    (``sql_create_statements`` on PostgreSQL, ``create_table_statements`` on SQLite) and the read models' added
    columns (SQLite adds them outside its statements)."""
    from projections.recorders import ADDED_COLUMNS

    text = [repr(ADDED_COLUMNS)]
    for recorder in recorders:
        statements = getattr(recorder, "sql_create_statements", None) or getattr(recorder, "create_table_statements", ())
        text += [s if isinstance(s, str) else s.as_string(None) for s in statements]
    return hashlib.sha256("\n".join(text).encode()).hexdigest()[:32]


def ensure_schema(app: Any, read_model_recorder: Any) -> bool:
    """Create or migrate the tables of ``app``'s store (its events, snapshots and ``read_model_recorder``'s read
    models) unless the store's marker says they are current; ``True`` when it migrated. ``app`` was opened with
    ``CREATE_TABLE`` off. Raises the library's persistence errors (the server unreachable, a lock timeout)."""
    recorders = [app.recorder, *([app.snapshots.recorder] if app.snapshots is not None else []), read_model_recorder]
    digest = schema_digest(recorders)
    if app.env.get("PERSISTENCE_MODULE") == "eventsourcing.postgres":
        return _ensure_postgres(app, recorders, digest)
    return _ensure_sqlite(app.recorder.datastore, recorders, digest)


def _ensure_postgres(app: Any, recorders: list[Any], digest: str) -> bool:
    datastore = app.recorder.datastore
    if _pg_marker(datastore, app.recorder.events_table_name) == MARKER + digest:
        return False
    with ddl_lock(app.env) as conn:  # table creation serialised across processes
        if _pg_marker(datastore, app.recorder.events_table_name) == MARKER + digest:
            # another process migrated while this one waited for the lock: the events' composite type, missing when
            # this process's recorder read it, exists now (saves send events as that type)
            datastore.register_type_adapters()
            return False
        from psycopg import sql

        schema = sql.Identifier(datastore.schema)
        conn.execute(sql.SQL("CREATE SCHEMA IF NOT EXISTS {}").format(schema))
        for recorder in recorders:
            recorder.create_table()
        conn.execute(sql.SQL("COMMENT ON TABLE {} IS {}").format(
            sql.Identifier(datastore.schema, app.recorder.events_table_name), sql.Literal(MARKER + digest)))
    return True


def _pg_marker(datastore: Any, table: str) -> str | None:
    from psycopg import sql

    qualified = sql.Identifier(datastore.schema, table).as_string(None)
    with datastore.get_connection() as conn:
        row = conn.execute("SELECT obj_description(to_regclass(%s), 'pg_class') AS marker", [qualified]).fetchone()
    return row["marker"] if row else None


def sqlite_version_number(digest: str) -> int:
    """The ``PRAGMA user_version`` standing for ``digest``: its first 31 bits, never 0 (a new file's)."""
    return int(digest[:8], 16) >> 1 or 1


def _ensure_sqlite(datastore: Any, recorders: list[Any], digest: str) -> bool:
    wanted = sqlite_version_number(digest)
    with datastore.transaction(commit=False) as cursor:
        cursor.execute("PRAGMA user_version")
        if cursor.fetchone()[0] == wanted:
            return False
    for recorder in recorders:  # each in its writer's transaction, as the library creates them
        recorder.create_table()
    with datastore.transaction(commit=True) as cursor:
        cursor.execute(f"PRAGMA user_version = {int(wanted)}")
    return True


__all__ = ["MARKER", "ensure_schema", "schema_digest", "sqlite_version_number"]
