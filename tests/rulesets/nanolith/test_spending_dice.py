"""Spending Action Dice: costs, combinations, Stress spaces, the last die, activations, Nanosyncs
(nanolith.txt § 2. Calculating and Paying Action Costs, § Skill Cards, § Spending Action Dice,
§ Basic Rules for Sequence of Activation, § Nanosync Skills, § Spawn Phase)."""

import pytest

from .conftest import types


def test_canopus_cost_five_paid_with_a_two_and_a_four_is_legal_and_the_surplus_is_lost(table):
    """§ 2. Calculating and Paying Action Costs, the Canopus example."""
    table.begin_round(initiative="vaa-lith", vaa_lith=[2, 4, 3, 5, 2])
    table.do("spend-dice", character="vaa", values=[2, 4], cost=5, purpose="Canopus")
    assert table.char("vaa-lith")["dice"]["spent"] == [2, 4]
    assert table.char("vaa-lith")["dice"]["available"] == [3, 5, 2]


def test_a_single_die_below_the_cost_does_not_pay(table):
    table.begin_round(initiative="vaa-lith", vaa_lith=[2, 4, 3, 5, 2])
    v = table.refused("spend-dice", "2. Calculating and Paying Action Costs", character="vaa", values=[4], cost=5)
    assert v.rule == "nanolith.txt § 2. Calculating and Paying Action Costs"


@pytest.mark.parametrize("dice, values, combination, cost", [
    ([3, 3, 4, 5, 2], [3, 3], "double", 3),
    ([4, 4, 2, 5, 2], [4, 4], "double", 3),
    ([5, 5, 5, 3, 2], [5, 5, 5], "triple", 2),
    ([3, 4, 5, 2, 2], [3, 4, 5], "straight", 3),
    ([5, 3, 4, 2, 2], [5, 3, 4], "straight", 2),
])
def test_combinations_at_or_above_their_minimum_pay(table, dice, values, combination, cost):
    """§ Skill Cards: "Skills can also be activated by higher Action Dice with the same dice combination"."""
    table.begin_round(ashitaka=dice)
    table.do("spend-dice", character="ash", values=values, combination=combination, cost=cost)
    assert sorted(table.char("ashitaka")["dice"]["spent"]) == sorted(values)


@pytest.mark.parametrize("dice, values, combination, cost", [
    ([3, 4, 5, 2, 2], [3, 4], "double", 3),         # not a double
    ([2, 2, 3, 4, 6], [2, 2], "double", 3),         # a double, but below the cost
    ([3, 3, 4, 5, 2], [3, 3, 4], "triple", 3),      # not a triple
    ([3, 3, 3, 5, 2], [3, 3, 3], "double", 3),      # three dice are not a double
    ([3, 4, 6, 2, 2], [3, 4, 6], "straight", 3),    # not a row
    ([3, 4, 6, 2, 2], [3, 4], "straight", 3),       # too short
    ([2, 3, 4, 6, 2], [2, 3, 4], "straight", 3),    # a row starting below the cost
])
def test_combinations_are_actual_doubles_triples_or_rows(table, dice, values, combination, cost):
    """§ Skill Cards: "You cannot achieve the two 3s by combining one die with 3 pips, one die with 1 pip
    and one die with 2 pips. Dice combinations have to be actual doubles, triples or rows"."""
    table.begin_round(ashitaka=dice)
    assert table.refused("spend-dice", "Skill Cards", character="ash", values=values, combination=combination, cost=cost).rule == "nanolith.txt § Skill Cards"


def test_two_threes_cannot_be_assembled_from_a_three_a_one_and_a_two(table):
    """§ Skill Cards, the "Go get Them!" example (Cora, two 3s)."""
    table.begin_round(initiative="cora", cora=[3, 1, 2, 5, 6])
    table.set("characters.cora.stress", 0)
    assert table.refused("spend-dice", "Skill Cards", character="cora", values=[3, 1, 2], combination="double", cost=3).rule == "nanolith.txt § Skill Cards"


def test_spending_a_die_you_do_not_have_is_refused_and_changes_nothing(acting):
    v = acting.refused("spend-dice", "Spending Action Dice", character="ash", values=[1])
    assert v.rule == "nanolith.txt § Spending Action Dice"
    assert "unspent: 3 4 5 3 6" in v.reason


def test_each_value_takes_the_first_unspent_die_showing_it_in_roll_order(acting):
    acting.do("spend-dice", character="ash", values=[3])
    dice = acting.state["characters"]["ashitaka"]["dice"]
    assert [d["spent"] for d in dice] == [True, False, False, False, False]
    acting.do("spend-dice", character="ash", values=[3])
    assert acting.char("ashitaka")["dice"]["available"] == [4, 5, 6]


def test_placing_the_last_die_puts_a_reinforcement_token_in_the_pool(acting):
    """§ Spawn Phase: "Whenever a character places his or her last Action Dice in the Inactive Index, a RT is placed"."""
    assert "ReinforcementTokensPlaced" not in types(acting.do("spend-dice", character="ash", values=[3, 4, 5, 3]))
    events = acting.do("spend-dice", character="ash", values=[6])
    assert "ReinforcementTokensPlaced" in types(events)
    assert acting.board()["reinforcement_pool"] == 1


def test_dice_on_the_stress_spaces_of_the_inactive_index_give_stress(table):
    """§ Spending Action Dice: "Whenever an Action Die is placed in a space of the Inactive Index with the
    Stress Icon, the player gets 1 Stress Point". The spaces are read off the Player Board."""
    table.do("set-stress-spaces", character="ash", slots=[3, 5])
    table.begin_round()
    table.do("spend-dice", character="ash", values=[3, 4])
    assert table.char("ashitaka")["stress"] == 0
    table.do("spend-dice", character="ash", values=[5])
    assert table.char("ashitaka")["stress"] == 1
    table.do("spend-dice", character="ash", values=[3, 6])
    assert table.char("ashitaka")["stress"] == 2
    assert table.char("ashitaka")["dice"]["inactive_index"] == [3, 4, 5, 3, 6]


def test_by_default_no_inactive_index_space_gives_stress(acting):
    acting.do("spend-dice", character="ash", values=[3, 4, 5, 3, 6])
    assert acting.char("ashitaka")["stress"] == 0


def test_the_initiative_holder_activates_first(acting):
    """§ 1.1 Status Phase: "The player holding the Initiative Token will be the first player to start their Action Phase"."""
    assert acting.refused("spend-dice", "1.1 Status Phase", character="cora", values=[2]).rule == "nanolith.txt § 1.1 Status Phase"


def test_no_character_acts_while_another_activates(acting):
    """§ Basic Rules for Sequence of Activation: "While one character is activating, no other characters are allowed to activate"."""
    acting.do("spend-dice", character="ash", values=[4])
    assert acting.refused("spend-dice", "Basic Rules for Sequence of Activation", character="cora", values=[2]).rule == "nanolith.txt § Basic Rules for Sequence of Activation"
    acting.do("end-activation", character="ash")
    acting.do("spend-dice", character="cora", values=[2])
    assert acting.board()["activating"] == "cora"


def test_a_character_who_ended_their_activation_performs_no_more_actions(acting):
    """§ Basic Rules for Sequence of Activation: "that character will not be able to perform any more actions in that Round"."""
    acting.do("spend-dice", character="ash", values=[4])
    acting.do("end-activation", character="ash")
    assert acting.refused("spend-dice", "Basic Rules for Sequence of Activation", character="ash", values=[5]).rule == "nanolith.txt § Basic Rules for Sequence of Activation"


def test_a_nanosync_is_paid_out_of_turn_and_its_last_die_still_places_a_token(table):
    """§ Nanosync Skills, the Provoke example: Ada, done with her activation, spends her last die (a 1) for
    Ashitaka's Skill; "Ada spends the last die, which means that 1 Reinforcement Token has to be placed"."""
    table.begin_round(initiative="ada", ada=[4, 5, 3, 2, 1])
    table.do("spend-dice", character="ada", values=[4, 5, 3, 2])
    table.do("end-activation", character="ada")
    table.do("spend-dice", character="ash", values=[4], purpose="Provoke")
    events = table.do("spend-dice", character="ada", values=[1], nanosync=True, purpose="Provoke")
    assert types(events) == ["DiceSpent", "ReinforcementTokensPlaced"]
    assert table.board()["activating"] == "ashitaka" and table.board()["reinforcement_pool"] == 1
    assert table.char("ada")["activated"] is True


def test_a_nanosync_needs_another_character_activating_and_one_die(acting):
    assert acting.refused("spend-dice", "Nanosync Skills", character="ada", values=[4], nanosync=True).rule == "nanolith.txt § Nanosync Skills"
    acting.do("spend-dice", character="ash", values=[4])
    assert acting.refused("spend-dice", "Nanosync Skills", character="ada", values=[4, 5], nanosync=True).rule == "nanolith.txt § Nanosync Skills"
    assert acting.refused("spend-dice", "Nanosync Skills", character="ash", values=[5], nanosync=True).rule == "nanolith.txt § Nanosync Skills"


def test_when_everyone_has_activated_the_spawn_phase_begins(acting):
    """§ Basic Rules for Sequence of Activation: "When all characters have completed their activation, the
    Character Action Phase ends and the Enemy Spawn Phase begins"."""
    for c in ("ash", "vaa", "cora"):
        acting.do("end-activation", character=c)
    assert acting.board()["phase"] == "character-action"
    events = acting.do("end-activation", character="ada")
    assert events[-1].type == "PhaseChanged" and acting.board()["phase"] == "spawn"


def test_sidekick_spends_cora_s_dice(acting):
    """§ Cora and Sidekick: "He does all of this with Cora's Action Dice"."""
    assert acting.refused("spend-dice", "Cora and Sidekick", character="sk", values=[2]).rule == "nanolith.txt § Cora and Sidekick"
