"""The read-model recorder for PostgreSQL (imported only for a PostgreSQL store: psycopg is slow to import)."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from eventsourcing.postgres import PostgresTrackingRecorder

from .recorders import COLUMNS, READ_MODEL_TABLES, TABLES, UPSERT, ReadModelMixin

BULK_FROM = 8
"""From this many rows on, rows go in one statement instead of one statement per row: ``COPY`` for plain inserts
outside a pipeline (a rebuild's thousands of audit rows per batch: about 7 µs a row, against 20 for one
``INSERT`` each), else one ``INSERT ... SELECT`` over a ``jsonb`` array (upserts, and inserts in a pipeline)."""


class PostgresReadModelRecorder(ReadModelMixin, PostgresTrackingRecorder):
    """Read models in the PostgreSQL schema beside the stored events."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        from psycopg.sql import SQL

        self.sql_create_statements.extend(SQL(self._sql(t)) for t in TABLES)  # type: ignore[arg-type]

    def _names(self) -> dict[str, str]:
        schema = self.datastore.schema
        return {"tracking": f'"{schema}"."{self.tracking_table_name}"', **{t: f'"{schema}"."{t}"' for t in READ_MODEL_TABLES}}

    @contextmanager
    def write(self, position: int | None, previous: int | None = None, bulk: bool = False) -> Iterator[Any]:
        """:meth:`ReadModelMixin.write`, with ``synchronous_commit = off`` for this transaction only (see
        :mod:`.recorders` on durability).

        Unless ``bulk``, in pipeline mode: ``BEGIN``, every statement, the tracking move and ``COMMIT`` go to the
        server together, so a catch-up after one write is one round trip instead of one per statement (psycopg's
        own ``transaction()`` would sync the pipeline before its commit). A failed statement makes the server skip
        the rest, ``COMMIT`` included; its error is raised when the pipeline syncs, the transaction is rolled back
        and the error converted to the library's types. ``bulk`` (many rows: a rebuild) runs statement by statement,
        so that inserts can use ``COPY``, which a pipeline cannot carry."""
        with self.datastore.get_connection() as conn:
            try:
                if bulk:
                    with conn.transaction():
                        cursor = conn.cursor()
                        cursor.execute("SET LOCAL synchronous_commit TO OFF")
                        yield cursor
                        if position is not None:
                            self._advance(cursor, previous, position)
                    return
                with conn.pipeline():
                    cursor = conn.cursor()
                    cursor.execute("BEGIN")
                    cursor.execute("SET LOCAL synchronous_commit TO OFF")
                    yield cursor
                    if position is not None:
                        self._advance(cursor, previous, position)
                    cursor.execute("COMMIT")
            except BaseException:
                if conn.info.transaction_status != conn.info.transaction_status.IDLE:
                    conn.rollback()
                raise

    def execute_many(self, cursor: Any, statement: str, rows: Sequence[Sequence[Any]]) -> None:
        """One statement per row, queued in the write's pipeline if there is one (psycopg's ``executemany`` would
        sync it)."""
        sql = self._sql(statement)
        for row in rows:
            cursor.execute(sql, tuple(row))

    def insert_rows(self, cursor: Any, table: str, rows: Sequence[tuple[Any, ...]]) -> None:
        if len(rows) < BULK_FROM:
            super().insert_rows(cursor, table, rows)
        elif cursor.connection.pgconn.pipeline_status:  # in a pipeline: no COPY
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
