"""An in-process cache of the latest Campaign aggregates, fast-forwarded from the store on every load.

Loading a campaign from its latest snapshot replays up to ``SNAPSHOT_INTERVAL`` events, and each event's
``evolve`` copies the game state: that replay was most of the time spent recording an action (bench/
figure 1). The cache keeps the aggregate each load or save produced; the next load reads only the events
stored after it (one query: other processes' writes are always seen) and applies them to a copy. A cached
aggregate more than one snapshot interval behind is dropped for a normal snapshot load. Cached aggregates
are never mutated: loads hand out copies (by default :func:`reading_copy`, which deep-copies the state but shares a campaign's unsealed tail; the write path asks for the aggregate's
cheaper ``private_copy``, which shares the states that ``evolve`` never changes), so a failed save cannot
corrupt the cache.
"""

from __future__ import annotations

import threading
import uuid
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from eventsourcing.application import project_aggregate

from domain.core.ruleset import copy_state  # a pickle round trip for aggregates: ~4x faster than copy.deepcopy


def reading_copy(aggregate: Any) -> Any:
    """A copy of ``aggregate`` a reader may change without touching it: the aggregate's own ``reading_copy()`` where
    it has one (a campaign shares its unsealed tail, whose deep copy would grow with the campaign), else a deep copy."""
    own = getattr(aggregate, "reading_copy", None)
    return own() if own is not None else copy_state(aggregate)


class CampaignCache:
    """Up to ``size`` aggregates by id, least recently used dropped first; thread-safe."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[uuid.UUID, Any] = OrderedDict()
        self._lock = threading.Lock()

    def put(self, aggregate: Any) -> None:
        """Keep ``aggregate`` (which nobody may mutate afterwards) unless a newer version is already kept."""
        if self.size <= 0:
            return
        with self._lock:
            kept = self._items.get(aggregate.id)
            if kept is None or kept.version <= aggregate.version:
                self._items[aggregate.id] = aggregate
            self._items.move_to_end(aggregate.id)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def peek(self, aggregate_id: uuid.UUID, version: int) -> Any | None:
        """The kept aggregate itself (to read, never to mutate) if it is exactly at ``version``, else ``None``."""
        with self._lock:
            kept = self._items.get(aggregate_id)
        return kept if kept is not None and kept.version == version else None

    def load(self, aggregate_id: uuid.UUID, event_store: Any, most: int, copy: Callable[[Any], Any] = reading_copy) -> Any | None:
        """A private copy (made by ``copy``, :func:`reading_copy` by default) of the latest aggregate, or ``None`` if none is
        kept or it is ``most`` or more events behind."""
        with self._lock:
            kept = self._items.get(aggregate_id)
        if kept is None:
            return None
        newer = list(event_store.get(originator_id=aggregate_id, gt=kept.version, limit=most))
        if not newer:
            return copy(kept)
        if len(newer) >= most:
            return None
        latest = project_aggregate(copy(kept), newer)
        self.put(latest)
        return copy(latest)

    def load_at(self, aggregate_id: uuid.UUID, version: int, event_store: Any, most: int,
                copy: Callable[[Any], Any] = reading_copy) -> Any | None:
        """A ``copy`` of the aggregate as of ``version``, fast-forwarded from the one kept when that is older by fewer
        than ``most`` events (one query for the events in between; kept if newer than the one kept), else ``None``.
        A read model catching up another process's writes asks for each campaign at one version after another: each
        such load then reads the few events since the last instead of a snapshot and up to ``most`` events."""
        with self._lock:
            kept = self._items.get(aggregate_id)
        if kept is None or not 0 < version - kept.version < most:
            return None
        newer = list(event_store.get(originator_id=aggregate_id, gt=kept.version, lte=version))
        if not newer or newer[-1].originator_version != version:
            return None
        found = project_aggregate(copy(kept), newer)
        self.put(found)
        return copy(found)


class VersionsKept:
    """Up to ``size`` aggregates as of versions older than the latest, by ``(id, version)``, least recently used dropped
    first; thread-safe. Only what a caller asks to keep is kept (a play's first state, read again after each action
    of the play: :meth:`domain.reading.Reading.kept_state`), so a read model walking a campaign version by version
    fills nothing. A version's aggregate never changes (an undo or a correction is a later version), so what is
    kept never goes stale. Kept aggregates are never mutated: :meth:`get` hands out a :func:`reading_copy`."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[tuple[uuid.UUID, int], Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, aggregate_id: uuid.UUID, version: int) -> Any | None:
        """A copy of the aggregate kept as of ``version``, or ``None``."""
        with self._lock:
            kept = self._items.get((aggregate_id, version))
            if kept is not None:
                self._items.move_to_end((aggregate_id, version))
        return None if kept is None else reading_copy(kept)

    def put(self, aggregate: Any, version: int) -> None:
        """Keep ``aggregate`` (which nobody may mutate afterwards) as the one asked for at ``version``."""
        if self.size <= 0:
            return
        with self._lock:
            self._items[(aggregate.id, version)] = aggregate
            self._items.move_to_end((aggregate.id, version))
            while len(self._items) > self.size:
                self._items.popitem(last=False)
