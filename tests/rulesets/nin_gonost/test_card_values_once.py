"""The values the players give for a recruited figure's card (nin-gonost.txt § Components In Nîn-Gonost, The Cards: "A
single card represents a single character"): each value once, numbers as a card prints them."""

import pytest

from domain.core import BadInput

from .conftest import Battle


@pytest.mark.parametrize("card, key", [(["alignment=evil", "res=10", "res=11"], "res"), (["evil", "alignment=good"], "alignment"),
                                       (["con=4", "CON=5"], "con")])
def test_a_card_value_given_twice_is_refused_and_nothing_is_recruited(card, key):
    battle = Battle()
    refusal = battle.refused("recruit", BadInput, warband="orcs", card_id="orc-warrior", card=card)
    assert f"the card's {key} is given twice" in refusal.message
    assert refusal.fields == {"card": [f"{key} is given twice"]}
    assert battle.state["figures"] == {}


def test_a_negative_resistance_is_refused_saying_it_is_0_or_more():
    """§ The Cards: RESISTANCE is a number the incoming Power must exceed ("Sir Galwen's Resistance is 14"); only the
    Damage Bonuses in the Fight and Range circles may be negative (unarmed combat "has a -1 penalty")."""
    refusal = Battle().refused("recruit", BadInput, warband="orcs", card_id="orc-warrior", card=["alignment=evil", "res=-5"])
    assert refusal.message == "the card's res is 0 or more (only fight_bonus and range_bonus may be negative), not -5"
    assert "whole number" in Battle().refused("recruit", BadInput, warband="orcs", card_id="orc-warrior", card=["res=ten"]).message


def test_a_negative_damage_bonus_is_accepted():
    battle = Battle()
    battle.do("recruit", warband="orcs", card_id="goblin", card=["name=Goblin", "alignment=evil", "fight_bonus=-1", "res=4", "ap=3"])
    assert battle.state["figures"]["goblin"]["card"]["fight_bonus"] == -1
