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

One module per read model, composed here: :mod:`projections.campaign_index` (``ql_campaigns``),
:mod:`projections.kept_views` (``ql_views``), :mod:`projections.audit` (``ql_audit``),
:mod:`projections.history_index` (``ql_history``) and :mod:`projections.dice` (the statistics: columns of ``ql_audit``,
``ql_dice``); the machinery that feeds them is :mod:`projections.catchup` (reading the log) and
:mod:`projections.batches` (one batch's rows, one transaction), over the records of :mod:`projections.records`.
The read models are given what they read (:class:`Source`), never the application's type.
"""

from __future__ import annotations

import threading
import uuid
from typing import Any, Protocol

from domain.core.campaign import Campaign
from domain.core.ruleset import Ruleset

from . import dice
from .audit import AuditModel
from .batches import BULK, Batches
from .campaign_index import CampaignIndex
from .catchup import BATCH, CatchUp, Progress
from .history_index import HistoryIndex
from .kept_views import KeptViews
from .records import GameRecord, Record
from .recorders import SQLiteReadModelRecorder


class Source(Protocol):
    """What the read models use of the store they read (the application service satisfies it): its settings
    (``env``), the factory their tracking recorder comes from, the event store's recorder, mapper and repository,
    a campaign's game, and a campaign as of a version (the in-memory copy first)."""

    env: Any
    factory: Any
    recorder: Any
    mapper: Any
    repository: Any

    def game_of(self, campaign_id: str) -> str: ...

    def cached_campaign(self, campaign_id: uuid.UUID, version: int) -> Campaign | None: ...

    def get_campaign(self, campaign_id: str | uuid.UUID, at: int | None = None) -> Campaign: ...

    def just_saved(self) -> list[Any]: ...


class ReadModels(CatchUp, Batches, CampaignIndex, KeptViews, AuditModel, HistoryIndex):
    """The read models of one application's store."""

    def __init__(self, app: Source) -> None:
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

    def dump(self) -> dict[str, list[dict[str, Any]]]:
        """Every read-model row (to compare a rebuilt read model with an incremental one)."""
        tables = {t: self.recorder.query(f"SELECT * FROM {{{t}}} ORDER BY 1, 2") for t in ("ql_campaigns", "ql_audit", "ql_views", "ql_history")}
        tables["ql_dice"] = self.recorder.query("SELECT * FROM {ql_dice} WHERE n <> 0 ORDER BY 1, 2, 3, 4, 5")  # keyed by five
        return tables

    def dice(self, campaign_id: str) -> list[dict[str, Any]]:
        """The campaign's dice totals (see :func:`projections.dice.totals`)."""
        return dice.totals(self.recorder, campaign_id)


__all__ = ["BATCH", "BULK", "GameRecord", "Progress", "ReadModels", "Record", "Source"]
