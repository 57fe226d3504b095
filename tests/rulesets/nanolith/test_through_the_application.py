"""Nanolith through the application service on a SQLite file: recording, views, undo, history lines,
and bad input that stores nothing (DESIGN.md § Undo, redo and seals, § Interfaces)."""

import pytest

from domain.core.errors import BadInput, RuleViolation, SealedHistory

from .conftest import DICE


def _begin_round(app, cid, **dice):
    app.record(cid, "start-round", {})
    for c, roll in {**DICE, **dice}.items():
        app.record(cid, "roll-action-dice", {"character": c, "dice": roll})
    app.record(cid, "give-initiative", {"character": "ash"})


def test_the_oath_example_through_the_application(campaign):
    """§ Manipulating the Action Dice, recorded and viewed as a group at the table would."""
    app, cid = campaign
    _begin_round(app, cid, ashitaka=[2, 4, 5, 2, 6])
    app.record(cid, "manipulate-die", {"character": "ash", "value": "2", "direction": "up"})
    app.record(cid, "manipulate-die", {"character": "ash", "value": 2, "direction": "up"})
    board = app.view(cid, "board")
    assert board["characters"]["ashitaka"]["dice"]["available"] == [3, 4, 5, 3, 6]
    assert board["characters"]["ashitaka"]["stress"] == 2
    assert set(board) >= {"round", "phase", "reinforcement_pool", "initiative", "characters"}
    assert set(board["characters"]) == {"ashitaka", "vaa-lith", "cora", "ada"}
    assert set(board["characters"]["cora"]) >= {"damage", "stress", "stress_limit", "nanoshocks", "nanoshock_token",
                                                 "unconscious", "activated", "effects", "dice"}


@pytest.mark.parametrize("verb, fields, error", [
    ("roll-action-dice", {"character": "dora", "dice": [1, 2, 3, 4, 5]}, BadInput),
    ("spend-dice", {"character": "ash", "values": [7]}, BadInput),
    ("spend-dice", {"character": "ash", "values": [1]}, RuleViolation),
    ("spend-dice", {"character": "cora", "values": [2]}, RuleViolation),
    ("attack", {"character": "ash", "target": "bio-mutant-1", "roll": [4], "defense": "Q"}, BadInput),
    ("no-such-verb", {}, BadInput),
])
def test_bad_input_and_rule_violations_store_nothing(campaign, verb, fields, error):
    app, cid = campaign
    _begin_round(app, cid)
    version = app.get_campaign(cid).version
    with pytest.raises(error):
        app.record(cid, verb, fields)
    assert app.get_campaign(cid).version == version


def test_a_refusal_names_the_rule(campaign):
    app, cid = campaign
    _begin_round(app, cid, ashitaka=[2, 4, 5, 2, 6])
    app.record(cid, "manipulate-die", {"character": "ash", "value": 2, "direction": "up", "die": 1})
    version = app.get_campaign(cid).version
    with pytest.raises(RuleViolation) as info:
        app.record(cid, "manipulate-die", {"character": "ash", "value": 3, "direction": "up", "die": 1})
    assert info.value.rule == "nanolith.txt § Manipulating the Action Dice"
    assert app.get_campaign(cid).version == version
    app.record(cid, "spend-dice", {"character": "ash", "values": [4]})
    with pytest.raises(RuleViolation) as info:
        app.record(cid, "spend-dice", {"character": "vaa", "values": [2]})
    assert info.value.rule == "nanolith.txt § Basic Rules for Sequence of Activation"


def test_spending_undoes_until_the_action_dice_roll(campaign):
    """nanolith.txt § Undoing Moves: undo freely until dice are rolled."""
    app, cid = campaign
    _begin_round(app, cid)
    app.record(cid, "spend-dice", {"character": "ash", "values": [4]})
    app.undo(cid)
    assert app.view(cid, "board")["characters"]["ashitaka"]["dice"]["available"] == [3, 4, 5, 3, 6]
    app.redo(cid)
    assert app.view(cid, "board")["characters"]["ashitaka"]["dice"]["available"] == [3, 5, 3, 6]
    app.undo(cid)
    app.undo(cid)  # give-initiative
    assert app.view(cid, "board")["phase"] == "status"
    with pytest.raises(SealedHistory):
        app.undo(cid)


def test_history_reads_like_the_table_and_names_the_encounter(campaign):
    app, cid = campaign
    _begin_round(app, cid, cora=[1, 1, 4, 5, 6])
    assert app.summary(app.get_campaign(cid))["current_play"] == "Encounter 'Chapter 1', Round 1, Character Action Phase"
    texts = [e["text"] for a in app.stored_actions(cid) for e in a.get("events", [])]
    assert "Cora rolls Action Dice 1 1 4 5 6" in texts
    assert "Cora gains 1 Stress (rolled a 1 on an Action Die): Stress 2" in texts
    assert "Ashitaka takes the Initiative Token" in texts


def test_the_manual_adjustment_sets_tracks_within_their_bounds(campaign):
    app, cid = campaign
    app.record(cid, "adjust", {"path": "characters.ashitaka.stress", "value": "2", "reason": "forgot a 1"})
    assert app.view(cid, "board")["characters"]["ashitaka"]["stress"] == 2
    with pytest.raises(RuleViolation):
        app.record(cid, "adjust", {"path": "reinforcement_pool", "value": "13", "reason": "too many"})
    with pytest.raises(BadInput):
        app.record(cid, "adjust", {"path": "characters.ashitaka.nanoshock_token", "value": "grey", "reason": "?"})


def test_questlog_can_roll_the_action_dice_for_the_table(campaign):
    app, cid = campaign
    app.record(cid, "start-round", {})
    result = app.record(cid, "roll-action-dice", {"character": "vaa"}, digital=True)
    assert result.reveal and len(app.view(cid, "board")["characters"]["vaa-lith"]["dice"]["rolled"]) == 5
