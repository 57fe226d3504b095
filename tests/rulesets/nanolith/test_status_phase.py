"""The Status Phase in the rulebook's order (nanolith.txt § 1.1 Status Phase, § Round Overview)."""

import pytest

from domain.core.errors import BadInput

from domain.rulesets.nanolith.vocabulary import reinforcements_for_round

from .conftest import DICE, Table, types


def test_round_one_places_no_reinforcement_tokens(table):
    """§ 1.1 Status Phase step 1: "This step is skipped in Round 1 of each Encounter"."""
    table.do("start-round")
    assert (table.board()["round"], table.board()["reinforcement_pool"], table.board()["phase"]) == (1, 0, "status")


@pytest.mark.parametrize("round_number, tokens", [(1, 0), (2, 1), (3, 1), (4, 2), (5, 2), (6, 2), (7, 3), (9, 3), (10, 3), (15, 3)])
def test_reinforcement_tokens_follow_the_round_schedule(round_number, tokens):
    """§ 1.1 Status Phase step 1: none in Round 1, 1 RT in Rounds 2-3, 2 in Rounds 4-6, 3 in Rounds 7-9.
    Questlog's reading past Round 9, which the rulebook does not cover: 3 RT every Round."""
    assert reinforcements_for_round(round_number) == tokens


def test_round_two_moves_the_round_tracker_and_places_one_token(table):
    """§ 1.1 Status Phase step 1, through a whole Round 1."""
    table.begin_round()
    table.pass_round()
    table.do("start-round")
    assert (table.board()["round"], table.board()["reinforcement_pool"]) == (2, 1)


def test_after_round_nine_three_tokens_keep_coming(table):
    """Questlog's reading: the rulebook stops at Round 9; Round 10 and later keep placing 3 RT."""
    table.set("round", 9)
    table.set("phase", "enemy-action")
    started = table.do("start-round")[0]
    assert (started.round, started.placed) == (10, 3)


def test_the_pool_never_holds_more_than_twelve_and_records_what_was_placed(table):
    """§ Spawn Phase: "if all 12 RT are already in the Reinforcement Pool, they do not place any further RT"."""
    table.set("round", 6)
    table.set("phase", "enemy-action")
    table.set("reinforcement_pool", 11)
    started = table.do("start-round")[0]
    assert (started.round, started.reinforcements_due, started.placed, started.pool) == (7, 3, 1, 12)


def test_stress_goes_back_two_spaces_and_not_below_zero(table):
    """§ 1.1 Status Phase step 2: the Stress Cube moves back 2 spaces; on the Zero Space nothing happens."""
    table.set("characters.ashitaka.stress", 3)
    table.set("characters.cora.stress", 1)
    table.do("start-round")
    assert [table.char(c)["stress"] for c in ("ashitaka", "vaa-lith", "cora")] == [1, 0, 0]


def test_poisoned_characters_take_one_damage_per_token(table):
    """§ Poisoned: "poisoned characters take as many Damage Points as the number of Poisoned Tokens"."""
    table.do("give-effect", target="cora", effect="poisoned", count=3)
    events = table.do("start-round")
    assert "DamageTaken" in types(events)
    assert table.char("cora")["damage"] == 3


def test_two_ones_give_cora_two_stress(table):
    """§ Stress Factors: "Cora rolls her 5 Action Dice ... two 1s, so she moves her Stress Cube 2 spaces"."""
    table.do("start-round")
    events = table.do("roll-action-dice", character="cora", dice=[1, 1, 4, 5, 6])
    assert types(events) == ["ActionDiceRolled", "StressGained", "StressGained"]
    assert table.char("cora")["stress"] == 2
    assert table.char("cora")["dice"]["available"] == [1, 1, 4, 5, 6]


def test_each_character_rolls_exactly_their_action_dice_value(table):
    """§ Action Dice Value: all characters (except Sidekick) have 5 Action Dice."""
    table.do("start-round")
    assert table.refused("roll-action-dice", "Action Dice Value", character="ada", dice=[1, 2, 3, 4]).rule == "nanolith.txt § Action Dice Value"
    assert table.refused("roll-action-dice", "Action Dice Value", character="sk", dice=[1, 2, 3, 4, 5]).rule == "nanolith.txt § Action Dice Value"


def test_a_die_of_seven_or_an_unknown_character_is_bad_input(table):
    table.do("start-round")
    table.refused("roll-action-dice", "invalid_input", character="ada", dice=[1, 2, 3, 4, 7])
    table.refused("roll-action-dice", "invalid_input", character="dora", dice=[1, 2, 3, 4, 5])


def test_the_initiative_token_comes_after_everyone_rolled_and_opens_the_character_action_phase(table):
    """§ 1.1 Status Phase steps 4 then 5."""
    table.do("start-round")
    table.do("roll-action-dice", character="vaa", dice=DICE["vaa-lith"])
    assert table.refused("give-initiative", "1.1 Status Phase", character="vaa").rule == "nanolith.txt § 1.1 Status Phase"
    for c in ("ash", "cora", "ada"):
        table.do("roll-action-dice", character=c, dice=[2, 3, 4, 5, 6])
    table.do("give-initiative", character="vaa")
    assert (table.board()["initiative"], table.board()["phase"]) == ("vaa-lith", "character-action")


def test_a_round_cannot_start_in_the_middle_of_another(acting):
    assert acting.refused("start-round", "Round Overview").rule == "nanolith.txt § Round Overview"


def test_the_dice_of_a_round_are_rolled_once(table):
    table.do("start-round")
    table.do("roll-action-dice", character="ada", dice=[2, 3, 4, 5, 6])
    assert table.refused("roll-action-dice", "1.1 Status Phase", character="ada", dice=[6, 6, 6, 6, 6]).rule == "nanolith.txt § 1.1 Status Phase"


def test_a_new_campaign_may_play_on_the_lower_difficulty_level():
    """§ Lower Difficulty Level is a campaign setting (setup ``lower_difficulty``)."""
    assert Table({"lower_difficulty": True}).board()["lower_difficulty"] is True
    with pytest.raises(BadInput):
        Table({"hard_mode": True})
