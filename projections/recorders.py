"""Read-model tables beside the event store, written with the library's tracking recorders.

Each batch of notifications updates the read-model rows *and* the tracking position in one transaction,
so every event is applied exactly once, across crashes and concurrent catch-ups: the transaction moves the
position from the one the batch was read after to the batch's last notification id, and a writer that finds
the position moved meanwhile gets the library's ``IntegrityError`` and its transaction rolls back (see
:meth:`ReadModelMixin.write`). SQL is written once, with ``%s`` placeholders and ``{table}`` names; each
dialect fills them in (``?`` for SQLite, schema-qualified names for PostgreSQL, whose recorder lives in
:mod:`.recorders_pg` so that a SQLite store never imports the PostgreSQL driver).

Read-model transactions are not flushed to disk on their own (SQLite ``synchronous=NORMAL``, PostgreSQL
``synchronous_commit = off`` for that transaction only): the rows and their tracking position commit
together or not at all, so a power cut can only lose the latest read-model transactions whole, and the next
catch-up applies those notifications again. The events themselves are written with the store's own
durability (the next event write flushes the log, read-model frames included).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from eventsourcing.persistence import IntegrityError, Tracking
from eventsourcing.sqlite import SQLiteTrackingRecorder

TABLES = (
    "CREATE TABLE IF NOT EXISTS {ql_campaigns} (campaign_id TEXT PRIMARY KEY, game TEXT, name TEXT, players TEXT, "
    "version INTEGER, current_play TEXT, created_at TEXT, last_played TEXT, seal_version INTEGER)",
    "CREATE TABLE IF NOT EXISTS {ql_audit} (campaign_id TEXT, version INTEGER, kind TEXT, action_id TEXT, verb TEXT, "
    "actor TEXT, recorded_at TEXT, status TEXT, reveal INTEGER, play TEXT, characters TEXT, event_types TEXT, "
    "summary TEXT, events TEXT, digital INTEGER, faces TEXT, counted INTEGER, PRIMARY KEY (campaign_id, version))",
    "CREATE TABLE IF NOT EXISTS {ql_views} (campaign_id TEXT, view TEXT, version INTEGER, data TEXT, rules INTEGER, "
    "chain TEXT, PRIMARY KEY (campaign_id, view))",
    # GET /campaigns pages in this order (ORDER BY created_at, campaign_id LIMIT/OFFSET): without it, every page sorts
    # the whole index (a store of 10,000 campaigns: bench figure 9). ``{bytes}``: compared as bytes (see _names)
    "CREATE INDEX IF NOT EXISTS ql_campaigns_order ON {ql_campaigns} (created_at{bytes}, campaign_id{bytes})",
    # an undo, redo or re-decision updates its action's row by id: without this, a scan of the campaign's rows
    "CREATE INDEX IF NOT EXISTS ql_audit_action ON {ql_audit} (campaign_id, action_id)",
    # the statistics' latest play walks back to the last effective action outside any play (projections.statistics):
    # without this, on a long campaign of plays back to back, a walk over every row of the campaign
    "CREATE INDEX IF NOT EXISTS ql_audit_outside_plays ON {ql_audit} (campaign_id, version) "
    "WHERE play IS NULL AND kind = 'action' AND status = 'effective'",
    # the history's index: one row per history entry (``seq``: its place, 1 = the campaign's creation) and per
    # re-decision (``seq`` NULL), so a page of the history reads only its own slice of the stream (domain.history)
    "CREATE TABLE IF NOT EXISTS {ql_history} (campaign_id TEXT, version INTEGER, seq INTEGER, kind TEXT, action_id TEXT, "
    "PRIMARY KEY (campaign_id, version))",
    "CREATE INDEX IF NOT EXISTS ql_history_seq ON {ql_history} (campaign_id, seq)",
    "CREATE INDEX IF NOT EXISTS ql_history_action ON {ql_history} (campaign_id, action_id)",
    # statistics (projections.dice): the running totals of revealed dice per roller, die kind, physical/digital and
    # face (what `questlog stats` reads: a few rows, whatever the campaign's length); each action's own faces are
    # columns of its ql_audit row (digital, faces, counted: see projections.dice)
    "CREATE TABLE IF NOT EXISTS {ql_dice} (campaign_id TEXT, who TEXT, kind TEXT, digital INTEGER, face TEXT, "
    "n INTEGER, PRIMARY KEY (campaign_id, who, kind, digital, face))",
)
READ_MODEL_TABLES = ("ql_campaigns", "ql_audit", "ql_views", "ql_history", "ql_dice")
ADDED_COLUMNS = (("ql_views", "rules", "INTEGER"), ("ql_views", "chain", "TEXT"), ("ql_audit", "digital", "INTEGER"),
                 ("ql_audit", "faces", "TEXT"), ("ql_audit", "counted", "INTEGER"))
"""Columns added since the tables were first created: a store from before gets them on opening (``NULL`` in the rows
it has, which readers treat as unknown). ``ql_views.rules``: the version of the rules that drew the view;
``ql_views.chain``: :func:`domain.integrity.view_seal` of the view, tying it to the chain's head at its version;
``ql_audit.digital``, ``faces``, ``counted``: an action's revealed dice (:mod:`projections.dice`; a store from before
kept them in a table of their own, ``ql_rolls``, moved in on opening: :data:`ROLLS_INTO_AUDIT`)."""
COLUMNS = {
    "ql_campaigns": (("campaign_id", "text"), ("game", "text"), ("name", "text"), ("players", "text"), ("version", "integer"),
                     ("current_play", "text"), ("created_at", "text"), ("last_played", "text"), ("seal_version", "integer")),
    "ql_audit": (("campaign_id", "text"), ("version", "integer"), ("kind", "text"), ("action_id", "text"), ("verb", "text"),
                 ("actor", "text"), ("recorded_at", "text"), ("status", "text"), ("reveal", "integer"), ("play", "text"),
                 ("characters", "text"), ("event_types", "text"), ("summary", "text"), ("events", "text"),
                 ("digital", "integer"), ("faces", "text"), ("counted", "integer")),
    "ql_views": (("campaign_id", "text"), ("view", "text"), ("version", "integer"), ("data", "text"), ("rules", "integer"),
                 ("chain", "text")),
    "ql_history": (("campaign_id", "text"), ("version", "integer"), ("seq", "integer"), ("kind", "text"), ("action_id", "text")),
    "ql_dice": (("campaign_id", "text"), ("who", "text"), ("kind", "text"), ("digital", "integer"), ("face", "text"),
                ("n", "integer")),
}
"""Each table's columns in :data:`TABLES` order with their SQL types: rows given to :meth:`ReadModelMixin.insert_rows`
and :meth:`ReadModelMixin.upsert_rows` are tuples in this order (a test checks it against the DDL)."""
ROLLS_FROM_FACES = (
    "CREATE TABLE {ql_rolls_v2} AS SELECT campaign_id, action_id, MAX(version) AS version, MAX(play) AS play, "
    "MAX(digital) AS digital, {faces_of} AS faces, MAX(status) AS status FROM {ql_rolls} WHERE status <> 'old' AND n <> 0 "
    "GROUP BY campaign_id, action_id",
    "DROP TABLE {ql_rolls}",
)
"""A store from two releases before (``ql_rolls`` a row per face: ``who, kind, face, n`` columns): its rows gathered into
one per action (``{faces_of}``: the dialect's JSON aggregate of ``[who, kind, face, n]``) in ``ql_rolls_v2``, then
moved into the audit (:data:`ROLLS_INTO_AUDIT`). The totals (``ql_dice``) are unchanged."""
ROLLS_INTO_AUDIT = (
    "UPDATE {ql_audit} SET digital = r.digital, faces = r.faces, counted = CASE WHEN r.status = 'effective' THEN 1 "
    "ELSE 0 END FROM {source} AS r WHERE {ql_audit}.campaign_id = r.campaign_id AND {ql_audit}.action_id = r.action_id "
    "AND {ql_audit}.kind = 'action' AND r.status <> 'old'",
    "DROP TABLE {source}",
)
"""A store from before the audit kept each action's dice (a ``ql_rolls`` row per action, keyed by its version or by
its id; ``{source}``: that table, or ``ql_rolls_v2`` gathered by :data:`ROLLS_FROM_FACES`): its rows moved into the
actions' audit rows (``counted`` 1 where the row was ``effective``; ``old`` rows were a re-decision's leftovers), the
table dropped. (A row per action in a table of its own, with its own key, was most of what the statistics added to a
rebuild on PostgreSQL: bench figure 12.)"""
def rolls_into_audit(source: str) -> tuple[str, ...]:
    """:data:`ROLLS_INTO_AUDIT` from ``source`` (one of :data:`OLD_TABLES`), still to be put in the dialect."""
    return tuple(statement.replace("{source}", "{" + source + "}") for statement in ROLLS_INTO_AUDIT)


OLD_TABLES = ("ql_rolls", "ql_rolls_v2")
"""Tables of a store from before, named only to move their rows (:data:`ROLLS_INTO_AUDIT`)."""
UPSERT = {
    "ql_campaigns": ("campaign_id",),
    "ql_views": ("campaign_id", "view"),
}


@functools.cache
def insert_statement(table: str) -> str:
    """``INSERT INTO {table} (every column) VALUES (%s, ...)`` for rows in :data:`COLUMNS` order."""
    names = [c for c, _ in COLUMNS[table]]
    return f"INSERT INTO {{{table}}} ({', '.join(names)}) VALUES ({', '.join(['%s'] * len(names))})"


@functools.cache
def upsert_statement(table: str) -> str:
    """:func:`insert_statement` that replaces the row with the same key (:data:`UPSERT`)."""
    keys = UPSERT[table]
    updates = ", ".join(f"{c} = excluded.{c}" for c, _ in COLUMNS[table] if c not in keys)
    return f"{insert_statement(table)} ON CONFLICT ({', '.join(keys)}) DO UPDATE SET {updates}"


class ReadModelMixin:
    """Dialect-independent statements over the read-model tables."""

    datastore: Any
    tracking_name = "questlog-readmodels"
    overlapped_writes = False
    shared_log = False
    """Whether other processes' catch-ups may move the tracked position between two of this process's (PostgreSQL: a
    catch-up reads it first, under :meth:`exclusive`); SQLite: the position this process remembers is checked by
    the write that moves it, as everywhere."""
    """Whether a batch's write may run in a worker thread while the next batch is prepared: worth it where the
    database server does the writing (PostgreSQL); SQLite writes in this process, a step per statement, and a worker
    would wait for the interpreter lock at each."""

    def _names(self) -> dict[str, str]:
        return {"tracking": "tracking", "bytes": "", **{t: t for t in (*READ_MODEL_TABLES, *OLD_TABLES)},
                **self._json}

    _json = {"each_face": "json_each(a.faces) AS f", "faces_of": "json_group_array(json_array(who, kind, face, n))"}
    """The dialect's JSON: ``each_face``, the elements of an audit row ``a``'s faces as ``f.value``;
    ``faces_of``, the aggregate that builds them from a row per face (:data:`ROLLS_FROM_FACES`)."""

    def _sql(self, statement: str) -> str:
        """``statement`` in this dialect (table names filled in), kept per statement text: a catch-up after one
        write runs the same handful of statements every time."""
        cache: dict[str, str] = self.__dict__.setdefault("_dialect", {})  # per recorder: PostgreSQL names carry the schema
        text = cache.get(statement)
        if text is None:
            text = cache[statement] = self._render(statement)
        return text

    def _render(self, statement: str) -> str:
        return statement.format(**self._names())

    @contextmanager
    def write(self, position: int | None, previous: int | None = None, bulk: bool = False) -> Iterator[Any]:
        """A transaction for read-model writes that, if ``position`` is given, moves the tracking position from
        ``previous`` (the position the batch was read after; 0 before any) to ``position`` before it commits.
        ``bulk``: many rows will be written (a dialect may choose another way to send them).

        Raises the library's ``IntegrityError`` (and rolls everything back) when the stored position is not
        ``previous`` any more: another catch-up applied these notifications first. ``previous=None`` only checks
        that ``position`` is beyond the stored one (the library's own tracking statement)."""
        with self.datastore.transaction(commit=True) as cursor:
            yield cursor
            if position is not None:
                self._advance(cursor, previous, position)

    def _advance(self, cursor: Any, previous: int | None, position: int) -> None:
        """Move the tracking position from ``previous`` to ``position`` in the transaction of ``cursor``.

        With single-row tracking (the library's default) this is a delete of the row at ``previous`` and an
        insert: if another transaction moved the row first, the delete finds nothing (on PostgreSQL it waits
        for that transaction, then finds nothing) and the insert violates the table's key. The row exists for
        any ``previous`` above 0 (:meth:`reset` keeps it), so there is always a key to violate. Statements only,
        no read of the result, so a pipelined transaction stays one round trip."""
        if previous is not None and self.datastore.single_row_tracking:
            self.execute(cursor, "DELETE FROM {tracking} WHERE application_name = %s AND notification_id = %s",
                         [self.tracking_name, previous])
            self.execute(cursor, "INSERT INTO {tracking} (application_name, notification_id) VALUES (%s, %s)",
                         [self.tracking_name, position])
            return
        if previous is not None and (self._max_tracking_id(self.tracking_name, cursor) or 0) != previous:  # type: ignore[attr-defined]
            raise IntegrityError(f"read-model position moved past {previous} before {position} was recorded")
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

    def insert_rows(self, cursor: Any, table: str, rows: Sequence[tuple[Any, ...]]) -> None:
        """Insert ``rows`` (tuples in :data:`COLUMNS` order) into ``table``; a row whose key exists raises ``IntegrityError``."""
        if rows:
            self.execute_many(cursor, insert_statement(table), rows)

    def upsert_rows(self, cursor: Any, table: str, rows: Sequence[tuple[Any, ...]]) -> None:
        """Insert ``rows`` (tuples in :data:`COLUMNS` order, keys distinct) or replace the rows with the same keys."""
        if rows:
            self.execute_many(cursor, upsert_statement(table), rows)

    def upsert(self, cursor: Any, table: str, row: dict[str, Any]) -> None:
        """Insert ``row`` (a dict of every column) into ``table`` or replace the row with the same key."""
        self.upsert_rows(cursor, table, [tuple(row[c] for c, _ in COLUMNS[table])])

    def query(self, statement: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        """Rows of a read-only query as dicts."""
        with self.datastore.transaction(commit=False) as cursor:
            self.execute(cursor, statement, params)
            return [dict(r) for r in cursor.fetchall()]

    @contextmanager
    def exclusive(self, wait: bool) -> Iterator[bool]:
        """While reading the log and applying it, keep other processes' catch-ups out: yields whether to go ahead
        (``wait``: always). SQLite: nothing to take (its writers queue on the file's lock; see the PostgreSQL
        recorder for why a shared server needs one)."""
        yield True

    def position(self) -> int:
        """The last notification id applied to the read models (0 before any)."""
        return self.max_tracking_id(self.tracking_name) or 0  # type: ignore[attr-defined]

    def reset(self) -> None:
        """Empty the read models and set the tracking position back to 0 (for a rebuild), in one transaction.

        The position's row is kept (at 0), never deleted: a catch-up elsewhere that still remembers the old
        position then fails its move (:meth:`_advance` inserts over an existing row) instead of writing it again."""
        with self.write(None, bulk=True) as cursor:  # a read-model transaction like any other (see the note on durability)
            self._empty(cursor)
            if self.datastore.single_row_tracking:
                self.execute(cursor, "UPDATE {tracking} SET notification_id = 0 WHERE application_name = %s", [self.tracking_name])
            else:
                self.execute(cursor, "DELETE FROM {tracking} WHERE application_name = %s", [self.tracking_name])


    def _empty(self, cursor: Any) -> None:
        """Delete every read-model row (SQLite empties a table without a ``WHERE`` by dropping its pages)."""
        for table in READ_MODEL_TABLES:
            self.execute(cursor, f"DELETE FROM {{{table}}}")


class SQLiteReadModelRecorder(ReadModelMixin, SQLiteTrackingRecorder):
    """Read models in the SQLite file beside ``stored_events``."""

    _synchronous: int | None = None
    """The connections' own ``PRAGMA synchronous`` (read once), restored after each read-model transaction."""

    def construct_create_table_statements(self) -> list[str]:
        return [*super().construct_create_table_statements(), *(self._sql(t) for t in TABLES)]

    def _create_table(self, c: Any) -> None:
        c.execute("PRAGMA table_info(ql_rolls)")
        columns = {row["name"] for row in c.fetchall()}
        if "face" in columns:  # a store from two releases before: a row per face (ROLLS_FROM_FACES)
            for statement in ROLLS_FROM_FACES:
                c.execute(self._sql(statement))
        super()._create_table(c)
        for table, column, kind in ADDED_COLUMNS:  # SQLite has no ADD COLUMN IF NOT EXISTS: look first
            c.execute(f"PRAGMA table_info({table})")
            if column not in {row["name"] for row in c.fetchall()}:
                c.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")
        for source in OLD_TABLES:  # a store from before: each action's dice into its audit row (ROLLS_INTO_AUDIT)
            c.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (source,))
            if c.fetchone():
                for statement in rolls_into_audit(source):
                    c.execute(self._sql(statement))

    def _render(self, statement: str) -> str:
        return super()._render(statement).replace("%s", "?")

    def insert_rows(self, cursor: Any, table: str, rows: Sequence[Sequence[Any]]) -> None:
        """As :meth:`ReadModelMixin.insert_rows`; many rows go as ``INSERT ... VALUES (...), (...), ...`` statements of
        up to 999 parameters (the oldest SQLite's limit): a quarter less time than one ``executemany`` row at a time."""
        width = len(COLUMNS[table])
        per = max(1, 999 // width)
        if len(rows) < 2 * per:
            super().insert_rows(cursor, table, rows)
            return
        head = insert_statement(table).split(" VALUES ")[0]
        full = len(rows) - len(rows) % per
        statement = self._sql(f"{head} VALUES " + ", ".join(["(" + ", ".join(["%s"] * width) + ")"] * per))
        for start in range(0, full, per):
            cursor.execute(statement, [value for row in rows[start:start + per] for value in row])
        super().insert_rows(cursor, table, rows[full:])

    def _advance(self, cursor: Any, previous: int | None, position: int) -> None:
        """As :meth:`ReadModelMixin._advance`, in one statement where SQLite tells at once how many rows it changed:
        an update of the row at ``previous`` that must change exactly one."""
        if not previous or not self.datastore.single_row_tracking:
            super()._advance(cursor, previous, position)
            return
        self.execute(cursor, "UPDATE {tracking} SET notification_id = %s WHERE application_name = %s AND notification_id = %s",
                     [position, self.tracking_name, previous])
        if getattr(cursor, "sqlite_cursor", cursor).rowcount != 1:  # the library's cursor wraps sqlite3's
            raise IntegrityError(f"read-model position moved past {previous} before {position} was recorded")

    @contextmanager
    def write(self, position: int | None, previous: int | None = None, bulk: bool = False) -> Iterator[Any]:
        """:meth:`ReadModelMixin.write` on a connection set to ``synchronous=NORMAL`` for this transaction only
        (the WAL is not flushed at its commit; see the module's note on durability), restored afterwards."""
        with self.datastore.get_connection(commit=True) as conn:
            pragma = conn.cursor()
            if self._synchronous is None:
                pragma.execute("PRAGMA synchronous")
                self._synchronous = int(pragma.fetchone()[0])
            pragma.execute("PRAGMA synchronous=NORMAL")  # only outside a transaction: set before BEGIN
            try:
                with conn.transaction(commit=True) as cursor:  # the library's: rollback and error types on failure
                    yield cursor
                    if position is not None:
                        self._advance(cursor, previous, position)
            finally:
                pragma.execute(f"PRAGMA synchronous={self._synchronous}")
