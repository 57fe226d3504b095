"""Nanofragments on the Divider Cards, the Bonus Skill at the X-space, High-Frequency Nanopotential
(nanolith.txt § Divider Cards, Conscious Memories, Unconscious Memories and Bonus Skills; § High-Frequency
Nanopotential; § Leveling Up with Nanofragments)."""

import pytest

from ..conftest import types

DIVIDER = "nanolith.txt § Divider Cards, Conscious Memories, Unconscious Memories and Bonus Skills"


def test_gained_nanofragments_go_on_the_unconscious_side(group):
    events = group.do("gain-nanofragments", character="vaa", amount=3, reason="Encounter 1 reward")
    assert types(events) == ["NanofragmentsGained"]
    assert events[0].character == "vaa-lith" and events[0].reason == "Encounter 1 reward"
    assert group.divider("vaa-lith")["unconscious"] == 3 and group.divider("vaa-lith")["conscious"] == 0


def test_spent_nanofragments_move_to_the_conscious_side(group):
    group.do("gain-nanofragments", character="vaa-lith", amount=3)
    group.do("spend-nanofragments", character="vaa-lith", amount=2, reason="Storybook offer")
    assert group.divider("vaa-lith") == {"unconscious": 1, "conscious": 2, "code": None, "space": None, "bonus_skill": None}


def test_spending_more_than_the_unconscious_side_holds_is_refused(group):
    group.do("gain-nanofragments", character="ada", amount=1)
    violation = group.refused("spend-nanofragments", "Divider Cards, Conscious Memories, Unconscious Memories and Bonus Skills", character="ada", amount=2, reason="x")
    assert violation.rule == DIVIDER


def test_spending_away_from_a_disk_icon_is_refused(group):
    group.do("gain-nanofragments", character="ada", amount=3)
    group.do("turn-to-page", name="p. 30")
    violation = group.refused("spend-nanofragments", "Leveling Up with Nanofragments", character="ada", amount=1, reason="x")
    assert violation.rule == "nanolith.txt § Leveling Up with Nanofragments"


def test_the_sticker_landing_on_the_x_space_gives_the_bonus_skill_once(group):
    group.do("set-divider-card", character="vaa-lith", code="X2", space=3)
    group.do("gain-nanofragments", character="vaa-lith", amount=6)
    group.do("spend-nanofragments", character="vaa-lith", amount=2, reason="a")
    events = group.do("spend-nanofragments", character="vaa-lith", amount=2, reason="b")
    assert types(events) == ["NanofragmentsSpent", "BonusSkillObtained"]
    assert events[1].code == "X2"
    assert types(group.do("spend-nanofragments", character="vaa-lith", amount=2, reason="c")) == ["NanofragmentsSpent"]
    assert group.unlocks()["bonus_skills"] == {"vaa-lith": "X2"}
    assert group.unlocks()["skills"]["vaa-lith"]["bonus"] == ["bonus-x2"]


def test_a_divider_card_set_after_its_x_space_was_passed_gives_the_bonus_at_once(group):
    group.do("gain-nanofragments", character="cora", amount=4)
    group.do("spend-nanofragments", character="cora", amount=4, reason="a")
    assert types(group.do("set-divider-card", character="cora", code="X3", space=2)) == ["DividerCardSet", "BonusSkillObtained"]


def test_a_divider_card_is_set_once_and_each_code_belongs_to_one_character(group):
    group.do("set-divider-card", character="vaa-lith", code="X2", space=3)
    assert group.refused("set-divider-card", "Divider Cards, Conscious Memories, Unconscious Memories and Bonus Skills", character="vaa-lith", code="X1", space=3).rule == DIVIDER
    assert group.refused("set-divider-card", "Divider Cards, Conscious Memories, Unconscious Memories and Bonus Skills", character="ada", code="X2", space=5).rule == DIVIDER


def test_a_bonus_skill_card_is_not_taken_by_hand(group):
    assert group.refused("take-hidden-card", "Divider Cards, Conscious Memories, Unconscious Memories and Bonus Skills", code="x2", character="vaa-lith").rule == DIVIDER


def test_high_frequency_nanopotential_is_the_groups_own_card(group):
    group.do("gain-high-frequency", amount=2, reason="Chapter 3")
    group.do("enter-shop", name="Naboo's Shop")
    group.do("buy-upgrade", upgrade="more stock", price=2, currency="high-frequency")
    assert group.stickers()["high_frequency"] == {"unspent": 0, "spent": 2}
    violation = group.refused("buy-upgrade", "High-Frequency Nanopotential", upgrade="even more", price=1, currency="high-frequency")
    assert violation.rule == "nanolith.txt § High-Frequency Nanopotential"


@pytest.mark.parametrize("amount", [0, -1, 100])
def test_amounts_out_of_range_are_bad_input(group, amount):
    group.refused("gain-nanofragments", "invalid_input", character="ada", amount=amount)
