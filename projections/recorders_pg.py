"""The read-model recorder for PostgreSQL (imported only for a PostgreSQL store: psycopg is slow to import)."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from eventsourcing.postgres import PostgresTrackingRecorder

from .recorders import (ADDED_COLUMNS, COLUMNS, OLD_TABLES, READ_MODEL_TABLES, ROLLS_FROM_FACES, TABLES, UPSERT, ReadModelMixin,
                        rolls_into_audit)

BULK_FROM = 8
"""From this many rows on, rows go in one statement instead of one statement per row: ``COPY`` for plain inserts
in a bulk write (a rebuild's thousands of audit rows per batch: about 7 µs a row, against 20 for one ``INSERT``
each), else one ``INSERT ... SELECT`` over a ``jsonb`` array (upserts, and inserts in a one-query write)."""


LOCK_WAIT = 5
"""Seconds a catch-up that must not skip (a read, the CLI) waits for another process's catch-up before going on
without the lock (:meth:`PostgresReadModelRecorder.exclusive`)."""


class _Statements:
    """The statements of one read-model transaction, bound client-side and sent to the server as one query."""

    def __init__(self, cursor: Any) -> None:
        self.cursor = cursor
        self.parts: list[str] = []

    def execute(self, statement: str, params: Sequence[Any] = ()) -> None:
        """Add ``statement`` with ``params`` quoted in (psycopg's ``ClientCursor.mogrify``)."""
        self.parts.append(self.cursor.mogrify(statement, params) if params else statement)

    def send(self) -> None:
        """Run every statement added, in order, in one round trip (the simple query protocol)."""
        self.cursor.execute(";\n".join(self.parts))


ADD_COLUMN = """DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = {schema} AND table_name = {table}
                 AND column_name = {column}) THEN
    ALTER TABLE {qualified} ADD COLUMN {name} {kind};
  END IF;
END $$"""
"""Add a column a store from before lacks; looked up first, so opening a current store takes no ALTER TABLE lock."""
ADD_INDEX = """DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_indexes WHERE schemaname = {schema} AND indexname = {index}) THEN
    {create};
  END IF;
END $$"""
"""Create an index a store lacks; looked up first, because ``CREATE INDEX IF NOT EXISTS`` takes its table's SHARE lock
even when the index exists, and table creation runs in one transaction: opening a store while another process's
catch-up wrote two read-model tables deadlocked (tests/durable/test_concurrent_writers.py)."""
IF_ROWS_PER_FACE = """DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = {schema} AND table_name = 'ql_rolls'
             AND column_name = 'face') THEN
    {statements};
  END IF;
END $$"""
"""Gather a store from two releases before's ``ql_rolls`` (a row per face) into a row per action
(:data:`projections.recorders.ROLLS_FROM_FACES`)."""
IF_TABLE = """DO $$ BEGIN
  IF to_regclass({table}) IS NOT NULL THEN
    {statements};
  END IF;
END $$"""
"""Move a store from before's ``ql_rolls`` (or the rows gathered from it) into the audit
(:data:`projections.recorders.ROLLS_INTO_AUDIT`)."""


class PostgresReadModelRecorder(ReadModelMixin, PostgresTrackingRecorder):
    """Read models in the PostgreSQL schema beside the stored events."""

    overlapped_writes = True
    shared_log = True

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        from psycopg.sql import SQL, Identifier, Literal

        schema = self.datastore.schema

        def block(template: str, statements: tuple[str, ...], **more: Any) -> Any:
            body = ";\n    ".join(self._sql(t) for t in statements).replace("{", "{{").replace("}", "}}")
            return SQL(template).format(schema=Literal(schema), statements=SQL(body), **more)

        for statement in TABLES:
            if statement.startswith("CREATE INDEX IF NOT EXISTS "):
                index = statement.split()[5]
                self.sql_create_statements.append(SQL(ADD_INDEX).format(  # type: ignore[arg-type]
                    schema=Literal(schema), index=Literal(index), create=SQL(self._sql(statement).replace("{", "{{").replace("}", "}}"))))
            else:
                self.sql_create_statements.append(SQL(self._sql(statement)))  # type: ignore[arg-type]
        for table, column, kind in ADDED_COLUMNS:
            self.sql_create_statements.append(SQL(ADD_COLUMN).format(  # type: ignore[arg-type]
                schema=Literal(schema), table=Literal(table), column=Literal(column), qualified=Identifier(schema, table),
                name=Identifier(column), kind=SQL(kind)))
        # a store from before: each action's dice into its audit row (after the audit's added columns)
        self.sql_create_statements.append(block(IF_ROWS_PER_FACE, ROLLS_FROM_FACES))  # type: ignore[arg-type]
        for source in OLD_TABLES:
            self.sql_create_statements.append(block(IF_TABLE, rolls_into_audit(source),  # type: ignore[arg-type]
                                                    table=Literal(self._sql("{" + source + "}"))))

    def _names(self) -> dict[str, str]:
        schema = self.datastore.schema
        # "bytes": ids and ISO timestamps ordered by byte, as SQLite does; the database's default collation (en_US...)
        # sorts 10,000 of them in ~8 ms and made the planner sort instead of reading the index (bench figure 9)
        return {"tracking": f'"{schema}"."{self.tracking_table_name}"', "bytes": ' COLLATE "C"',
                **{t: f'"{schema}"."{t}"' for t in (*READ_MODEL_TABLES, *OLD_TABLES)}, **self._json}

    _json = {"each_face": "jsonb_array_elements(a.faces::jsonb) AS f(value)",
             "faces_of": "jsonb_agg(jsonb_build_array(who, kind, face, n) ORDER BY ctid)::text"}

    @contextmanager
    def write(self, position: int | None, previous: int | None = None, bulk: bool = False) -> Iterator[Any]:
        """:meth:`ReadModelMixin.write`, with ``synchronous_commit = off`` for this transaction only (see
        :mod:`.recorders` on durability).

        Unless ``bulk``, the transaction is sent as one query: ``BEGIN``, every statement (bound client-side by
        psycopg's quoting), the tracking move and ``COMMIT``, one round trip and no per-statement protocol work
        (about a third less than the same statements pipelined). A failed statement stops the rest, ``COMMIT``
        included; the transaction is rolled back and the error converted to the library's types. ``bulk`` (many
        rows: a rebuild) runs statement by statement in a transaction, so that inserts can use ``COPY``."""
        with self.datastore.get_connection() as conn:
            try:
                if bulk or not self.datastore.single_row_tracking:  # (multi-row tracking reads the position back)
                    with conn.transaction():
                        cursor = conn.cursor()
                        cursor.execute("SET LOCAL synchronous_commit TO OFF")
                        yield cursor
                        if position is not None:
                            self._advance(cursor, previous, position)
                    return
                from psycopg import ClientCursor

                statements = _Statements(ClientCursor(conn))
                statements.execute("BEGIN")
                statements.execute("SET LOCAL synchronous_commit TO OFF")
                yield statements
                if position is not None:
                    self._advance(statements, previous, position)
                statements.execute("COMMIT")
                statements.send()
            except BaseException:
                if conn.info.transaction_status != conn.info.transaction_status.IDLE:
                    conn.rollback()
                raise

    @contextmanager
    def exclusive(self, wait: bool) -> Iterator[bool]:
        """A session advisory lock of this store's read models (one key per schema) held on a connection of its own
        while the caller catches up, so that one process at a time reads the log and prepares a batch (bench figure 8:
        with 4 API processes each prepared every batch, loading the others' campaigns from the store, and all but one
        rolled back). Yields whether to go ahead: ``wait=False`` when another process holds it (the caller skips);
        ``wait=True``, after waiting at most :data:`LOCK_WAIT` seconds, always (a long rebuild elsewhere: go on without
        it, the tracking position still refuses a batch applied twice). The lock is only ever an economy: a session
        that dies releases it, and a connection whose unlock fails is closed rather than given back holding it."""
        key = f"questlog-read-models:{self.datastore.schema}:{self.tracking_name}"
        with self.datastore.get_connection() as conn:
            got = False
            try:
                if wait:
                    with conn.transaction():  # (the lock is the session's: it outlives this transaction)
                        conn.execute(f"SET LOCAL lock_timeout = '{LOCK_WAIT}s'")
                        conn.execute("SELECT pg_advisory_lock(hashtext(%s))", (key,))
                    got = True
                else:
                    got = bool(conn.execute("SELECT pg_try_advisory_lock(hashtext(%s))", (key,)).fetchone()["pg_try_advisory_lock"])
            except Exception:  # noqa: BLE001 - waited too long, or a hiccup: go on unlocked (wait) or skip (not)
                got = False
                if conn.info.transaction_status != conn.info.transaction_status.IDLE:
                    conn.rollback()
            try:
                yield got or wait
            finally:
                if got:
                    try:
                        conn.execute("SELECT pg_advisory_unlock(hashtext(%s))", (key,))
                    except Exception:  # noqa: BLE001 - never give the pool a connection still holding the lock
                        conn.close()

    def _empty(self, cursor: Any) -> None:
        """``TRUNCATE`` the read-model tables: a ``DELETE`` of every row leaves as many dead rows in the tables and their
        indexes, which the rebuild's inserts then wade through until a vacuum (figure 3). It is transactional, and
        locks the tables only until the reset commits."""
        self.execute(cursor, "TRUNCATE " + ", ".join(f"{{{t}}}" for t in READ_MODEL_TABLES))

    def execute_many(self, cursor: Any, statement: str, rows: Sequence[Sequence[Any]]) -> None:
        """One statement per row (added to the write's query string, or run in its transaction)."""
        sql = self._sql(statement)
        for row in rows:
            cursor.execute(sql, tuple(row))

    def insert_rows(self, cursor: Any, table: str, rows: Sequence[tuple[Any, ...]]) -> None:
        if len(rows) < BULK_FROM:
            super().insert_rows(cursor, table, rows)
        elif isinstance(cursor, _Statements):  # one query string: no COPY
            self._bulk(cursor, table, rows, "")
        else:
            names = ", ".join(c for c, _ in COLUMNS[table])
            with cursor.copy(self._sql(f"COPY {{{table}}} ({names}) FROM STDIN")) as copy:
                for row in rows:
                    copy.write_row(row)

    def upsert_rows(self, cursor: Any, table: str, rows: Sequence[tuple[Any, ...]]) -> None:
        if len(rows) < BULK_FROM:
            super().upsert_rows(cursor, table, rows)
        else:
            keys = UPSERT[table]
            updates = ", ".join(f"{c} = excluded.{c}" for c, _ in COLUMNS[table] if c not in keys)
            self._bulk(cursor, table, rows, f" ON CONFLICT ({', '.join(keys)}) DO UPDATE SET {updates}")

    def _bulk(self, cursor: Any, table: str, rows: Sequence[tuple[Any, ...]], conflict: str) -> None:
        """Insert ``rows`` with one statement: the rows as one JSON array of arrays, unpacked by the server (as
        ``jsonb``: parsed once, where ``json`` would be parsed again for every column)."""
        columns = COLUMNS[table]
        values = ", ".join(f"(e->>{i})::{kind}" for i, (_, kind) in enumerate(columns))
        statement = (f"INSERT INTO {{{table}}} ({', '.join(c for c, _ in columns)}) SELECT {values} "
                     f"FROM jsonb_array_elements(%s::jsonb) AS e{conflict}")
        self.execute(cursor, statement, [json.dumps(rows)])
