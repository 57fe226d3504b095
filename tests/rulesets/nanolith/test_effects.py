"""Effect Tokens and their maxima, Hacked, and Sidekick (nanolith.txt § Status Effects, § Hacked,
§ Paralyzed, § Cora and Sidekick)."""

import pytest

from .conftest import Table


def test_excess_effect_tokens_are_not_placed(table):
    """§ Status Effects: "Any excess Effect Tokens are not placed on the Player Board" (Poisoned: 4)."""
    table.do("give-effect", target="ash", effect="poisoned", count=3)
    events = table.do("give-effect", target="ash", effect="poisoned", count=3)
    assert (events[0].requested, events[0].placed, events[0].count) == (3, 1, 4)
    assert table.char("ashitaka")["effects"]["poisoned"] == 4


@pytest.mark.parametrize("effect, maximum", [("hacked", 4), ("bleeding", 1)])
def test_effect_token_maxima(table, effect, maximum):
    table.do("give-effect", target="vaa", effect=effect, count=9)
    assert table.char("vaa-lith")["effects"][effect] == maximum


def test_an_encounter_may_set_its_own_maxima_and_effects():
    t = Table()
    t.do("start-encounter", name="Toxic", poisoned_max=2, other_effects=["Burning:3"])
    t.do("give-effect", target="cora", effect="poisoned", count=4)
    t.do("give-effect", target="cora", effect="burning", count=4)
    assert t.char("cora")["effects"]["poisoned"] == 2 and t.char("cora")["effects"]["burning"] == 3


def test_effects_go_to_who_can_get_them(table):
    """§ Poisoned: "only characters can get"; § Paralyzed: "only enemies can get"; Sidekick is immune."""
    table.do("place-enemy", enemy_type="bio-mutant", standee=1, life=3)
    assert table.refused("give-effect", "Poisoned", target="bio-mutant-1", effect="poisoned").rule == "nanolith.txt § Poisoned"
    assert table.refused("give-effect", "Paralyzed", target="ada", effect="paralyzed").rule == "nanolith.txt § Paralyzed"
    assert table.refused("give-effect", "Status Effects", target="ada", effect="sleepy").rule == "nanolith.txt § Status Effects"
    table.do("sidekick-enters", life=3)
    assert table.refused("give-effect", "More on Sidekick", target="sk", effect="poisoned").rule == "nanolith.txt § More on Sidekick"


@pytest.fixture
def hacked(acting):
    acting.do("give-effect", target="ash", effect="hacked", count=3)
    return acting


def test_a_hacked_character_can_only_try_to_remove_it(hacked):
    """§ Hacked: "As long as a character has at least 1 Hacked Token, they can't do anything other than try to remove it"."""
    assert hacked.refused("spend-dice", "Hacked", character="ash", values=[4]).rule == "nanolith.txt § Hacked"
    hacked.do("remove-hacked", character="ash", die=4, roll=[3])  # starts his activation
    hacked.do("end-activation", character="ash")
    hacked.do("spend-dice", character="cora", values=[2])
    hacked.set("characters.ashitaka.effects.hacked", 1)
    assert hacked.refused("spend-dice", "Hacked", character="ash", values=[5], nanosync=True).rule == "nanolith.txt § Hacked"


def test_a_failed_hacking_attack_removes_one_hacked_token(hacked):
    """§ Hacked: "If the Hacking Attack fails, remove 1 Hacked Token"."""
    hacked.do("remove-hacked", character="ash", die=3, roll=[5])
    assert hacked.char("ashitaka")["effects"]["hacked"] == 2
    assert hacked.char("ashitaka")["dice"]["spent"] == [3]


def test_a_successful_hacking_attack_removes_all_hacked_tokens(hacked):
    """§ Hacked: "If the Hacking Attack is successful, remove ALL of the character's Hacked Tokens"; then the
    character "is free to use any remaining Action Dice"."""
    hacked.do("remove-hacked", character="ash", die=3, roll=[1, 6])
    assert hacked.char("ashitaka")["effects"]["hacked"] == 0
    assert hacked.char("ashitaka")["stress"] == 1  # the 1 rolled on a Combat Die
    hacked.do("spend-dice", character="ash", values=[4])


def test_sidekick_takes_damage_and_leaves_the_map_when_eliminated(table):
    """§ More on Sidekick: "Once Sidekick has been eliminated, he must be removed from the Encounter Map"."""
    table.do("sidekick-enters", life=3)
    table.do("take-damage", target="sidekick", amount=2)
    assert table.board()["sidekick"]["damage"] == 2
    table.do("take-damage", target="sk", amount=1)
    assert table.board()["sidekick"]["on_map"] is False
