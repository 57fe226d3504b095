"""Campaign Mode's evolve handlers, on its kit (:data:`.kit.KIT`): they apply campaign events to
``state["campaign"]`` (pure, total, never validate). Each is written ``(state, campaign record, event)``
(:func:`.kit.on_record`) and changes the kit's private copy in place.

The Encounter's own events the campaign sheet also records (``SkillsChosen`` here; ``EncounterStarted``,
``EncounterEnded``, ``RewardsGained`` in :mod:`.evolve_story`) are followed (``KIT.follows``): applied after
the Encounter's handler. Story handlers are in :mod:`.evolve_story`.
"""

from __future__ import annotations

from typing import Any

from domain.core.ruleset import State

from ..content import slug
from .. import encounter_events as ee
from . import events as ce
from .kit import KIT, on_record


def _char(c: dict[str, Any], character: str) -> dict[str, Any]:
    return c["upgrades"]["characters"][character]


@KIT.evolves(ce.NanofragmentsGained, ce.NanofragmentsSpent)
@on_record
def _nanofragments(s: State, c: dict[str, Any], e: Any) -> None:
    sheet = _char(c, e.character)
    sheet["unconscious"] = e.unconscious
    if hasattr(e, "conscious"):
        sheet["conscious"] = e.conscious


@KIT.evolves(ce.DividerCardSet)
@on_record
def _divider(s: State, c: dict[str, Any], e: Any) -> None:
    c["dividers"][e.character] = {"code": e.code, "space": e.space}


@KIT.evolves(ce.BonusSkillObtained)
@on_record
def _bonus(s: State, c: dict[str, Any], e: Any) -> None:
    sheet = _char(c, e.character)
    sheet["bonus_skill"] = e.code
    sheet["skills"][e.skill] = _skill(True, "bonus", None, None, {}, None)


@KIT.evolves(ce.HighFrequencyNanopotentialGained, ce.HighFrequencyNanopotentialSpent)
@on_record
def _high_frequency(s: State, c: dict[str, Any], e: Any) -> None:
    card = c["upgrades"]["high_frequency"]
    card["unspent"] = e.unspent
    card["spent"] = getattr(e, "spent", card["spent"])


def _skill(conscious: bool, origin: str, combination: str | None, cost: list[int] | None, numbers: dict[str, int],
           range_: int | None) -> dict[str, Any]:
    printed = {"combination": combination, "cost": cost, "numbers": dict(numbers), "range": range_}
    return {"conscious": conscious, "origin": origin, "combination": combination, "cost": cost,
            "value": min(cost) if cost else None, "numbers": dict(numbers), "range": range_, "printed": printed,
            "stickers": {}, "nanosync": False}


@KIT.evolves(ce.SkillCardObtained)
@on_record
def _skill_obtained(s: State, c: dict[str, Any], e: Any) -> None:
    _char(c, e.character)["skills"][e.skill] = _skill(e.conscious, "start" if e.conscious else "found", e.combination,
                                                      e.cost, e.numbers, e.range)


@KIT.evolves(ce.SkillMadeConscious)
@on_record
def _conscious(s: State, c: dict[str, Any], e: Any) -> None:
    _char(c, e.character)["skills"][e.skill]["conscious"] = True


@KIT.evolves(ce.ActiveSkillsChosen)
@KIT.follows(ee.SkillsChosen)
@on_record
def _active(s: State, c: dict[str, Any], e: Any) -> None:
    """Between Encounters (``choose-active-skills``) or at an Encounter's setup (``choose-skills``): one list of
    Active Skills, so the campaign sheet and the board agree (nanolith.txt § Exchanging Skill Cards)."""
    c["active"][e.character] = list(e.skills if isinstance(e, ce.ActiveSkillsChosen) else e.active)  # [] is a choice: all Inactive


@KIT.evolves(ce.SkillCostLowered)
@on_record
def _cost(s: State, c: dict[str, Any], e: Any) -> None:
    skill = _char(c, e.character)["skills"][e.skill]
    skill["stickers"]["cost"] = {"kind": "cost", "before": e.before, "after": e.after}
    skill.update(cost=list(e.after), value=min(e.after))


@KIT.evolves(ce.SkillNumberChanged)
@on_record
def _number(s: State, c: dict[str, Any], e: Any) -> None:
    skill = _char(c, e.character)["skills"][e.skill]
    skill["stickers"][f"number:{e.number}"] = {"kind": "number", "before": e.before, "after": e.after}
    skill["numbers"][e.number] = e.after


@KIT.evolves(ce.SkillRangeExtended)
@on_record
def _range(s: State, c: dict[str, Any], e: Any) -> None:
    skill = _char(c, e.character)["skills"][e.skill]
    skill["stickers"]["range"] = {"kind": "range", "before": e.before, "after": "any"}
    skill["range"] = "any"


@KIT.evolves(ce.NanosyncTokenGained)
@on_record
def _nanosync_gained(s: State, c: dict[str, Any], e: Any) -> None:
    _char(c, e.character)["nanosync_tokens"] = e.held


@KIT.evolves(ce.NanosyncTokenPlaced)
@on_record
def _nanosync_placed(s: State, c: dict[str, Any], e: Any) -> None:
    sheet = _char(c, e.character)
    sheet["nanosync_tokens"] = e.held
    sheet["skills"][e.skill]["nanosync"] = True
    sheet["skills"][e.skill]["stickers"]["nanosync"] = {"kind": "nanosync", "before": None, "after": "unlocked"}


@KIT.evolves(ce.WeaponUpgradeBought)
@on_record
def _weapon(s: State, c: dict[str, Any], e: Any) -> None:
    slots = _char(c, e.character)["weapons"].setdefault(e.weapon, {})
    slots.setdefault(str(e.slot), []).append(e.upgrade)


@KIT.evolves(ce.BodyAugmented)
@on_record
def _body(s: State, c: dict[str, Any], e: Any) -> None:
    defense = _char(c, e.character)["defense"]
    defense[e.defense] = defense.get(e.defense, 0) + 1


@KIT.evolves(ce.StartItemsGiven)
@on_record
def _start_items(s: State, c: dict[str, Any], e: Any) -> None:
    for item in e.items:
        c["upgrades"]["start_items"][item] = {"level": 1, "holder": e.character, "removed": []}


@KIT.evolves(ce.StartItemLevelBought)
@on_record
def _start_item_level(s: State, c: dict[str, Any], e: Any) -> None:
    old = c["upgrades"]["start_items"].get(e.item) or {"removed": []}
    removed = [*old["removed"], e.removed_level] if e.removed_level else list(old["removed"])
    c["upgrades"]["start_items"][e.item] = {"level": e.level, "holder": e.character, "removed": removed}
    if e.removed_level:  # § Upgraded Start Items: the old level "is removed from the game and can no longer be used"
        gone = slug(f"{e.item} Lv. {e.removed_level}")
        for board in (s.get("characters") or {}).values():
            board.get("start_items", {}).pop(gone, None)


@KIT.evolves(ce.ShopBoxTicked)
@on_record
def _tick(s: State, c: dict[str, Any], e: Any) -> None:
    c["upgrades"]["shops"].setdefault(e.shop, {})[e.offer] = {"boxes": e.boxes, "ticked": e.ticked}


@KIT.evolves(ce.UpgradeBought)
@on_record
def _upgrade(s: State, c: dict[str, Any], e: Any) -> None:
    c["upgrades"]["purchases"].append({"upgrade": e.upgrade, "character": e.character, "price": e.price,
                                       "currency": e.currency, "shop": e.shop})


@KIT.evolves(ce.ProgramSaved, ce.ProgramDeleted)
@on_record
def _programs(s: State, c: dict[str, Any], e: Any) -> None:
    c["upgrades"]["programs"] = list(e.programs)
