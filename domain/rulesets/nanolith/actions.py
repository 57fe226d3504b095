"""Nanolith's action catalogue: verb -> ActionSpec (schema, one-line help, positional args, reveal, dice).

Reveals (nanolith.txt § Undoing Moves: "as long as the players have not rolled the dice..."): every
action that records physical dice: roll-action-dice, attack, enemy-attack, remove-hacked, and spawn (a D6
per standee picks its Spawn Point).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core.ruleset import ActionSpec, DiceRoll, State

from . import schemas as sc
from .actions_encounter import ENCOUNTER_ACTIONS
from .vocabulary import ACTION_DIE_SIDES, COMBAT_DIE_SIDES, HEROES


def _action_dice(state: State, fields: Mapping[str, Any]) -> DiceRoll | None:
    character = fields.get("character")
    if character not in HEROES:
        return None
    return DiceRoll("dice", state["characters"][character]["action_dice_value"], ACTION_DIE_SIDES)


def _combat_dice(field: str) -> Any:
    def roll(state: State, fields: Mapping[str, Any]) -> DiceRoll | None:
        count = fields.get("combat_value")
        return DiceRoll(field, count, COMBAT_DIE_SIDES) if count else None
    return roll


def _spawn_dice(state: State, fields: Mapping[str, Any]) -> DiceRoll | None:
    count = len(fields.get("enemies") or [])
    return DiceRoll("spawn_rolls", count, ACTION_DIE_SIDES) if count else None


def _spec(verb: str, schema: Any, help: str, *args: str, reveal: bool = False, dice: Any = None) -> ActionSpec:
    return ActionSpec(verb, schema, help, reveal=reveal, args=args, dice=dice)


ACTIONS: dict[str, ActionSpec] = {**{s.verb: s for s in [
    _spec("start-encounter", sc.StartEncounterSchema, "Start an Encounter: Player Boards reset, Round 1 (options: Effect Token Maxima)", "name"),
    _spec("end-encounter", sc.EndEncounterSchema, "End the Encounter with --outcome victory or game-over"),
    _spec("set-spawn-pool", sc.SpawnPoolSchema, "Set the Spawn Pool: TYPE:STANDEES entries, e.g. bio-mutant:1,2,3 security-droid:1-4", "entries"),
    _spec("set-stress-spaces", sc.StressSpacesSchema, "Say which Inactive Index spaces (1-based) of a Player Board show the Stress Icon", "character", "slots"),
    _spec("start-round", sc.EmptySchema, "Status Phase steps 1-3: Round Tracker and Reinforcement Tokens, Stress back 2, Poisoned Damage"),
    _spec("roll-action-dice", sc.RollActionDiceSchema, "Record a character's Action Dice roll (each 1 gives 1 Stress)", "character", "dice",
          reveal=True, dice=_action_dice),
    _spec("give-initiative", sc.CharacterSchema, "Give the Initiative Token; the Character Action Phase begins", "character"),
    _spec("spend-dice", sc.SpendDiceSchema, "Place unspent Action Dice (by pips) in the Inactive Index to pay a cost or a Nanosync", "character", "values"),
    _spec("manipulate-die", sc.ManipulateDieSchema, "Turn an Action Die up or down by 1 for 1 Stress (once per die per phase)", "character", "value", "direction"),
    _spec("end-activation", sc.CharacterSchema, "End (or pass) a character's activation for this Round", "character"),
    _spec("perform-nanoshock-action", sc.CharacterSchema, "Flip the active Nanoshock Token and begin the Nanoshock Action", "character"),
    _spec("end-nanoshock-action", sc.CharacterSchema, "End the Nanoshock Action in progress", "character"),
    _spec("remove-hacked", sc.RemoveHackedSchema, "Spend a die and roll Hacking dice against the Hacked Token (Defense 6)", "character", "die", "roll",
          reveal=True, dice=_combat_dice("roll")),
    _spec("attack", sc.AttackSchema, "Record a character's attack roll against an enemy (or a Hacking Profile with --profile)", "character", "target", "roll",
          reveal=True, dice=_combat_dice("roll")),
    _spec("enemy-attack", sc.EnemyAttackSchema, "Record an enemy's attack roll against a character, Sidekick or enemy", "enemy", "target", "roll",
          reveal=True, dice=_combat_dice("roll")),
    _spec("place-enemy", sc.PlaceEnemySchema, "Place an enemy standee on the Encounter Map (--life from its Enemy Card)", "enemy_type", "standee"),
    _spec("spawn", sc.SpawnSchema, "Spawn Phase: the reinforcements that enter and the RT spent; leftover RT become Stress", "enemies",
          reveal=True, dice=_spawn_dice),
    _spec("take-damage", sc.TargetAmountSchema, "Mark Damage on a character, Sidekick or enemy", "target", "amount"),
    _spec("heal", sc.CharacterAmountSchema, "Heal a character's Damage Points", "character", "amount"),
    _spec("gain-stress", sc.CharacterAmountSchema, "Give a character Stress, one point at a time", "character", "amount"),
    _spec("give-effect", sc.GiveEffectSchema, "Give Effect Tokens (up to the Effect Token Maximum)", "target", "effect"),
    _spec("remove-effect", sc.RemoveEffectSchema, "Remove Effect Tokens (default: all of that Effect)", "target", "effect"),
    _spec("shock", sc.CharacterSchema, "Resolve Shock on a character: the Nanoshock Cube moves one space left", "character"),
    _spec("revive", sc.CharacterSchema, "Nanophoenix: remove a character's Unconscious Token", "character"),
    _spec("sidekick-enters", sc.SidekickEntersSchema, "Sidekick enters the Encounter Map (\"Go get 'em!\")"),
]}, **ENCOUNTER_ACTIONS}
"""Every Nanolith action by verb."""
