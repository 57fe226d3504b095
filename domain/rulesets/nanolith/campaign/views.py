"""Campaign Mode views: ``stickers`` (the sticker sheets), ``unlocks`` (what the group holds and has unlocked),
``progress`` (the campaign sheet). Each is a pure function of the state returning JSON data.

Shapes::

    stickers = {"characters": {id: {"divider": {"unconscious", "conscious", "code", "space", "bonus_skill"},
                                    "skills": {skill: {"conscious", "active", "origin", "printed", "effective",
                                                       "stickers": {slot: {"kind", "before", "after"}}, "nanosync"}},
                                    "nanosync_tokens": {"held", "placed": [skill]},
                                    "weapons": {weapon: {slot: {"on_top", "under": [...]}}},
                                    "body_augmentations": {defense: +n}}},
                "high_frequency": {"unspent", "spent"}}
    unlocks = {"hidden_cards": {code: {...}}, "quest_items": {"persistent": [...], "other": [...], "discarded": [...]},
               "skills": {id: {"conscious", "unconscious", "active", "bonus"}}, "bonus_skills": {id: code},
               "start_items": {item: {"level", "holder", "removed"}}, "defragmented": [...],
               "sidekick_programs": [...], "shops": {shop: {offer: {"boxes", "ticked"}}}, "purchases": [...]}
    progress = {"chapter", "position", "date", "difficulty", "encounters", "won", "lost", "save_points",
                "game_overs", "game_over_pending", "mission_tokens": {"placed", "chosen"}, "lobbies",
                "nanostories", "riddles", "comics", "city_phases", "city_phase"}
"""

from __future__ import annotations

from typing import Any

from domain.core.ruleset import State

from ..vocabulary import HEROES
from .state import effective_skill, record


def _skill(s: dict[str, Any], active: bool) -> dict[str, Any]:
    return {"conscious": s["conscious"], "active": active, "origin": s["origin"], "printed": dict(s["printed"]),
            "effective": effective_skill(s), "stickers": {k: dict(v) for k, v in sorted(s["stickers"].items())},
            "nanosync": s["nanosync"]}


def _character(c: dict[str, Any], char_id: str) -> dict[str, Any]:
    sheet = c["upgrades"]["characters"][char_id]
    divider = c["dividers"].get(char_id) or {}
    active = c["active"].get(char_id, [])
    return {
        "divider": {"unconscious": sheet["unconscious"], "conscious": sheet["conscious"], "code": divider.get("code"),
                    "space": divider.get("space"), "bonus_skill": sheet["bonus_skill"]},
        "skills": {name: _skill(s, name in active) for name, s in sorted(sheet["skills"].items())},
        "nanosync_tokens": {"held": sheet["nanosync_tokens"],
                            "placed": sorted(n for n, s in sheet["skills"].items() if s["nanosync"])},
        "weapons": {w: {slot: {"on_top": stack[-1], "under": stack[:-1]} for slot, stack in sorted(slots.items())}
                    for w, slots in sorted(sheet["weapons"].items())},
        "body_augmentations": {d: f"+{n}" for d, n in sorted(sheet["defense"].items())},
    }


def stickers(state: State) -> dict[str, Any]:
    """Every sticker sheet: Divider Cards, Skill Cards with their stickers and effective figures, Nanosync
    Tokens, Weapon Upgrade slots, Body Augmentations, and the High-Frequency Nanopotential card."""
    c = record(state)
    return {"characters": {char_id: _character(c, char_id) for char_id in HEROES},
            "high_frequency": dict(c["upgrades"]["high_frequency"])}


def _skills(c: dict[str, Any], char_id: str) -> dict[str, list[str]]:
    skills = c["upgrades"]["characters"][char_id]["skills"]
    return {"conscious": sorted(n for n, s in skills.items() if s["conscious"]),
            "unconscious": sorted(n for n, s in skills.items() if not s["conscious"]),
            "active": list(c["active"].get(char_id, [])),
            "bonus": sorted(n for n, s in skills.items() if s["origin"] == "bonus")}


def unlocks(state: State) -> dict[str, Any]:
    """Hidden Cards and Quest Items (Persistent or not), Skills by side, Bonus Skills, Start Item levels,
    Defragmented texts, Sidekick's saved programs, Shop ticks and other purchases."""
    c = record(state)
    cards = c["cards"]
    quest = {code: card for code, card in cards.items() if card["quest_item"]}
    return {
        "hidden_cards": {code: dict(card) for code, card in sorted(cards.items())},
        "quest_items": {"persistent": sorted(k for k, v in quest.items() if v["persistent"] and not v["discarded"]),
                        "other": sorted(k for k, v in quest.items() if not v["persistent"] and not v["discarded"]),
                        "discarded": sorted(k for k, v in quest.items() if v["discarded"])},
        "skills": {char_id: _skills(c, char_id) for char_id in HEROES},
        "bonus_skills": {char_id: c["upgrades"]["characters"][char_id]["bonus_skill"] for char_id in HEROES
                         if c["upgrades"]["characters"][char_id]["bonus_skill"]},
        "start_items": {item: dict(v) for item, v in sorted(c["upgrades"]["start_items"].items())},
        "defragmented": [dict(d) for d in c["defragmented"]],
        "sidekick_programs": list(c["upgrades"]["programs"]),
        "shops": {shop: {o: dict(v) for o, v in sorted(offers.items())} for shop, offers in sorted(c["upgrades"]["shops"].items())},
        "purchases": [dict(p) for p in c["upgrades"]["purchases"]],
    }


def progress(state: State) -> dict[str, Any]:
    """The campaign sheet: where the group is, Encounters won and lost with dates, Save Points, Game Overs,
    Mission Tokens placed and chosen, Lobbies, Nanostories, Riddles, comics, City Phases, difficulty."""
    c = record(state)
    p = c["progress"]
    encounters = [dict(e) for e in p["encounters"]]
    return {
        "chapter": p["chapter"], "position": dict(p["position"]) if p["position"] else None, "date": p["date"],
        "difficulty": p["difficulty"],
        "encounters": encounters,
        "won": [e["name"] for e in encounters if e["outcome"] == "victory"],
        "lost": [e["name"] for e in encounters if e["outcome"] != "victory"],
        "save_points": [dict(s) for s in p["save_points"]],
        "last_save_point": p["save_points"][-1]["name"] if p["save_points"] else None,
        "game_overs": [dict(g) for g in p["game_overs"]], "game_over_pending": p["game_over_pending"],
        "mission_tokens": {"placed": {t: dict(v) for t, v in c["mission_tokens"].items()},
                           "chosen": sorted(t for t, v in c["mission_tokens"].items() if v["chosen"])},
        "lobbies": list(p["lobbies"]), "nanostories": list(p["nanostories"]),
        "riddles": [dict(r) for r in p["riddles"]], "comics": list(p["comics"]),
        "city_phases": p["city_phases"], "city_phase": dict(p["city_phase"]) if p["city_phase"] else None,
    }


CAMPAIGN_VIEWS = {"stickers": stickers, "unlocks": unlocks, "progress": progress}
"""Campaign Mode's views by name."""
