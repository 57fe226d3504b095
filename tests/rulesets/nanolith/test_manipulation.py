"""Manipulating the Action Dice (nanolith.txt § Manipulating the Action Dice, § Hacked)."""

import pytest



@pytest.fixture
def oath(table):
    """§ Manipulating the Action Dice example: Ashitaka rolls 2, 4, 5, 2, 6."""
    table.begin_round(ashitaka=[2, 4, 5, 2, 6])
    return table


def test_ashitaka_raises_both_twos_for_oath_at_one_stress_each(oath):
    """"Ashitaka takes the two dice showing a 2 and increases them both by 1. As a result, he gets 2 Stress
    Points. Now he has effectively rolled the following: 3, 4, 5, 3, 6. He can spend both 3s to activate Oath"."""
    oath.do("manipulate-die", character="ash", value=2, direction="up")
    oath.do("manipulate-die", character="ash", value=2, direction="up")
    assert oath.char("ashitaka")["stress"] == 2
    assert oath.char("ashitaka")["dice"]["available"] == [3, 4, 5, 3, 6]
    oath.do("spend-dice", character="ash", values=[3, 3], combination="double", cost=3, purpose="Oath")
    assert oath.char("ashitaka")["dice"]["spent"] == [3, 3]


def test_each_die_is_manipulated_once_per_character_action_phase(oath):
    """"This can be done for each Action Die once per Character Action Phase"."""
    oath.do("manipulate-die", character="ash", value=2, direction="up", die=1)
    v = oath.refused("manipulate-die", "Manipulating the Action Dice", character="ash", value=3, direction="up", die=1)
    assert v.rule == "nanolith.txt § Manipulating the Action Dice"
    oath.do("manipulate-die", character="ash", value=2, direction="up")
    assert oath.refused("manipulate-die", "Manipulating the Action Dice", character="ash", value=3, direction="down").rule == "nanolith.txt § Manipulating the Action Dice"


def test_an_unmanipulated_die_showing_the_value_is_chosen_first(table):
    table.begin_round(ashitaka=[2, 3, 5, 2, 6])
    table.do("manipulate-die", character="ash", value=2, direction="up")    # die 1: 2 -> 3
    table.do("manipulate-die", character="ash", value=3, direction="up")    # die 2 (not die 1): 3 -> 4
    assert table.char("ashitaka")["dice"]["available"] == [3, 4, 5, 2, 6]
    assert table.char("ashitaka")["dice"]["manipulated"] == [1, 2]


def test_dice_stay_within_one_to_six(oath):
    """"a 6 cannot be converted into a 1 and a 1 cannot be turned into a 6"."""
    assert oath.refused("manipulate-die", "Manipulating the Action Dice", character="ash", value=6, direction="up").rule == "nanolith.txt § Manipulating the Action Dice"
    oath.refused("manipulate-die", "invalid_input", character="ash", value=7, direction="down")
    oath.refused("manipulate-die", "invalid_input", character="ash", value=2, direction="sideways")


def test_a_die_the_character_does_not_have_cannot_be_manipulated(oath):
    assert oath.refused("manipulate-die", "Manipulating the Action Dice", character="ash", value=1, direction="up").rule == "nanolith.txt § Manipulating the Action Dice"


def test_a_hacked_character_cannot_manipulate_dice(oath):
    """§ Hacked: "As long as a character has at least 1 Hacked Token, they cannot perform any Nanosyncs or manipulate Action Dice"."""
    oath.do("give-effect", target="ash", effect="hacked")
    assert oath.refused("manipulate-die", "Hacked", character="ash", value=2, direction="up").rule == "nanolith.txt § Hacked"


def test_no_manipulation_while_another_character_activates(oath):
    oath.do("spend-dice", character="ash", values=[6])
    assert oath.refused("manipulate-die", "Basic Rules for Sequence of Activation", character="cora", value=2, direction="up").rule == "nanolith.txt § Basic Rules for Sequence of Activation"


def test_manipulation_happens_in_the_character_action_phase(table):
    table.do("start-round")
    table.do("roll-action-dice", character="ash", dice=[2, 4, 5, 2, 6])
    assert table.refused("manipulate-die", "Manipulating the Action Dice", character="ash", value=2, direction="up").rule == "nanolith.txt § Manipulating the Action Dice"
