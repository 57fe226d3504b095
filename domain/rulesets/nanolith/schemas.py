"""Marshmallow schemas of Nanolith's actions: shape only (types, ranges, spelling); the rules are in ``rules/``.

Everything here raises :class:`~domain.core.errors.BadInput` through ``ActionSpec.load``: a die of 7,
an unknown character, a Defense Value that is neither a number nor ``X``.
"""

from __future__ import annotations

import re
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate

from domain.core.fields import Character, DiceList, Pips, Text, distinct, Within
from domain.core.fields import WholeNumber

from .vocabulary import (ACTION_DIE_SIDES, CHARACTERS, COMBAT_DIE_SIDES, INACTIVE_INDEX_SPACES, AttackType, Combination,
                         Outcome)
from domain.core.names import quoted

_SLUG = re.compile(r"^[a-z][a-z0-9-]*$")


def _char(**kw: Any) -> Character:
    return Character(CHARACTERS, required=True, **kw)


def _count(low: int, high: int, description: str, **kw: Any) -> fields.Integer:
    return WholeNumber(validate=Within(low, high), metadata={"description": description}, **kw)


def _text(description: str, high: int = 200, **kw: Any) -> fields.String:
    return Text(high, metadata={"description": description}, **kw)


def _choice(enum: Any, description: str, **kw: Any) -> fields.String:
    values = [m.value for m in enum]
    return fields.String(validate=validate.OneOf(values, error=f"one of {', '.join(values)}, not {{input}}"),
                         metadata={"description": description}, **kw)


class Slug(fields.String):
    """A lower-case name with hyphens (an enemy type, an Effect): ``"Bio Mutant"`` -> ``"bio-mutant"``."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str:
        return _slug(super()._deserialize(value, attr, data, **kwargs))


class DefenseValue(fields.Field):
    """A Defense Value read off a card: a number 1..10, or ``X`` (immune to that type of attack)."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        text = str(value).strip().upper()
        if text == "X":
            return "X"
        if text.isdigit() and 1 <= int(text) <= 10 and not isinstance(value, bool):
            return int(text)
        raise ValidationError(f"a Defense Value is 1..10 or X, not {value!r}")


def _slug(text: str) -> str:
    slug = "-".join(str(text).strip().lower().replace("_", " ").split())
    if not _SLUG.match(slug) or len(slug) > 60:
        raise ValidationError(f"a name of letters, digits and hyphens, not {quoted(text)}")
    return slug


def parse_pool_entry(text: str) -> tuple[str, list[int]]:
    """``"bio-mutant:1,2,3"`` or ``"security-droid:1-4"`` -> ``("bio-mutant", [1, 2, 3])``. Raises ``ValidationError``."""
    kind, sep, numbers = str(text).partition(":")
    standees: set[int] = set()
    for part in numbers.split(",") if sep else []:
        low, dash, high = part.strip().partition("-")
        if not low.isdigit() or (dash and not high.isdigit()):
            raise ValidationError(f"standees are numbers or ranges (1,2,3 or 1-4), not {quoted(text)}")
        standees.update(range(int(low), int(high or low) + 1))
    if not standees or min(standees) < 1 or max(standees) > 99:
        raise ValidationError(f"give TYPE:STANDEES with standees 1..99, e.g. bio-mutant:1,2,3, not {quoted(text)}")
    return _slug(kind), sorted(standees)


def parse_reinforcement(text: str) -> tuple[str, int, int | None]:
    """``"bio-mutant:2"`` / ``"bio-mutant:2:3"`` -> ``("bio-mutant", 2, None / 3)``. Raises ``ValidationError``."""
    parts = str(text).split(":")
    if len(parts) not in (2, 3) or not all(p.strip().isdigit() for p in parts[1:]):
        raise ValidationError(f"give TYPE:STANDEE or TYPE:STANDEE:LIFE, e.g. bio-mutant:2:3, not {quoted(text)}")
    standee, life = int(parts[1]), int(parts[2]) if len(parts) == 3 else None
    if not 1 <= standee <= 99 or (life is not None and not 1 <= life <= 99):
        raise ValidationError(f"standee 1..99 and Life Points 1..99, not {quoted(text)}")
    return _slug(parts[0]), standee, life


def parse_reroll(text: str) -> tuple[int, int]:
    """``"1:5"`` (the die showing 1 was rerolled and shows 5) -> ``(1, 5)``. Raises ``ValidationError``."""
    old, sep, new = str(text).partition(":")
    if not (sep and old.strip().isdigit() and new.strip().isdigit()):
        raise ValidationError(f"a reroll is OLD:NEW (the die showing OLD now shows NEW), not {quoted(text)}")
    if not all(1 <= int(v) <= COMBAT_DIE_SIDES for v in (old, new)):
        raise ValidationError(f"a D{COMBAT_DIE_SIDES} shows 1..{COMBAT_DIE_SIDES}: {quoted(text)}")
    return int(old), int(new)


def parse_effect_max(text: str) -> tuple[str, int]:
    """``"burning:2"`` -> ``("burning", 2)``. Raises ``ValidationError``."""
    name, sep, maximum = str(text).rpartition(":")
    if not sep or not maximum.strip().isdigit() or int(maximum) > 20:
        raise ValidationError(f"give an Effect as NAME:MAX (MAX 0..20), not {quoted(text)}")
    return _slug(name), int(maximum)


class Canonical(fields.String):
    """A string checked by ``parse`` and stored in canonical form, so a recorded action replays as typed."""

    def __init__(self, parse: Any, render: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.parse, self.render = parse, render

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str:
        return self.render(self.parse(super()._deserialize(value, attr, data, **kwargs)))


def _pool_entry() -> Canonical:
    return Canonical(parse_pool_entry, lambda p: f"{p[0]}:{','.join(map(str, p[1]))}")


def _reinforcement() -> Canonical:
    return Canonical(parse_reinforcement, lambda p: ":".join(str(x) for x in p if x is not None))


def _reroll() -> Canonical:
    return Canonical(parse_reroll, lambda p: f"{p[0]}:{p[1]}")


def _effect_max() -> Canonical:
    return Canonical(parse_effect_max, lambda p: f"{p[0]}:{p[1]}")


class StartEncounterSchema(Schema):
    name = _text("the Encounter's name, as the Storybook gives it", 120, load_default="Encounter")
    encounter = _text("the Encounter's id in the content packs (its rules, maxima, Spawn Pool...)", 120, load_default=None)
    lower_difficulty = fields.Boolean(load_default=False, metadata={"description": "enemies' 1s place no Reinforcement Token"})
    poisoned_max = _count(0, 20, "Effect Token Maximum for Poisoned (default 4)")
    hacked_max = _count(0, 20, "Effect Token Maximum for Hacked (default 4)")
    bleeding_max = _count(0, 20, "Effect Token Maximum for Bleeding (default 1)")
    paralyzed_max = _count(0, 20, "Effect Token Maximum for Paralyzed (default 1)")
    other_effects = fields.List(_effect_max(), load_default=list, metadata={"description": "the Encounter's other Effects as NAME:MAX"})
    stress_spaces = fields.List(WholeNumber(validate=Within(1, INACTIVE_INDEX_SPACES)), load_default=None,
                                validate=[validate.Length(0, INACTIVE_INDEX_SPACES), distinct("space")],
                                metadata={"description": "the Inactive Index spaces (1-6) with the Stress Icon on every Player "
                                                         "Board, read off the board (e.g. 4,5,6; \"\" for none)"})


class SpawnPoolSchema(Schema):
    entries = fields.List(_pool_entry(), required=True, validate=validate.Length(1, 30),
                          metadata={"description": "TYPE:STANDEES for each enemy type, e.g. bio-mutant:1,2,3 security-droid:1-4"})


class StressSpacesSchema(Schema):
    character = _char()
    slots = fields.List(WholeNumber(validate=Within(1, INACTIVE_INDEX_SPACES)), required=True,
                        validate=[validate.Length(0, INACTIVE_INDEX_SPACES), distinct("space")],
                        metadata={"description": "1-based Inactive Index spaces with the Stress Icon (none: clear)"})


class EmptySchema(Schema):
    pass


class CharacterSchema(Schema):
    character = _char()


class RollActionDiceSchema(Schema):
    character = _char()
    dice = DiceList(ACTION_DIE_SIDES, 1, 10, required=True)


class SpendDiceSchema(Schema):
    character = _char()
    values = DiceList(ACTION_DIE_SIDES, 1, 10, required=True,
                      metadata={"description": "pips of the unspent dice to place (the first such die in roll order)"})
    cost = _count(1, 60, "the Action Cost (a minimum; for a combination, the lowest pips it needs)")
    combination = _choice(Combination, "the cost is a dice combination: double, triple or straight")
    nanosync = fields.Boolean(load_default=False, metadata={"description": "one die spent for another character's Skill"})
    purpose = _text("what the dice pay for (move, Oath, Canopus...)", load_default="")


class ManipulateDieSchema(Schema):
    character = _char()
    value = Pips(ACTION_DIE_SIDES, required=True)
    direction = fields.String(required=True, validate=validate.OneOf(["up", "down"], error="up or down, not {input}"))
    die = _count(1, 10, "the die's 1-based place in roll order (default: the first unspent die showing VALUE)")


class AttackSchema(Schema):
    character = _char()
    target = Text(60, required=True,
                           metadata={"description": "an enemy id on the map (bio-mutant-1), or a Hacking Profile with --profile"})
    roll = DiceList(COMBAT_DIE_SIDES, 1, 20, required=True)
    defense = DefenseValue(load_default=None, metadata={"description": "the target's Defense Value for this attack (1..10 or X; default: the content pack's)"})
    armor = _count(0, 10, "the target's Armor against this attack (default: the content pack's, else 0)", load_default=None)
    reroll = fields.List(_reroll(), load_default=list, metadata={"description": "rerolled dice as OLD:NEW"})
    force = _count(0, 20, "failed dice turned into successes by Force Success", load_default=0)
    force_damage = _count(0, 10, "Damage each Force Success costs the hacker", load_default=0)
    profile = fields.Boolean(load_default=False, metadata={"description": "the target is a Hacking Profile (Door, Console, Program)"})
    kind = _choice(AttackType, "close-combat, ranged, hacking or nanoshock")
    combat_value = _count(1, 20, "Combat Dice to roll when Questlog rolls for the table")
    bonus_dice = _count(0, 10, "Combat Dice a Skill, Item or sticker adds (checked: at most the Combat Value plus these)", load_default=0)


class EnemyAttackSchema(Schema):
    enemy = Slug(required=True, metadata={"description": "the attacking enemy's id (security-droid-2)"})
    target = Text(60, required=True, metadata={"description": "a character, sidekick or enemy id"})
    roll = DiceList(COMBAT_DIE_SIDES, 1, 20, required=True)
    defense = DefenseValue(load_default=None, metadata={"description": "the target's Defense Value for this attack (1..10 or X; default: the content pack's)"})
    armor = _count(0, 10, "the target's Armor against this attack (default: the content pack's, else 0)", load_default=None)
    effect = Slug(metadata={"description": "an Effect the attack gives (poisoned, hacked, bleeding...)"})
    effect_count = _count(1, 10, "Effect Tokens the attack gives", load_default=1)
    shock = fields.Boolean(load_default=False, metadata={"description": "the attack inflicts Shock"})
    combat_value = _count(1, 20, "Combat Dice to roll when Questlog rolls for the table")


class PlaceEnemySchema(Schema):
    enemy_type = Slug(required=True, metadata={"description": "the enemy type (bio-mutant)"})
    standee = _count(1, 99, "the standee's number", required=True)
    life = _count(1, 99, "Life Points off the Enemy Card (default: as last placed this Encounter)")


class SpawnSchema(Schema):
    enemies = fields.List(_reinforcement(), required=True, validate=validate.Length(0, 30),
                          metadata={"description": "TYPE:STANDEE[:LIFE] for each enemy entering from the Spawn Pool"})
    tokens_spent = _count(0, 60, "Reinforcement Tokens spent on Extra Reinforcements (default: worked out from the Reinforcement Table)",
                          load_default=None)
    spawn_rolls = fields.List(Pips(ACTION_DIE_SIDES), load_default=list, metadata={"description": "the D6 rolled for Spawn Points, one per standee in order"})
    rerolled = fields.List(WholeNumber(validate=Within(1, 60)), load_default=list,
                           metadata={"description": "1-based places of the Spawn Point rolls that hit a full space and were rolled again"})


class TargetAmountSchema(Schema):
    target = Text(60, required=True, metadata={"description": "a character, sidekick or enemy id"})
    amount = _count(1, 30, "Damage Points", required=True)
    cause = _text("why", load_default="")


class CharacterAmountSchema(Schema):
    character = _char()
    amount = _count(1, 30, "points", required=True)
    cause = _text("why", load_default="")


class GiveEffectSchema(Schema):
    target = Text(60, required=True, metadata={"description": "a character or enemy id"})
    effect = Slug(required=True, metadata={"description": "poisoned, hacked, bleeding, paralyzed or an Encounter's Effect"})
    count = _count(1, 10, "Effect Tokens", load_default=1)


class RemoveEffectSchema(Schema):
    target = Text(60, required=True, metadata={"description": "a character or enemy id"})
    effect = Slug(required=True)
    count = _count(1, 10, "Effect Tokens to remove (default: all)")


class RemoveHackedSchema(Schema):
    character = _char()
    die = Pips(ACTION_DIE_SIDES, required=True, metadata={"description": "pips of the Action Die spent"})
    roll = DiceList(COMBAT_DIE_SIDES, 1, 20, required=True)
    combat_value = _count(1, 20, "Hacking BCV: dice to roll when Questlog rolls for the table")


class SidekickEntersSchema(Schema):
    life = _count(1, 30, "Sidekick's Life Points (Cora's Sidekick Weapon Card)", required=True)


class EndEncounterSchema(Schema):
    outcome = _choice(Outcome, "victory or game-over", required=True)
