"""marshmallow fields of the Nîn-Gonost actions: figure ids, die faces as rolled, and die-step modifiers.

Modifiers are written ``NAME`` or ``NAME=N`` (``close``, ``shield``, ``los=3``, ``cover=2``, ``weapon=-2``)
in the rulebook's words (Ranged Attacks § Modifiers, Fighting § Modifiers, Advanced Options § Combined
Actions); each shifts the die by its steps (:data:`MODIFIERS`). Modifiers Questlog knows from the state
(Fatigue, Morale, fight modes, Charge, the higher AP total, prone, Concentrate, untrained skills, a Counter
Strike's +1, repeated Perilous moves, a target prone, engaged or sneaking) are added by the deciders.
"""

from __future__ import annotations

import re
from typing import Any

from marshmallow import ValidationError, fields

from .cards import card_aliases
from .ladder import Shift, parse_face
from domain.core.names import quoted

SLUG = re.compile(r"^[a-z][a-z0-9-]{0,39}$")
MODIFIERS: dict[str, tuple[int, str, str]] = {
    "close": (1, "Close Range", "once"),
    "long": (-1, "Long Range", "once"),
    "cover": (-1, "Cover", "count"),
    "shield": (-1, "Shield", "once"),
    "los": (-1, "Line Of Sight", "count"),
    "large": (1, "Large target", "once"),
    "target-speed": (-1, "Assumed Speed greater than PER", "once"),
    "rear-strike": (1, "Striking from the rear", "count"),
    "struck-from-rear": (-1, "Struck from the rear", "count"),
    "extra-opponent": (-1, "Each additional opponent", "count"),
    "combined": (-1, "Combined actions", "count"),
    "examined": (1, "Examine Fight Technique", "count"),
    "without-tools": (-3, "Lock Pick without Tools", "once"),
    "aura": (-2, "Aura Of Desperation", "count"),
    "weapon": (1, "Advanced Weapons Table", "signed"),
    "skill": (1, "Bonus Skill", "signed"),
}
"""name -> (steps per unit, the rulebook's label, kind: ``once``, ``count`` (N >= 1) or ``signed`` (any N))."""


def parse_modifier(text: str) -> Shift:
    """``"los=3"`` -> ``Shift("Line Of Sight x3", -3)``. Raises ``ValueError`` naming the known modifiers."""
    key, sep, count = str(text).strip().lower().partition("=")
    if key not in MODIFIERS:
        raise ValueError(f"unknown modifier {quoted(key)}; known: {', '.join(MODIFIERS)}")
    unit, label, kind = MODIFIERS[key]
    if kind == "once":
        if sep:
            raise ValueError(f"modifier {key} takes no number")
        return Shift(label, unit)
    if not count.strip().lstrip("+-").isdigit() or (kind == "count" and int(count) < 1):
        raise ValueError(f"modifier {key} needs =N ({'1 or more' if kind == 'count' else 'a signed whole number'}), not {quoted(text)}")
    n = int(count)
    return Shift(label if kind == "signed" or n == 1 else f"{label} x{n}", unit * n)


class FigureId(fields.String):
    """A figure's id (lowercase letters, digits and dashes; a book card's alias maps to its id)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("metadata", {}).setdefault("description", "a figure's id, e.g. galwen, orc-archer, orc-warrior-2")
        super().__init__(**kwargs)

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str:
        key = super()._deserialize(value, attr, data, **kwargs).strip().lower()
        if not key and not self.required:
            return ""  # an optional figure left out (the stored default, loaded again on replay)
        for card_id, aliases in card_aliases().items():
            if key in aliases:
                return card_id
        if not SLUG.match(key):
            raise ValidationError(f"a figure id is lowercase letters, digits and dashes, not {value!r}")
        return key


class Face(fields.Field):
    """An Accuracy die's face as rolled: a crosshair number (0 or more), ``broken`` or ``?``."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("metadata", {}).setdefault("description", "the face rolled: a crosshair number (0 or more), broken (a broken arrow) or ?")
        super().__init__(**kwargs)

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> int | str:
        if isinstance(value, bool):
            raise ValidationError("a face is a number, broken or ?")
        try:
            return parse_face(value)
        except ValueError as exc:
            raise ValidationError(str(exc)) from None

    def _serialize(self, value: Any, attr: Any, obj: Any, **kwargs: Any) -> Any:
        return value


class Modifier(fields.String):
    """One die-step modifier, ``NAME`` or ``NAME=N`` (see :data:`MODIFIERS`); stored lowercased."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str:
        text = super()._deserialize(value, attr, data, **kwargs).strip().lower()
        try:
            parse_modifier(text)
        except ValueError as exc:
            raise ValidationError(str(exc)) from None
        return text


def modifier_list(description: str = "die modifiers, e.g. close,shield,los=3") -> fields.List:
    """An optional list of :class:`Modifier` (default empty)."""
    return fields.List(Modifier(), load_default=list, metadata={"description": description})


def fate(description: str = "a Fate star was rolled") -> fields.Boolean:
    """A flag for a Fate star (default false)."""
    return fields.Boolean(load_default=False, metadata={"description": description})


__all__ = ["MODIFIERS", "Face", "FigureId", "Modifier", "fate", "modifier_list", "parse_modifier"]
