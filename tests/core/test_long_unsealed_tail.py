"""Undo and redo on a campaign whose actions never reveal anything, so its whole history stays undoable
(DESIGN.md § Undo, redo and seals; issue 16): each step lands on exactly the state the rules say, and costs what
the action needs (folds counted, never timed), not the length of the unsealed tail."""

from __future__ import annotations

import json

import domain.core.campaign as campaign_module
from domain.core.campaign import CHECKPOINT_EVERY, CHECKPOINTS

ACTIONS = 5 * CHECKPOINT_EVERY + 7  # several checkpoint intervals and a ragged end


def adjust(n: int) -> dict:
    """The n-th action: Alice's counter set to a value that differs from the one before it."""
    return {"path": "counters.alice", "value": n % 11, "reason": f"step {n}"}


def long_tail(app) -> tuple[str, list[dict]]:
    """A toy campaign of ``ACTIONS`` core ``adjust`` actions (none reveals); its id and the state after each action
    (index 0: before any)."""
    cid = app.create_campaign("toy", "Never tossed")
    states = [app.get_campaign(cid).state]
    for n in range(ACTIONS):
        app.record(cid, "adjust", adjust(n))
        states.append(app.get_campaign(cid).state)
    return cid, states


def test_undo_walks_back_through_a_long_unsealed_tail_and_redo_walks_forward_again(app):
    cid, states = long_tail(app)
    assert len(app.get_campaign(cid).horizon()["undoable"]) == ACTIONS
    for k in range(1, ACTIONS + 1):  # every action undone, latest first, down to the campaign's start
        undone = app.undo(cid)
        assert undone.undone_action["summary"].startswith("adjust counters.alice")
        assert app.get_campaign(cid).state == states[ACTIONS - k], f"after {k} undos"
    assert app.get_campaign(cid).state["counters"]["alice"] == 0
    for k in range(1, ACTIONS + 1):
        app.redo(cid)
        assert app.get_campaign(cid).state == states[k], f"after {k} redos"
    replayed = None
    for stored in app.repository.event_store.get(app.get_campaign(cid).id):
        replayed = stored.mutate(replayed)
    assert replayed.state == states[-1]


def test_a_new_action_after_undos_then_undo_lands_on_the_state_before_it(app):
    cid, states = long_tail(app)
    for _ in range(40):
        app.undo(cid)
    app.record(cid, "adjust", {"path": "counters.bob", "value": 7, "reason": "after the undos"})
    assert app.get_campaign(cid).state["counters"] == {**states[ACTIONS - 40]["counters"], "bob": 7}
    app.undo(cid)
    app.undo(cid)  # over the 40 dead actions to the one before them
    assert app.get_campaign(cid).state == states[ACTIONS - 41]


def test_an_undo_folds_fewer_actions_than_a_checkpoint_interval_and_a_redo_folds_one(app, monkeypatch):
    cid, states = long_tail(app)
    campaign = app.get_campaign(cid)  # the aggregate itself: what the application's undo and redo call
    folds = []
    real_fold = campaign_module.fold

    def counting_fold(ruleset, state, events):
        folds.append(len(events))
        return real_fold(ruleset, state, events)

    monkeypatch.setattr(campaign_module, "fold", counting_fold)
    for k in range(1, 3 * CHECKPOINT_EVERY + 1):  # three intervals' worth, each undo on its own
        folds.clear()
        campaign.undo(campaign.next_undo()["action_id"], actor=None, recorded_at="2026-11-30T00:00:00+00:00")
        assert len(folds) < CHECKPOINT_EVERY, f"undo {k} folded {len(folds)} actions of a {ACTIONS}-action tail"
        assert campaign.state == states[ACTIONS - k]
    folds.clear()
    campaign.redo(campaign.next_redo()["action_id"], actor=None, recorded_at="2026-11-30T00:00:00+00:00")
    assert folds == [1]  # the action put back, nothing else
    assert campaign.state == states[ACTIONS - 3 * CHECKPOINT_EVERY + 1]


def test_a_private_copy_can_be_changed_without_touching_the_original(app):
    cid, states = long_tail(app)
    original = app.get_campaign(cid)
    entries = [dict(a) for a in original.unsealed]
    marks = json.dumps(original.__dict__[CHECKPOINTS], sort_keys=True)
    copy = original.private_copy()
    copy.undo(copy.next_undo()["action_id"], actor=None, recorded_at="2026-11-30T00:00:00+00:00")
    copy.undo(copy.next_undo()["action_id"], actor=None, recorded_at="2026-11-30T00:00:00+00:00")
    copy.record_action("new", "adjust", adjust(3), [], actor=None, recorded_at="2026-11-30T00:00:00+00:00", reveal=False,
                       digital=False, summary="adjust", play=None)
    copy.state["counters"]["alice"] = 99  # even a change in place stays in the copy
    assert copy.state["counters"]["alice"] == 99 and copy.unsealed[-3]["undone"] and len(copy.unsealed) == ACTIONS + 1
    assert original.state == states[-1]
    assert [dict(a) for a in original.unsealed] == entries
    assert json.dumps(original.__dict__[CHECKPOINTS], sort_keys=True) == marks
    assert original.redo_stack == [] and original.pending_events == []


def test_snapshots_leave_the_checkpoints_out_and_a_snapshot_loaded_campaign_undoes_the_same(app):
    from domain.application import SNAPSHOT_INTERVAL
    from domain.integrity import stored_json

    cid, states = long_tail(app)
    campaign_id = app.get_campaign(cid).id
    records = list(app.snapshots.recorder.select_events(campaign_id))
    assert records, f"{ACTIONS * 2} events and no snapshot (interval {SNAPSHOT_INTERVAL})"
    for record in records:
        kept = stored_json(app.mapper, record.state)["state"]
        assert CHECKPOINTS not in kept
        assert json.dumps(kept).count('"undone"') == len(kept["unsealed"])
    assert app.verify(cid)["ok"]
    fresh = type(app)(env={**app.env, "QUESTLOG_CAMPAIGN_CACHE": "0"})  # every load from the snapshot and the events after it
    for k in range(1, 2 * CHECKPOINT_EVERY):
        fresh.undo(cid)
        assert fresh.get_campaign(cid).state == states[ACTIONS - k]
    fresh.close()


def test_a_long_never_sealed_campaigns_snapshot_does_not_hold_the_tail(app):
    """The latest snapshot keeps the tail's last SNAPSHOT_TAIL actions and the state before them, not the other
    ACTIONS - SNAPSHOT_TAIL actions' entries and events (issue 29, item 1)."""
    from domain.core.tail import HIDDEN, SNAPSHOT_TAIL
    from domain.integrity import stored_json

    cid, states = long_tail(app)
    campaign = app.get_campaign(cid)
    latest = list(app.snapshots.recorder.select_events(campaign.id, desc=True, limit=1))[0]
    kept = stored_json(app.mapper, latest.state)["state"]
    actions_then = (latest.originator_version - 1) // 2  # each adjust: one game event and its closing record
    assert [a["version"] for a in kept["unsealed"]] == [2 * n + 1 for n in range(actions_then - SNAPSHOT_TAIL + 1, actions_then + 1)]
    assert kept[HIDDEN]["actions"] == actions_then - SNAPSHOT_TAIL
    assert kept[HIDDEN]["base"] == states[actions_then - SNAPSHOT_TAIL]  # the state before the window
    assert kept[HIDDEN]["at"] == latest.originator_version
    assert json.dumps(kept).count('"undone"') == SNAPSHOT_TAIL


def test_a_fresh_load_undoes_within_the_snapshots_window_without_reading_the_tail_and_reads_it_once_beyond(app):
    from domain.core.tail import SNAPSHOT_TAIL

    cid, states = long_tail(app)
    fresh = type(app)(env={**app.env, "QUESTLOG_CAMPAIGN_CACHE": "0"})
    reads = []
    real = fresh.repository.tail_source
    fresh.repository.tail_source = lambda campaign_id, version: reads.append(version) or real(campaign_id, version)
    assert fresh.get_campaign(cid).state == states[-1]
    for k in range(1, 4):  # a CLI undo, then redo: each a fresh load from the snapshot and the events after it
        fresh.undo(cid)
        assert fresh.get_campaign(cid).state == states[ACTIONS - k]
    fresh.redo(cid)
    assert fresh.get_campaign(cid).state == states[ACTIONS - 2]
    assert reads == [], "an undo of one of the snapshot's latest actions read the hidden tail from the store"
    campaign = fresh.get_campaign(cid)  # one loaded aggregate, undone past its window: the store is read once
    for k in range(2, ACTIONS - SNAPSHOT_TAIL):
        campaign.undo(campaign.next_undo()["action_id"], actor=None, recorded_at="2026-11-30T00:00:00+00:00")
        assert campaign.state == states[ACTIONS - k - 1], f"undo {k}"
    assert len(reads) == 1
    assert len(fresh.get_campaign(cid).horizon()["undoable"]) == ACTIONS - 2  # the whole tail, read back
    fresh.close()


def test_a_store_whose_snapshots_hold_the_whole_tail_still_loads_undoes_and_verifies(app, monkeypatch):
    """Snapshots taken before they left the tail's older actions out (as if SNAPSHOT_TAIL were unbounded) are
    still served, undone from and verified against a replay."""
    from domain.core import tail

    monkeypatch.setattr(tail, "SNAPSHOT_TAIL", 10**9)
    cid, states = long_tail(app)
    monkeypatch.undo()
    assert tail.SNAPSHOT_TAIL == 32
    fresh = type(app)(env={**app.env, "QUESTLOG_CAMPAIGN_CACHE": "0"})
    assert fresh.verify(cid)["ok"]
    assert len(fresh.get_campaign(cid).__dict__["unsealed"]) == ACTIONS  # the old snapshot's whole tail, as stored
    fresh.undo(cid)
    assert fresh.get_campaign(cid).state == states[ACTIONS - 1]
    for n in range(40):  # past the next multiple of the interval: that snapshot leaves the older actions out
        fresh.record(cid, "adjust", adjust(n))
    kept = list(fresh.snapshots.get(fresh.get_campaign(cid).id, desc=True, limit=1))[0]
    assert len(kept.state["unsealed"]) == tail.SNAPSHOT_TAIL and kept.state[tail.HIDDEN]["actions"] > ACTIONS - 32
    assert fresh.verify(cid)["ok"]  # both kinds of snapshot, each against a replay
    fresh.close()
