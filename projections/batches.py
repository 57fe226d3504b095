"""One batch of notifications made into read-model rows and written in one transaction with the tracked position
(:meth:`Batches._prepare`, :meth:`Batches._write`, :meth:`Batches._settle`): every read first, then one short
write. A mixin of :class:`projections.readmodels.ReadModels`, driven by :mod:`projections.catchup`; the rows come
from each read model (:mod:`projections.audit`, :mod:`projections.campaign_index`, :mod:`projections.history_index`,
:mod:`projections.dice`)."""

from __future__ import annotations

import itertools
import uuid
from collections.abc import Iterable
from typing import Any, NamedTuple

from domain.core.campaign import Campaign
from domain.core.ruleset import Ruleset

from . import dice
from .audit import _change, _involved, _statement_of, _tags
from .records import _ROLES, GameRecord, Record, _dumps, _role

BULK = 100
"""Audit writes from which a batch's transaction is written as a bulk load (see the recorders' ``write``)."""


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



class Batches:
    """Preparing and writing batches (mixed into :class:`~projections.readmodels.ReadModels`)."""

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
                    audit.append(("insert", row + dice.action(rolls, campaign[1], campaign[0], record.state, events)))
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

    def _campaign_at(self, campaign_id: Any, version: int, latest: Campaign | None) -> Campaign:
        """The campaign as of ``version``: ``latest`` or the application's in-memory copy when either is exactly
        there (the usual case right after a write), else loaded at that version (snapshot and replay)."""
        if latest is not None and latest.id == campaign_id and latest.version == version:
            return latest
        cached = self.app.cached_campaign(campaign_id, version)
        return cached if cached is not None else self.app.get_campaign(campaign_id, at=version)
