"""Save Points, Game Over, the difficulty level and the Encounter's own events on the campaign sheet
(nanolith.txt § Save Points, § Game Over, § Lower Difficulty Level)."""

import dataclasses

import pytest

from domain.rulesets.nanolith.campaign.story_events import GameOverResumed

from ..conftest import types


@pytest.fixture
def saved(group):
    """Ada owns MedKit; 4 Nanofragments; Save Point "Gate" reached; then a sticker bought at it."""
    group.do("session-date", date="2024-03-12")
    group.do("obtain-skill", character="ada", skill="medkit", start=True, combination="double", cost=[2, 2])
    group.do("gain-nanofragments", character="ada", amount=4)
    group.do("take-hidden-card", code="Q1", character="ada", quest_item=True)
    group.do("reach-save-point", name="Gate")
    group.do("lower-skill-cost", character="ada", skill="medkit")
    return group


def _lose(group, name="E2"):
    group.do("start-encounter", name=name)
    group.do("take-damage", target="ada", amount=10)
    group.do("end-encounter", outcome="game-over")


def test_a_save_point_returns_everyone_to_their_starting_condition(group):
    group.do("start-encounter", name="E1")
    group.do("take-damage", target="cora", amount=4)
    group.do("end-encounter", outcome="victory")
    assert group.char("cora")["damage"] == 4
    group.do("reach-save-point", name="Station")
    assert group.char("cora")["damage"] == 0 and group.char("cora")["stress"] == 0
    assert group.progress()["position"]["place"] == "save-point"


def test_levelling_up_is_allowed_at_a_save_point(saved):
    assert saved.stickers()["characters"]["ada"]["skills"]["medkit"]["effective"]["cost"] == [1, 1]


def test_a_save_point_is_not_reached_inside_an_encounter(group):
    group.do("start-encounter", name="E1")
    assert group.refused("reach-save-point", "Save Points", name="X").rule == "nanolith.txt § Save Points"


def test_game_over_keeps_the_upgrades_by_default(saved):
    _lose(saved)
    events = saved.do("resume-at-save-point", name="Gate")
    assert types(events) == ["GameOverResumed"] and events[0].upgrades == "keep" and events[0].encounter == "E2"
    assert saved.char("ada")["unconscious"] is False and saved.char("ada")["damage"] == 0
    assert saved.stickers()["characters"]["ada"]["skills"]["medkit"]["effective"]["cost"] == [1, 1]
    assert saved.progress()["game_overs"] == [{"encounter": "E2", "save_point": "Gate", "upgrades": "keep", "date": "2024-03-12"}]


def test_game_over_may_roll_the_upgrades_back_keeping_the_item_cards(saved):
    saved.do("take-hidden-card", code="Q2", character="cora", quest_item=True)
    _lose(saved)
    saved.do("resume-at-save-point", name="Gate", upgrades="roll-back")
    sheet = saved.stickers()["characters"]["ada"]
    assert sheet["skills"]["medkit"]["stickers"] == {} and sheet["divider"]["unconscious"] == 4
    assert set(saved.unlocks()["hidden_cards"]) == {"Q1", "Q2"}


def test_roll_back_is_for_a_game_over_only(saved):
    assert saved.refused("resume-at-save-point", "Game Over", name="Gate", upgrades="roll-back").rule == "nanolith.txt § Game Over"


def test_resuming_needs_a_save_point_reached_and_no_encounter_running(saved):
    assert saved.refused("resume-at-save-point", "Save Points", name="Nowhere").rule == "nanolith.txt § Save Points"
    saved.do("start-encounter", name="E3")
    assert saved.refused("resume-at-save-point", "Game Over", name="Gate").rule == "nanolith.txt § Game Over"


def test_a_rolled_back_skill_leaves_the_active_skills(group):
    group.do("obtain-skill", character="ada", skill="bss")
    group.do("gain-nanofragments", character="ada", amount=2)
    group.do("reach-save-point", name="Gate")
    group.do("make-skill-conscious", character="ada", skill="bss")
    group.do("choose-active-skills", character="ada", skills=["bss"])
    _lose(group)
    group.do("resume-at-save-point", name="Gate", upgrades="roll-back")
    assert group.unlocks()["skills"]["ada"] == {"conscious": [], "unconscious": ["bss"], "active": [], "bonus": []}


def test_the_difficulty_level_is_the_encounters_lower_difficulty(group):
    group.do("set-difficulty-level", level="lower")
    assert group.board()["lower_difficulty"] is True and group.progress()["difficulty"] == "lower"
    group.do("set-difficulty-level", level="normal")
    assert group.board()["lower_difficulty"] is False


def test_encounters_won_and_lost_are_dated(group):
    group.do("session-date", date="2024-04-01")
    group.do("start-encounter", name="E1")
    group.do("end-encounter", outcome="victory")
    assert group.progress()["encounters"] == [{"name": "E1", "outcome": "victory", "date": "2024-04-01"}]
    assert group.progress()["won"] == ["E1"] and group.progress()["lost"] == []


def test_the_encounters_rewards_event_feeds_the_campaign_sheet(group):
    from domain.core.ruleset import get_ruleset
    from domain.rulesets.nanolith.encounter_events import RewardsGained

    state = get_ruleset("nanolith").evolve(group.state, RewardsGained("E1", {"vaa-lith": 2}, ["Q9"], {"ada": 1}, 1))
    group.state = state
    assert group.divider("vaa-lith")["unconscious"] == 2
    assert group.stickers()["characters"]["ada"]["nanosync_tokens"]["held"] == 1
    assert group.stickers()["high_frequency"]["unspent"] == 1
    group.do("take-hidden-card", code="Q9", character="ada", quest_item=True)
    assert group.unlocks()["hidden_cards"]["Q9"]["holder"] == "ada"


def test_game_over_resumed_is_a_stored_contract():
    assert [f.name for f in dataclasses.fields(GameOverResumed)] == ["save_point", "encounter", "upgrades"]
