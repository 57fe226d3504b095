"""Falling Unconscious, the Rush and Falling Stars exceptions, and the Nanophoenix
(nanolith.txt § Unconscious, § Nanoshock Examples, § 3. Rolling the Dice & Determining Damage)."""

import pytest

from .conftest import DICE, types


@pytest.fixture
def rush(acting):
    """§ Ashitaka – Rush: "He has 8 Damage Points and 2 Stress Points", one Nanoshock already taken
    (Nanoshock Cube at 5) and the Token active. Life Points assumed: Bio-Mutant 3, Security Droid 4."""
    for n in (1, 2):
        acting.do("place-enemy", enemy_type="bio-mutant", standee=n, life=3)
    for n in (1, 2, 3, 4):
        acting.do("place-enemy", enemy_type="security-droid", standee=n, life=4)
    for path, value in [("damage", 8), ("stress", 2), ("nanoshocks", 1), ("stress_limit", 5), ("nanoshock_token", "active")]:
        acting.set(f"characters.ashitaka.{path}", value)
    acting.do("perform-nanoshock-action", character="ash")
    return acting


def test_rush_with_the_rulebook_rolls(rush):
    """§ Ashitaka – Rush: 1 4 6 vs Defense 4 -> 2 Damage, +1 Stress; 4 5 1 vs 5 -> 1 Damage, +1 Stress;
    4 6 8 vs 4 -> eliminated; 1 6 8 vs 5 -> 2 Damage, +1 Stress -> second Nanoshock -> 10 -> Unconscious."""
    rush.do("attack", character="ash", target="bio-mutant-1", roll=[1, 4, 6], defense=4)
    assert (rush.board()["enemies"]["bio-mutant-1"]["damage"], rush.char("ashitaka")["stress"]) == (2, 3)
    rush.do("attack", character="ash", target="security-droid-1", roll=[4, 5, 1], defense=5)
    assert (rush.board()["enemies"]["security-droid-1"]["damage"], rush.char("ashitaka")["stress"]) == (1, 4)
    events = rush.do("attack", character="ash", target="bio-mutant-2", roll=[4, 6, 8], defense=4)
    assert "EnemyEliminated" in types(events) and "bio-mutant-2" not in rush.board()["enemies"]
    assert 2 in rush.board()["spawn_pool"]["bio-mutant"]
    events = rush.do("attack", character="ash", target="security-droid-2", roll=[1, 6, 8], defense=5)
    assert types(events) == ["AttackRolled", "StressGained", "NanoshockTriggered", "DamageTaken", "FellUnconscious", "EnemyDamaged"]
    ash = rush.char("ashitaka")
    assert (ash["unconscious"], ash["damage"], ash["stress"], ash["stress_limit"], ash["nanoshocks"]) == (True, 0, 0, 6, 2)
    assert rush.board()["enemies"]["security-droid-2"]["damage"] == 2


def test_rush_goes_on_after_ashitaka_falls_unconscious_without_stress(rush):
    """"he can still perform the remaining attacks for this Nanoshock Action (but he will not get any more
    Stress for any 1s rolled)". The last two rolls are not printed: assumed 1 5 6 and 1 2 5."""
    rush.set("characters.ashitaka.stress", 4)
    rush.do("attack", character="ash", target="security-droid-2", roll=[1, 6, 8], defense=5)
    for droid, roll in [("security-droid-3", [1, 5, 6]), ("security-droid-4", [1, 2, 5])]:
        events = rush.do("attack", character="ash", target=droid, roll=roll, defense=5)
        assert types(events) == ["AttackRolled", "EnemyDamaged"]
    assert rush.char("ashitaka")["stress"] == 0 and rush.char("ashitaka")["nanoshocks"] == 2
    assert [rush.board()["enemies"][d]["damage"] for d in ("security-droid-3", "security-droid-4")] == [2, 1]
    rush.do("end-nanoshock-action", character="ash")
    assert rush.char("ashitaka")["nanoshock_token"] == "inactive"
    assert rush.board()["activating"] is None


def test_falling_stars_with_the_rulebook_roll(acting):
    """§ Vaa-Lith – Falling Stars: 5 Stress, heavily wounded (assumed 8 Damage); 1 4 5 7 vs Nanoshock Defense 4:
    "The Bio-Mutant takes 3 Damage Points and is eliminated. Vaa-Lith gets 1 Stress Point and falls unconscious"."""
    acting.do("end-activation", character="ash")
    acting.do("place-enemy", enemy_type="bio-mutant", standee=1, life=3)
    for n in (1, 2, 3):
        acting.do("place-enemy", enemy_type="security-droid", standee=n, life=4)
    for path, value in [("damage", 8), ("stress", 5), ("nanoshock_token", "active")]:
        acting.set(f"characters.vaa-lith.{path}", value)
    acting.do("perform-nanoshock-action", character="vaa")
    acting.do("attack", character="vaa", target="bio-mutant-1", roll=[1, 4, 5, 7], defense=4)
    assert "bio-mutant-1" not in acting.board()["enemies"]
    assert acting.char("vaa-lith")["unconscious"] is True
    for n, roll in [(1, [1, 5, 6, 8]), (2, [1, 1, 2, 3]), (3, [5, 5, 7, 1])]:
        events = acting.do("attack", character="vaa", target=f"security-droid-{n}", roll=roll, defense=5)
        assert not {"StressGained", "DamageTaken", "NanoshockTriggered"} & set(types(events))
    vaa = acting.char("vaa-lith")
    assert (vaa["damage"], vaa["stress"], vaa["nanoshocks"], vaa["stress_limit"]) == (0, 0, 1, 6)


def test_falling_unconscious_resets_the_board_and_removes_tokens(acting):
    """§ Unconscious: "their Damage Cube, Stress Cube and Nanoshock Cube are immediately moved to the
    corresponding Zero Spaces and all Effect Tokens are removed"; Skill Tokens too."""
    acting.do("give-effect", target="cora", effect="poisoned", count=2)
    acting.set("characters.cora.skill_tokens", 3)
    acting.set("characters.cora.stress_limit", 4)
    acting.set("characters.cora.stress", 3)
    acting.set("characters.cora.damage", 9)
    acting.do("take-damage", target="cora", amount=3)
    cora = acting.char("cora")
    assert (cora["unconscious"], cora["damage"], cora["stress"], cora["stress_limit"], cora["skill_tokens"]) == (True, 0, 0, 6, 0)
    assert set(cora["effects"].values()) == {0}


def test_an_unconscious_character_takes_no_damage_stress_or_effects_and_cannot_act(acting):
    """§ Unconscious: "Unconscious characters can never take Damage, Stress or Nanoshocks"; "immune to all other
    Status Effects"; "cannot perform any kind of actions"; they cannot be targeted by enemies."""
    acting.set("characters.ada.damage", 9)
    acting.do("take-damage", target="ada", amount=1)
    for verb, raw in [("take-damage", {"target": "ada", "amount": 1}), ("gain-stress", {"character": "ada", "amount": 1}),
                      ("give-effect", {"target": "ada", "effect": "poisoned"}), ("shock", {"character": "ada"}),
                      ("heal", {"character": "ada", "amount": 1})]:
        assert acting.refused(verb, **raw).rule.startswith("nanolith.txt § ")
    acting.do("end-activation", character="ash")
    assert acting.refused("spend-dice", "Unconscious", character="ada", values=[4]).rule == "nanolith.txt § Unconscious"


def test_the_activating_character_falling_unconscious_ends_their_activation(acting):
    """§ Unconscious: "If a character falls unconscious while activating, they immediately end their activation"."""
    acting.do("spend-dice", character="ash", values=[4])
    acting.set("characters.ashitaka.damage", 9)
    events = acting.do("take-damage", target="ash", amount=2)
    assert types(events)[-2:] == ["FellUnconscious", "ActivationEnded"]
    assert acting.board()["activating"] is None


def test_unconscious_characters_are_skipped_in_later_rounds(acting):
    """§ 3. Rolling the Dice & Determining Damage: "the character will be skipped during the Character Phase in the next Rounds"."""
    acting.set("characters.cora.damage", 9)
    acting.do("take-damage", target="cora", amount=1)
    acting.pass_round()
    acting.do("start-round")
    for c in ("ashitaka", "vaa-lith", "ada"):
        acting.do("roll-action-dice", character=c, dice=DICE[c])
    assert acting.refused("roll-action-dice", "Unconscious", character="cora", dice=DICE["cora"]).rule == "nanolith.txt § Unconscious"
    acting.do("give-initiative", character="ada")
    assert "cora" not in acting.ruleset.views["turn"](acting.state)["to_activate"]


def test_the_nanophoenix_brings_a_character_back_to_roll_and_activate_in_the_same_round(acting):
    """§ Unconscious: "they may roll their Action Dice and activate during the Round in which the Unconscious Token is removed"."""
    acting.set("characters.cora.damage", 9)
    acting.do("take-damage", target="cora", amount=1)
    assert acting.refused("remove-effect", "Unconscious", target="cora", effect="unconscious").rule == "nanolith.txt § Unconscious"
    acting.do("revive", character="cora")
    assert acting.char("cora")["unconscious"] is False
    acting.do("roll-action-dice", character="cora", dice=[6, 6, 5, 4, 3])
    assert acting.char("cora")["dice"]["available"] == [6, 6, 5, 4, 3]
    assert acting.refused("revive", "Unconscious", character="cora").rule == "nanolith.txt § Unconscious"


def test_cora_falling_unconscious_in_her_nanoshock_action_ends_it_at_once(acting):
    """§ Unconscious: only Rush and Falling Stars go on after their performer falls Unconscious."""
    acting.do("end-activation", character="ash")
    acting.set("characters.cora.nanoshock_token", "active")
    acting.set("characters.cora.damage", 9)
    acting.do("perform-nanoshock-action", character="cora")
    events = acting.do("take-damage", target="cora", amount=1)
    assert types(events)[-3:] == ["FellUnconscious", "NanoshockActionEnded", "ActivationEnded"]
    assert acting.board()["nanoshock_action"] is None
