"""Skill Cards over the campaign: conscious for 2 Nanofragments, up to 3 Active Skills (Conscious only), a
sticker per slot once (nanolith.txt § Obtaining New Skill Cards, § Lowering Skill Costs, § Lowering or
Increasing Numerical Values on Skills, § Improving Line of Sight and Range, § Exchanging Skill Cards,
§ Nanosync Tokens)."""

import pytest

from ..conftest import types

LEVELLING = "nanolith.txt § Leveling Up with Nanofragments"
EXCHANGING = "nanolith.txt § Exchanging Skill Cards"


@pytest.fixture
def medkit(group):
    group.do("obtain-skill", character="ada", skill="MedKit", start=True, combination="double", cost=[2, 2],
             numbers=["heal=3", "effect-tokens=1"], range=6)
    group.do("gain-nanofragments", character="ada", amount=5)
    return group


def test_the_medkit_example_each_upgrade_one_nanofragment(medkit):
    """§ Improving Line of Sight and Range, example: two 2s -> two 1s, heal 3 -> 4, Effect Tokens 1 -> 2."""
    medkit.do("lower-skill-cost", character="ada", skill="medkit")
    medkit.do("change-skill-number", character="ada", skill="medkit", number="heal", direction="up")
    medkit.do("change-skill-number", character="ada", skill="medkit", number="effect-tokens", direction="up")
    skill = medkit.stickers()["characters"]["ada"]["skills"]["medkit"]
    assert skill["effective"] == {"combination": "double", "cost": [1, 1], "numbers": {"heal": 4, "effect-tokens": 2}, "range": 6}
    assert skill["printed"]["cost"] == [2, 2]
    assert medkit.divider("ada")["conscious"] == 3 and medkit.divider("ada")["unconscious"] == 2


def test_the_range_sticker_costs_two(medkit):
    events = medkit.do("extend-skill-range", character="ada", skill="medkit")
    assert types(events) == ["NanofragmentsSpent", "SkillRangeExtended"] and events[0].amount == 2
    assert medkit.stickers()["characters"]["ada"]["skills"]["medkit"]["effective"]["range"] == "any"


@pytest.mark.parametrize("verb, extra", [
    ("lower-skill-cost", {}),
    ("change-skill-number", {"number": "heal", "direction": "down"}),
    ("extend-skill-range", {}),
])
def test_a_second_sticker_on_a_used_slot_is_refused(medkit, verb, extra):
    medkit.do(verb, character="ada", skill="medkit", **extra)
    assert medkit.refused(verb, character="ada", skill="medkit", **extra).rule == LEVELLING


def test_a_straight_is_lowered_one_step_keeping_its_type(group):
    """§ Lowering Skill Costs: "a straight of 3, 4, 5 could be reduced to a straight of 2, 3, 4"."""
    group.do("obtain-skill", character="vaa-lith", skill="falling-blade", start=True, combination="straight", cost=[3, 4, 5])
    group.do("gain-nanofragments", character="vaa-lith", amount=1)
    events = group.do("lower-skill-cost", character="vaa-lith", skill="falling-blade")
    assert events[-1].before == [3, 4, 5] and events[-1].after == [2, 3, 4] and events[-1].combination == "straight"


def test_a_cost_of_ones_cannot_go_lower(group):
    group.do("obtain-skill", character="cora", skill="scan", start=True, combination="double", cost=[1, 1])
    group.do("gain-nanofragments", character="cora", amount=1)
    assert group.refused("lower-skill-cost", "Lowering Skill Costs", character="cora", skill="scan").rule == "nanolith.txt § Lowering Skill Costs"


def test_an_unconscious_skill_is_made_conscious_for_two(group):
    group.do("obtain-skill", character="ashitaka", skill="shield-bash")
    assert group.unlocks()["skills"]["ashitaka"]["unconscious"] == ["shield-bash"]
    group.do("gain-nanofragments", character="ashitaka", amount=2)
    events = group.do("make-skill-conscious", character="ashitaka", skill="shield-bash")
    assert types(events) == ["NanofragmentsSpent", "SkillMadeConscious"] and events[0].amount == 2
    assert group.unlocks()["skills"]["ashitaka"]["conscious"] == ["shield-bash"]


def test_only_conscious_skills_can_be_active_and_at_most_three(group):
    for skill in ("oath", "provoke", "rush-training", "iron-wall"):
        group.do("obtain-skill", character="ashitaka", skill=skill, start=True)
    group.do("obtain-skill", character="ashitaka", skill="shield-bash")
    violation = group.refused("choose-active-skills", "Divider Cards, Conscious Memories, Unconscious Memories and Bonus Skills", character="ashitaka", skills=["shield-bash"])
    assert violation.rule == "nanolith.txt § Divider Cards, Conscious Memories, Unconscious Memories and Bonus Skills"
    group.do("choose-active-skills", character="ashitaka", skills=["oath", "provoke", "rush-training"])
    assert group.refused("equip-skill", "Exchanging Skill Cards", character="ashitaka", skill="iron-wall").rule == EXCHANGING
    group.do("unequip-skill", character="ashitaka", skill="provoke")
    group.do("equip-skill", character="ashitaka", skill="iron-wall")
    assert group.unlocks()["skills"]["ashitaka"]["active"] == ["oath", "rush-training", "iron-wall"]


def test_active_skills_are_chosen_in_an_encounters_setup_not_in_its_rounds(group):
    group.do("obtain-skill", character="ada", skill="medkit", start=True)
    group.do("start-encounter", name="E1")
    group.do("choose-active-skills", character="ada", skills=["medkit"])
    group.do("start-round")
    assert group.refused("choose-active-skills", "Exchanging Skill Cards", character="ada", skills=[]).rule == EXCHANGING


def test_owned_skills_are_exposed_for_the_encounter_rules(group):
    from domain.rulesets.nanolith.campaign import owned_skills

    group.do("obtain-skill", character="ada", skill="medkit", start=True)
    group.do("obtain-skill", character="ada", skill="bss-weapons-training")
    group.do("choose-active-skills", character="ada", skills=["medkit"])
    assert owned_skills(group.state, "ada") == {"medkit": {"conscious": True, "active": True, "nanosync": False},
                                                "bss-weapons-training": {"conscious": False, "active": False, "nanosync": False}}


def test_a_nanosync_token_is_held_then_stuck_for_free_at_a_disk_icon(group):
    group.do("obtain-skill", character="ashitaka", skill="provoke", start=True)
    group.do("read-nanostory", name="Rooftop Talk", nanosync_tokens=["ashitaka"])
    group.do("turn-to-page", name="p. 31")
    assert group.refused("place-nanosync-token", "Leveling Up with Nanofragments", character="ashitaka", skill="provoke").rule == LEVELLING
    group.do("enter-lobby", name="Dojo", disk=True)
    events = group.do("place-nanosync-token", character="ashitaka", skill="provoke")
    assert types(events) == ["NanosyncTokenPlaced"]
    sheet = group.stickers()["characters"]["ashitaka"]
    assert sheet["nanosync_tokens"] == {"held": 0, "placed": ["provoke"]} and sheet["skills"]["provoke"]["nanosync"]
    group.do("gain-nanosync-token", character="ashitaka")
    assert group.refused("place-nanosync-token", "Nanosync Tokens", character="ashitaka", skill="provoke").rule == "nanolith.txt § Nanosync Tokens"


def test_no_nanosync_token_held_is_refused(group):
    group.do("obtain-skill", character="ada", skill="medkit", start=True)
    assert group.refused("place-nanosync-token", "Nanosync Tokens", character="ada", skill="medkit").rule == "nanolith.txt § Nanosync Tokens"


def test_campaign_verbs_and_events_do_not_shadow_the_encounters():
    from domain.rulesets.nanolith.ruleset import KIT
    from domain.rulesets.nanolith.campaign import KIT as CAMPAIGN
    from domain.rulesets.nanolith.kit import KIT as ENCOUNTER

    assert not set(ENCOUNTER.actions) & set(CAMPAIGN.actions)
    assert not set(ENCOUNTER.handlers) & set(CAMPAIGN.handlers)
    assert set(KIT.actions) == set(ENCOUNTER.actions) | set(CAMPAIGN.actions)


def test_the_skill_record_holds_the_stickered_figures_for_the_encounter_rules(medkit):
    medkit.do("lower-skill-cost", character="ada", skill="medkit")
    record = medkit.state["campaign"]["upgrades"]["characters"]["ada"]["skills"]["medkit"]
    assert (record["combination"], record["cost"], record["value"]) == ("double", [1, 1], 1)
    assert record["printed"]["cost"] == [2, 2]
