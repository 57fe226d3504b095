"""When to snapshot a campaign: often enough that opening it replays little, rarely enough that snapshots
never cost more than the events they summarise.

A snapshot carries the campaign's unsealed tail with its events (undo re-folds them; DESIGN.md § Undo, redo
and seals), so a campaign whose actions never reveal anything has a tail as long as its history. Taken every
``interval`` events regardless, such snapshots made the store grow with the square of the history (5,000
events: 18.4 MB; 10,000: 65.8 MB). Here the stride between snapshots grows with the tail, in powers of two:
a snapshot of T tail events is taken at most once every T events, so snapshots add a constant per event
whatever the seal pattern, and opening replays at most about twice the tail it would load anyway.

A save of many events at once (a bulk load, an import) is judged version by version: a candidate version gets the
stride of the tail the campaign had *at that version* (its unsealed actions recorded by then, when no reveal
came later in the save), so it is snapshotted exactly as one-action saves would have snapshotted it.
"""

from __future__ import annotations

import bisect
from typing import Any


def tail_events(campaign: Any) -> int:
    """Stored events a snapshot of ``campaign`` repeats: each unsealed action's game events and closing record."""
    return sum(len(action["events"]) + 1 for action in campaign.unsealed)


def snapshot_stride(campaign: Any, interval: int, tail: int | None = None) -> int:
    """Versions between snapshots of ``campaign``: ``interval`` times the least power of two that is at least
    its tail in intervals (``interval`` itself while the tail is shorter than one interval). ``tail``: the tail's
    size in events if not the campaign's current one."""
    size = tail_events(campaign) if tail is None else tail
    stride = 1
    while stride * interval < size:
        stride *= 2
    return stride * interval


def tails_at(campaign: Any, versions: list[int]) -> list[int | None]:
    """The tail's size in events at each of ``versions``, from the campaign as it is now: the unsealed actions
    recorded by then, if the latest seal is at or before that version; ``None`` where a later reveal has replaced
    that tail. One pass over the tail, however many versions."""
    seal = getattr(campaign, "seal", None)
    sealed_to = seal["version"] if seal else 0
    ends, sizes, total = [], [], 0
    for action in campaign.unsealed:  # in version order
        total += len(action["events"]) + 1
        ends.append(action["version"])
        sizes.append(total)
    found: list[int | None] = []
    for version in versions:
        recorded = bisect.bisect_right(ends, version)
        found.append(None if sealed_to > version else sizes[recorded - 1] if recorded else 0)
    return found


def due_snapshots(campaign: Any, versions: list[int], interval: int) -> list[int]:
    """Which of the just-saved ``versions`` of ``campaign`` get a snapshot (none if none is a multiple of ``interval``):
    each candidate by the tail at that version, or by the current tail where that one is no longer known."""
    candidates = [v for v in versions if v % interval == 0]
    if not candidates:
        return []
    return [v for v, tail in zip(candidates, tails_at(campaign, candidates))
            if v % snapshot_stride(campaign, interval, tail) == 0]
