"""A long unsealed tail kept out of snapshots: what a snapshot of a campaign holds of it, and how the rest is read
back from the store when an undo needs it (issue 29, item 1).

A campaign that never reveals anything keeps its whole history undoable (DESIGN.md § Undo, redo and seals), so its
unsealed tail is as long as its history. A snapshot that carried every action of that tail with its events grew with
the history, and had to be taken ever further apart to keep the store linear; a fresh process then decoded a large
snapshot and replayed up to the tail's length of events after it (3.5 s at 100,000 events).

Here a snapshot holds only the tail's last :data:`SNAPSHOT_TAIL` actions (the *window*, with their events) and, for
the actions before them (*hidden*), three things: how many there are, the version the snapshot was taken at, and
``base``, the state their effective actions fold to (the state before the window). So a snapshot costs the same
whatever the tail's length, campaigns are snapshotted every interval again, and an undo of one of the window's
actions folds from ``base`` or a checkpoint without reading anything more.

The hidden actions change only by an undo or redo of one of them, a correction (which re-folds the whole tail) or a
reveal (which drops the tail): before any of these the aggregate *pages in* the hidden actions, the unsealed tail of a
full replay of the stream up to ``at`` (the snapshot's version; the hidden actions cannot have changed since, as
changing one pages it in first). The replay is the function in :data:`TAIL_SOURCE` when the campaign was loaded
(the application sets it around every load). A paged-in tail is kept in ``hidden["entries"]``, shared by the
aggregate's copies, so the store is read once per loaded aggregate.
"""

from __future__ import annotations

import contextvars
import threading
from typing import Any, Callable

from eventsourcing.domain import Snapshot

SNAPSHOT_TAIL = 32
"""Unsealed actions a snapshot keeps with their events (the latest ones); the rest are hidden (see the module)."""
HIDDEN = "hidden_tail"
"""The aggregate attribute (and snapshot key) for the hidden actions: ``{"actions", "at", "base"}`` or ``None``."""
SOURCE = "_tail_source"
"""The aggregate attribute holding the function that reads hidden actions back (never stored in snapshots)."""
CHECKPOINTS = "_checkpoints"
"""The aggregate attribute holding the undo checkpoints: action id -> the state before that action (derived,
never stored in snapshots)."""

TAIL_LOCK = threading.Lock()
"""Held while a campaign's window and hidden actions are read together (its copies) or paged in (:func:`page_in`)."""

TailSource = Callable[[Any, int], list[dict[str, Any]]]
"""``source(campaign_id, version)`` -> the unsealed tail (its entries, oldest first) of the campaign at ``version``."""
TAIL_SOURCE: contextvars.ContextVar[TailSource | None] = contextvars.ContextVar("questlog_tail_source", default=None)
"""Set by the application while it loads aggregates; a campaign built from a snapshot keeps it to page in."""


def page_in(campaign: Any) -> bool:
    """Put ``campaign``'s hidden actions back in front of its window (``True``), or ``False`` if none is hidden.
    Raises ``RuntimeError`` if the campaign was loaded without a way to read its store (no :data:`TAIL_SOURCE`)."""
    hidden = campaign.__dict__.get(HIDDEN)
    if not hidden:
        return False
    entries = hidden.get("entries")
    if entries is None:
        source = campaign.__dict__.get(SOURCE) or TAIL_SOURCE.get()
        if source is None:
            raise RuntimeError("this campaign was loaded from a snapshot without its store: its older unsealed actions "
                               "cannot be read back (load it through the application)")
        entries = hidden["entries"] = source(campaign.id, hidden["at"])[:hidden["actions"]]
    with TAIL_LOCK:  # a copy taken meanwhile sees the window and its hidden actions, or the whole tail, never a mix
        if campaign.__dict__.get(HIDDEN) is hidden:
            campaign.__dict__["unsealed"] = [*entries, *campaign.__dict__["unsealed"]]
            campaign.__dict__[HIDDEN] = None
    return True


def cut(campaign: Any, keep: int | None = None) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """What a snapshot of ``campaign`` holds of its tail: ``(window, hidden)``, the same for a campaign loaded from a
    snapshot (its window and hidden actions) and for a full replay (``verify`` compares the two): the last ``keep``
    actions, and ``{"actions": how many come before them, "at": the campaign's version, "base": the state their
    effective actions fold to}`` (``None`` if there are none). ``keep``: :data:`SNAPSHOT_TAIL` (read at each call)."""
    keep = SNAPSHOT_TAIL if keep is None else keep
    window, hidden = campaign.__dict__["unsealed"], campaign.__dict__.get(HIDDEN)
    moved = max(0, len(window) - keep)
    before = hidden["actions"] if hidden else 0
    if not moved and not before:
        return window, None
    base = campaign.state_after_window_index(moved - 1)
    return window[moved:], {"actions": before + moved, "at": campaign.version, "base": base}


class CampaignSnapshot(Snapshot):
    """A campaign's snapshot: the aggregate's attributes without its checkpoints (derived, rebuilt on the first
    undo) and with only the last :data:`SNAPSHOT_TAIL` unsealed actions (:func:`cut`)."""

    @classmethod
    def take(cls, aggregate: Any, whole: bool = False) -> Any:
        """The snapshot of ``aggregate`` (see :meth:`eventsourcing.domain.Snapshot.take`); ``whole``: with the whole
        unsealed tail, as snapshots were taken before they left its older actions out (``verify`` compares such a
        stored snapshot with one taken so; the aggregate must hold its whole tail, as a full replay does)."""
        snapshot = super().take(aggregate)
        snapshot.state.pop(CHECKPOINTS, None)
        snapshot.state.pop(SOURCE, None)
        snapshot.state["unsealed"], snapshot.state[HIDDEN] = cut(aggregate, 2**62 if whole else None)
        if snapshot.state[HIDDEN] is None:
            del snapshot.state[HIDDEN]  # a short tail's snapshot is stored as before
        return snapshot

    def mutate(self, _: None) -> Any:
        """The campaign this snapshot holds, keeping the loader's :data:`TAIL_SOURCE` to page in its hidden actions."""
        aggregate = super().mutate(None)
        if aggregate.__dict__.get(HIDDEN):
            aggregate.__dict__[SOURCE] = TAIL_SOURCE.get()
        return aggregate
