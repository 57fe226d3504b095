"""``evolve`` for Campaign Mode: applies campaign events to ``state["campaign"]`` (pure, total, never validates).

Handlers are keyed by event type *name*, so the Encounter's own events (``EncounterStarted``,
``EncounterEnded``, ``RewardsGained``) are consumed too without importing their classes. Each handler gets
a deep copy of the state and changes it in place. Story handlers are in :mod:`.evolve_story`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.core.ruleset import GameEvent, State, copy_state

from .state import KEY, record

Handler = Callable[[State, dict[str, Any], Any], None]
HANDLERS: dict[str, Handler] = {}


def on(*names: str) -> Callable[[Handler], Handler]:
    """Register a handler ``(state, campaign record, event)`` for events of these type names."""
    def wrap(fn: Handler) -> Handler:
        for name in names:
            HANDLERS[name] = fn
        return fn
    return wrap


def evolve(state: State, event: GameEvent) -> State:
    """The state after ``event``; events Campaign Mode does not know leave it unchanged (the same object)."""
    handler = HANDLERS.get(type(event).__name__)
    if handler is None:
        return state
    new = copy_state(state)
    new[KEY] = record(new)
    handler(new, new[KEY], event)
    return new


def _char(c: dict[str, Any], character: str) -> dict[str, Any]:
    return c["upgrades"]["characters"][character]


@on("NanofragmentsGained", "NanofragmentsSpent")
def _nanofragments(s: State, c: dict[str, Any], e: Any) -> None:
    sheet = _char(c, e.character)
    sheet["unconscious"] = e.unconscious
    if hasattr(e, "conscious"):
        sheet["conscious"] = e.conscious


@on("DividerCardSet")
def _divider(s: State, c: dict[str, Any], e: Any) -> None:
    c["dividers"][e.character] = {"code": e.code, "space": e.space}


@on("BonusSkillObtained")
def _bonus(s: State, c: dict[str, Any], e: Any) -> None:
    sheet = _char(c, e.character)
    sheet["bonus_skill"] = e.code
    sheet["skills"][e.skill] = _skill(True, "bonus", None, None, {}, None)


@on("HighFrequencyNanopotentialGained", "HighFrequencyNanopotentialSpent")
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


@on("SkillCardObtained")
def _skill_obtained(s: State, c: dict[str, Any], e: Any) -> None:
    _char(c, e.character)["skills"][e.skill] = _skill(e.conscious, "start" if e.conscious else "found", e.combination,
                                                      e.cost, e.numbers, e.range)


@on("SkillMadeConscious")
def _conscious(s: State, c: dict[str, Any], e: Any) -> None:
    _char(c, e.character)["skills"][e.skill]["conscious"] = True


@on("ActiveSkillsChosen", "SkillsChosen")
def _active(s: State, c: dict[str, Any], e: Any) -> None:
    """Between Encounters (``choose-active-skills``) or at an Encounter's setup (``choose-skills``): one list of
    Active Skills, so the campaign sheet and the board agree (nanolith.txt § Exchanging Skill Cards)."""
    c["active"][e.character] = list(getattr(e, "skills", None) or e.active)


@on("SkillCostLowered")
def _cost(s: State, c: dict[str, Any], e: Any) -> None:
    skill = _char(c, e.character)["skills"][e.skill]
    skill["stickers"]["cost"] = {"kind": "cost", "before": e.before, "after": e.after}
    skill.update(cost=list(e.after), value=min(e.after))


@on("SkillNumberChanged")
def _number(s: State, c: dict[str, Any], e: Any) -> None:
    skill = _char(c, e.character)["skills"][e.skill]
    skill["stickers"][f"number:{e.number}"] = {"kind": "number", "before": e.before, "after": e.after}
    skill["numbers"][e.number] = e.after


@on("SkillRangeExtended")
def _range(s: State, c: dict[str, Any], e: Any) -> None:
    skill = _char(c, e.character)["skills"][e.skill]
    skill["stickers"]["range"] = {"kind": "range", "before": e.before, "after": "any"}
    skill["range"] = "any"


@on("NanosyncTokenGained")
def _nanosync_gained(s: State, c: dict[str, Any], e: Any) -> None:
    _char(c, e.character)["nanosync_tokens"] = e.held


@on("NanosyncTokenPlaced")
def _nanosync_placed(s: State, c: dict[str, Any], e: Any) -> None:
    sheet = _char(c, e.character)
    sheet["nanosync_tokens"] = e.held
    sheet["skills"][e.skill]["nanosync"] = True
    sheet["skills"][e.skill]["stickers"]["nanosync"] = {"kind": "nanosync", "before": None, "after": "unlocked"}


@on("WeaponUpgradeBought")
def _weapon(s: State, c: dict[str, Any], e: Any) -> None:
    slots = _char(c, e.character)["weapons"].setdefault(e.weapon, {})
    slots.setdefault(str(e.slot), []).append(e.upgrade)


@on("BodyAugmented")
def _body(s: State, c: dict[str, Any], e: Any) -> None:
    defense = _char(c, e.character)["defense"]
    defense[e.defense] = defense.get(e.defense, 0) + 1


@on("StartItemsGiven")
def _start_items(s: State, c: dict[str, Any], e: Any) -> None:
    for item in e.items:
        c["upgrades"]["start_items"][item] = {"level": 1, "holder": e.character, "removed": []}


@on("StartItemLevelBought")
def _start_item_level(s: State, c: dict[str, Any], e: Any) -> None:
    old = c["upgrades"]["start_items"].get(e.item) or {"removed": []}
    removed = [*old["removed"], e.removed_level] if e.removed_level else list(old["removed"])
    c["upgrades"]["start_items"][e.item] = {"level": e.level, "holder": e.character, "removed": removed}


@on("ShopBoxTicked")
def _tick(s: State, c: dict[str, Any], e: Any) -> None:
    c["upgrades"]["shops"].setdefault(e.shop, {})[e.offer] = {"boxes": e.boxes, "ticked": e.ticked}


@on("UpgradeBought")
def _upgrade(s: State, c: dict[str, Any], e: Any) -> None:
    c["upgrades"]["purchases"].append({"upgrade": e.upgrade, "character": e.character, "price": e.price,
                                       "currency": e.currency, "shop": e.shop})


@on("ProgramSaved", "ProgramDeleted")
def _programs(s: State, c: dict[str, Any], e: Any) -> None:
    c["upgrades"]["programs"] = list(e.programs)


from . import evolve_story  # noqa: E402,F401  (registers the story handlers)
