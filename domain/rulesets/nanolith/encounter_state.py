"""State of a complete Encounter (added to :mod:`.state`'s layout) and read-only questions about it.

Layout::

    {"content": {"paths": str | None, "packs": [pack summary], "started_with": [pack summary] | None},
     "encounter_rules": None | {"encounter", "special_rules", "victory", "game_over", "bleeding_defense",
                                "hacked_profile", "reinforcements"},
     "enemy_cards": [enemy type, top to bottom], "enemy_figures": {type: figures},
     "enemy_phase": {"done": [enemy id], "targets": {enemy id: target}},
     "boss_cards": {boss type: {"drawn": [card], "resolved": [card]}},
     "profiles": {target: {"profile", "damage", "index", "hacked"}},
     "programs": [program id], "pending_hacked_attack": None | character,
     "eliminated": [{"enemy", "type", "standee", "round", "damage", "eliminated": True}] (this Encounter's),
     "characters": {id: {..., "skills": {"active": [skill] | None, "used": [skill]},
                         "skill_token_sources": {skill: n}, "items": [item], "start_items": {item: "ready" | "used"},
                         "quest_items": [item]}}}

Skills a character owns come from the campaign record (``state["campaign"]``, issue #5) where it lists
any, otherwise from the content pack (every Skill it lists for that character).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core.ruleset import State

from .content import Catalogue, packs_from_data, slug

MAX_ACTIVE_SKILLS = 3
"""§ Exchanging Skill Cards: never more than 3 Active Skills."""
MAX_ITEM_CARDS = 4
"""§ Activating Cards: up to 4 Item Cards (Start Items and Quest Cards not counted)."""
MAX_PROGRAMS = 4
"""§ Using Programs: Sidekick holds up to 4 programs."""


def fresh_cards() -> dict[str, Any]:
    """A character's cards at the start of a campaign: no Skills chosen, no Items."""
    return {"skills": {"active": None, "used": []}, "skill_token_sources": {}, "items": [], "start_items": {},
            "quest_items": []}


def fresh_encounter() -> dict[str, Any]:
    """The Encounter-wide keys as a new Encounter sets them."""
    return {"encounter_rules": None, "enemy_cards": [], "enemy_figures": {}, "enemy_phase": {"done": [], "targets": {}},
            "boss_cards": {}, "profiles": {}, "programs": [], "pending_hacked_attack": None,
            "eliminated": []}


def content_setup(setup: Mapping[str, Any]) -> dict[str, Any]:
    """The ``content`` key from the campaign setup: ``own``, the group's packs as loaded data (validated again:
    the edge read the files, see :func:`.content.packs_from_files`). A text is a path an older Questlog stored
    (the files were read when actions were decided): kept in ``paths`` to show, read never again (each
    decision recorded its figures, so replays are unchanged). Raises :class:`BadInput` for anything else."""
    given = setup.get("content")
    if isinstance(given, str):
        return {"paths": given, "own": [], "packs": [], "started_with": None}
    own = [p.to_data() for p in packs_from_data(given)] if given is not None else []
    return {"paths": None, "own": own, "packs": [], "started_with": None}


def _campaign_character(state: State, character: str) -> dict[str, Any]:
    campaign = state.get("campaign") or {}
    return ((campaign.get("upgrades") or {}).get("characters") or {}).get(character) or {}


def campaign_skills(state: State, character: str) -> dict[str, dict[str, Any]]:
    """The campaign record's conscious Skills of ``character`` by slug (empty without a record)."""
    skills = _campaign_character(state, character).get("skills") or {}
    return {slug(k): v for k, v in skills.items() if isinstance(v, dict) and v.get("conscious", True)}


def removed_start_items(state: State) -> dict[str, str]:
    """Start Item cards (by slug, ``cool-down-lv-1``) removed from the game because the group bought a higher
    level (§ Upgraded Start Items) -> the level that replaced them (``"cool-down-lv-2"``); empty without a record."""
    held = ((state.get("campaign") or {}).get("upgrades") or {}).get("start_items") or {}
    return {slug(f"{item} Lv. {level}"): slug(f"{item} Lv. {r.get('level')}")
            for item, r in held.items() for level in r.get("removed") or []}


def owned_skills(state: State, catalogue: Catalogue, character: str) -> list[str]:
    """The Skills ``character`` may make Active: the campaign's conscious Skills, else the pack's."""
    recorded = campaign_skills(state, character)
    if recorded:
        return sorted(recorded)
    return sorted(k for k, v in catalogue.sections["skills"].items() if v.get("character") == character)


def active_skills(state: State, catalogue: Catalogue, character: str) -> list[str]:
    """The Active Skills: as chosen this Encounter, else the campaign's Active ones, else all owned if <= 3."""
    chosen = state["characters"][character]["skills"]["active"]
    if chosen is not None:
        return list(chosen)
    recorded = ((state.get("campaign") or {}).get("active") or {}).get(character)
    if recorded:
        return [slug(s) for s in recorded]
    owned = owned_skills(state, catalogue, character)
    return owned if len(owned) <= MAX_ACTIVE_SKILLS else []


def skill_cost(state: State, catalogue: Catalogue, character: str, skill: str) -> dict[str, Any] | None:
    """``{"combination", "value"}`` of a Skill: the campaign's (stickers lower it) over the pack's; ``None``
    when neither knows it (the players then give it)."""
    recorded = campaign_skills(state, character).get(skill) or {}
    if recorded.get("combination") and recorded.get("cost"):
        # the campaign record keeps the cost as pips after stickers ([1, 1]) and its lowest pip as ``value``
        pips = recorded["cost"]
        value = recorded.get("value", min(pips) if isinstance(pips, list) else pips)
        return {"combination": recorded["combination"], "value": value}
    cost = catalogue.get("skills", skill).get("cost")
    return dict(cost) if cost and cost.get("value") is not None else None


def item_type(state: State, character: str, item: str) -> str | None:
    """Where ``character`` holds ``item``: ``"start"``, ``"quest"``, ``"item"`` or ``None``."""
    me = state["characters"][character]
    if item in me["start_items"]:
        return "start"
    if item in me["quest_items"]:
        return "quest"
    return "item" if item in me["items"] else None


def enemy_order(state: State) -> list[str]:
    """Enemy ids on the map in Enemy Initiative order (§ Enemy Initiative): Bosses first (Boss Card
    order), then the Enemy Cards top to bottom, standees by number."""
    enemies = state["enemies"]
    cards = list(state["enemy_cards"]) + sorted({e["type"] for e in enemies.values()} - set(state["enemy_cards"]))
    figures = state["enemy_figures"]
    bosses = [t for t in cards if (figures.get(t) or {}).get("enemy_class") == "boss"]
    drawn = [b for b in state["boss_cards"] if b in bosses]
    bosses = drawn + [b for b in bosses if b not in drawn]
    ordered = bosses + [t for t in cards if t not in bosses]
    return [k for t in ordered for k, e in sorted(enemies.items(), key=lambda kv: kv[1]["standee"]) if e["type"] == t]


def next_enemy(state: State) -> str | None:
    """The enemy whose activation comes next in the Enemy Action Phase, or ``None``."""
    done = set(state["enemy_phase"]["done"])
    return next((e for e in enemy_order(state) if e not in done), None)
