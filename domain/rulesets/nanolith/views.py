"""Nanolith's views: ``board`` (the table as it stands) and ``turn`` (where the Round is, who acts next).

``board`` is a contract (see the tests): ``round``, ``phase``, ``reinforcement_pool``, ``initiative`` and
``characters`` -> {``damage``, ``stress``, ``stress_limit``, ``nanoshocks``, ``nanoshock_token``,
``unconscious``, ``activated``, ``effects``, ``dice``: {``available``, ``spent``}} plus more; ``enemies`` on
the map and ``eliminated``, this Encounter's eliminated enemies in order (``{"enemy", "type", "standee",
"round", "damage", "eliminated": true}``).
"""

from __future__ import annotations

from typing import Any

from domain.core.ruleset import State

from domain.core.errors import QuestlogError

from .content import catalogue_for
from .encounter_state import active_skills, enemy_order, next_enemy
from .state import lower_difficulty, must_still_activate, nobody_activated
from .vocabulary import HEROES, NAMES, Phase


def _dice(dice: list[dict[str, Any]]) -> dict[str, Any]:
    """Dice in roll order: pips still available, pips spent, as rolled, the Inactive Index in slot order."""
    placed = sorted((d for d in dice if d["spent"]), key=lambda d: d["slot"] or 0)
    return {"available": [d["value"] for d in dice if not d["spent"]],
            "spent": [d["value"] for d in dice if d["spent"]],
            "rolled": [d["rolled"] for d in dice],
            "inactive_index": [d["value"] for d in placed],
            "manipulated": [i + 1 for i, d in enumerate(dice) if d["manipulated"]]}


def _character(c: dict[str, Any], active: list[str]) -> dict[str, Any]:
    keys = ("damage", "stress", "stress_limit", "nanoshocks", "nanoshock_token", "unconscious", "activated",
            "skill_tokens", "action_dice_value", "stress_spaces")
    return {**{k: c[k] for k in keys}, "effects": dict(c["effects"]), "dice": _dice(c["dice"]),
            "skills": {"active": active, "used_this_phase": list(c["skills"]["used"])},
            "skill_token_sources": dict(c["skill_token_sources"]), "items": list(c["items"]),
            "start_items": dict(c["start_items"]), "quest_items": list(c["quest_items"])}


def _enemy(e: dict[str, Any], figures: dict[str, Any]) -> dict[str, Any]:
    return {**e, "effects": dict(e["effects"]), "paralyzed": bool(e["effects"].get("paralyzed")),
            "class": figures.get("enemy_class"), "name": figures.get("name")}


def board(state: State) -> dict[str, Any]:
    """The whole table: Encounter, Round, phase, pools, each Player Board, Sidekick, enemies, Spawn Pool."""
    encounter = state.get("encounter")
    return {
        "encounter": encounter["name"] if encounter else None,
        "last_encounter": state.get("last_encounter"),
        "lower_difficulty": lower_difficulty(state),
        "round": state["round"], "phase": state["phase"],
        "reinforcement_pool": state["reinforcement_pool"],
        "initiative": state["initiative"], "activating": state["activating"],
        "nanoshock_action": state["nanoshock_action"],
        "characters": {c: _character(state["characters"][c], _active(state, c)) for c in HEROES},
        "sidekick": {**state["sidekick"], "programs": list(state["programs"])},
        "enemies": {k: _enemy(v, state["enemy_figures"].get(v["type"]) or {}) for k, v in sorted(state["enemies"].items())},
        "eliminated": [dict(x) for x in state.get("eliminated", [])],
        "spawn_pool": {t: list(ns) for t, ns in sorted(state["spawn_pool"].items())},
        "effect_maxima": dict(state["effect_maxima"]),
        "enemy_cards": list(state["enemy_cards"]), "enemy_order": enemy_order(state),
        "next_enemy": next_enemy(state) if state["phase"] == Phase.ENEMY_ACTION.value else None,
        "targets": dict(state["enemy_phase"]["targets"]), "provoked": dict(state["enemy_phase"].get("provoked", {})),
        "boss_cards": {b: {"drawn": list(d["drawn"]), "resolved": list(d["resolved"]),
                           "waiting": d["drawn"][len(d["resolved"]):]} for b, d in state["boss_cards"].items()},
        "profiles": {k: dict(v) for k, v in state["profiles"].items()},
        "pending_hacked_attack": state["pending_hacked_attack"] or None,
        "encounter_rules": state["encounter_rules"], "content_packs": list(state["content"]["packs"]),
        "rewards": list(state.get("rewards", [])),
    }


def _active(state: State, c: str) -> list[str]:
    try:
        return active_skills(state, catalogue_for(state), c)
    except QuestlogError:  # a pack that no longer loads: show what the state alone says
        return list(state["characters"][c]["skills"]["active"] or [])


def content(state: State) -> dict[str, Any]:
    """The content packs this campaign reads (the shipped ones, then the group's given at its creation), in
    load order, the packs its Encounters started with, and every entry with its unknown (null) figures.
    ``paths``: the pack paths an older Questlog stored (no longer read)."""
    record = state["content"]
    cat = catalogue_for(state)
    entries = {section: {k: {"name": v.get("name"), "unknown": _unknown(v)} for k, v in sorted(items.items())}
               for section, items in cat.sections.items()}
    return {"paths": record["paths"], "started_with": record["started_with"], "error": None, "packs": cat.summary(),
            "entries": entries}


def _unknown(entry: Any, prefix: str = "") -> list[str]:
    if isinstance(entry, dict):
        return [u for k, v in entry.items() if k not in ("aliases",) for u in _unknown(v, f"{prefix}{k}.")]
    return [prefix.rstrip(".")] if entry is None else []


def turn(state: State) -> dict[str, Any]:
    """Where the Round stands for a group resuming play: who still rolls, who still activates, what next."""
    chars = state["characters"]
    to_roll = [c for c in HEROES if not chars[c]["unconscious"] and chars[c]["action_dice_value"] and not chars[c]["dice"]]
    return {
        "encounter": (state.get("encounter") or {}).get("name"),
        "round": state["round"], "phase": state["phase"], "phase_title": Phase(state["phase"]).title,
        "initiative": state["initiative"], "activating": state["activating"],
        "nanoshock_action": (state["nanoshock_action"] or {}).get("character"),
        "to_roll": to_roll if state["phase"] == Phase.STATUS.value else [],
        "to_activate": must_still_activate(state) if state["phase"] == Phase.CHARACTER_ACTION.value else [],
        "unconscious": [c for c in HEROES if chars[c]["unconscious"]],
        "reinforcement_pool": state["reinforcement_pool"],
        "enemies_on_map": sorted(state["enemies"]),
        "next": _next(state, to_roll),
    }


def _next(state: State, to_roll: list[str]) -> str:
    phase = state["phase"]
    if not state.get("encounter"):
        return "start-encounter NAME"
    if phase == Phase.SETUP.value:
        return "set-spawn-pool / place-enemy as the Storybook says, then start-round"
    if phase == Phase.STATUS.value:
        return f"roll-action-dice for {', '.join(NAMES[c] for c in to_roll)}" if to_roll else "give-initiative CHARACTER"
    if phase == Phase.CHARACTER_ACTION.value:
        if state["nanoshock_action"]:
            return f"{NAMES[state['nanoshock_action']['character']]}'s Nanoshock Action: attack ... then end-nanoshock-action"
        if state["activating"]:
            return f"{NAMES[state['activating']]} is activating: spend-dice, attack ..., end-activation"
        if nobody_activated(state) and state["initiative"]:
            return f"{NAMES[state['initiative']]} holds the Initiative Token and activates first"
        return f"choose who activates next: {', '.join(NAMES[c] for c in must_still_activate(state))}"
    if phase == Phase.SPAWN.value:
        return f"spawn TYPE:STANDEE... --tokens-spent N ({state['reinforcement_pool']} RT in the pool)"
    waiting = [b for b, d in state["boss_cards"].items() if len(d["resolved"]) < len(d["drawn"])]
    if waiting:
        return f"resolve-boss-card {waiting[0]}"
    following = next_enemy(state)
    if following:
        return f"activate-enemy {following} --target ... then enemy-attack {following} TARGET ROLL..."
    return "start-round"


VIEWS = {"board": board, "turn": turn, "content": content}
"""Nanolith's own views by name (``history`` is the core's)."""
