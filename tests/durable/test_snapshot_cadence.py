"""Campaigns are snapshotted every interval whatever their seal pattern (domain/snapshots.py): a snapshot keeps only
the unsealed tail's latest actions (domain/core/tail.py), so its size does not grow with the tail and the store stays
linear without taking snapshots ever further apart."""

from __future__ import annotations

from domain.core.tail import HIDDEN, SNAPSHOT_TAIL
from domain.integrity import stored_json
from domain.snapshots import due_snapshots


def _record_quiet(app, cid, actions):
    for n in range(actions):  # two events per action (its game event and closing record), none reveals
        app.record(cid, "session-date" if n % 2 else "turn-to-page", {"date": f"day {n}"} if n % 2 else {"name": f"Page {n}"})


def test_the_multiples_of_the_interval_are_due():
    assert due_snapshots(None, [99, 100, 101], 100) == [100]
    assert due_snapshots(None, list(range(2, 2002)), 100) == list(range(100, 2001, 100))


def test_a_never_revealing_campaign_is_snapshotted_every_interval_at_the_same_size(app):
    cid = app.create_campaign("nanolith", "never reveals")
    _record_quiet(app, cid, 250)  # 500 events, all unsealed
    records = list(app.snapshots.recorder.select_events(app.get_campaign(cid).id))
    assert [r.originator_version for r in records] == [100, 200, 300, 400, 500]
    kept = [stored_json(app.mapper, r.state)["state"] for r in records]
    assert [len(k["unsealed"]) for k in kept] == [SNAPSHOT_TAIL] * 5
    assert [k[HIDDEN]["actions"] for k in kept] == [(v - 1) // 2 - SNAPSHOT_TAIL for v in (100, 200, 300, 400, 500)]  # actions closed by then
    sizes = [len(r.state) for r in records]
    assert max(sizes) < 1.1 * min(sizes), f"snapshot sizes grew with the tail: {sizes}"
    assert app.verify(cid)["ok"]


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
    assert [s.originator_version for s in app.snapshots.get(campaign.id)] == [100, 200, 300]
    assert app.verify(cid)["ok"]
