"""A campaign of 100,000 stored events opens by replaying at most one snapshot interval of events."""

from eventsourcing.application import project_aggregate

from domain.application import SNAPSHOT_INTERVAL
from domain.core.table import TrackAdjusted

TARGET_EVENTS = 100_000


def build_long_campaign(app, events=TARGET_EVENTS, batch=1000):
    """Record adjustments in batched saves until the campaign holds ``events`` stored events."""
    cid = app.create_campaign("toy", "Months long")
    campaign = app.get_campaign(cid)
    n = 0
    while campaign.version < events - 1:
        for _ in range(batch // 2):
            if campaign.version >= events - 1:
                break
            n += 1
            ev = TrackAdjusted(path="counters.bob", value=n % 10, previous=(n - 1) % 10, reason="long")
            campaign.record_action(f"a{n}", "adjust", {"path": "counters.bob", "value": n % 10, "reason": "long"}, [ev],
                                   actor=None, recorded_at="2026-11-30T00:00:00+00:00", reveal=n % 7 == 0, digital=False,
                                   summary="adjust", play=None)
        app.save(campaign)
    return cid, n


def test_opening_a_100k_event_campaign_replays_at_most_one_snapshot_interval(app):
    cid, actions = build_long_campaign(app)
    campaign = app.get_campaign(cid)
    assert campaign.version >= TARGET_EVENTS - 1
    replayed = 0

    def counting(aggregate, events):
        def each():
            nonlocal replayed
            for event in events:
                replayed += 1
                yield event
        return project_aggregate(aggregate, each())

    loaded = app.repository.get(campaign.id, projector_func=counting)
    assert 1 <= replayed <= SNAPSHOT_INTERVAL + 1  # the snapshot plus the events after it
    assert loaded.state == campaign.state
    assert loaded.state["counters"]["bob"] == actions % 10
