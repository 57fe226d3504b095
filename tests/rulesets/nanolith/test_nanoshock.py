"""Stress, Nanoshocks, the Nanoshock Cube and Token, Shock and the Nanoshock Action
(nanolith.txt § Stress, § Nanoshock, § Nanoshock Cube, § Nanoshock Action, § Shock)."""

from .conftest import types


def test_stress_reaching_the_nanoshock_cube_gives_a_nanoshock(acting):
    """§ Nanoshock steps 1-4: Stress to 0, 2 Damage, Token active, Nanoshock Cube one space left."""
    acting.set("characters.cora.stress", 5)
    events = acting.do("gain-stress", character="cora", amount=1)
    assert types(events) == ["StressGained", "NanoshockTriggered", "DamageTaken"]
    cora = acting.char("cora")
    assert (cora["stress"], cora["damage"], cora["nanoshock_token"], cora["stress_limit"], cora["nanoshocks"]) == (0, 2, "active", 5, 1)


def test_stress_comes_one_point_at_a_time_so_one_cause_can_bring_several_nanoshocks(acting):
    """§ Stress / § Nanoshock Cube: "the Stress Index gets smaller and smaller"; § Spawn Phase: excess RT
    "may cause the player holding the Initiative Token to gain one or more Nanoshocks"."""
    acting.set("characters.ada.stress", 4)
    events = acting.do("gain-stress", character="ada", amount=7)
    assert types(events).count("NanoshockTriggered") == 2
    ada = acting.char("ada")
    # 4 -> 6: Nanoshock (Cube to 5); then 5 more points: 1..5: Nanoshock (Cube to 4)
    assert (ada["stress"], ada["stress_limit"], ada["nanoshocks"], ada["damage"]) == (0, 4, 2, 4)


def test_the_next_nanoshock_comes_sooner(acting):
    acting.set("characters.ada.stress_limit", 5)
    acting.set("characters.ada.stress", 4)
    assert "NanoshockTriggered" in types(acting.do("gain-stress", character="ada", amount=1))
    assert acting.char("ada")["stress_limit"] == 4


def test_shock_moves_the_nanoshock_cube_one_space_left(acting):
    """§ Shock: "the character's Nanoshock Cube is moved 1 space to the left on the Stress Index"."""
    acting.set("characters.cora.stress", 2)
    acting.do("shock", character="cora")
    cora = acting.char("cora")
    assert (cora["stress_limit"], cora["stress"], cora["damage"], cora["nanoshocks"]) == (5, 2, 0, 0)


def test_shock_hitting_the_stress_cube_deals_two_damage_without_a_nanoshock(acting):
    """§ Shock: "If this causes the Nanoshock Cube to hit the Stress Cube, the character takes 2 Damage
    Points and the Stress Cube is placed on the Zero Space. However, the character is not allowed to turn
    over their Nanoshock Token. A character cannot get a Nanoshock from the Shock Effect"."""
    acting.set("characters.cora.stress", 5)
    events = acting.do("shock", character="cora")
    assert types(events) == ["ShockResolved", "DamageTaken"]
    cora = acting.char("cora")
    assert (cora["stress_limit"], cora["stress"], cora["damage"], cora["nanoshock_token"], cora["nanoshocks"]) == (5, 0, 2, "inactive", 0)


def test_a_nanoshock_action_needs_an_active_token_and_flips_it(acting):
    """§ Nanoshock Action: "the character can flip the Token at any time during their Action Phase"."""
    assert acting.refused("perform-nanoshock-action", "Nanoshock Action", character="ash").rule == "nanolith.txt § Nanoshock Action"
    acting.set("characters.ashitaka.nanoshock_token", "active")
    acting.do("perform-nanoshock-action", character="ash")
    assert acting.char("ashitaka")["nanoshock_token"] == "inactive"
    assert acting.board()["nanoshock_action"]["character"] == "ashitaka"
    assert acting.board()["activating"] == "ashitaka"
    assert acting.refused("end-activation", "Nanoshock Action", character="ash").rule == "nanolith.txt § Nanoshock Action"
    acting.do("end-nanoshock-action", character="ash")
    assert acting.board()["nanoshock_action"] is None and acting.board()["activating"] == "ashitaka"


def test_a_nanoshock_obtained_during_the_nanoshock_action_is_discarded_after_it(acting):
    """§ Ashitaka – Rush: "any Nanoshock Tokens obtained must be discarded immediately after performing the
    Nanoshock Action" (Questlog applies it to every Nanoshock obtained during one)."""
    acting.set("characters.ashitaka.nanoshock_token", "active")
    acting.set("characters.ashitaka.stress", 5)
    acting.do("place-enemy", enemy_type="bio-mutant", standee=1, life=9)
    acting.do("perform-nanoshock-action", character="ash")
    acting.do("attack", character="ash", target="bio-mutant-1", roll=[1, 4, 6], defense=4)
    assert acting.char("ashitaka")["nanoshock_token"] == "active"
    events = acting.do("end-nanoshock-action", character="ash")
    assert events[0].token_discarded is True
    assert acting.char("ashitaka")["nanoshock_token"] == "inactive"


def test_a_hacked_character_cannot_perform_a_nanoshock_action(acting):
    acting.set("characters.ashitaka.nanoshock_token", "active")
    acting.do("give-effect", target="ash", effect="hacked")
    assert acting.refused("perform-nanoshock-action", "Hacked", character="ash").rule == "nanolith.txt § Hacked"


def test_a_nanoshock_attack_needs_a_nanoshock_action(acting):
    acting.do("place-enemy", enemy_type="bio-mutant", standee=1, life=3)
    acting.do("spend-dice", character="ash", values=[4])
    assert acting.refused("attack", "Nanoshock Attacks", character="ash", target="bio-mutant-1", roll=[4], defense=4, kind="nanoshock").rule == "nanolith.txt § Nanoshock Attacks"
