"""The catch-up machinery (:class:`CatchUp`, mixed into :class:`projections.readmodels.ReadModels`): reading the
notification log after the tracked position in batches, decoding its records, handing each batch to
:mod:`projections.batches`, and rebuilding from scratch; see :mod:`projections.readmodels` for what it costs."""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from eventsourcing.persistence import IntegrityError, JSONTranscoder
from eventsourcing.utils import resolve_topic

from domain.core.campaign import Campaign

from .batches import BULK, _Batch
from .records import _SCAN, GAME_TOPIC, GameRecord, Record, _game_record, _indexes, _record, _role, read_notifications

BATCH = 5000
Progress = Callable[[int, int], None]


class CatchUp:
    """Catching up and rebuilding (mixed into :class:`~projections.readmodels.ReadModels`)."""

    # -- writing ---------------------------------------------------------------------------------

    def catch_up(self, progress: Progress | None = None, batch: int = BATCH, latest: Campaign | None = None,
                 saved: Sequence[Any] = (), skip_if_busy: bool = False) -> int:
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
        already applied by the one before them (one batch for many writes instead of a race per write). Reading the
        log is also one process at a time on a store several processes share (PostgreSQL: the recorder's
        :meth:`~projections.recorders_pg.PostgresReadModelRecorder.exclusive`, an advisory lock): without it every
        API process prepared the same batch, loading the other processes' campaigns from the store, and all but one
        rolled back (bench figure 8). ``skip_if_busy`` (the API's background runner): when another process is
        catching up, return 0 at once instead of waiting; what it leaves is caught up by the next write's or read's
        catch-up, or the runner's idle look (:data:`projections.runner.IDLE_SECONDS`). Correctness never rests on the
        lock: a batch still moves the position only from where it read (a lost race is rolled back and re-read).
        Raises the library's ``IntegrityError`` only if a batch fails at a position nobody else moved (a read
        model at odds with its position: ``questlog rebuild`` repairs it).
        """
        with self._catching_up:
            if saved and not progress and self._apply_saved(saved, latest):
                return len(saved)
            with self.recorder.exclusive(wait=not skip_if_busy) as alone:
                if not alone:
                    return 0
                if self.recorder.shared_log:  # another process may have moved it since: one indexed read, not a batch
                    self._position = None    # prepared from a stale position and rolled back (figure 8, once a process)
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
        ids: dict[str, Any] = {}  # campaign ids as stored -> UUID (read_notifications)
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
                    notifications = read_notifications(self.app.recorder, start + 1, batch, ids)
                count, last = len(notifications), notifications[-1].id if notifications else start
                prepared = None
                if notifications:
                    ahead, later = None, set()
                    if count == batch:  # more may follow: read them first, to see which campaigns they index again
                        following = read_notifications(self.app.recorder, last + 1, batch, ids)
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
