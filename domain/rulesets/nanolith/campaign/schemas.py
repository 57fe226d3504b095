"""Marshmallow schemas of the Campaign Mode actions: shape only (the rules are in ``rules/``).

Names the books print (Skills, Start Items, weapons, programs, Mission Tokens) are stored as slugs
(``"MedKit"`` -> ``"medkit"``); Hidden Card codes in capitals (``"x2"`` -> ``"X2"``); prices are a
whole number with a :class:`~.vocabulary.Currency`. Errors are :class:`~domain.core.errors.BadInput`.
"""

from __future__ import annotations

import re
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate

from domain.core.fields import Character, Text, distinct, Within
from domain.core.fields import WholeNumber

from ..schemas import Canonical, EmptySchema, Slug
from ..vocabulary import CHARACTERS, AttackType, Combination
from .vocabulary import X_CODES, Currency, Direction, Upgrades
from domain.core.names import quoted

HEROES_ONLY = {k: v for k, v in CHARACTERS.items() if k != "sidekick"}
_CODE = re.compile(r"^[A-Z0-9][A-Z0-9-]{0,19}$")


def _required(kw: dict[str, Any]) -> dict[str, Any]:
    return kw if "load_default" in kw or "required" in kw else {"required": True, **kw}


def _char(**kw: Any) -> Character:
    return Character(HEROES_ONLY, **_required(kw))


def _name(description: str, **kw: Any) -> Slug:
    return Slug(metadata={"description": description}, **_required(kw))


def _text(description: str, high: int = 200, **kw: Any) -> fields.String:
    return Text(high, metadata={"description": description}, **kw)


def _amount(description: str, low: int = 1, high: int = 99, **kw: Any) -> fields.Integer:
    return WholeNumber(validate=Within(low, high), metadata={"description": description}, **kw)


def _choice(enum: Any, description: str, **kw: Any) -> fields.String:
    values = [m.value for m in enum]
    return fields.String(validate=validate.OneOf(values, error=f"one of {', '.join(values)}, not {{input}}"),
                         metadata={"description": description}, **kw)


def _flag(description: str) -> fields.Boolean:
    return fields.Boolean(load_default=False, metadata={"description": description})


def parse_code(text: str) -> str:
    """A card or text code: ``"x2"`` -> ``"X2"``, ``"q-17"`` -> ``"Q-17"``. Raises ``ValidationError``."""
    code = str(text).strip().upper()
    if not _CODE.match(code):
        raise ValidationError(f"a code of letters and digits (X2, Q17, D4), not {quoted(text)}")
    return code


def parse_number(text: str) -> tuple[str, int]:
    """A Skill's printed number: ``"healing=3"`` -> ``("healing", 3)``. Raises ``ValidationError``."""
    name, sep, value = str(text).partition("=")
    if not sep or not value.strip().isdigit() or int(value) > 99:
        raise ValidationError(f"give a Skill's number as NAME=VALUE (0..99), e.g. healing=3, not {quoted(text)}")
    from ..schemas import _slug
    return _slug(name), int(value)


def _code(description: str, **kw: Any) -> Canonical:
    return Canonical(parse_code, str, metadata={"description": description}, **_required(kw))


def _price() -> fields.Integer:
    return _amount("the price the Shop or the Storybook gives", 0, 99, required=True)


def _currency(default: Currency) -> fields.String:
    return _choice(Currency, "what the price is paid in", load_default=default.value)


def _boxes() -> fields.Integer:
    return _amount("tick boxes printed next to this offer (limited stock); leave out if unlimited", 1, 20)


class CharacterAmountSchema(Schema):
    character = _char()
    amount = _amount("how many", required=True)
    reason = _text("why (the Encounter reward, the Storybook page...)", load_default="reward")


class AmountSchema(Schema):
    amount = _amount("how many", required=True)
    reason = _text("why", load_default="reward")


class DividerSchema(Schema):
    character = _char()
    code = fields.String(required=True, validate=validate.OneOf(X_CODES), metadata={"description": "X1..X4 as printed"})
    space = _amount("which Conscious-side space shows the code (1-based, counting from the first sticker)", 1, 60, required=True)


class ObtainSkillSchema(Schema):
    character = _char()
    skill = _name("the Skill Card's name")
    combination = _choice(Combination, "the printed dice combination")
    cost = fields.List(WholeNumber(validate=Within(1, 6)), load_default=list,
                       validate=validate.Length(0, 6), metadata={"description": "the printed pips, e.g. 2,2 for two 2s"})
    numbers = fields.List(Canonical(parse_number, lambda p: f"{p[0]}={p[1]}"), load_default=list,
                          metadata={"description": "the printed numbers as NAME=VALUE, e.g. healing=3"})
    range = _amount("the printed range (line of sight and range of N)", 0, 30)
    start = _flag("a Start Skill: conscious from the start")
    reason = _text("where it came from", load_default="found")


class CharacterSkillSchema(Schema):
    character = _char()
    skill = _name("the Skill Card's name")


class ActiveSkillsSchema(Schema):
    character = _char()
    skills = fields.List(Slug(), load_default=list, validate=distinct("Skill"), metadata={"description": "the Skills to have Active (none: all Inactive)"})


class SkillNumberSchema(Schema):
    character = _char()
    skill = _name("the Skill Card's name")
    number = _name("the number's name as given when the Skill was obtained (healing, effect-tokens...)")
    direction = _choice(Direction, "up or down by 1", required=True)


class CharacterReasonSchema(Schema):
    character = _char()
    reason = _text("why (a Nanostory's choice...)", load_default="Nanostory")


class WeaponUpgradeSchema(Schema):
    character = _char()
    weapon = _name("the Weapon Card")
    slot = _amount("the Weapon Upgrade Slot (1-based)", 1, 9, required=True)
    upgrade = _name("the Weapon Upgrade sticker")
    boxes = _boxes()
    price = _price()
    currency = _currency(Currency.NANOFRAGMENTS)


class BodyAugmentationSchema(Schema):
    character = _char()
    defense = _choice(AttackType, "which Defense Value is raised by 1", required=True)
    offer = _name("the Defense Value Upgrade sticker's name in this Shop", load_default="defense-upgrade")
    price = _price()
    currency = _currency(Currency.NANOFRAGMENTS)


class StartItemsSchema(Schema):
    character = _char()
    items = fields.List(Slug(), required=True, validate=[validate.Length(1, 12), distinct("Start Item")], metadata={"description": "Start Items (Lv. 1)"})


class StartItemSchema(Schema):
    character = _char()
    item = _name("the Start Item without its level (cool-down)")
    level = _amount("the level bought", 2, 9, required=True)
    boxes = _boxes()
    price = _price()
    currency = _currency(Currency.HIGH_FREQUENCY)


class UpgradeSchema(Schema):
    upgrade = _name("what is bought")
    character = _char(load_default=None)
    offer = Slug(load_default=None, metadata={"description": "the Shop offer (default: the upgrade's name)"})
    boxes = _boxes()
    price = _price()
    currency = _currency(Currency.NANOFRAGMENTS)


class ProgramSchema(Schema):
    program = _name("the Program Card")


class NameSchema(Schema):
    name = _text("as the books name it", 120, required=True)


class PlaceSchema(Schema):
    name = _text("as the books name it", 120, required=True)
    disk = _flag("a Disk Icon is there (levelling up allowed)")
    exit_icon = _flag("the Lobby shows an Exit Icon")
    page = _text("Storybook / Encounterbook page", 40, load_default=None)


class RiddleSchema(Schema):
    name = _text("the riddle", 120, required=True)
    hint = _flag("the hint page was read")


class NanostorySchema(Schema):
    name = _text("the Nanostory", 120, required=True)
    nanosync_tokens = fields.List(_char(), load_default=list,
                                  metadata={"description": "characters given a Nanosync Token (repeat a name for two)"})


class HiddenCardSchema(Schema):
    code = _code("the Hidden Card's code")
    character = _char()
    name = _text("the card's name", 120, load_default=None)
    quest_item = _flag("the card is a Quest Item")
    persistent = _flag("the card shows the Persistent Icon")
    defragments = fields.List(Canonical(parse_code, str), load_default=list,
                              metadata={"description": "Defragmentation Codes the card opens"})
    lobby = _text("the Lobby where those texts are read", 120, load_default=None)


class CodeCharacterSchema(Schema):
    code = _code("the Hidden Card's code")
    character = _char()


class CodeReasonSchema(Schema):
    code = _code("the Quest Item's code")
    reason = _text("the text that says so", load_default="a text prompts it")


class TextCodeSchema(Schema):
    text = _code("the Defragmented Text's code in the Storybook margin")


class MissionTokenSchema(Schema):
    token = _name("the Mission Token's name")
    page = _text("the Storybook page it links to", 40, load_default=None)
    reason = _text("what placed it", load_default="City Phase")


class TokenSchema(Schema):
    token = _name("the Mission Token's name")


class ReturnItemsSchema(Schema):
    count = _amount("Item Cards returned to the Item Deck (Start Items aside)", 0, 16, required=True)
    nanofragment_to = _char(load_default=None)


class ResumeSchema(Schema):
    name = _text("the Save Point", 120, required=True)
    upgrades = _choice(Upgrades, "keep the upgrades bought since, or roll them back", load_default=Upgrades.KEEP.value)


class DifficultySchema(Schema):
    level = fields.String(required=True, validate=validate.OneOf(("normal", "lower")), metadata={"description": "normal or lower"})


class DateSchema(Schema):
    date = _text("today's date as you write it (2024-03-12)", 40, required=True)


class ChapterSchema(Schema):
    chapter = _text("the chapter", 60, required=True)
