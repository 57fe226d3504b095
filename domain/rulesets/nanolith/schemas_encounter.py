"""Marshmallow schemas of the complete Encounter's actions (Skills, Items, Enemy Turn, Sidekick, content).

Shape only; the rules are in ``rules/``. Figures the content packs lack are given here by the players.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates

from domain.core.fields import Character, DiceList, Text, distinct

from .encounter_events import DRAWN_FOR_ITEM_TOKEN
from .schemas import DefenseValue, Slug, _choice, _count, _text
from .vocabulary import ACTION_DIE_SIDES, CHARACTERS, COMBAT_DIE_SIDES, AttackType, Combination


def _char(**kw: Any) -> Character:
    return Character(CHARACTERS, required=kw.pop("required", True), **kw)


def _name(description: str, **kw: Any) -> fields.String:
    return Text(120, metadata={"description": description}, **kw)


def _names(description: str, high: int = 20, unique: str = "", **kw: Any) -> fields.List:
    """Up to ``high`` names or rows; with ``unique`` (what they are), each may be given once."""
    checks = [validate.Length(0, high)] + ([distinct(unique)] if unique else [])
    return fields.List(Text(120), validate=checks, metadata={"description": description}, **kw)


class CheckContentSchema(Schema):
    content = fields.Raw(load_default=None, metadata={"description": "more packs to check with the campaign's: files or "
                                                                     "directories on the command line, installed pack names over HTTP"})


class EncounterRulesSchema(Schema):
    reinforcements = _names("the Reinforcement Table, top to bottom: auto:TYPE:COUNT, extra:TYPE:COST (\"\" for a table with no rows)",
                            30, load_default=None)
    bleeding_defense = _names("the Bleeding Defense Profile: TYPE:VALUE[:ARMOR] (ranged:3:0)", 4, load_default=list)
    bosses = _names("the Encounter's Bosses and their Damage Index size: TYPE:SIZE (overseer:8)", 5, load_default=list)
    large = _names("enemy types whose models are large (40 mm base) when the content packs do not say: TYPE,...", 10,
                   "enemy type", load_default=list)
    hacked_dice = _count(1, 20, "Combat Dice of the Hacked Profile", load_default=None)
    hacked_attack = _choice(AttackType, "attack type of the Hacked Profile", load_default=None)
    victory = _text("the Victory Conditions", 2000, load_default=None)
    game_over = _text("the Game Over Conditions", 2000, load_default=None)
    special_rules = _text("the Special Rules", 5000, load_default=None)


class ArrangeSchema(Schema):
    order = fields.List(Slug(), required=True, validate=[validate.Length(1, 20), distinct("enemy type")], metadata={"description": "enemy types, top card first"})


class ChooseSkillsSchema(Schema):
    character = _char()
    skills = _names("up to 3 Skills to start with (Active Skills)", 3, "Skill", required=True)


class ActivateSkillSchema(Schema):
    character = _char()
    skill = _name("the Skill's name or alias (\"Go get 'em!\", provoke)", required=True)
    dice = DiceList(ACTION_DIE_SIDES, 1, 10, required=True, metadata={"description": "pips of the Action Dice paying the Skill"})
    cost = _count(1, 60, "the Skill's Action Cost when the content packs do not know it", load_default=None)
    combination = _choice(Combination, "the cost's dice combination (with --cost)", load_default=None)
    nanosync = Text(40, load_default=None, validate=validate.Length(3, 40),
                             metadata={"description": "CHARACTER:PIPS - the character shown on the Nanosync spends that die"})
    target = Text(40, load_default=None, metadata={"description": "the character who gains the Skill Token"})
    life = _count(1, 30, "Sidekick's Life Points when the content packs do not know them", load_default=None)


class ExchangeSkillSchema(Schema):
    character = _char()
    activate = _name("the Inactive Skill made Active (1 Reinforcement Token)", load_default=None)
    deactivate = _name("the Active Skill made Inactive (free)", load_default=None)


class SkillTokenSchema(Schema):
    character = _char()
    skill = _name("the Skill whose token is used", required=True)
    count = _count(1, 20, "tokens", load_default=1)


class ProvokeSchema(Schema):
    enemy = Slug(required=True, metadata={"description": "the enemy provoked (security-droid-1)"})
    character = _char(required=False, load_default="ashitaka")


class ItemSchema(Schema):
    character = _char()
    item = _name("the card's name (Nanophoenix)", required=True)


class TakeCardSchema(ItemSchema):
    type = fields.String(load_default=None, validate=validate.OneOf(["start", "item", "quest"]),
                         metadata={"description": "start, item or quest (default: the content pack's, else item)"})
    source = _text("where the card comes from (Hidden Card X1, Storybook p. 12)", 200, load_default=None)

    @validates("source")
    def _not_an_item_token_draw(self, value: str | None, **kwargs: Any) -> None:
        if value == DRAWN_FOR_ITEM_TOKEN:  # that card is a reveal: § Picking Up Items
            raise ValidationError("a card drawn for an Item Token is recorded with pick-up-item (a reveal)")


class TradeSchema(Schema):
    giver = _char()
    receiver = _char()
    item = _name("the card traded", required=True)


class UseItemSchema(ItemSchema):
    target = Text(40, load_default=None, metadata={"description": "the character it is used on"})
    dice = DiceList(ACTION_DIE_SIDES, 0, 10, load_default=list, metadata={"description": "Action Dice paying its cost"})
    cost = _count(1, 60, "its Action Cost when the content packs do not know it", load_default=None)


class ActivateEnemySchema(Schema):
    enemy = Slug(required=True, metadata={"description": "the enemy activating (bio-mutant-1)"})
    target = Text(40, load_default=None, metadata={"description": "the character it targets"})
    candidates = _names("CHARACTER:DISTANCE[:DEFENSE] for the tie-break check (cora:3 ashitaka:4)", 5, load_default=list)


class SelectTargetSchema(Schema):
    enemy = Slug(required=True)
    target = fields.String(required=True, validate=validate.Length(1, 40))
    candidates = _names("CHARACTER:DISTANCE[:DEFENSE] for the tie-break check", 5, load_default=list)


class BossCardSchema(Schema):
    boss = Slug(required=True, metadata={"description": "the Boss's enemy type"})
    card = _name("the Boss Card drawn", required=True)


class BossSchema(Schema):
    boss = Slug(required=True)


class EnemySchema(Schema):
    enemy = Slug(required=True)


class DownloadSchema(Schema):
    program = _name("the Program (Laser)", required=True)
    roll = DiceList(COMBAT_DIE_SIDES, 1, 20, required=True)
    dice = DiceList(ACTION_DIE_SIDES, 1, 5, required=True, metadata={"description": "Cora's Action Dice for Sidekick's Download (a double of 2+)"})
    force = _count(0, 20, "failed dice turned into successes", load_default=0)
    force_damage = _count(0, 10, "Force Success Damage when the content packs do not know it", load_default=None)
    defense = DefenseValue(load_default=None, metadata={"description": "the Program's Hacking Defense when unknown"})
    enemy_type = Slug(load_default=None, metadata={"description": "the enemy type bringing it, when its card is not in the packs"})
    combat_value = _count(1, 20, "Combat Dice to roll when Questlog rolls for the table")


class HackSchema(Schema):
    character = _char()
    target = _name("the Hacking Profile hacked (door, door-2, console-1)", required=True)
    roll = DiceList(COMBAT_DIE_SIDES, 1, 20, required=True)
    force = _count(0, 20, "failed dice turned into successes", load_default=0)
    force_damage = _count(0, 10, "Force Success Damage when the content packs do not know it", load_default=None)
    defense = DefenseValue(load_default=None, metadata={"description": "its Defense Value when unknown"})
    index = _count(1, 99, "its Damage Index size when unknown", load_default=None)
    combat_value = _count(1, 20, "Combat Dice to roll when Questlog rolls for the table")


class UseProgramSchema(Schema):
    program = _name("the Program used", required=True)
    dice = DiceList(ACTION_DIE_SIDES, 1, 10, required=True)
    cost = _count(1, 60, "its Action Cost when unknown", load_default=None)
    combination = _choice(Combination, "its cost's combination", load_default=None)


class HackedProfileAttackSchema(Schema):
    target = Text(40, required=True, metadata={"description": "the closest character"})
    roll = DiceList(COMBAT_DIE_SIDES, 1, 20, required=True)
    defense = DefenseValue(required=True, metadata={"description": "the target's Defense Value against that attack"})
    armor = _count(0, 10, "the target's Armor", load_default=0)
    combat_value = _count(1, 20, "Combat Dice to roll when Questlog rolls for the table")


class RewardsSchema(Schema):
    nanofragments = _names("CHARACTER:COUNT", 8, load_default=list)
    quest_items = _names("Quest Item codes or names", 20, "Quest Item", load_default=list)
    nanosync_tokens = _names("CHARACTER:COUNT", 8, load_default=list)
    high_frequency_nanopotential = _count(0, 20, "High-Frequency Nanopotential", load_default=0)
