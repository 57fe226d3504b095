"""Marshmallow schemas of a Nanolith content pack (YAML): one per section entry.

Unknown figures are ``null``; unknown keys are refused (a typo must not silently drop a figure). See
``content/README.md`` for the format and an example.
"""

from __future__ import annotations

from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, validate
from domain.core.fields import WholeNumber

ATTACKS = ("close-combat", "ranged", "nanoshock", "hacking")
COMBINATIONS = ("double", "triple", "straight")


class Strict(Schema):
    class Meta:
        unknown = RAISE


class DefenseFigure(fields.Field):
    """A Defense Value: 1..10, ``"X"`` (immune) or ``null`` (unknown)."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        if value is None:
            return None
        if isinstance(value, str) and value.strip().upper() == "X":
            return "X"
        if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 10:
            return value
        raise ValidationError(f"a Defense Value is 1..10, X (immune) or null (unknown), not {value!r}")


def _n(low: int = 0, high: int = 99) -> fields.Integer:
    return WholeNumber(strict=True, allow_none=True, load_default=None, validate=validate.Range(low, high))


def _s(high: int = 2000) -> fields.String:
    return fields.String(allow_none=True, load_default=None, validate=validate.Length(0, high))


def _attack() -> fields.String:
    return fields.String(allow_none=True, load_default=None, validate=validate.OneOf(ATTACKS))


class DefenseSchema(Strict):
    value = DefenseFigure(allow_none=True, load_default=None)
    armor = _n(0, 10)


def _defense_profile() -> fields.Dict:
    return fields.Dict(keys=fields.String(validate=validate.OneOf(ATTACKS)), values=fields.Nested(DefenseSchema),
                       load_default=dict)


class ProfileSchema(Strict):
    attack = _attack()
    movement = _n(0, 30)
    range = _s(10)
    dice = _n(0, 20)


class EnemySchema(Strict):
    name = fields.String(required=True, validate=validate.Length(1, 80))
    aliases = fields.List(fields.String(), load_default=list)
    level = _n(1, 9)
    enemy_class = fields.String(data_key="class", allow_none=True, load_default=None,
                                validate=validate.OneOf(["standard", "special", "boss"]))
    life = _n(1, 99)
    large = fields.Boolean(allow_none=True, load_default=None)
    program = _s(60)
    defense = _defense_profile()
    profile = fields.Nested(ProfileSchema, allow_none=True, load_default=None)
    boss_deck = fields.List(fields.String(), allow_none=True, load_default=None)
    damage_index = _n(1, 99)


class CharacterSchema(Strict):
    bcv = fields.Dict(keys=fields.String(validate=validate.OneOf(ATTACKS)), values=WholeNumber(strict=True), load_default=dict)
    defense = _defense_profile()


class CostSchema(Strict):
    combination = fields.String(allow_none=True, load_default=None, validate=validate.OneOf(COMBINATIONS))
    value = _n(1, 60)


class UpgradeSchema(Strict):
    name = fields.String(required=True)
    cost = fields.Raw(allow_none=True, load_default=None)
    text = _s()


class WeaponSkillSchema(Strict):
    name = fields.String(required=True)
    cost = fields.Nested(CostSchema, allow_none=True, load_default=None)


class WeaponSchema(Strict):
    name = fields.String(required=True, validate=validate.Length(1, 80))
    character = fields.String(required=True, validate=validate.OneOf(["ashitaka", "vaa-lith", "cora", "ada"]))
    attack = _attack()
    range = _s(10)
    cost = _n(1, 60)
    wcv = _n(0, 20)
    life = _n(1, 30)
    skill = fields.Nested(WeaponSkillSchema, allow_none=True, load_default=None)
    upgrades = fields.List(fields.Nested(UpgradeSchema), load_default=list)


class TokensSchema(Strict):
    count = _n(0, 20)
    nanosync_count = _n(0, 20)
    holder = fields.String(load_default="self", validate=validate.OneOf(["self", "chosen"]))
    discard = fields.String(allow_none=True, load_default=None, validate=validate.OneOf(["status-phase", "on-use", "never"]))


class SkillSchema(Strict):
    name = fields.String(required=True, validate=validate.Length(1, 80))
    aliases = fields.List(fields.String(), load_default=list)
    character = fields.String(required=True, validate=validate.OneOf(["ashitaka", "vaa-lith", "cora", "ada"]))
    level = _n(1, 9)
    cost = fields.Nested(CostSchema, allow_none=True, load_default=None)
    text = _s()
    nanosync = fields.String(allow_none=True, load_default=None, validate=validate.OneOf(["ashitaka", "vaa-lith", "cora", "ada"]))
    once_per_phase = fields.Boolean(allow_none=True, load_default=None)
    tokens = fields.Nested(TokensSchema, allow_none=True, load_default=None)
    effect = fields.String(allow_none=True, load_default=None, validate=validate.OneOf(["sidekick-enters"]))
    heal = _n(0, 20)
    removes = _n(0, 20)


class ItemSchema(Strict):
    name = fields.String(required=True, validate=validate.Length(1, 80))
    aliases = fields.List(fields.String(), load_default=list)
    item_type = fields.String(data_key="type", allow_none=True, load_default=None, validate=validate.OneOf(["start", "item", "quest"]))
    cost = _n(1, 60)
    text = _s()
    revives = fields.Boolean(load_default=False)


class HackingSchema(Strict):
    name = fields.String(load_default=None, allow_none=True)
    cost = _n(1, 60)
    range = _s(10)
    defense = DefenseFigure(allow_none=True, load_default=None)
    force_success = _n(0, 10)
    damage_index = _n(1, 99)


class ProgramSchema(Strict):
    name = fields.String(required=True, validate=validate.Length(1, 80))
    program_id = _s(20)
    cost = fields.Nested(CostSchema, allow_none=True, load_default=None)
    text = _s()
    hacking = fields.Nested(HackingSchema, load_default=dict)


class ReinforcementSchema(Strict):
    enemy = fields.String(required=True)
    count = _n(1, 20)
    cost = _n(1, 12)


class ReinforcementTableSchema(Strict):
    auto = fields.List(fields.Nested(ReinforcementSchema), load_default=list)
    extra = fields.List(fields.Nested(ReinforcementSchema), load_default=list)
    boss_cards = fields.List(fields.String(), load_default=list)


class HackedProfileSchema(Strict):
    attack = _attack()
    dice = _n(1, 20)
    text = _s()


class EncounterSchema(Strict):
    name = fields.String(required=True, validate=validate.Length(1, 120))
    special_rules = _s(5000)
    victory = _s(2000)
    game_over = _s(2000)
    effect_maxima = fields.Dict(keys=fields.String(), values=WholeNumber(strict=True, validate=validate.Range(0, 20)), load_default=dict)
    bleeding_defense = _defense_profile()
    hacked_profile = fields.Nested(HackedProfileSchema, allow_none=True, load_default=None)
    reinforcements = fields.Nested(ReinforcementTableSchema, allow_none=True, load_default=None)
    enemy_cards = fields.List(fields.String(), load_default=list)
    spawn_pool = fields.Dict(keys=fields.String(), values=fields.List(WholeNumber(strict=True)), load_default=dict)


SECTIONS: dict[str, type[Schema]] = {
    "enemies": EnemySchema, "characters": CharacterSchema, "weapons": WeaponSchema, "skills": SkillSchema,
    "items": ItemSchema, "programs": ProgramSchema, "hacking_profiles": HackingSchema, "encounters": EncounterSchema,
}
"""Pack section -> schema of one entry (entries are keyed by a slug id)."""
