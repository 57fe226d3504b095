"""The write path's shortcuts (bench figure 1) change nothing a campaign stores or shows.

- ``record`` loads a :meth:`~domain.core.campaign.Campaign.private_copy` of the cached campaign (its states
  shared, not copied): a refused or lost write leaves the cached campaign exactly as it was;
- the state a decision folded is the one the campaign takes (:func:`~domain.core.table.decide_folded`), and it
  equals a replay of the stored events; nothing of that hand-over reaches an aggregate's stored snapshot;
- action schemas are built once per thread, and a refusal still names the field.
"""

import copy
import enum
import json
import threading
import uuid

import pytest

from domain.core.chain import PLACEHOLDER
from domain.core.campaign import Campaign
from domain.core.errors import BadInput, RuleViolation, StaleVersion
from domain.core.ruleset import Command, get_ruleset
from domain.core.table import decide_action, decide_folded


def full_replay(app, cid):
    aggregate = None
    for stored in app.repository.event_store.get(uuid.UUID(cid)):
        aggregate = stored.mutate(aggregate)
    return aggregate


def cached(app, cid):
    campaign = app.get_campaign(cid)
    kept = app.cached_campaign(campaign.id, campaign.version)
    assert kept is not None
    return kept


def test_a_refused_write_leaves_the_cached_campaign_as_it_was(toy):
    app, cid = toy
    app.record(cid, "count", {"character": "alice", "amount": 3})
    kept = cached(app, cid)
    state, unsealed = kept.state, [dict(a) for a in kept.unsealed]
    snapshot = copy.deepcopy(state)
    for _ in range(3):
        app.record(cid, "count", {"character": "bob", "amount": 3})
    with pytest.raises(RuleViolation):  # bob's counter would pass 10: decided on the shared state, refused
        app.record(cid, "count", {"character": "bob", "amount": 3})
    with pytest.raises(StaleVersion):  # decided and recorded on the private copy, then the save is refused
        app.record(cid, "count", {"character": "alice", "amount": 1}, expected_version=2)
    assert kept.state is state and state == snapshot  # the campaign cached before these writes was never changed
    assert [dict(a) for a in kept.unsealed] == unsealed
    latest = cached(app, cid)
    assert latest.state == {"counters": {"alice": 3, "bob": 9}, "last": [], "table": {}}
    assert latest.state == full_replay(app, cid).state


def test_undo_on_the_write_path_leaves_the_cached_campaign_as_it_was(toy):
    app, cid = toy
    app.record(cid, "count", {"character": "alice", "amount": 2})
    app.record(cid, "count", {"character": "bob", "amount": 1})
    kept = cached(app, cid)
    app.undo(cid)
    assert [a["undone"] for a in kept.unsealed] == [False, False]  # the undone flag was set on the copy only
    assert kept.state == {"counters": {"alice": 2, "bob": 1}, "last": [], "table": {}}
    now = cached(app, cid)
    assert [a["undone"] for a in now.unsealed] == [False, True]
    assert now.state == {"counters": {"alice": 2, "bob": 0}, "last": [], "table": {}} == full_replay(app, cid).state
    app.redo(cid)
    assert app.state(cid) == {"counters": {"alice": 2, "bob": 1}, "last": [], "table": {}} == full_replay(app, cid).state


def test_a_private_copy_shares_the_states_and_copies_what_the_bodies_change(toy):
    app, cid = toy
    app.record(cid, "count", {"character": "alice", "amount": 2})
    kept = cached(app, cid)
    mine = kept.private_copy()
    assert mine is not kept and mine.id == kept.id and mine.version == kept.version
    assert mine.state is kept.state and mine.sealed_state is kept.sealed_state
    assert mine.unsealed == kept.unsealed and mine.unsealed is not kept.unsealed
    assert all(a is b for a, b in zip(mine.unsealed, kept.unsealed))  # entries are replaced, never changed: shared
    assert mine.pending is not kept.pending and mine._pending_events is not kept._pending_events
    mine.undo(action_id=mine.next_undo()["action_id"], actor=None, recorded_at="2026-11-30T00:00:00+00:00")
    assert [a["undone"] for a in mine.unsealed] == [True] and [a["undone"] for a in kept.unsealed] == [False]
    assert kept.state == {"counters": {"alice": 2, "bob": 0}, "last": [], "table": {}} != mine.state


def test_the_decided_state_is_the_fold_of_the_decided_events(toy):
    app, cid = toy
    toy_rules = get_ruleset("toy")
    state = app.state(cid)
    command = Command(verb="count", fields={"character": "bob", "amount": 2})
    events, after = decide_folded(toy_rules, state, command)
    assert [e.type for e in events] == ["Counted"] and events == decide_action(toy_rules, state, command)
    assert after == toy_rules.evolve(state, events[0]) == {"counters": {"alice": 0, "bob": 2}, "last": [], "table": {}}
    assert state == {"counters": {"alice": 0, "bob": 0}, "last": [], "table": {}}  # the input is untouched
    adjust = Command(verb="adjust", fields={"path": "counters.bob", "value": 4, "reason": "forgot"})
    assert decide_folded(toy_rules, state, adjust)[1] is None  # the core's actions: the campaign folds them


def test_a_replaced_evolve_is_what_folds(toy):
    app, cid = toy
    toy_rules = get_ruleset("toy")
    original = toy_rules.evolve

    def doubled(state, event):  # a rule change under test: the fold must be the ruleset's evolve, not the kit's
        return original(original(state, event), event)

    toy_rules.evolve = doubled
    try:
        events, after = decide_folded(toy_rules, app.state(cid), Command(verb="count", fields={"character": "bob", "amount": 1}))
    finally:
        del toy_rules.evolve
    assert after["counters"]["bob"] == 2 and len(events) == 1


def test_nothing_of_the_hand_over_is_kept_or_snapshotted(toy):
    app, cid = toy
    app.record(cid, "count", {"character": "alice", "amount": 1})
    kept = cached(app, cid)
    assert "_folded_state" not in vars(kept)
    assert "_folded_state" not in type(kept).Snapshot.take(kept).state


def test_a_recorded_action_folds_as_a_replay_does_on_every_kind_of_write(toy):
    app, cid = toy
    app.record(cid, "count", {"character": "alice", "amount": 3})
    app.record(cid, "adjust", {"path": "counters.bob", "value": 5, "reason": "started mid-game"})
    app.record(cid, "toss", {"character": "bob", "dice": [2, 5]})
    app.record(cid, "toss", {"character": "alice", "dice": []})
    app.record(cid, "count", {"character": "bob", "amount": 1})
    live = cached(app, cid)
    replayed = full_replay(app, cid)
    assert live.state == replayed.state == {"counters": {"alice": 3, "bob": 6}, "last": [2, 5], "table": {}}
    assert live.sealed_state == replayed.sealed_state and live.unsealed == replayed.unsealed
    assert app.verify(cid)["ok"]


def test_schemas_are_built_once_per_thread_and_still_name_bad_fields(toy):
    app, cid = toy
    spec = app.action_spec("toy", "count")
    assert spec.load({"character": "alice", "amount": "2"}) == {"character": "alice", "amount": 2}
    with pytest.raises(BadInput) as refusal:
        spec.load({"character": "alice", "amount": 7})
    assert "amount" in refusal.value.fields
    assert spec.load({"character": "bob", "amount": 1}) == {"character": "bob", "amount": 1}  # no state left by the refusal
    assert spec.load({"amount": 1}, partial=True) == {"amount": 1}
    from domain.core.values import _schema

    here = _schema(spec.schema, False)
    assert _schema(spec.schema, False) is here and _schema(spec.schema, True) is not here
    other = []
    worker = threading.Thread(target=lambda: other.append(_schema(spec.schema, False)))
    worker.start()
    worker.join()
    assert other[0] is not here and isinstance(other[0], spec.schema)


def test_recording_an_action_evolves_each_of_its_events_once(toy):
    app, cid = toy
    from tests.core.toy import KIT, Counted

    handler, calls = KIT.handlers[Counted], []

    def counting(state, event):
        calls.append(event)
        handler(state, event)

    KIT.handlers[Counted] = counting
    try:
        app.record(cid, "count", {"character": "alice", "amount": 2})
    finally:
        KIT.handlers[Counted] = handler
    assert len(calls) == 1  # in the decision only: the campaign takes the state it folded (it used to fold three times)
    assert app.state(cid)["counters"]["alice"] == 2 == full_replay(app, cid).state["counters"]["alice"]


class Colour(str, enum.Enum):
    RED = "red"


def test_copy_state_is_deep_and_keeps_every_type():
    from domain.core.ruleset import copy_state

    shared = [1, 2]
    state = {"a": {"b": [1, 2.5, None, True, "x"]}, "t": (1, [2]), "s": shared, "again": shared, "big": 10**30, "neg": -0.0}
    copied = copy_state(state)
    assert copied == state and copied is not state
    assert copied["a"]["b"] is not state["a"]["b"] and copied["t"][1] is not state["t"][1]
    assert type(copied["t"]) is tuple and copied["again"] is copied["s"]  # shared references stay shared, as pickle keeps them
    copied["a"]["b"].append(3)
    assert state["a"]["b"] == [1, 2.5, None, True, "x"]
    odd = {"colour": Colour.RED, "seen": {"x"}}  # not only built-in types: copied with their types all the same
    again = copy_state(odd)
    assert again == odd and type(again["colour"]) is Colour and again["seen"] is not odd["seen"]


def test_a_sealed_record_is_stored_as_the_library_encodes_it_and_encoded_once(toy):
    from eventsourcing.persistence import Mapper

    from domain import integrity

    app, cid = toy
    assert isinstance(app.mapper, integrity.SealingMapper)
    campaign = app._campaign_to_change(cid)
    campaign.record_action("a1", "count", {"character": "bob", "amount": 1}, [], actor=None, recorded_at="2026-11-30T00:00:00+00:00",
                           reveal=False, digital=False, summary="count bob 1", play=None)
    integrity.seal_campaign(campaign, app.mapper)
    (event,) = campaign.pending_events
    remembered = app.mapper._sealed[id(event)][1]
    assert remembered.state == Mapper.to_stored_event(app.mapper, event).state  # the library's bytes, digest included
    assert PLACEHOLDER.encode() not in remembered.state and event.digest.encode() in remembered.state
    app.mapper.forget([event])
    assert not app.mapper._sealed


def test_records_holding_the_placeholder_are_encoded_again_and_everything_verifies(toy):
    from domain import integrity

    app, cid = toy
    app.record(cid, "adjust", {"path": "counters.bob", "value": 4, "reason": PLACEHOLDER})
    app.record(cid, "count", {"character": "alice", "amount": 2})
    assert not app.mapper._sealed  # nothing left behind by the saves
    stored = app.recorder.select_events(uuid.UUID(cid))
    holding = [json.loads(r.state) for r in stored if PLACEHOLDER.encode() in r.state]
    assert len(holding) == 2  # the adjustment's event and its closing record, each with the reason as given
    assert all(r["digest"] != PLACEHOLDER and len(r["digest"]) == 64 for r in holding)
    assert app.verify(cid)["ok"] and app.state(cid)["counters"] == {"alice": 2, "bob": 4}
