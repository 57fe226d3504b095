"""Persisted read models fed from the notification log: the campaign index, the audit history and the
game views each ruleset keeps (``Ruleset.kept_views``), with the position tracked in the same transaction
as each update. Audit rows are tagged with the characters the campaign's own ruleset says each event
involves (``Ruleset.involves``).

On SQLite the library's projection runner cannot subscribe, so read models are *pulled*:
:meth:`ReadModels.catch_up` reads the notifications after the tracked position in batches and applies
each batch in one transaction. The application calls it after every write; ``questlog rebuild`` empties
and replays them. Values are derived only from events up to the batch's position (the aggregate is
loaded *at that version*), so a rebuilt read model equals the incrementally built one, whatever the batch
boundaries (tests/projections checks both, with batches that cut actions in two).

What a catch-up costs after one write (issue 16, figure 1): one transaction and nothing read back. The write's
own recordings are applied when they follow the tracked position; this process remembers the position it wrote
(the transaction checks nobody moved it) and, per campaign, the game events it has read that no closing record
has closed yet. What a rebuild costs (figure 3): the log read in batches and each record parsed once, as plain
JSON; audit rows written in bulk; a campaign loaded at a version only where a batch leaves it for good.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import itertools
import json
import threading
import uuid
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, NamedTuple

from eventsourcing.persistence import IntegrityError, JSONTranscoder
from eventsourcing.utils import get_topic, resolve_topic

from domain.core.campaign import Campaign
from domain.integrity import view_seal
from domain.core.ruleset import TABLE_KEY, Ruleset, get_ruleset
from domain.core.table_events import CORE_EVENTS

from . import dice
from .recorders import SQLiteReadModelRecorder

if TYPE_CHECKING:
    from domain.application import Questlog

BATCH = 5000
BULK = 100
"""Audit writes from which a batch's transaction is written as a bulk load (see the recorders' ``write``)."""
HISTORY_KINDS = {Campaign.Created: "created", Campaign.ActionRecorded: "action", Campaign.ActionUndone: "undo",
                 Campaign.ActionRedone: "redo", Campaign.ActionCorrected: "correction", Campaign.ActionAmended: "amendment",
                 Campaign.Renamed: "rename", Campaign.Bookmarked: "bookmark", Campaign.BranchedFrom: "branched",
                 Campaign.ActionRedecided: "redecided"}
"""The stored records the history's index (``ql_history``) has a row for, by kind: every history entry's closing
record (:func:`domain.history.actions_from_events` makes one entry of each), and each re-decision (no entry)."""
SEQ_MEMORY = 100_000
"""Campaigns whose last history number a process remembers (an int each) before it starts looking them up again."""
PAGE = 50
"""Events read at a time, newest first, when an action's game events began before the batch in hand."""
Progress = Callable[[int, int], None]
GAME_TOPIC = get_topic(Campaign.GameEventRecorded)
_dumps = json.JSONEncoder(check_circular=False).encode
"""``json.dumps`` with its defaults (the same text) without its check for cycles, which read-model values never
have: about twice as fast on an audit row's events."""
_SCAN = json.JSONDecoder().scan_once
"""Parses one JSON value at an index of a str: what ``json.loads`` runs after detecting the bytes' encoding (the
library's transcoder writes UTF-8 with nothing around the object)."""


class GameRecord(NamedTuple):
    """A stored ``Campaign.GameEventRecorded`` as the read models use it: one of an action's game events."""

    originator_id: uuid.UUID
    action_id: str
    type: str
    data: dict[str, Any]


class Record(NamedTuple):
    """Any other stored record as the read models use it: its event class (``kind``), originator, version and
    fields (``state``, as the event class's current version has them; empty for records the read models skip)."""

    kind: type
    originator_id: uuid.UUID
    originator_version: int
    state: dict[str, Any]


_game_record = functools.partial(tuple.__new__, GameRecord)
"""``GameRecord`` from a tuple of its four fields, without the generated ``__new__`` (one per game event read)."""


def _record(event: Any) -> GameRecord | Record:
    """A domain event (just saved, or decoded by the mapper) as a :class:`GameRecord` or :class:`Record`."""
    if isinstance(event, Campaign.GameEventRecorded):
        return _game_record((event.originator_id, event.action_id, event.type, event.data))
    return Record(type(event), event.originator_id, event.originator_version, vars(event))


INDEXED = (Campaign.Created, Campaign.ActionRecorded, Campaign.ActionUndone, Campaign.ActionRedone, Campaign.Renamed, Campaign.Bookmarked,
           Campaign.ActionCorrected, Campaign.ActionAmended, Campaign.BranchedFrom)
"""The records after which a campaign's index row and kept views are written again."""
_ROLES: dict[type, tuple[str | None, bool, str | None]] = {}


def _role(kind: type) -> tuple[str | None, bool, str | None]:
    """What a record does to the read models: to the audit, ``"action"`` (an action's closing record),
    ``"redecided"``, ``"undo"``, ``"redo"``, ``"correction"``, ``"amendment"`` (a row and a change to the action's row),
    or ``None`` (nothing); whether the index row and kept views are written again after it; and its kind in the
    history's index (:data:`HISTORY_KINDS`, ``None``: no row). Remembered per class."""
    if kind not in _ROLES:
        roles = ((Campaign.ActionRecorded, "action"), (Campaign.ActionRedecided, "redecided"), (Campaign.ActionUndone, "undo"),
                 (Campaign.ActionRedone, "redo"), (Campaign.ActionCorrected, "correction"), (Campaign.ActionAmended, "amendment"))
        role = next((name for cls, name in roles if issubclass(kind, cls)), None)
        _ROLES[kind] = (role, issubclass(kind, INDEXED), HISTORY_KINDS.get(kind))
    return _ROLES[kind]


class _Batch(NamedTuple):
    """A batch of notifications made into read-model rows (:meth:`ReadModels._prepare`), ready to be written."""

    start: int
    last: int
    audit: list[tuple[str, Any]]
    index: list[tuple[Any, ...]]
    views: list[tuple[Any, ...]]
    history: list[list[Any]]
    open_after: tuple[int, dict[int, list[GameRecord] | None]] | None
    seqs_after: tuple[int, dict[int, int], bool] | None
    dice: dice.DiceWrites


@functools.cache
def _indexes(topic: str) -> bool:
    """Whether a stored record of ``topic`` has the index row and kept views written again (see :data:`INDEXED`)."""
    try:
        return _role(resolve_topic(topic))[1]
    except Exception:  # a topic this code cannot resolve: the mapper names it when the record is decoded
        return False


class ReadModels:
    """The read models of one application's store."""

    def __init__(self, app: Questlog) -> None:
        self.app = app
        self._recorder: Any = None
        self._catching_up = threading.Lock()
        self._position: int | None = None
        """The tracked position as this process last wrote or read it; ``None``: read it from the store."""
        self._open: tuple[int, dict[int, list[GameRecord] | None]] | None = None
        """``(position, per campaign (its ``UUID.int``) the game events read up to that position after its last other
        record)``: an action cut in two by a batch's end. A campaign is absent when it has none, ``None`` when some may
        be before what this process read; the whole is ``None`` when this process cannot say (it then reads such
        actions' events from the store)."""
        self._contended = False
        """Set once another catch-up (another process) has moved the position under this one: from then on the
        position is read from the store before each batch instead of remembered (a stale one wastes a batch)."""
        self._classes: dict[str, tuple[Ruleset, dict[str, type], bool]] = {}
        self._seqs: tuple[int, dict[int, int], bool] | None = None
        """``(position, per campaign the last ``seq`` of its history entries up to that position, complete)``: what
        numbers the next entries (``complete``: a campaign not there has none, as after a rebuild's reset)."""

    @property
    def recorder(self) -> Any:
        """The tracking recorder of the read-model tables (created on first use: a read-only command that never
        needs them does not open a write transaction for them)."""
        if self._recorder is None:
            if self.app.env.get("PERSISTENCE_MODULE") == "eventsourcing.postgres":
                from .recorders_pg import PostgresReadModelRecorder

                self._recorder = self.app.factory.tracking_recorder(PostgresReadModelRecorder)
            else:
                self._recorder = self.app.factory.tracking_recorder(SQLiteReadModelRecorder)
        return self._recorder

    # -- writing ---------------------------------------------------------------------------------

    def catch_up(self, progress: Progress | None = None, batch: int = BATCH, latest: Campaign | None = None,
                 saved: Sequence[Any] = ()) -> int:
        """Apply every notification after the tracked position; returns how many were read.

        ``progress(done, total)`` is called after each batch. A concurrent catch-up that wins a batch makes
        this one re-read from the new position (its own transaction rolled back: nothing applied twice).
        ``latest`` is a campaign aggregate just saved (never mutated again): where a batch ends at its version
        it is used instead of loading the campaign at that version. A batch shorter than ``batch`` was the
        last one: notifications stored after it are caught up by their own writers' catch-ups.

        ``saved``: the recordings of the save just made (``Questlog.just_saved``). When their notification ids
        follow the tracked position without a gap they are applied as they are, with no read of the log: a
        write's catch-up then reads nothing at all. Otherwise (another writer's events in between) the log is
        read as usual.

        One catch-up runs at a time in a process: concurrent writers queue here and then find their events
        already applied by the one before them (one batch for many writes instead of a race per write).
        Raises the library's ``IntegrityError`` only if a batch fails at a position nobody else moved (a read
        model at odds with its position: ``questlog rebuild`` repairs it).
        """
        with self._catching_up:
            if saved and not progress and self._apply_saved(saved, latest):
                return len(saved)
            return self._catch_up(progress, batch, latest)

    def _apply_saved(self, saved: Sequence[Any], latest: Campaign | None) -> bool:
        """Apply one save's recordings if they are exactly the notifications after the tracked position."""
        if self._position is None or self._contended:
            self._position = self.recorder.position()
        start = self._position
        if [r.notification.id for r in saved] != list(range(start + 1, start + 1 + len(saved))):
            return False
        try:
            self._apply([_record(r.domain_event) for r in saved], saved[-1].notification.id, latest, start, whole=True)
        except IntegrityError:
            self._position = self._open = None  # moved meanwhile: the caller reads the log from where it got to
            self._contended = True
            return False
        return True

    def _catch_up(self, progress: Progress | None, batch: int, latest: Campaign | None) -> int:
        """Apply batches of notifications until one is shorter than ``batch``; returns how many were applied.

        Where the store's recorder says so (``overlapped_writes``: PostgreSQL, whose server does the writing), a full
        batch is written by a worker thread while the next one is read and prepared: the server's work on one batch
        (a rebuild's COPY of thousands of rows, its indexes) overlaps this process's on the next (figure 3). Batches
        are still written one after another, each from the position the one before left."""
        done = 0
        total = max(0, self.app.recorder.max_notification_id() or 0) - self.recorder.position() if progress else 0
        ahead: tuple[int, list[Any]] | None = None  # (read after, notifications): the next batch, read but not decoded
        writing: tuple[Future[None], _Batch, int] | None = None  # a batch being written by the worker, and its size
        worker: ThreadPoolExecutor | None = None
        try:
            while True:
                if writing is not None:
                    start, memory = writing[1].last, (writing[1].open_after, writing[1].seqs_after)
                else:
                    if self._position is None or self._contended:
                        self._position = self.recorder.position()
                    start, memory = self._position, (self._open, self._seqs)
                if ahead is not None and ahead[0] == start:
                    notifications = ahead[1]
                else:
                    notifications = self.app.recorder.select_notifications(start + 1, batch)
                count, last = len(notifications), notifications[-1].id if notifications else start
                prepared = None
                if notifications:
                    ahead, later = None, set()
                    if count == batch:  # more may follow: read them first, to see which campaigns they index again
                        following = self.app.recorder.select_notifications(last + 1, batch)
                        if following:
                            ahead = (last, following)
                            later = {n.originator_id.int for n in following if n.topic != GAME_TOPIC and _indexes(n.topic)}
                    prepared = self._prepare(self._decode(notifications), last, latest, start, complete=count < batch and
                                             last - start == count, whole=False, gapped=last - start != count, later=later,
                                             memory=memory)
                if writing is not None:  # the batch before must be written before this one is
                    future, written, size = writing
                    writing = None
                    try:
                        future.result()
                    except IntegrityError:
                        if not self._lost_race(written.start):
                            raise
                        ahead = None
                        continue  # what was prepared after it assumed it was written: read again
                    self._settle(written)
                    done += size
                    if progress:
                        progress(done, max(total, done))
                if prepared is None:
                    return done
                self._position = self._open = self._seqs = None  # until the batch is written
                if count == batch and len(prepared.audit) >= BULK and self.recorder.overlapped_writes:
                    worker = worker or ThreadPoolExecutor(1, thread_name_prefix="questlog-read-model-writer")
                    writing = (worker.submit(self._write, prepared), prepared, count)
                    continue
                try:
                    self._write(prepared)
                except IntegrityError:
                    if not self._lost_race(start):
                        raise
                    continue
                self._settle(prepared)
                done += count
                if progress:
                    progress(done, max(total, done))
                if count < batch:
                    return done
        finally:
            if writing is not None:  # leaving on an error: no write may outlive the catch-up
                with contextlib.suppress(Exception):
                    writing[0].result()
                self._position = self._open = self._seqs = None
            if worker is not None:
                worker.shutdown()

    def _lost_race(self, start: int) -> bool:
        """After a batch from position ``start`` failed to move the position: read where it is; whether another
        catch-up moved it (else it is not a race but a read model at odds with its position, and the caller re-raises)."""
        self._position, self._open, self._seqs = self.recorder.position(), None, None
        if self._position == start:
            return False
        self._contended = True  # another catch-up got there first: go on from where it got to
        return True

    def rebuild(self, progress: Progress | None = None, batch: int = BATCH) -> int:
        """Empty the read models and replay every notification (``batch`` at a time); returns how many were read.

        The cyclic garbage collector is paused meanwhile: a batch allocates tens of thousands of short-lived
        containers (decoded records, rows) that reference counting frees, and the collector's passes over them cost
        about 8% of a rebuild (figure 3, 20,000 events, CPU time)."""
        with self._catching_up:
            collecting = gc.isenabled()
            gc.disable()
            try:
                self.recorder.reset()
                self._position, self._open, self._seqs = 0, (0, {}), (0, {}, True)  # nothing before the first notification
                return self._catch_up(progress, batch, None)
            finally:
                if collecting:
                    gc.enable()

    def _decode(self, notifications: Sequence[Any]) -> Iterator[GameRecord | Record]:
        """The notifications as :class:`GameRecord` and :class:`Record` values, one at a time (a batch's decoded records
        are not all kept at once: figure 6, peak memory).

        With the library's JSON transcoder (no cipher, no compression) a record's state is parsed as plain JSON and
        upcast by its class's own ``upcast_vN_vN+1``, as the mapper would, without building an event object or
        decoding the values the read models never read (timestamps): this is most of a rebuild's time (figure 3).
        Records of classes the read models ignore are not parsed at all."""
        mapper = self.app.mapper
        if mapper.cipher is not None or mapper.compressor is not None or type(mapper.transcoder) is not JSONTranscoder:
            yield from (_record(mapper.to_domain_event(n)) for n in notifications)
            return
        scan = _SCAN  # the C scanner json.loads ends in, without its per-call encoding detection and checks
        for n in notifications:
            if n.topic == GAME_TOPIC:
                kind: type = Campaign.GameEventRecorded
            else:
                kind = resolve_topic(n.topic)
                role, indexed, history = _role(kind)
                if role is None and not indexed and history is None:
                    yield Record(kind, n.originator_id, n.originator_version, {})
                    continue
            try:
                state = scan(n.state.decode(), 0)[0]
            except (StopIteration, ValueError):  # not JSON: the mapper raises its own error naming the record
                yield _record(mapper.to_domain_event(n))
                continue
            version, stored = getattr(kind, "class_version", 1), state.pop("class_version", 1)
            while stored < version:  # as the mapper upcasts: each step by the class's own method
                getattr(kind, f"upcast_v{stored}_v{stored + 1}")(state)
                stored += 1
            if kind is Campaign.GameEventRecorded:
                yield _game_record((n.originator_id, state["action_id"], state["type"], state["data"]))
            else:
                yield Record(kind, n.originator_id, n.originator_version, state)

    def _apply(self, records: Iterable[GameRecord | Record], last: int, latest: Campaign | None, start: int, *,
               complete: bool = False, whole: bool = False, gapped: bool = False,
               later: set[int] | frozenset[int] = frozenset()) -> None:
        """Apply ``records`` (the notifications after position ``start``, up to notification id ``last``) in one
        transaction that moves the position from ``start`` to ``last``: :meth:`_prepare`, :meth:`_write`, :meth:`_settle`."""
        batch = self._prepare(records, last, latest, start, complete=complete, whole=whole, gapped=gapped, later=later,
                              memory=(self._open, self._seqs))
        self._position = self._open = self._seqs = None  # until the transaction has committed
        self._write(batch)
        self._settle(batch)

    def _prepare(self, records: Iterable[GameRecord | Record], last: int, latest: Campaign | None, start: int, *,
                 complete: bool, whole: bool, gapped: bool, later: set[int] | frozenset[int],
                 memory: tuple[Any, Any]) -> _Batch:
        """The rows that apply ``records`` (the notifications after position ``start``, up to notification id ``last``),
        and what to remember once they are written; every read happens here, none in :meth:`_write`. ``memory``:
        ``(_open, _seqs)`` as they stand at ``start`` (this process's, or those the batch before will leave).

        What is known of the actions the records belong to: ``whole``, the records are one save (every action in it
        complete); ``complete``, the batch reached the end of the log with no gap (no save is cut in two at its end);
        ``gapped``, some notification ids after ``start`` are missing (rolled back, or, on PostgreSQL, committed
        after higher ones: ids are not always committed in order), so no save boundary can be assumed and each
        action whose first game events are not in the batch is read from the store.

        ``later``: campaigns (``UUID.int``) that notifications after ``last`` index again. Their index rows and kept
        views are left as they are here: whoever applies those notifications (the next batch, or any catch-up after
        a crash, since the log does not change) writes them from a later version anyway, and loading a campaign at
        a version inside a long run of its events (a snapshot and up to a snapshot interval of events replayed) is
        a large part of a rebuild's cost. Until then they lag behind the position by less than one batch."""
        # Every read happens first: the write transaction holds the store's one writer connection only briefly.
        # Campaigns are keyed by ``UUID.int`` here: a UUID's hash and equality are Python code, run per lookup.
        remembered, seqs_memory = memory
        carried = remembered[1] if remembered is not None and remembered[0] == start and not gapped else None
        unknown = carried is None and not whole
        # per campaign: its game events since its last other record (copies: a batch that fails leaves _open as it was)
        game_events: dict[int, list[GameRecord] | None] = {k: None if v is None else list(v) for k, v in (carried or {}).items()}
        audit: list[tuple[str, Any]] = []  # in stream order: ("insert", row) or ("execute", (statement, params))
        touched: dict[int, tuple[uuid.UUID, int]] = {}
        campaigns: dict[int, tuple[str, Ruleset, dict[str, type], bool]] = {}  # id text, ruleset, event classes, generic involves
        history: list[tuple[int, list[Any]]] = []  # (campaign key, the history index's row), numbered below
        rolls = dice.new_writes()  # the statistics read model's writes (projections.dice)
        cids: dict[int, str] = {}
        roles = _ROLES
        for record in records:
            key = record.originator_id.int
            if type(record) is GameRecord:
                if key in game_events:
                    known = game_events[key]
                    if known is not None:
                        known.append(record)
                else:  # the first of this campaign's records read: the action may have begun before them
                    game_events[key] = None if unknown else [record]
                continue
            role, indexed, entry = roles.get(record.kind) or _role(record.kind)
            if entry is not None:
                cid = cids.get(key) or cids.setdefault(key, str(record.originator_id))
                history.append((key, [cid, record.originator_version, None, entry, record.state.get("action_id")]))
            if role is not None:
                preceding = game_events.get(key, None if unknown else [])
                campaign = campaigns.get(key) or campaigns.setdefault(key, self._campaign_info(record.originator_id))
                if role == "action":
                    row, events = self._action_row(record, preceding, campaign)
                    audit.append(("insert", row))
                    dice.action(rolls, campaign[1], campaign[0], record.state, record.originator_version, events)
                elif role == "redecided":  # a correction's new decision replaces the action's events
                    events = self._action_events(record, preceding)
                    dice.redecided(rolls, campaign[1], campaign[0], record.state["action_id"], events)
                    audit.append(("execute", ("UPDATE {ql_audit} SET events = %s, event_types = %s, characters = %s WHERE "
                                              "campaign_id = %s AND action_id = %s AND kind = 'action'",
                                              (_dumps(events), _tags([e["type"] for e in events]),
                                               _tags(_involved(campaign, events)), campaign[0], record.state["action_id"]))))
                else:
                    audit.extend(_change(role, record, campaign[0]))
                    if role in ("undo", "redo"):
                        dice.undone(rolls, campaign[0], record.state["action_id"], role == "undo")
            game_events[key] = []
            if indexed:
                touched[key] = (record.originator_id, record.originator_version)
        index, views = [], []
        for key, (oid, version) in touched.items():
            if key in later:
                continue
            campaign_row, view_rows = self._index(self._campaign_at(oid, version, latest))
            index.append(campaign_row)
            views.extend(view_rows)
        history_rows, seqs = self._number(history, start, seqs_memory)
        open_after = None
        if carried is not None or (complete and not whole):  # see _open: otherwise a campaign not seen here may be open
            open_after = (last, {key: events for key, events in game_events.items() if events is None or events})
        return _Batch(start, last, audit, index, views, history_rows, open_after,
                      None if seqs is None else (last, seqs[1], seqs[2]), rolls)

    def _write(self, batch: _Batch) -> None:
        """Write a prepared batch and move the position, in one transaction (no read, no state of this object
        changed: it may run in another thread while the next batch is prepared). Raises ``IntegrityError``."""
        recorder = self.recorder
        with recorder.write(batch.last, batch.start, bulk=len(batch.audit) >= BULK) as cursor:
            # consecutive rows of one statement go in one executemany
            for (kind, statement), group in itertools.groupby(batch.audit, key=_statement_of):
                if kind == "insert":
                    recorder.insert_rows(cursor, "ql_audit", [row for _, row in group])
                else:
                    recorder.execute_many(cursor, statement, [args[1] for _, args in group])
            recorder.upsert_rows(cursor, "ql_campaigns", batch.index)
            recorder.upsert_rows(cursor, "ql_views", batch.views)
            recorder.insert_rows(cursor, "ql_history", batch.history)
            dice.write(recorder, cursor, batch.dice)

    def _settle(self, batch: _Batch) -> None:
        """Remember what a written batch leaves: its position, its open actions, its history numbers."""
        self._position, self._open, self._seqs = batch.last, batch.open_after, batch.seqs_after

    def _number(self, history: list[tuple[int, list[Any]]], start: int,
                remembered: tuple[int, dict[int, int], bool] | None) -> tuple[list[list[Any]], tuple[int, dict[int, int], bool] | None]:
        """The history index's rows of ``history`` (``(campaign key, row)`` in stream order, ``recorders.COLUMNS`` order
        with ``seq`` unset), each entry numbered after its campaign's last one (a re-decision takes no number), and
        what to remember of the numbers once they are written (see ``_seqs``; the caller sets the position).
        ``remembered``: ``_seqs`` as it stands at ``start``.

        The last numbers come from this process's memory when it wrote the position the batch starts from, else
        from the index (one query per 500 campaigns): a statement per row that looked its number up would make the
        rows impossible to insert in bulk (figure 3)."""
        memory = remembered if remembered is not None and remembered[0] == start else None
        if not history:
            return [], memory
        last, complete = (memory[1], memory[2]) if memory is not None else ({}, False)
        missing = {key: row[0] for key, row in history if key not in last and row[3] != "redecided"}
        if missing and not complete:
            ids = list(missing.values())
            found: dict[str, int] = {}
            for chunk in range(0, len(ids), 500):
                part = ids[chunk:chunk + 500]
                found.update((r["campaign_id"], r["seq"]) for r in self.recorder.query(
                    f"SELECT campaign_id, MAX(seq) AS seq FROM {{ql_history}} WHERE campaign_id IN ({', '.join(['%s'] * len(part))}) "
                    "GROUP BY campaign_id", part))
            last.update((key, found.get(cid) or 0) for key, cid in missing.items())
        for key, row in history:
            if row[3] != "redecided":
                row[2] = last[key] = last.get(key, 0) + 1
        if len(last) > SEQ_MEMORY:  # a process that has seen very many campaigns looks the next ones up again
            last, complete = {}, False
        return [row for _, row in history], (start, last, complete)

    def _campaign_at(self, campaign_id: Any, version: int, latest: Campaign | None) -> Campaign:
        """The campaign as of ``version``: ``latest`` or the application's in-memory copy when either is exactly
        there (the usual case right after a write), else loaded at that version (snapshot and replay)."""
        if latest is not None and latest.id == campaign_id and latest.version == version:
            return latest
        cached = self.app.cached_campaign(campaign_id, version)
        return cached if cached is not None else self.app.get_campaign(campaign_id, at=version)

    def _action_row(self, closing: Record, preceding: list[GameRecord] | None,
                    campaign: tuple[str, Ruleset, dict[str, type], bool]) -> tuple[tuple[Any, ...], list[dict[str, Any]]]:
        """The audit row of an action's closing record (``recorders.COLUMNS`` order) and the action's game events;
        ``campaign`` as :meth:`_campaign_info`."""
        s = closing.state
        events = self._action_events(closing, preceding)
        return (campaign[0], closing.originator_version, "action", s["action_id"], s["verb"], s["actor"], s["recorded_at"],
                "effective", int(s["reveal"]), s["play"], _tags(_involved(campaign, events)), _tags([e["type"] for e in events]),
                s["summary"], _dumps(events)), events

    def _campaign_info(self, campaign_id: uuid.UUID) -> tuple[str, Ruleset, dict[str, type], bool]:
        """What audit rows need of a campaign: its id as text, its ruleset, the ruleset's event classes by name (core
        events included) and whether the ruleset keeps the generic ``Ruleset.involves`` (classes kept per game)."""
        game = self.app.game_of(campaign_id)
        ruleset = get_ruleset(game)
        known = self._classes.get(game)
        if known is None or known[0] is not ruleset:  # a ruleset registered again (tests) gets its own classes
            known = self._classes[game] = (ruleset, {**CORE_EVENTS, **ruleset.events}, type(ruleset).involves is Ruleset.involves)
        return (str(campaign_id), *known)

    def _action_events(self, closing: Record, preceding: list[GameRecord] | None = None) -> list[dict[str, Any]]:
        """The game events (``{"type", "data"}``) of the action ``closing`` ends: the game events stored just before
        it with its id.

        ``preceding``: the campaign's game events read since its last other record (``None`` if some may be before
        what was read): when they are all the action's, there is no need to read the store.
        """
        action_id = closing.state["action_id"]
        if preceding is not None and len(preceding) == 1 and preceding[0].action_id == action_id:  # most actions: one event
            return [{"type": preceding[0].type, "data": preceding[0].data}]
        mine = [{"type": ev.type, "data": ev.data} for ev in preceding or () if ev.action_id == action_id]
        if preceding is not None and len(mine) == len(preceding):
            return mine
        records: list[dict[str, Any]] = []
        lte = closing.originator_version - 1
        while lte > 0:  # pages, newest first: never the whole stream before the action
            page = self.app.repository.event_store.get(closing.originator_id, lte=lte, desc=True, limit=PAGE)
            for ev in page:
                if not isinstance(ev, Campaign.GameEventRecorded) or ev.action_id != action_id:
                    return records[::-1]
                records.append({"type": ev.type, "data": ev.data})
            if len(page) < PAGE:
                break
            lte -= PAGE
        return records[::-1]

    def _index(self, campaign: Campaign) -> tuple[tuple[Any, ...], list[tuple[Any, ...]]]:
        """``campaign``'s index row and its kept views' rows (``recorders.COLUMNS`` order)."""
        cid = str(campaign.id)
        ruleset = campaign.ruleset
        row = (cid, campaign.game, campaign.name, _dumps(campaign.state.get(TABLE_KEY, {})), campaign.version,
               ruleset.current_play(campaign.state), campaign.created_at, campaign.last_action_at,
               (campaign.seal or {}).get("version", 0))
        # with the rules' version: a reader serves a kept view only if the rules it runs drew it
        texts = [(name, _dumps(ruleset.views[name](campaign.state))) for name in ruleset.kept_views]
        views = [(cid, name, campaign.version, text, ruleset.version, view_seal(campaign.last_digest, text)) for name, text in texts]
        return row, views

    def refresh(self, campaign: Campaign) -> None:
        """Rewrite ``campaign``'s index row and kept views from the aggregate given (one replayed after its
        ruleset changed), leaving the tracking position as it is."""
        row, views = self._index(campaign)
        with self.recorder.write(None) as cursor:
            self.recorder.upsert_rows(cursor, "ql_campaigns", [row])
            self.recorder.upsert_rows(cursor, "ql_views", views)

    # -- reading ---------------------------------------------------------------------------------

    def campaigns(self, limit: int | None = None, offset: int = 0, after: str | None = None) -> list[dict[str, Any]]:
        """The campaign index, oldest first, ``limit`` rows after ``offset`` if given (one page of a store of many
        campaigns), or with ``after`` (a campaign id) the ``limit`` rows that follow that campaign (a keyset page: it
        costs the first page's whatever its position; ``[]`` for an id not in the index):
        ``{campaign_id, game, name, players, version, current_play, created_at, last_played, seal_version}``."""
        if after is not None:  # the index from that campaign's entry on
            rows = self.recorder.query(
                "SELECT c.* FROM {ql_campaigns} c, {ql_campaigns} k WHERE k.campaign_id = %s AND "
                "(c.created_at{bytes}, c.campaign_id{bytes}) > (k.created_at{bytes}, k.campaign_id{bytes}) "
                "ORDER BY c.created_at{bytes}, c.campaign_id{bytes} LIMIT %s", [after, 2**62 if limit is None else limit])
        elif limit is None:
            rows = self.recorder.query("SELECT * FROM {ql_campaigns} ORDER BY created_at{bytes}, campaign_id{bytes}", [])
        else:  # the offset is counted in the (created_at, campaign_id) index alone; only the page's rows are read
            rows = self.recorder.query("SELECT * FROM {ql_campaigns} WHERE campaign_id IN (SELECT campaign_id FROM {ql_campaigns} "
                                       "ORDER BY created_at{bytes}, campaign_id{bytes} LIMIT %s OFFSET %s) "
                                       "ORDER BY created_at{bytes}, campaign_id{bytes}", [limit, offset])
        return [{**r, "players": json.loads(r["players"])} for r in rows]

    def view(self, campaign_id: str, name: str) -> dict[str, Any] | None:
        """A persisted game view ``{"version", "rules", "data", "text", "chain"}`` (``rules``: the version of the rules
        that drew it, ``None`` for a row from before it was kept; ``text``: ``data`` as stored; ``chain``: its
        :func:`~domain.integrity.view_seal`), or ``None`` if there is none."""
        rows = self.recorder.query("SELECT version, rules, data, chain FROM {ql_views} WHERE campaign_id = %s AND view = %s",
                                   [campaign_id, name])
        if not rows:
            return None
        row = rows[0]
        return {"version": row["version"], "rules": row["rules"], "data": json.loads(row["data"]), "text": row["data"], "chain": row["chain"]}

    def branch_records(self) -> list[dict[str, Any]]:
        """Every campaign's ``BranchedFrom`` record in the history index: ``{campaign_id, version}`` (one per branch)."""
        return self.recorder.query("SELECT campaign_id, version FROM {ql_history} WHERE kind = 'branched' ORDER BY campaign_id", [])

    def kept_views(self, campaign_id: str) -> list[dict[str, Any]]:
        """Every persisted view row of a campaign: ``{"view", "version", "data", "chain"}`` (``data`` as stored text)."""
        return self.recorder.query("SELECT view, version, data, chain FROM {ql_views} WHERE campaign_id = %s ORDER BY view", [campaign_id])

    def audit(self, campaign_id: str, character: str | None = None, event_type: str | None = None,
              play: str | None = None, limit: int = 1000, offset: int = 0) -> list[dict[str, Any]]:
        """Audit rows of a campaign in version order, filtered by character, event type and/or play (substring)."""
        where, params = ["campaign_id = %s"], [campaign_id]
        if character:
            where.append("characters LIKE %s")
            params.append(f"%,{character},%")
        if event_type:
            where.append("event_types LIKE %s")
            params.append(f"%,{event_type},%")
        if play:
            where.append("play LIKE %s")
            params.append(f"%{play}%")
        rows = self.recorder.query(f"SELECT * FROM {{ql_audit}} WHERE {' AND '.join(where)} ORDER BY version LIMIT %s OFFSET %s",
                                   [*params, limit, offset])
        seal = self.recorder.query("SELECT seal_version FROM {ql_campaigns} WHERE campaign_id = %s", [campaign_id])
        sealed_to = seal[0]["seal_version"] if seal else 0
        return [{**r, "reveal": bool(r["reveal"]), "events": json.loads(r["events"]),
                 "characters": [c for c in r["characters"].split(",") if c],
                 "event_types": [t for t in r["event_types"].split(",") if t], "sealed": r["version"] <= sealed_to} for r in rows]

    def action_version(self, campaign_id: str, action_id: str) -> tuple[int | None, int]:
        """Where the read models put action ``action_id`` of a campaign: ``(its closing record's version or None,
        the campaign's version they are up to)``. Two indexed lookups, whatever the campaign's length: what a
        retried write with an ``Idempotency-Key`` asks before recording (no catch-up: the caller reads the
        stream after the second figure itself)."""
        # the index first: a row for every action up to it is committed with it, so a miss below means "after it"
        indexed = self.recorder.query("SELECT version FROM {ql_campaigns} WHERE campaign_id = %s", [campaign_id])
        rows = self.recorder.query("SELECT version FROM {ql_audit} WHERE campaign_id = %s AND action_id = %s AND kind = 'action'",
                                   [campaign_id, action_id])
        return (rows[0]["version"] if rows else None), (indexed[0]["version"] if indexed else 0)

    # -- the history's index (domain.history.history_page reads a page through these) ------------------

    def history_extent(self, campaign_id: str, upto: int) -> tuple[int, bool]:
        """``(entries, complete)``: how many history entries the campaign has up to version ``upto``, and whether the
        index holds the campaign from its creation (``False`` for a campaign indexed only partly: a store whose
        index table is newer than the campaign, until ``questlog rebuild``). Two index lookups, one round trip."""
        rows = self.recorder.query(
            "SELECT (SELECT seq FROM {ql_history} WHERE campaign_id = %s AND version <= %s AND seq IS NOT NULL "
            "ORDER BY version DESC LIMIT 1) AS entries, (SELECT seq FROM {ql_history} WHERE campaign_id = %s AND version = 1) AS first",
            [campaign_id, upto, campaign_id])
        return rows[0]["entries"] or 0, rows[0]["first"] == 1

    def history_entries(self, campaign_id: str, first: int, last: int) -> list[dict[str, Any]]:
        """The index rows ``{version, seq, kind, action_id}`` of entries ``first``..``last`` (``seq``), in order."""
        return self.recorder.query("SELECT version, seq, kind, action_id FROM {ql_history} WHERE campaign_id = %s AND seq >= %s "
                                   "AND seq <= %s ORDER BY seq", [campaign_id, first, last])

    def history_later(self, campaign_id: str, action_ids: list[str], after: int, upto: int) -> list[dict[str, Any]]:
        """What happened to ``action_ids`` after version ``after`` up to ``upto``: rows ``{version, kind, action_id}``
        of their undos, redos, re-decisions, corrections and amendments, in version order."""
        if not action_ids:
            return []
        marks = ", ".join(["%s"] * len(action_ids))
        # by action id only (a few rows each), the versions filtered here: given a version range too, SQLite scans
        # the campaign's rows over that range instead (on a long campaign, most of them)
        rows = self.recorder.query(f"SELECT version, kind, action_id FROM {{ql_history}} WHERE campaign_id = %s AND action_id IN ({marks}) "
                                   "AND kind <> 'action'", [campaign_id, *action_ids])
        return sorted((r for r in rows if after < r["version"] <= upto), key=lambda r: r["version"])

    def actions_named(self, campaign_id: str, action_ids: list[str]) -> dict[str, dict[str, Any]]:
        """``{action_id: {version, verb, summary}}`` of the campaign's recorded actions among ``action_ids`` (the audit rows)."""
        if not action_ids:
            return {}
        marks = ", ".join(["%s"] * len(action_ids))
        rows = self.recorder.query(f"SELECT action_id, version, verb, summary FROM {{ql_audit}} WHERE campaign_id = %s AND kind = 'action' "
                                   f"AND action_id IN ({marks})", [campaign_id, *action_ids])
        return {r["action_id"]: {"version": r["version"], "verb": r["verb"], "summary": r["summary"]} for r in rows}

    def dump(self) -> dict[str, list[dict[str, Any]]]:
        """Every read-model row (to compare a rebuilt read model with an incremental one)."""
        tables = {t: self.recorder.query(f"SELECT * FROM {{{t}}} ORDER BY 1, 2") for t in ("ql_campaigns", "ql_audit", "ql_views", "ql_history")}
        for t in ("ql_rolls", "ql_dice"):  # keyed by more columns: ordered by every one
            tables[t] = self.recorder.query(f"SELECT * FROM {{{t}}} WHERE n <> 0 ORDER BY {', '.join(str(i) for i in range(1, 11 if t == 'ql_rolls' else 7))}")
        return tables

    def dice(self, campaign_id: str) -> list[dict[str, Any]]:
        """The campaign's dice totals (see :func:`projections.dice.totals`)."""
        return dice.totals(self.recorder, campaign_id)


def _tags(values: list[str]) -> str:
    """``",a,b,"``: the distinct non-empty ``values`` in order, comma-bracketed so ``LIKE '%,a,%'`` finds one; "" if none."""
    if len(values) == 1:  # most actions: one event, one character
        return f",{values[0]}," if values[0] else ""
    found = [v for v in dict.fromkeys(values) if v]
    return "," + ",".join(found) + "," if found else ""


def _involved(campaign: tuple[str, Ruleset, dict[str, type], bool], events: list[dict[str, Any]]) -> list[str]:
    """The characters an action's ``events`` involve, as the campaign's own ruleset says (``Ruleset.involves``);
    ``campaign`` as :meth:`ReadModels._campaign_info`."""
    _, ruleset, classes, generic = campaign
    found: list[str] = []
    for event in events:
        cls = classes.get(event["type"])
        if cls is not None and (cls.involved or not generic):  # generic: a class naming no fields involves no one
            found.extend(sorted(ruleset.involves(cls(**event["data"]))))
    return found


def _change(role: str, record: Record, cid: str) -> list[tuple[str, Any]]:
    """The audit writes of an undo, redo, correction or amendment (campaign ``cid``): its own row, then the change
    to the action's row."""
    s, version = record.state, record.originator_version
    if role in ("correction", "amendment"):  # tagged like the action it changes
        row = (cid, version, role, s["action_id"], None, s["actor"], s["recorded_at"], "", 0, None, "", "",
               f"{role}: {s['reason']}", _dumps([{"fields": s["fields"]}]))
        return [("insert", row), _tag_correction(cid, version, role, s["action_id"])]
    row = (cid, version, role, s["action_id"], None, s["actor"], s["recorded_at"], "", 0, None, "", "", None, "[]")
    return [("insert", row),
            ("execute", ("UPDATE {ql_audit} SET status = %s WHERE campaign_id = %s AND action_id = %s AND kind = 'action'",
                         ("undone" if role == "undo" else "effective", cid, s["action_id"])))]


def _statement_of(write: tuple[str, Any]) -> tuple[str, str]:
    """What groups consecutive audit writes into one ``executemany``: inserts together, else the same statement."""
    return ("insert", "") if write[0] == "insert" else ("execute", write[1][0])


def _tag_correction(cid: str, version: int, kind: str, action_id: str) -> tuple[str, Any]:
    """A correction or amendment row takes the characters of the action it changes (read in the same transaction)."""
    return ("execute", ("UPDATE {ql_audit} SET characters = (SELECT a.characters FROM {ql_audit} a WHERE a.campaign_id = %s "
                        "AND a.action_id = %s AND a.kind = 'action') WHERE campaign_id = %s AND version = %s AND kind = %s",
                        (cid, action_id, cid, version, kind)))
