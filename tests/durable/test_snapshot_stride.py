"""Snapshots never cost more than the events they summarise (domain/snapshots.py): the stride between them grows
with the unsealed tail in powers of two, so a campaign that never reveals does not grow its store quadratically."""

from __future__ import annotations

from domain.snapshots import due_snapshots, snapshot_stride, tail_events


class Tail:
    """A stand-in campaign with ``actions`` unsealed actions of ``events`` game events each."""

    def __init__(self, actions: int, events: int = 1) -> None:
        self.unsealed = [{"events": [{}] * events} for _ in range(actions)]


def test_a_short_tail_keeps_the_plain_interval():
    assert tail_events(Tail(10)) == 20
    assert snapshot_stride(Tail(10), 100) == 100
    assert due_snapshots(Tail(10), [99, 100, 101], 100) == [100]


def test_a_long_tail_doubles_the_stride_until_it_covers_the_tail():
    assert snapshot_stride(Tail(60), 100) == 200       # 120 tail events: two intervals
    assert snapshot_stride(Tail(250), 100) == 800      # 500 tail events: 5 intervals, rounded up to 8
    assert due_snapshots(Tail(250), [700, 800], 100) == [800]
    assert due_snapshots(Tail(250), [600], 100) == []


def test_a_never_revealing_campaign_is_snapshotted_less_often_as_its_tail_grows(app):
    cid = app.create_campaign("nanolith", "never reveals")
    for n in range(160):  # 320 events, all unsealed
        app.record(cid, "session-date" if n % 2 else "turn-to-page", {"date": f"day {n}"} if n % 2 else {"name": f"Page {n}"})
    versions = [s.originator_version for s in app.snapshots.get(app.get_campaign(cid).id)]
    assert versions == [100, 200]  # not 300: by then the tail (~300 events) asks for a stride of 400
