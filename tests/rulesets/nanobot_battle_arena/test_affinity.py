"""Charges after affinity and melding (nanobot-battle-arena.txt § Reaction Card Affinity, § Melding Reaction
Card Charges), with the rulebook's own numbers."""

from domain.rulesets.nanobot_battle_arena.rules import effective_charges


def test_capt_n_kitteh_plays_chronos_her_freeze_3_is_a_freeze_4():
    assert effective_charges([3], "freeze", "chronos", {"vex"}) == 4


def test_a_freeze_3_against_capt_n_kitteh_is_a_freeze_2():
    assert effective_charges([3], "freeze", "ghost", {"chronos"}) == 2


def test_a_surge_2_and_a_surge_3_melded_attack_up_to_five_tiles():
    assert effective_charges([2, 3], "surge", "vex", {"inferno"}) == 5


def test_a_storm_player_melding_two_surges_gets_plus_two_and_against_storm_minus_two():
    assert effective_charges([2, 3], "surge", "storm", {"vex"}) == 7
    assert effective_charges([2, 3], "surge", "vex", {"storm"}) == 3


def test_a_1_against_affinity_becomes_0():
    assert effective_charges([1], "burn", "vex", {"inferno"}) == 0
    assert effective_charges([1, 2], "burn", "vex", {"inferno", "storm"}) == 1


def test_a_card_used_on_ones_own_tiles_gets_only_the_plus_one():
    assert effective_charges([1], "petrify", "relic", {"relic"}) == 2
