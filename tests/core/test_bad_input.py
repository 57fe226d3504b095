"""Bad input of every kind gets a clear error and stores nothing (DESIGN.md § Quality)."""

import pytest

from domain.core.errors import BadInput, RuleViolation, StaleVersion, UnknownCampaign


def version(app, cid):
    return app.get_campaign(cid).version


@pytest.mark.parametrize("verb, fields, message", [
    ("count", {"character": "zed", "amount": 1}, "unknown character 'zed'"),
    ("count", {"character": "alice"}, "amount"),
    ("toss", {"character": "bob", "dice": [7, 1]}, "a D6 shows 1..6, not 7"),
    ("fly", {}, "has no action 'fly'"),
    ("adjust", {"path": "counters.carol", "value": 1, "reason": "x"}, "counters.carol: unknown character 'carol'"),
    ("adjust", {"path": "counters.bob.x", "value": 1, "reason": "x"}, "not a track"),
    ("adjust", {"path": "last", "value": 1, "reason": "x"}, "not a track"),
    ("adjust", {"path": "counters.bob", "value": "many", "reason": "x"}, "whole number"),
])
def test_bad_input_is_refused_with_a_clear_message_and_nothing_stored(toy, verb, fields, message):
    app, cid = toy
    before = version(app, cid)
    with pytest.raises(BadInput) as refusal:
        app.record(cid, verb, fields)
    assert message in refusal.value.message
    assert refusal.value.exit_code == 2
    assert version(app, cid) == before


def test_a_rule_violation_names_its_rule_and_stores_nothing(toy):
    app, cid = toy
    app.record(cid, "count", {"character": "alice", "amount": 3})
    before = version(app, cid)
    for _ in range(2):
        app.record(cid, "count", {"character": "alice", "amount": 3})
    with pytest.raises(RuleViolation) as refusal:
        app.record(cid, "count", {"character": "alice", "amount": 3})
    assert refusal.value.rule == "toy.txt § Counters" and refusal.value.exit_code == 3
    assert version(app, cid) == before + 4


def test_an_adjustment_out_of_the_tracks_bounds_is_a_rule_violation(toy):
    app, cid = toy
    with pytest.raises(RuleViolation):
        app.record(cid, "adjust", {"path": "counters.bob", "value": 11, "reason": "x"})


def test_aliases_resolve_to_the_character_id(toy):
    app, cid = toy
    result = app.record(cid, "count", {"character": "AL", "amount": 1})
    assert result.events == [{"type": "Counted", "data": {"character": "alice", "amount": 1}}]


def test_unknown_campaigns_and_games_are_refused(app):
    with pytest.raises(UnknownCampaign):
        app.record("00000000-0000-0000-0000-000000000000", "count", {})
    with pytest.raises(UnknownCampaign):
        app.view("not-a-uuid", "board")
    with pytest.raises(BadInput, match="unknown game 'chess'"):
        app.create_campaign("chess", "x")


def test_a_stale_expected_version_refuses_the_action(toy):
    app, cid = toy
    before = version(app, cid)
    with pytest.raises(StaleVersion) as refusal:
        app.record(cid, "count", {"character": "alice", "amount": 1}, expected_version=before - 1)
    assert refusal.value.current_version == before
    assert version(app, cid) == before


def test_the_same_action_id_sent_twice_records_once(toy):
    app, cid = toy
    first = app.record(cid, "count", {"character": "alice", "amount": 1}, action_id="tap-1")
    again = app.record(cid, "count", {"character": "alice", "amount": 1}, action_id="tap-1")
    assert again.duplicate and again.version == first.version
    assert app.view(cid, "board")["counters"]["alice"] == 1


@pytest.mark.parametrize("dice", [[2.5, 1], [True, 2], ["x", 2], [2.0, 1], ["2.0", 1]])
def test_a_fractional_or_boolean_die_is_refused_not_truncated(toy, dice):
    app, cid = toy
    with pytest.raises(BadInput, match="dice"):
        app.record(cid, "toss", {"character": "bob", "dice": dice})


def test_dice_given_as_digits_are_accepted_and_a_float_never_is(toy):
    """A die shows a whole number: digits from a command line or a JSON integer; a JSON 2.0 is refused as the CLI
    refuses "2.0" (one rule for both)."""
    app, cid = toy
    assert app.record(cid, "toss", {"character": "bob", "dice": ["5", 2]}).events[0]["data"]["dice"] == [5, 2]
