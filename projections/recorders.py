"""Read-model tables beside the event store, written with the library's tracking recorders.

Each batch of notifications updates the read-model rows *and* the tracking position in one transaction
(``_insert_tracking`` inside ``datastore.transaction(commit=True)``), so every event is applied exactly
once, across crashes and concurrent catch-ups (a second writer of the same position gets the library's
``IntegrityError`` and its transaction rolls back). SQL is written once, with ``%s`` placeholders and
``{table}`` names; each dialect fills them in (``?`` for SQLite, schema-qualified names for PostgreSQL, whose recorder lives in :mod:`.recorders_pg` so that a
SQLite store never imports the PostgreSQL driver).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from eventsourcing.persistence import Tracking
from eventsourcing.sqlite import SQLiteTrackingRecorder

TABLES = (
    "CREATE TABLE IF NOT EXISTS {ql_campaigns} (campaign_id TEXT PRIMARY KEY, game TEXT, name TEXT, players TEXT, "
    "version INTEGER, current_play TEXT, created_at TEXT, last_played TEXT, seal_version INTEGER)",
    "CREATE TABLE IF NOT EXISTS {ql_audit} (campaign_id TEXT, version INTEGER, kind TEXT, action_id TEXT, verb TEXT, "
    "actor TEXT, recorded_at TEXT, status TEXT, reveal INTEGER, play TEXT, characters TEXT, event_types TEXT, "
    "summary TEXT, events TEXT, PRIMARY KEY (campaign_id, version))",
    "CREATE TABLE IF NOT EXISTS {ql_views} (campaign_id TEXT, view TEXT, version INTEGER, data TEXT, rules INTEGER, "
    "PRIMARY KEY (campaign_id, view))",
    # GET /campaigns pages in this order (ORDER BY created_at, campaign_id LIMIT/OFFSET): without it, every page sorts
    # the whole index (a store of 10,000 campaigns: bench figure 9)
    "CREATE INDEX IF NOT EXISTS ql_campaigns_created ON {ql_campaigns} (created_at, campaign_id)",
    # an undo, redo or re-decision updates its action's row by id: without this, a scan of the campaign's rows
    "CREATE INDEX IF NOT EXISTS ql_audit_action ON {ql_audit} (campaign_id, action_id)",
    # the history's index: one row per history entry (``seq``: its place, 1 = the campaign's creation) and per
    # re-decision (``seq`` NULL), so a page of the history reads only its own slice of the stream (domain.history)
    "CREATE TABLE IF NOT EXISTS {ql_history} (campaign_id TEXT, version INTEGER, seq INTEGER, kind TEXT, action_id TEXT, "
    "PRIMARY KEY (campaign_id, version))",
    "CREATE INDEX IF NOT EXISTS ql_history_seq ON {ql_history} (campaign_id, seq)",
    "CREATE INDEX IF NOT EXISTS ql_history_action ON {ql_history} (campaign_id, action_id)",
)
READ_MODEL_TABLES = ("ql_campaigns", "ql_audit", "ql_views", "ql_history")
ADDED_COLUMNS = (("ql_views", "rules", "INTEGER"),)
"""Columns added since the tables were first created: a store from before gets them on opening (``NULL`` in the rows
it has, which readers treat as unknown). ``ql_views.rules``: the version of the rules that drew the view."""
UPSERT = {
    "ql_campaigns": ("campaign_id",),
    "ql_views": ("campaign_id", "view"),
}


class ReadModelMixin:
    """Dialect-independent statements over the read-model tables."""

    datastore: Any
    tracking_name = "questlog-readmodels"

    def _names(self) -> dict[str, str]:
        return {"tracking": "tracking", **{t: t for t in READ_MODEL_TABLES}}

    def _sql(self, statement: str) -> str:
        return statement.format(**self._names())

    @contextmanager
    def write(self, position: int | None) -> Iterator[Any]:
        """A transaction for read-model writes that records tracking ``position`` (if any) before it commits."""
        with self.datastore.transaction(commit=True) as cursor:
            yield cursor
            if position is not None:
                self._insert_tracking(cursor, Tracking(self.tracking_name, position))  # type: ignore[attr-defined]

    def execute(self, cursor: Any, statement: str, params: Sequence[Any] = ()) -> Any:
        """Run one statement (``%s`` placeholders, ``{table}`` names)."""
        cursor.execute(self._sql(statement), tuple(params))
        return cursor

    def execute_many(self, cursor: Any, statement: str, rows: Sequence[Sequence[Any]]) -> None:
        """Run one statement for each of ``rows``."""
        if len(rows) == 1:
            self.execute(cursor, statement, rows[0])
        else:
            cursor.executemany(self._sql(statement), [tuple(r) for r in rows])

    def upsert(self, cursor: Any, table: str, row: dict[str, Any]) -> None:
        """Insert ``row`` into ``table`` or replace the row with the same key."""
        keys = UPSERT[table]
        columns = ", ".join(row)
        marks = ", ".join(["%s"] * len(row))
        updates = ", ".join(f"{c} = excluded.{c}" for c in row if c not in keys)
        self.execute(cursor, f"INSERT INTO {{{table}}} ({columns}) VALUES ({marks}) "
                             f"ON CONFLICT ({', '.join(keys)}) DO UPDATE SET {updates}", list(row.values()))

    def query(self, statement: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        """Rows of a read-only query as dicts."""
        with self.datastore.transaction(commit=False) as cursor:
            self.execute(cursor, statement, params)
            return [dict(r) for r in cursor.fetchall()]

    def position(self) -> int:
        """The last notification id applied to the read models (0 before any)."""
        return self.max_tracking_id(self.tracking_name) or 0  # type: ignore[attr-defined]

    def reset(self) -> None:
        """Empty the read models and forget the tracking position (for a rebuild), in one transaction."""
        with self.datastore.transaction(commit=True) as cursor:
            for table in READ_MODEL_TABLES:
                self.execute(cursor, f"DELETE FROM {{{table}}}")
            self.execute(cursor, "DELETE FROM {tracking} WHERE application_name = %s", [self.tracking_name])


class SQLiteReadModelRecorder(ReadModelMixin, SQLiteTrackingRecorder):
    """Read models in the SQLite file beside ``stored_events``."""

    def construct_create_table_statements(self) -> list[str]:
        return [*super().construct_create_table_statements(), *(self._sql(t) for t in TABLES)]

    def _create_table(self, c: Any) -> None:
        super()._create_table(c)
        for table, column, kind in ADDED_COLUMNS:  # SQLite has no ADD COLUMN IF NOT EXISTS: look first
            c.execute(f"PRAGMA table_info({table})")
            if column not in {row["name"] for row in c.fetchall()}:
                c.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")

    def _sql(self, statement: str) -> str:
        return super()._sql(statement).replace("%s", "?")
