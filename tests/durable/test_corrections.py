"""Corrections of mis-typed physical values (DESIGN.md § Undo, redo and seals, 8): a correction event,
then the corrected action and every later effective action decided again and appended; nothing edited,
no seal moved, digital rolls never corrected, refusals naming the first later action made illegal."""

import random

import pytest

from domain.core.errors import BadInput, RuleViolation, SealedHistory

@pytest.fixture
def toy(any_app):
    return any_app, any_app.create_campaign("toy", "Typo night")


def test_a_corrected_roll_changes_the_views_and_keeps_later_actions(toy):
    app, cid = toy
    roll = app.record(cid, "toss", {"character": "bob", "dice": [5, 2]})
    app.record(cid, "count", {"character": "alice", "amount": 2})
    stored_before = app.recorder.max_notification_id()
    result = app.correct(cid, roll.action_id, {"dice": [3, 2]}, "the first die showed 3, not 5")
    assert app.view(cid, "board") == {"counters": {"alice": 2, "bob": 0}, "last": [3, 2]}
    assert result.version > roll.version and app.recorder.max_notification_id() > stored_before
    history = app.view(cid, "history")
    (corrected,) = [e for e in history["actions"] if e.get("action_id") == roll.action_id and e["kind"] == "action"]
    assert corrected["events"][0]["data"]["dice"] == [3, 2]
    assert corrected["superseded"][0]["events"][0]["data"]["dice"] == [5, 2]  # history shows the superseded decision
    assert history["actions"][-1]["kind"] == "correction"
    assert history["horizon"]["seal"]["action_id"] == roll.action_id  # the seal did not move
    assert app.verify(cid)["ok"]


def test_time_travel_before_the_correction_shows_what_was_recorded_then(toy):
    app, cid = toy
    roll = app.record(cid, "toss", {"character": "bob", "dice": [5, 2]})
    app.correct(cid, roll.action_id, {"dice": [3, 2]}, "typo")
    assert app.view(cid, "board", at=roll.version)["last"] == [5, 2]


def test_only_a_reveals_physical_values_are_corrected_other_actions_are_undone(toy):
    app, cid = toy
    adjust = app.record(cid, "adjust", {"path": "counters.alice", "value": 7, "reason": "start mid-game"})
    before = app.get_campaign(cid).version
    with pytest.raises(RuleViolation, match="only a reveal"):
        app.correct(cid, adjust.action_id, {"value": 9}, "typo")
    assert app.get_campaign(cid).version == before


def test_the_later_action_named_when_its_rule_no_longer_holds(any_app):
    from domain.core.ruleset import get_ruleset

    app = any_app
    cid = app.create_campaign("toy", "Chain reaction")
    roll = app.record(cid, "toss", {"character": "bob", "dice": [4, 4]})
    later = app.record(cid, "count", {"character": "bob", "amount": 3})
    toy = get_ruleset("toy")
    original = toy.decide

    def strict(state, command):  # a rule that reads the roll: counting needs a last roll summing to 8
        if command.verb == "count" and sum(state["last"]) != 8:
            raise RuleViolation("toy.txt § Counting", "counting needs a roll of 8")
        return original(state, command)

    toy.decide = strict
    try:
        with pytest.raises(RuleViolation) as refusal:
            app.correct(cid, roll.action_id, {"dice": [4, 3]}, "typo")
        assert f"version {later.version}" in refusal.value.message and "count bob 3" in refusal.value.message
    finally:
        del toy.decide
    assert app.view(cid, "board")["last"] == [4, 4]


def test_digital_rolls_cannot_be_corrected(toy):
    app, cid = toy
    roll = app.record(cid, "toss", {"character": "bob"}, digital=True, rng=random.Random(3))
    with pytest.raises(RuleViolation, match="digital roll"):
        app.correct(cid, roll.action_id, {"dice": [1, 1]}, "no")


def test_bad_corrections_are_refused_and_store_nothing(toy):
    app, cid = toy
    roll = app.record(cid, "toss", {"character": "bob", "dice": [5, 2]})
    before = app.get_campaign(cid).version
    for fields, reason, message in [({"dice": [5, 2]}, "same", "already has"), ({"dice": [9, 2]}, "x", "1..6"),
                                    ({"colour": "red"}, "x", "no field colour"), ({"dice": [1, 2]}, " ", "needs a reason")]:
        with pytest.raises(BadInput, match=message):
            app.correct(cid, roll.action_id, fields, reason)
    with pytest.raises(BadInput, match="no action"):
        app.correct(cid, "nope", {"dice": [1, 2]}, "x")
    assert app.get_campaign(cid).version == before


def test_a_correction_is_not_an_undo_and_undo_still_stops_at_the_seal(toy):
    app, cid = toy
    roll = app.record(cid, "toss", {"character": "bob", "dice": [5, 2]})
    app.record(cid, "count", {"character": "alice", "amount": 1})
    app.correct(cid, roll.action_id, {"dice": [6, 2]}, "typo")
    app.undo(cid)
    assert app.view(cid, "board") == {"counters": {"alice": 0, "bob": 0}, "last": [6, 2]}
    with pytest.raises(SealedHistory):
        app.undo(cid)
    app.redo(cid)
    assert app.view(cid, "board")["counters"]["alice"] == 1
    live = app.get_campaign(cid)
    replayed = None
    for stored in app.repository.event_store.get(live.id):
        replayed = stored.mutate(replayed)
    assert replayed.state == live.state
    app.read_models.catch_up()
    incremental = app.read_models.dump()
    app.read_models.rebuild()
    assert app.read_models.dump() == incremental


def test_corrections_build_on_each_other_and_may_restore_what_was_first_typed(toy):
    app, cid = toy
    roll = app.record(cid, "toss", {"character": "bob", "dice": [5, 2]})
    app.record(cid, "toss", {"character": "alice", "dice": [6, 6]})
    app.correct(cid, roll.action_id, {"dice": [3, 2]}, "first die misread")
    app.correct(cid, roll.action_id, {"character": "alice"}, "it was Alice's roll")
    (entry,) = [e for e in app.view(cid, "history")["actions"] if e.get("action_id") == roll.action_id and e["kind"] == "action"]
    assert entry["events"][0]["data"] == {"character": "alice", "dice": [3, 2]}  # the first correction kept
    app.correct(cid, roll.action_id, {"dice": [5, 2], "character": "bob"}, "the first typing was right after all")
    (entry,) = [e for e in app.view(cid, "history")["actions"] if e.get("action_id") == roll.action_id and e["kind"] == "action"]
    assert entry["events"][0]["data"] == {"character": "bob", "dice": [5, 2]}
    with pytest.raises(BadInput, match="already has"):
        app.correct(cid, roll.action_id, {"dice": [5, 2]}, "again")
    assert app.view(cid, "board")["last"] == [6, 6]
