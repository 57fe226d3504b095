"""The Encounter's kit (nanolith.txt): every Encounter action is declared on :data:`KIT` by its decider in
:mod:`.rules`, every Encounter event's evolve handler in :mod:`.evolve` / :mod:`.evolve_encounter`.

Campaign Mode has its own kit (:mod:`.campaign.kit`); the ruleset composes both (``Kit.include``).
Also here: how Questlog rolls for the table (``--digital``) for the actions that record dice.

Reveals (nanolith.txt § Undoing Moves: "as long as the players have not rolled the dice..."): every action
that records physical dice (roll-action-dice, attack, enemy-attack, remove-hacked, spawn: a D6 per standee
picks its Spawn Point; download-program, hack, hacked-profile-attack) or draws a card (pick-up-item,
draw-boss-card).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from domain.core.kit import Kit
from domain.core.ruleset import DiceRoll, State

from .vocabulary import ACTION_DIE_SIDES, COMBAT_DIE_SIDES, HEROES

KIT = Kit("nanolith.txt")
"""The Encounter: Player Boards, Rounds and phases, enemies, Skills, Items, Sidekick."""

DiceRule = Callable[[State, Mapping[str, Any]], DiceRoll | None]


def action_dice(state: State, fields: Mapping[str, Any]) -> DiceRoll | None:
    """A hero's Action Dice: as many D6 as their Action Dice Value (§ Action Dice Value)."""
    character = fields.get("character")
    if character not in HEROES:
        return None
    return DiceRoll("dice", state["characters"][character]["action_dice_value"], ACTION_DIE_SIDES)


def combat_dice(field: str) -> DiceRule:
    """Combat Dice into ``field``: as many as the given ``combat_value`` (§ Attacks); none without one."""
    def roll(state: State, fields: Mapping[str, Any]) -> DiceRoll | None:
        count = fields.get("combat_value")
        return DiceRoll(field, count, COMBAT_DIE_SIDES) if count else None
    return roll


def spawn_dice(state: State, fields: Mapping[str, Any]) -> DiceRoll | None:
    """One D6 per entering standee, for its Spawn Point (§ Spawn Phase)."""
    count = len(fields.get("enemies") or [])
    return DiceRoll("spawn_rolls", count, ACTION_DIE_SIDES) if count else None
