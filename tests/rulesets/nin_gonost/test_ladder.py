"""The die-step ladder: modifiers shift the die, they stack, and the ladder ends at ? (0) and ?+? (-1)
(nin-gonost.txt § The Dice, § Bonuses and Modifiers, § ? Dice, § Accuracy Dice)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.core import RuleViolation
from domain.rulesets.nin_gonost.fields import parse_modifier
from domain.rulesets.nin_gonost.ladder import Outcome, Shift, accuracy, die_label, shifted


def test_the_orc_archers_saved_shot_drops_from_red_to_light_green():
    """Detail Of Play: Red (die #4), Line Of Sight -3, shield -1, close +1: Light Green (die #1)."""
    shifts = [parse_modifier(m) for m in ("los=3", "shield", "close")]
    step, line = shifted(4, shifts, "Orc archer's Range", "Accuracy die")
    assert step == 1
    assert line == "Orc archer's Range die 4 -3 (Line Of Sight x3) -1 (Shield) +1 (Close Range) = Accuracy die #1 (light green)"


def test_the_ladder_ends_at_the_question_dice():
    assert die_label(0) == "the ? die (light yellow)" and die_label(-1) == "the ?+? die (white)"
    assert shifted(2, [Shift("Cover", -3)], "PER")[0] == -1
    with pytest.raises(RuleViolation, match="below the \\?\\+\\? die") as caught:
        shifted(2, [Shift("Cover", -4)], "PER")
    assert caught.value.code == "rule_violation" and "The Dice" in caught.value.rule


@given(base=st.integers(1, 12), steps=st.lists(st.integers(-4, 3), max_size=6))
def test_modifiers_shift_the_step_and_stack(base, steps):
    shifts = [Shift(f"m{i}", s) for i, s in enumerate(steps)]
    total = base + sum(steps)
    if total < -1:
        with pytest.raises(RuleViolation):
            shifted(base, shifts, "X")
    else:
        assert shifted(base, shifts, "X")[0] == total


@given(number=st.integers(0, 20), fate=st.booleans())
def test_a_crosshair_always_succeeds_with_its_number(number, fate):
    outcome, value, _ = accuracy(4, number, fate)
    assert value == number
    assert outcome is (Outcome.PERFECT_SUCCESS if fate else Outcome.SUCCESS)


@pytest.mark.parametrize("step, face, fate, second, outcome, number", [
    (4, "broken", False, False, Outcome.FAILURE, None),
    (4, "broken", True, False, Outcome.CRITICAL_FAILURE, None),
    (0, "?", True, False, Outcome.SUCCESS, 0),
    (0, "?", False, False, Outcome.FAILURE, None),
    (-1, "?", True, False, Outcome.FAILURE, None),
    (-1, "?", True, True, Outcome.SUCCESS, 0),
    (-1, "broken", True, False, Outcome.CRITICAL_FAILURE, None),
])
def test_accuracy_faces(step, face, fate, second, outcome, number):
    assert accuracy(step, face, fate, second)[:2] == (outcome, number)


def test_no_perfect_success_on_the_question_dice():
    assert all(accuracy(s, "?", True, s == -1)[0] is Outcome.SUCCESS for s in (0, -1))


@pytest.mark.parametrize("step, face, fate, second", [(0, 3, False, False), (3, "?", True, False), (2, 1, True, True), (-1, "?", False, True)])
def test_impossible_faces_are_refused(step, face, fate, second):
    with pytest.raises(RuleViolation):
        accuracy(step, face, fate, second)


@pytest.mark.parametrize("text", ["uphill", "los", "cover=0", "close=2", "weapon=x"])
def test_unknown_or_malformed_modifiers(text):
    with pytest.raises(ValueError):
        parse_modifier(text)


def test_signed_modifiers_take_any_whole_number():
    assert parse_modifier("weapon=-2") == Shift("Advanced Weapons Table", -2)
