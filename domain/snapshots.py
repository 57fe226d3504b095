"""When to snapshot a campaign: often enough that opening it replays little, rarely enough that snapshots
never cost more than the events they summarise.

A snapshot carries the campaign's unsealed tail with its events (undo re-folds them; DESIGN.md § Undo, redo
and seals), so a campaign whose actions never reveal anything has a tail as long as its history. Taken every
``interval`` events regardless, such snapshots made the store grow with the square of the history (5,000
events: 18.4 MB; 10,000: 65.8 MB). Here the stride between snapshots grows with the tail, in powers of two:
a snapshot of T tail events is taken at most once every T events, so snapshots add a constant per event
whatever the seal pattern, and opening replays at most about twice the tail it would load anyway.
"""

from __future__ import annotations

from typing import Any


def tail_events(campaign: Any) -> int:
    """Stored events a snapshot of ``campaign`` repeats: each unsealed action's game events and closing record."""
    return sum(len(action["events"]) + 1 for action in campaign.unsealed)


def snapshot_stride(campaign: Any, interval: int) -> int:
    """Versions between snapshots of ``campaign``: ``interval`` times the least power of two that is at least
    its tail in intervals (``interval`` itself while the tail is shorter than one interval)."""
    stride = 1
    while stride * interval < tail_events(campaign):
        stride *= 2
    return stride * interval


def due_snapshots(campaign: Any, versions: list[int], interval: int) -> list[int]:
    """Which of the just-saved ``versions`` of ``campaign`` get a snapshot (none if none is a multiple of ``interval``)."""
    candidates = [v for v in versions if v % interval == 0]
    if not candidates:
        return []
    stride = snapshot_stride(campaign, interval)
    return [v for v in candidates if v % stride == 0]
