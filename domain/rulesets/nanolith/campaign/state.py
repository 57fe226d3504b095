"""The campaign record: the top-level ``"campaign"`` key of Nanolith's state, and questions about it.

Layout (plain JSON; ``evolve`` copies it)::

    {"upgrades": {                      # what a Game Over may roll back (see Upgrades.ROLL_BACK)
        "characters": {id: {"unconscious": int, "conscious": int,          # Divider Card stickers
                            "bonus_skill": None | "X1".."X4",
                            "skills": {skill: Skill},
                            "nanosync_tokens": int,
                            "weapons": {weapon: {slot: [upgrade, ...]}},   # last pasted on top
                            "defense": {defense: 1}}},                     # Defense Values raised
        "high_frequency": {"unspent": int, "spent": int},
        "start_items": {item: {"level": int, "holder": id, "removed": [levels]}},
        "shops": {shop: {offer: {"boxes": int | None, "ticked": int}}},
        "programs": [program], "purchases": [{"upgrade", "character", "price", "currency", "shop"}]},
     "dividers": {id: {"code": "X1".."X4", "space": int}},                # printed on the cards
     "active": {id: [skill]},                                              # Active Skills chosen
     "cards": {code: {"name", "holder", "quest_item", "persistent", "defragments", "lobby", "discarded"}},
     "defragmented": [{"text", "code"}],
     "mission_tokens": {token: {"page", "placed_because", "chosen": int}},
     "progress": {"date", "chapter", "position": None | {"place", "name", "disk", "exit_icon", "page"},
                  "encounters": [{"name", "outcome", "date"}], "save_points": [{"name", "date", "chapter"}],
                  "game_overs": [{"encounter", "save_point", "upgrades", "date"}], "game_over_pending": None | name,
                  "lobbies": [name], "riddles": [{"name", "chapter", "hint"}], "nanostories": [name],
                  "comics": [name], "city_phases": int, "city_phase": None | {"step": 1..3, "returned": int | None},
                  "difficulty": "normal" | "lower"},
     "saves": {save point: upgrades}}                                      # the sheet at each Save Point

A Skill is ``{"conscious", "origin": "start" | "found" | "bonus", "combination", "cost", "value", "numbers",
"range", "printed", "stickers": {slot: sticker}, "nanosync": bool}``: ``combination`` / ``cost`` (its pips,
``[2, 2]``) / ``value`` (the lowest pip, ``2``) / ``numbers`` / ``range`` (``"any"`` after the range sticker)
are the figures *as stickered now*, what the Encounter rules read; ``printed`` keeps the card's own. A slot
is ``"cost"``, ``"range"``, ``"nanosync"`` or ``"number:<name>"``; a sticker is ``{"kind", "before", "after"}``.
"""

from __future__ import annotations

from typing import Any

from domain.core.ruleset import State

from ..vocabulary import HEROES, rule
from .vocabulary import Place
from domain.core.names import quoted

KEY = "campaign"
LEVELLING_PLACES = (Place.SHOP.value, Place.CITY_MAP.value, Place.SAVE_POINT.value)
"""Places where levelling up is always possible: Shops, the City Map (§ Leveling Up) and Save Points (§ Save Points)."""


def fresh_character() -> dict[str, Any]:
    """A character's upgrade sheet before any sticker."""
    return {"unconscious": 0, "conscious": 0, "bonus_skill": None, "skills": {}, "nanosync_tokens": 0,
            "weapons": {}, "defense": {}}


def fresh_upgrades() -> dict[str, Any]:
    """The upgrade sheet of a new campaign."""
    return {"characters": {c: fresh_character() for c in HEROES}, "high_frequency": {"unspent": 0, "spent": 0},
            "start_items": {}, "shops": {}, "programs": [], "purchases": []}


def initial_campaign() -> dict[str, Any]:
    """The campaign record of a new Nanolith campaign (the value of ``state["campaign"]``)."""
    return {"upgrades": fresh_upgrades(), "dividers": {}, "active": {c: [] for c in HEROES}, "cards": {},
            "defragmented": [], "mission_tokens": {},
            "progress": {"date": None, "chapter": None, "position": None, "encounters": [], "save_points": [],
                         "game_overs": [], "game_over_pending": None, "lobbies": [], "riddles": [],
                         "nanostories": [], "comics": [], "city_phases": 0, "city_phase": None, "difficulty": "normal"},
            "saves": {}}


def record(state: State) -> dict[str, Any]:
    """``state["campaign"]`` (a fresh record for a state that predates Campaign Mode)."""
    return state.get(KEY) or initial_campaign()


def sheet(state: State, character: str) -> dict[str, Any]:
    """``character``'s upgrade sheet."""
    return record(state)["upgrades"]["characters"][character]


def skill(state: State, character: str, name: str) -> dict[str, Any] | None:
    """``character``'s Skill Card ``name``, or ``None`` if they do not own it."""
    return sheet(state, character)["skills"].get(name)


def owned_skills(state: State, character: str) -> dict[str, dict[str, bool]]:
    """For the Encounter rules: every Skill Card ``character`` owns -> ``{"conscious", "active", "nanosync"}``."""
    active = record(state)["active"].get(character, [])
    return {name: {"conscious": s["conscious"], "active": name in active, "nanosync": s["nanosync"]}
            for name, s in sheet(state, character)["skills"].items()}


def effective_skill(s: dict[str, Any]) -> dict[str, Any]:
    """A Skill's figures with its stickers applied: ``{"combination", "cost", "numbers", "range"}``.

    ``range`` is ``"any"`` once the "any space on the Encounter Map" sticker is on.
    """
    return {"combination": s["combination"], "cost": s["cost"], "numbers": dict(s["numbers"]), "range": s["range"]}


def in_encounter(state: State) -> bool:
    """Whether an Encounter is being played (set up or in its Rounds)."""
    return bool(state.get("encounter"))


def position(state: State) -> dict[str, Any] | None:
    """Where the group said it is, or ``None`` if it has not said yet."""
    return record(state)["progress"]["position"]


def at_disk_icon(state: State) -> bool:
    """Whether the group is where a Disk Icon allows levelling up (§ Leveling Up with Nanofragments)."""
    here = position(state)
    return bool(here and not in_encounter(state) and (here["disk"] or here["place"] in LEVELLING_PLACES))


def where(state: State) -> str:
    """The group's position in words, for refusals."""
    if in_encounter(state):
        return f"in the Encounter {quoted(state['encounter']['name'])}"
    here = position(state)
    if not here:
        return "nowhere yet"
    return f"at {here['place']} {quoted(here['name'])} ({'Disk Icon' if at_disk_icon(state) else 'no Disk Icon'})"


def holder_of(state: State, code: str) -> str | None:
    """Who holds Hidden Card ``code`` (``None``: nobody, or discarded)."""
    card = record(state)["cards"].get(code)
    return card["holder"] if card and not card["discarded"] else None


RULE_LEVELLING = rule("Leveling Up with Nanofragments")
