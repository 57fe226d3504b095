"""Nanolith's state: plain JSON data laid out like the table, and read-only questions about it.

Layout (``adjust`` paths follow it: ``characters.ashitaka.stress``)::

    {"encounter": None | {"name", "lower_difficulty"}, "lower_difficulty": bool (campaign setup),
     "last_encounter": None | {"name", "outcome"},
     "round": int, "phase": Phase value, "reinforcement_pool": int, "initiative": id | None,
     "activating": id | None, "nanoshock_action": None | {"character", "nanoshock_obtained"},
     "effect_maxima": {effect: max},
     "characters": {id: {"damage", "stress", "stress_limit", "nanoshocks", "nanoshock_token",
                         "unconscious", "activated", "effects": {effect: n}, "skill_tokens",
                         "action_dice_value", "stress_spaces": [slot], "dice": [die]}},
     "sidekick": {"on_map", "damage", "life"},
     "enemies": {id: {"type", "standee", "damage", "life", "effects"}},
     "spawn_pool": {type: [standee]}, "enemy_life": {type: life}}

and, for a complete Encounter (:mod:`.encounter_state`): ``content``, ``encounter_rules``, ``enemy_cards``,
``enemy_figures``, ``enemy_phase``, ``boss_cards``, ``profiles``, ``pending_hacked_attack``, Sidekick's
``programs`` and, per character, ``skills``, ``skill_token_sources``, ``items``, ``start_items``,
``quest_items``.

A die is ``{"value", "rolled", "spent", "manipulated", "slot"}`` (``slot``: its Inactive Index space).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core.errors import BadInput
from domain.core.ruleset import State

from .encounter_state import content_setup, fresh_cards, fresh_encounter
from .vocabulary import (ACTION_DICE_VALUE, AFTER_UNCONSCIOUS_ATTACKS, CHARACTER_ONLY_EFFECTS, EFFECT_MAXIMA,
                         ENEMY_ONLY_EFFECTS, HEROES, STRESS_LIMIT_START, Phase)
from domain.core.names import quoted

SETUP_OPTIONS = {"lower_difficulty": "bool: whenever enemies roll a 1, no Reinforcement Token is placed",
                 "content": "the group's own content packs: YAML files or directories (os.pathsep-separated) on the "
                            "command line; the names of packs installed on the server over HTTP"}


def no_effects(maxima: Mapping[str, int], enemy: bool = False) -> dict[str, int]:
    """Zero tokens of every Effect a character (or an enemy) can get, given the Encounter's maxima."""
    barred = CHARACTER_ONLY_EFFECTS if enemy else ENEMY_ONLY_EFFECTS
    return {e: 0 for e in maxima if e not in barred}


def fresh_character(action_dice_value: int = ACTION_DICE_VALUE, stress_spaces: list[int] | None = None,
                    maxima: Mapping[str, int] = EFFECT_MAXIMA) -> dict[str, Any]:
    """A Player Board as § Character Preparation sets it: cubes on their Zero Spaces, Token grayed out.

    ``stress_spaces`` (the Inactive Index spaces showing the Stress Icon, § Spending Action Dice) stays ``None``,
    "not set", until the group reads them off the board: the rulebook does not print them, and the board shows
    which are missing."""
    return {"damage": 0, "stress": 0, "stress_limit": STRESS_LIMIT_START, "nanoshocks": 0,
            "nanoshock_token": "inactive", "unconscious": False, "activated": False, "effects": no_effects(maxima),
            "skill_tokens": 0, "action_dice_value": action_dice_value,
            "stress_spaces": None if stress_spaces is None else list(stress_spaces), "dice": [], **fresh_cards()}


def initial_state(setup: Mapping[str, Any]) -> State:
    """A new Nanolith campaign: no Encounter yet. ``setup`` may hold ``lower_difficulty`` (bool).

    Raises :class:`BadInput` for an unknown option or a non-boolean value.
    """
    unknown = sorted(set(setup) - set(SETUP_OPTIONS))
    if unknown:
        raise BadInput(f"unknown Nanolith setup option{'s' if len(unknown) > 1 else ''} {', '.join(unknown)}; known: {', '.join(SETUP_OPTIONS)}",
                       {"setup": [f"unknown option {quoted(k)}" for k in unknown]})
    lower = setup.get("lower_difficulty", False)
    if not isinstance(lower, bool):
        raise BadInput(f"lower_difficulty is true or false, not {lower!r}", {"setup": ["lower_difficulty: not a boolean"]})
    return {
        "encounter": None, "last_encounter": None, "lower_difficulty": lower,
        "round": 1, "phase": Phase.SETUP.value, "reinforcement_pool": 0, "initiative": None, "activating": None,
        "nanoshock_action": None, "effect_maxima": dict(EFFECT_MAXIMA),
        "characters": {c: fresh_character() for c in HEROES},
        "sidekick": {"on_map": False, "damage": 0, "life": None},
        "enemies": {}, "spawn_pool": {}, "enemy_life": {},
        **fresh_encounter(), "content": content_setup(setup),
    }


# -- questions ------------------------------------------------------------------------------------

def board(state: State, character: str) -> dict[str, Any]:
    """``character``'s Player Board (one of the four)."""
    return state["characters"][character]


def lower_difficulty(state: State) -> bool:
    """Whether enemies' 1s place no RT (campaign setup or this Encounter; § Lower Difficulty Level)."""
    encounter = state.get("encounter") or {}
    return bool(state.get("lower_difficulty") or encounter.get("lower_difficulty"))


def unspent(state: State, character: str) -> list[int]:
    """1-based positions of ``character``'s unspent Action Dice, in roll order."""
    return [i + 1 for i, d in enumerate(board(state, character)["dice"]) if not d["spent"]]


def spent_count(state: State, character: str) -> int:
    """How many of ``character``'s dice are in the Inactive Index."""
    return sum(1 for d in board(state, character)["dice"] if d["spent"])


def hacked(state: State, character: str) -> bool:
    """Whether ``character`` has at least one Hacked Token (§ Hacked)."""
    return board(state, character)["effects"].get("hacked", 0) > 0


def in_own_nanoshock_action(state: State, character: str) -> bool:
    """Whether ``character`` is performing their Nanoshock Action right now."""
    action = state.get("nanoshock_action")
    return bool(action and action["character"] == character)


def attacks_after_unconscious(state: State, character: str) -> bool:
    """Whether ``character`` is Unconscious inside their own Rush / Falling Stars (§ Unconscious)."""
    return (board(state, character)["unconscious"] and character in AFTER_UNCONSCIOUS_ATTACKS
            and in_own_nanoshock_action(state, character))


def must_still_activate(state: State) -> list[str]:
    """Conscious characters with Action Dice who have not activated (or passed) this Round."""
    return [c for c in HEROES if not board(state, c)["activated"] and not board(state, c)["unconscious"]
            and board(state, c)["action_dice_value"] > 0]


def nobody_activated(state: State) -> bool:
    """Whether no character has activated (or passed) yet this Round."""
    return not any(board(state, c)["activated"] for c in HEROES)


def find_target(state: State, name: str) -> tuple[str, str] | None:
    """``("character", id)``, ``("sidekick", "sidekick")``, ``("enemy", id)`` for a name, or ``None``."""
    from .vocabulary import CHARACTERS

    key = str(name).strip().lower()
    for char_id, aliases in CHARACTERS.items():
        if key == char_id or key in aliases:
            return ("sidekick", char_id) if char_id == "sidekick" else ("character", char_id)
    if key in state["enemies"]:
        return ("enemy", key)
    return None


def targets(state: State) -> list[str]:
    """Every name :func:`find_target` accepts now: the characters' ids and aliases, then the enemies on the map."""
    from .vocabulary import CHARACTERS

    return [*(n for char_id, aliases in CHARACTERS.items() for n in (char_id, *aliases)), *state["enemies"]]


def enemy_id(enemy_type: str, standee: int) -> str:
    """The id of a standee on the map: ``enemy_id("bio-mutant", 1)`` -> ``"bio-mutant-1"``."""
    return f"{enemy_type}-{standee}"


def normalise_type(text: str) -> str:
    """An enemy type as a slug: ``"Bio Mutant"`` -> ``"bio-mutant"``."""
    return "-".join(str(text).strip().lower().replace("_", " ").split())
