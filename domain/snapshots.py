"""When to snapshot a campaign, and how a campaign loaded from a snapshot reads back the unsealed actions the
snapshot left out.

A snapshot holds only the latest actions of a campaign's unsealed tail and the state before them
(:mod:`domain.core.tail`), so it costs the same whatever the tail's length: campaigns are snapshotted every
``interval`` events, whatever their seal pattern, and opening one replays fewer than ``interval`` events after a
snapshot of bounded size. (Snapshots that carried the whole tail had to be taken ever further apart, in powers of
two of the tail, to keep the store linear, and a fresh load of a long never-sealed campaign then cost seconds.)

The older actions are read back, when an undo, a redo or a correction reaches them, by a full replay of the
stream up to the snapshot's version (:func:`tail_source`); :class:`TailRepository` hands that to every campaign it
loads (:data:`domain.core.tail.TAIL_SOURCE`).
"""

from __future__ import annotations

from typing import Any

from eventsourcing.application import Repository, project_aggregate

from domain.core.tail import TAIL_SOURCE, TailSource


def due_snapshots(campaign: Any, versions: list[int], interval: int) -> list[int]:
    """Which of the just-saved ``versions`` of ``campaign`` get a snapshot: the multiples of ``interval``."""
    return [v for v in versions if v % interval == 0]


def tail_source(event_store: Any) -> TailSource:
    """``source(campaign_id, version)`` -> the unsealed tail of the campaign at ``version``, from a full replay of
    ``event_store``'s records up to it (no snapshot: a snapshot would leave the same actions out). A plain function,
    so copies of the campaigns that keep it share it."""

    def source(campaign_id: Any, version: int) -> list[dict[str, Any]]:
        replayed = project_aggregate(None, event_store.get(campaign_id, lte=version))
        return list(replayed.__dict__["unsealed"])

    return source


class TailRepository(Repository):
    """The library's repository, loading with :data:`~domain.core.tail.TAIL_SOURCE` set to its store's
    :func:`tail_source`, so a campaign built from a snapshot can read back its hidden actions."""

    tail_source: TailSource

    @classmethod
    def like(cls, library: Repository) -> TailRepository:
        """This repository with ``library``'s store and settings (the library builds them from the environment)."""
        repository = cls.__new__(cls)
        repository.__dict__.update(library.__dict__)
        repository.tail_source = tail_source(repository.event_store)
        return repository

    def _reconstruct_aggregate(self, aggregate_id: Any, version: Any, projector_func: Any) -> Any:
        token = TAIL_SOURCE.set(self.tail_source)
        try:
            return super()._reconstruct_aggregate(aggregate_id, version, projector_func)
        finally:
            TAIL_SOURCE.reset(token)
