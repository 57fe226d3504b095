"""The Player Boards and the schema fields the actions share (a Player Board, Data tokens, Assets, dice...).

Each decider module declares its verbs on the kit (:data:`.kit.KIT`) with these fields in its schemas.
"""

from __future__ import annotations

import re
from typing import Any

from marshmallow import ValidationError, fields, validate

from domain.core.fields import Character, Text, Within
from domain.core.fields import WholeNumber
from domain.core.names import quoted

from .vocabulary import ASSETS, BASIC, ENEMY_SYMBOL, PLAYER_DIE, TOKENS, check_amount

BOARDS: dict[str, tuple[str, ...]] = {"blue": ("b",), "green": ("g",), "yellow": ("y",), "red": ("r",)}
"""The 4 Player Boards, named by the Core Data icon printed on each (reading: one Basic type per board,
§ Game setup step 2f: "the icon printed on your Player Board")."""


def Board(**kw: Any) -> fields.Field:
    """A Player Board id (``red``) or alias (``r``)."""
    return Character(BOARDS, required=kw.pop("required", True), **kw)


def Boards(**kw: Any) -> fields.List:
    """1..4 distinct Player Boards."""
    return fields.List(Board(), validate=[validate.Length(1, 4), _distinct], **kw)


def _distinct(values: list[Any]) -> None:
    if len(set(values)) != len(values):
        raise ValidationError("each Player Board may be named once")


def Token(**kw: Any) -> fields.String:
    """A Data token type: blue, green, yellow, red, open, corrupted, or core (your Core Data type)."""
    return fields.String(validate=validate.OneOf([*TOKENS, "core"]), **kw)


def Tokens(min_count: int = 1, **kw: Any) -> fields.List:
    """Data tokens, by type, in order."""
    return fields.List(Token(), validate=validate.Length(min_count, 30), **kw)


def BasicType(**kw: Any) -> fields.String:
    """One of the 4 Basic Data types."""
    return fields.String(validate=validate.OneOf(BASIC), **kw)


def Asset(**kw: Any) -> fields.String:
    """One Asset track: shield, memory, power or reroll (§ Assets)."""
    return fields.String(required=True, validate=validate.OneOf(ASSETS), **kw)


def Amount(low: int = 1, high: int = 50, **kw: Any) -> fields.Integer:
    """A whole number ``low..high``."""
    return WholeNumber(validate=Within(low, high), **kw)


def PlayerDice(min_count: int = 1, **kw: Any) -> fields.List:
    """Player dice faces in roll order: basic, rare, blank."""
    return fields.List(fields.String(validate=validate.OneOf(PLAYER_DIE)), validate=validate.Length(min_count, 20), **kw)


def EnemySymbol(**kw: Any) -> fields.String:
    """The Enemy Symbol die: basic or special."""
    return fields.String(validate=validate.OneOf(ENEMY_SYMBOL), **kw)


def PlayerAmount(**kw: Any) -> fields.String:
    """An amount using the Player number icon as P: ``6-P``, ``2xP``, ``16``."""
    return fields.String(validate=_amount, **kw)


def _amount(value: str) -> None:
    try:
        check_amount(value)
    except (ValueError, SyntaxError):
        raise ValidationError(f"{value!r} is not an amount: use whole numbers, P (players), +, - and x") from None


def Name(**kw: Any) -> fields.String:
    """A card or component name/code as printed (1..80 characters; blank refused)."""
    return Text(80, **kw)


CODE_SHAPE = r"^[A-Za-z]{1,2}[0-9]{1,2}$"
"""A component code as the rulebook prints them: 1 or 2 letters then 1 or 2 digits (``A06``, ``C08``, ``EF1``,
``P12``, ``X00``). tamashii.txt prints no list of the box's codes (§ Locked vs Unlocked components: "All Locked
components have a code on them"), nor does components.yaml: a well-formed code is taken on the players' word."""


def Codes(**kw: Any) -> fields.List:
    """Component codes (``A06``, ``EF1``), each once (``p04`` and ``P04`` are one code)."""
    if not kw.get("required"):
        kw.setdefault("load_default", list)
    checks = [kw.pop("validate")] if "validate" in kw else []
    return fields.List(fields.String(validate=_code_shape), validate=[*checks, _codes_once], **kw)


def _code_shape(value: str) -> None:
    if not re.fullmatch(CODE_SHAPE, value):
        raise ValidationError(f"{quoted(value)} is not a component code: 1 or 2 letters and 1 or 2 digits, as printed (A06, EF1)")


def _codes_once(values: list[str]) -> None:
    seen: set[str] = set()
    for value in values:
        if value.upper() in seen:
            raise ValidationError(f"{value.upper()} is given twice: each component code once")
        seen.add(value.upper())
