"""Snapshots never cost more than the events they summarise (domain/snapshots.py): the stride between them grows
with the unsealed tail in powers of two, so a campaign that never reveals does not grow its store quadratically."""

from __future__ import annotations

from domain.snapshots import due_snapshots, snapshot_stride, tail_events


class Tail:
    """A stand-in campaign with ``actions`` unsealed actions of ``events`` game events each, recorded from version 2
    (after the campaign's creation) with no seal."""

    def __init__(self, actions: int, events: int = 1) -> None:
        self.seal = None
        self.unsealed = [{"events": [{}] * events, "version": 1 + (n + 1) * (events + 1)} for n in range(actions)]


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


def test_a_save_of_many_events_is_judged_by_the_tail_at_each_version():
    tail = Tail(1000)  # 2,000 events saved at once (versions 2..2001), never revealed
    assert tail_events(tail) == 2000 and snapshot_stride(tail, 100) == 3200
    # one-action saves would have snapshotted at 100, 200, 400, 800 and 1600 (each when the tail had reached it)
    assert due_snapshots(tail, list(range(2, 2002)), 100) == [100, 200, 400, 800, 1600]
    tail.seal = {"version": 2001}  # a reveal at the end of the save: the earlier tails are no longer known
    assert due_snapshots(tail, list(range(2, 2002)), 100) == [v for v in range(100, 2001, 100) if v % 3200 == 0]


def test_a_bulk_built_never_revealing_campaign_gets_the_snapshots_single_saves_would(app):
    from domain.core.ruleset import Command
    from domain.core.table import decide_action

    cid = app.create_campaign("nanolith", "bulk, never reveals")
    campaign = app.get_campaign(cid)
    for n in range(160):  # 320 events in one save
        verb, fields = ("session-date", {"date": f"day {n}"}) if n % 2 else ("turn-to-page", {"name": f"Page {n}"})
        loaded = campaign.ruleset.action(verb).load(fields)
        events = decide_action(campaign.ruleset, campaign.state, Command(verb=verb, fields=loaded, actor=None))
        campaign.record_action(f"a{n}", verb, dict(loaded), events, actor=None, recorded_at="2026-11-30T00:00:00+00:00",
                               reveal=False, digital=False, summary=verb, play=None)
    app.save(campaign)
    assert [s.originator_version for s in app.snapshots.get(campaign.id)] == [100, 200]  # as one save per action
