"""Attacks from the Combat Dice rolled (nanolith.txt § Attacks, § Armor, § Immunities to Types of Attack,
§ Special Rule: Force Success, § Stress Factors, § 3. Rolling the Dice & Determining Damage,
§ Lower Difficulty Level)."""

import pytest


from .conftest import Table, types


@pytest.fixture
def fight(acting):
    """Ada holds the initiative; a Spawn (Lv. 1; Life Points assumed 4) and a Security Droid on the map."""
    acting.do("place-enemy", enemy_type="spawn", standee=1, life=4)
    acting.do("place-enemy", enemy_type="security-droid", standee=1, life=4)
    acting.do("end-activation", character="ash")
    acting.do("spend-dice", character="ada", values=[4], purpose="Nanopulsar")
    return acting


def test_armor_lowers_adas_single_hit_on_the_spawn_to_zero(fight):
    """§ Armor: "She rolls 2 Combat Dice ... a 2 and a 6 ... Defense Value of 6 ... 1 point of Armor ... the Spawn takes 0 Damage"."""
    events = fight.do("attack", character="ada", target="spawn-1", roll=[2, 6], defense=6, armor=1, kind="ranged")
    assert (events[0].hits, events[0].damage) == (1, 0)
    assert fight.board()["enemies"]["spawn-1"]["damage"] == 0


def test_two_hits_through_one_armor_deal_one_damage(fight):
    """§ Armor: "If Ada had hit the Spawn twice, it would have taken 1 Damage Point"."""
    fight.do("attack", character="ada", target="spawn-1", roll=[6, 6], defense=6, armor=1)
    assert fight.board()["enemies"]["spawn-1"]["damage"] == 1


def test_an_x_defense_is_immune(fight):
    """§ Immunities to Types of Attack: "It cannot be damaged by that type of attack"."""
    events = fight.do("attack", character="ada", target="spawn-1", roll=[8, 8], defense="X")
    assert events[0].damage == 0 and fight.board()["enemies"]["spawn-1"]["damage"] == 0
    fight.refused("attack", "invalid_input", character="ada", target="spawn-1", roll=[8], defense="Y")


def test_ones_give_stress_even_when_rerolled(fight):
    """§ Stress Factors: "Even if a die is re-rolled ... after showing a 1 on the first roll, the rolling
    character's Stress Cube must be moved 1 space to the right ... you cannot avoid Stress by re-rolling"."""
    events = fight.do("attack", character="ada", target="security-droid-1", roll=[1, 1, 3], defense=5, reroll=["1:6", "3:1"])
    assert events[0].final == [6, 1, 1] and events[0].damage == 1
    assert fight.char("ada")["stress"] == 3  # two 1s first, and the 3 rerolled into a 1


def test_a_reroll_must_name_a_die_of_the_first_roll(fight):
    fight.refused("attack", "invalid_input", character="ada", target="spawn-1", roll=[2, 6], defense=6, reroll=["5:8"])


def test_eliminated_enemies_return_to_the_spawn_pool(fight):
    """§ 4. Rolling the Dice & Determining Damage: "the enemy is eliminated; its standee is ... placed back in the Spawn Pool"."""
    events = fight.do("attack", character="ada", target="security-droid-1", roll=[5, 6, 7, 8], defense=5)
    assert types(events)[-1] == "EnemyEliminated"
    assert fight.board()["spawn_pool"] == {"security-droid": [1]}


def test_cora_forces_a_success_on_the_door_for_two_damage(fight):
    """§ Special Rule: Force Success: "Cora rolls a 2 and a 6. As the Door has a Defense Value of 5, Cora inflicts
    1 Damage Point ... Cora is allowed to inflict 2 Damage Points on herself ... The Door then takes a total of 2"."""
    fight.do("end-activation", character="ada")
    fight.do("spend-dice", character="cora", values=[4], purpose="hack the Door")
    events = fight.do("attack", character="cora", target="door", roll=[2, 6], defense=5, profile=True, kind="hacking",
                      force=1, force_damage=2)
    assert (events[0].hits, events[0].forced, events[0].damage) == (2, 1, 2)
    assert fight.char("cora")["damage"] == 2


def test_force_success_is_once_per_failed_die_and_only_on_hacking_profiles(fight):
    assert fight.refused("attack", "Special Rule: Force Success", character="ada", target="door", roll=[2, 6], defense=5, profile=True,
                         force=2, force_damage=2).rule == "nanolith.txt § Special Rule: Force Success"
    assert fight.refused("attack", "Special Rule: Force Success", character="ada", target="spawn-1", roll=[2, 6], defense=5,
                         force=1, force_damage=2).rule == "nanolith.txt § Special Rule: Force Success"


def test_characters_attack_enemies_on_the_map_only(fight):
    assert fight.refused("attack", "Ashitaka – Rush", character="ada", target="cora", roll=[6], defense=5).rule == "nanolith.txt § Ashitaka – Rush"
    fight.refused("attack", "invalid_input", character="ada", target="bio-mutant-9", roll=[6], defense=5)


def test_a_character_attacks_during_their_own_activation(fight):
    assert fight.refused("attack", "Basic Rules for Sequence of Activation", character="cora", target="spawn-1", roll=[6], defense=5).rule \
        == "nanolith.txt § Basic Rules for Sequence of Activation"


def test_an_enemy_one_places_a_reinforcement_token(table):
    """§ Cora – Mindhack: "She rolls a 1, 7 and 8 ... the Security Droid takes 2 Damage Points. Cora also has to
    place 1 Reinforcement Token in the Reinforcement Pool, because the enemy has rolled a 1"."""
    table.do("place-enemy", enemy_type="bio-mutant", standee=1, life=3)
    table.do("place-enemy", enemy_type="security-droid", standee=1, life=4)
    table.begin_round(initiative="cora")
    table.set("characters.cora.nanoshock_token", "active")
    table.do("perform-nanoshock-action", character="cora")
    table.do("enemy-attack", enemy="bio-mutant-1", target="security-droid-1", roll=[1, 7, 8], defense=5)
    assert table.board()["enemies"]["security-droid-1"]["damage"] == 2
    assert table.board()["reinforcement_pool"] == 1
    assert table.char("cora")["stress"] == 0


def test_enemy_ones_place_no_token_on_the_lower_difficulty_level():
    """§ Lower Difficulty Level: "Whenever enemies roll a 1, no RT is placed in the Reinforcement Pool"."""
    t = Table()
    t.do("start-encounter", name="Easy", lower_difficulty=True)
    t.do("place-enemy", enemy_type="security-droid", standee=1, life=4)
    t.begin_round()
    t.pass_round()
    t.do("enemy-attack", enemy="security-droid-1", target="cora", roll=[1, 1, 6], defense=5)
    assert t.board()["reinforcement_pool"] == 0 and t.char("cora")["damage"] == 1


def test_an_enemy_attack_damages_gives_effects_and_shock(table):
    """§ 3. Rolling the Dice & Determining Damage; § Status Effects; § Shock."""
    table.do("place-enemy", enemy_type="security-droid", standee=1, life=4)
    table.begin_round()
    table.pass_round()
    table.set("characters.cora.stress", 4)
    table.do("enemy-attack", enemy="security-droid-1", target="cora", roll=[3, 5, 6], defense=5, armor=1,
             effect="poisoned", effect_count=2, shock=True)
    cora = table.char("cora")
    assert (cora["damage"], cora["effects"]["poisoned"], cora["stress_limit"], cora["stress"]) == (1, 2, 5, 4)


def test_a_paralyzed_enemy_does_not_attack(table):
    """§ Paralyzed: "Paralyzed enemies are not activated during the Enemy Action Phase"."""
    table.do("place-enemy", enemy_type="security-droid", standee=1, life=4)
    table.do("give-effect", target="security-droid-1", effect="paralyzed")
    table.begin_round()
    table.pass_round()
    assert table.refused("enemy-attack", "Paralyzed", enemy="security-droid-1", target="cora", roll=[6], defense=5).rule == "nanolith.txt § Paralyzed"
    table.do("remove-effect", target="security-droid-1", effect="paralyzed")
    table.do("enemy-attack", enemy="security-droid-1", target="cora", roll=[6], defense=5)
