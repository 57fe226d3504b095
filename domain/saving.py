"""Saving to the event store: the library's construction hooks (repository, mapper, snapshot store), snapshots at
the versions :mod:`domain.snapshots` picks, a campaign's records sealed into its chain before they are saved
(:mod:`domain.integrity`), and what the listeners are told after a write. A mixin of the application service
(:class:`domain.application.Questlog`), kept apart so that module stays small.
"""

from __future__ import annotations

import contextlib
from typing import Any

from eventsourcing.application import project_aggregate
from eventsourcing.persistence import IntegrityError, Mapper

from domain.access import TokenRegistry, token_snapshots_due
from domain.core.campaign import Campaign
from domain.core.errors import QuestlogError, StaleVersion
from domain.integrity import CheckedSnapshots, SealingMapper, seal_campaign
from domain.snapshots import TailRepository, due_snapshots


class Saving:
    """Construction hooks, snapshots and saves (a mixin of :class:`domain.application.Questlog`)."""

    def construct_repository(self) -> Any:
        """The library's repository, whose loads let a campaign read back what its snapshot left out (:mod:`domain.snapshots`)."""
        return TailRepository.like(super().construct_repository())

    def _take_snapshots(self, processing_event: Any) -> None:
        """Snapshot campaigns at the versions :func:`domain.snapshots.due_snapshots` picks, the token registry at those
        :func:`domain.access.token_snapshots_due` picks; other aggregates every interval, as the library does."""
        if self.snapshots is None:
            return
        for aggregate in processing_event.aggregates.values():
            interval = self.snapshotting_intervals.get(type(aggregate))
            if interval is None:
                continue
            versions = [e.originator_version for e in processing_event.events if e.originator_id == aggregate.id]
            due = due_snapshots(aggregate, versions, interval) if isinstance(aggregate, Campaign) else \
                token_snapshots_due(versions, interval) if isinstance(aggregate, TokenRegistry) else [v for v in versions if v % interval == 0]
            for version in due:
                self.take_snapshot(aggregate.id, version=version)  # from the store: what verify compares it with

    def _try_save(self, campaign: Campaign, expected_version: int | None, action_id: str | None = None) -> bool:
        """Save ``campaign``'s new events atomically; ``False`` when another writer got there first and the caller
        should load and decide again. With an ``expected_version`` a lost race is the client's :class:`StaleVersion`
        (unless its own ``action_id`` was recorded meanwhile: then look again and answer with that action)."""
        try:
            self.save(campaign)
            return True
        except IntegrityError:
            if expected_version is not None and not (action_id and self.find_action(str(campaign.id), action_id)):
                raise self.stale_version(self.get_campaign(campaign.id), expected_version) from None
            return False

    def check_expected(self, campaign: Campaign, expected_version: int | None) -> None:
        """Refuse unless ``campaign`` is at ``expected_version`` (``None``: any version): :class:`BadInput` for a version
        out of range, :class:`StaleVersion` naming what was stored since (:meth:`stale_version`)."""
        from domain.requests import check_expected

        try:
            check_expected(campaign, expected_version)
        except StaleVersion:
            raise self.stale_version(campaign, expected_version) from None

    def stale_version(self, campaign: Campaign, expected: int) -> StaleVersion:
        """The refusal of ``expected`` for ``campaign`` (loaded at its current version), with what was stored after
        ``expected`` (:attr:`StaleVersion.since`, read like ``history --since``: its cost follows those entries). An undo
        or redo is named by the action it took back or put back."""
        from domain.history import history_since

        since: list[dict[str, Any]] = []
        if 0 <= expected < campaign.version:
            try:
                entries = history_since(self, str(campaign.id), expected)["actions"]
            except QuestlogError:  # the refusal is still the refusal: say what is known
                entries = []
            named = {a["action_id"]: a for a in campaign.unsealed}
            for entry in entries:
                target = named.get(entry.get("action_id") or "", {})
                summary = entry.get("summary") or target.get("summary") or entry.get("name") or entry.get("verb")
                since.append({"version": entry["version"], "kind": entry["kind"], "verb": entry.get("verb"),
                              "summary": summary, "actor": entry.get("actor")})
        return StaleVersion(expected, campaign.version, since)

    def _after_write(self, campaign: Campaign | None = None) -> None:
        """After a successful save: keep ``campaign`` (never mutated again) for the next load, and tell the
        listeners (the read-model runner), handing them ``campaign`` so they need not load it again."""
        if campaign is not None:
            self._campaigns.put(campaign)
        for listener in self.listeners:
            listener(campaign)

    def save(self, *objs: Any, **kwargs: Any) -> Any:
        """Save aggregates; a campaign's new records are first sealed into its tamper-evident chain."""
        sealed = []
        for obj in objs:
            if isinstance(obj, Campaign):
                sealed += obj.pending_events
                seal_campaign(obj, self.mapper)
        try:
            recordings = super().save(*objs, **kwargs)
        finally:
            if sealed and isinstance(self.mapper, SealingMapper):
                self.mapper.forget(sealed)
        self._saved.recordings = recordings
        return recordings

    def just_saved(self) -> list[Any]:
        """The recordings of this thread's latest save (its events with their notification ids, in log order), then
        forgotten; ``[]`` if taken already. A listener called after a write may apply them instead of reading the
        log again (it must check they are exactly the notifications it has not applied)."""
        recordings, self._saved.recordings = getattr(self._saved, "recordings", None) or [], None
        return recordings

    def construct_mapper(self) -> Any:
        """The library's mapper; without a cipher or compressor, a :class:`~domain.integrity.SealingMapper` that
        stores each sealed record as the bytes its seal was computed over instead of encoding it twice."""
        mapper = super().construct_mapper()
        if type(mapper) is Mapper and mapper.cipher is None and mapper.compressor is None:
            return SealingMapper(transcoder=mapper.transcoder)
        return mapper

    def construct_snapshot_store(self) -> Any:
        """Snapshots stored with a digest of their state and served only when it matches (:mod:`domain.integrity`)."""
        return CheckedSnapshots(mapper=self.mapper, recorder=self.factory.aggregate_recorder(purpose="snapshots"))

    def take_snapshot(self, aggregate_id: Any, version: int | None = None, projector_func: Any = project_aggregate) -> None:
        """Snapshot an aggregate as the current rules fold it (a campaign under older rules is replayed first)."""
        aggregate = self.repository.get(aggregate_id, version=version, projector_func=projector_func)
        if isinstance(aggregate, Campaign):
            aggregate = self._current_rules(aggregate, version if version is not None else aggregate.version)
        self._snapshot(aggregate)

    def _snapshot(self, aggregate: Any) -> None:
        """Store a snapshot of ``aggregate``; one already stored at its version stays (loads check its rules)."""
        if self.snapshots is not None:
            with contextlib.suppress(IntegrityError):
                self.snapshots.put([type(aggregate).Snapshot.take(aggregate)])
