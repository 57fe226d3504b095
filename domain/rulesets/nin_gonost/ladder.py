"""The die-step ladder and what an Accuracy die's face means (nin-gonost.txt § The Dice).

Dice are numbered by step: a character with Fight 5 rolls Duel die #5, DEX 4 rolls Accuracy die #4.
Modifiers shift the step, never the number rolled, and they stack (§ Bonuses and Modifiers, Core Rule #2:
"Modify the die you roll, not the number"). Below die #1 come the ? die (light yellow, step 0) and the ?+?
die (white, step -1); nothing is lower, so a total below -1 is refused. The book prints no die faces and no
top die, so there is no upper bound and no ``--digital`` roll.

An Accuracy face is entered as rolled: a crosshair number (``0`` and up), ``broken`` (a broken arrow) or
``?`` (the ? face of the ? dice), plus the Fate star(s).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from .book import refuse

BOTTOM = -1
"""The lowest step: the ?+? die."""
COLOURS = {1: "light green", 2: "light blue", 3: "purple", 4: "red", 5: "dark yellow", 6: "dark green", 8: "dark purple"}
"""The colours the book names (§ Components, § Accuracy Dice, § Detail Of Play); the others it does not print."""
BROKEN = "broken"
QUESTION = "?"


class Outcome(str, Enum):
    """An Accuracy roll's four results (§ Accuracy Dice, SKILL ROLLS)."""

    CRITICAL_FAILURE = "critical failure"
    """A broken arrow and a Fate star."""
    FAILURE = "failure"
    """A broken arrow, no Fate star (or a ? without the Fate stars it needs)."""
    SUCCESS = "success"
    """A crosshair (its number is the accuracy), no Fate star; a ? with its Fate star(s) counts as a 0."""
    PERFECT_SUCCESS = "perfect success"
    """A crosshair and a Fate star (never on the ? dice)."""

    @property
    def succeeded(self) -> bool:
        """Success or Perfect Success."""
        return self in (Outcome.SUCCESS, Outcome.PERFECT_SUCCESS)


@dataclass(frozen=True)
class Shift:
    """One modifier: ``steps`` (signed) die steps, named ``label`` in the rulebook's words."""

    label: str
    steps: int


def die_label(step: int, kind: str = "die") -> str:
    """``"Duel die #5 (dark yellow)"``, ``"the ? die (light yellow)"``, ``"the ?+? die (white)"``."""
    if step == 0:
        return "the ? die (light yellow)"
    if step == BOTTOM:
        return "the ?+? die (white)"
    colour = COLOURS.get(step)
    return f"{kind} #{step}" + (f" ({colour})" if colour else "")


def shifted(base: int, shifts: list[Shift], what: str, kind: str = "die") -> tuple[int, str]:
    """The die step after ``shifts`` and the line showing it: ``"Fight die 5 -2 (Charge at Run) = Duel die #3
    (purple)"``. ``what`` names the base (``"Sir Galwen's Fight"``). Refuses a step below the ?+? die."""
    step = base + sum(s.steps for s in shifts)
    terms = "".join(f" {s.steps:+d} ({s.label})" for s in shifts if s.steps)
    line = f"{what} die {base}{terms} = {die_label(step, kind)}"
    if step < BOTTOM:
        raise refuse("The Dice", f"{line}: step {step} is below the ?+? die (-1), the lowest die there is")
    return step, line


def parse_face(value: Any) -> int | str:
    """A face as entered: a whole number 0 or more, ``broken`` (also ``x``, ``broken-arrow``) or ``?``.
    Raises ``ValueError`` for anything else."""
    text = str(value).strip().lower()
    if text in ("broken", "x", "broken-arrow", "broken arrow"):
        return BROKEN
    if text == QUESTION:
        return QUESTION
    if text.isdigit():
        return int(text)
    raise ValueError(f"a face is a crosshair number (0 or more), 'broken' or '?', not {value!r}")


def accuracy(step: int, face: int | str, fate: bool, second_fate: bool = False) -> tuple[Outcome, int | None, str]:
    """What an Accuracy die shows: the outcome, the accuracy number (``None`` on a failure) and a line.

    On dice #1 and up a crosshair number is a success (a Perfect Success with Fate), a broken arrow a failure
    (a Critical Failure with Fate). The ? die succeeds only on ? with a Fate star, the ?+? die only on ? with
    a Fate star and a second one; either counts as a 0 and is never a Perfect Success (§ ? Dice).
    """
    stars = "a Fate star" if fate else "no Fate"
    stars = "two Fate stars" if second_fate else stars
    if second_fate and (step != BOTTOM or not fate):
        raise refuse("? Dice", "only the ?+? die calls for a second Fate star, and only after a first one")
    if face == BROKEN:
        outcome = Outcome.CRITICAL_FAILURE if fate else Outcome.FAILURE
        return outcome, None, f"a broken arrow and {stars}: {outcome.value}"
    if step >= 1:
        if face == QUESTION:
            raise refuse("Accuracy Dice", f"{die_label(step, 'Accuracy die')} shows a crosshair number or a broken arrow, not ?")
        outcome = Outcome.PERFECT_SUCCESS if fate else Outcome.SUCCESS
        return outcome, int(face), f"a crosshair {face} and {stars}: {outcome.value}"
    if face != QUESTION:
        raise refuse("? Dice", f"{die_label(step)} shows ? or a broken arrow, not the number {face}")
    if fate and (step == 0 or second_fate):
        return Outcome.SUCCESS, 0, f"? and {stars}: a success, counted as a 0 (no Perfect Success on the ? dice)"
    need = "a Fate star" if step == 0 else "a Fate star and a second one"
    return Outcome.FAILURE, None, f"? and {stars}: a failure ({die_label(step)} needs {need})"


__all__ = ["BOTTOM", "BROKEN", "COLOURS", "QUESTION", "Outcome", "Shift", "accuracy", "die_label", "parse_face", "shifted"]
