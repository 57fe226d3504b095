"""``decide(state, command) -> events``: Nanolith's rules, one function per verb.

Each rule function receives a :class:`~.consequences.Decision` (the events so far and the state they lead
to) and the command's loaded fields; it raises :class:`~domain.core.errors.RuleViolation` citing
``nanolith.txt § <section>`` where the rules forbid the action. Nothing here reads a clock, rolls a die
or touches storage.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from domain.core.errors import BadInput
from domain.core.ruleset import Command, GameEvent, State

from . import activation, combat, effects, rounds
from .consequences import Decision
from .encounter import ENCOUNTER_RULES

RULES: dict[str, Callable[[Decision, Mapping[str, Any]], None]] = {
    "start-encounter": rounds.start_encounter,
    "end-encounter": rounds.end_encounter,
    "set-spawn-pool": rounds.set_spawn_pool,
    "set-stress-spaces": rounds.set_stress_spaces,
    "start-round": rounds.start_round,
    "roll-action-dice": rounds.roll_action_dice,
    "give-initiative": rounds.give_initiative,
    "spend-dice": activation.spend_dice,
    "manipulate-die": activation.manipulate_die,
    "end-activation": activation.end_activation,
    "perform-nanoshock-action": activation.perform_nanoshock_action,
    "end-nanoshock-action": activation.end_nanoshock_action,
    "remove-hacked": activation.remove_hacked,
    "attack": combat.attack,
    "enemy-attack": combat.enemy_attack,
    "place-enemy": rounds.place_enemy,
    "spawn": rounds.spawn,
    "take-damage": effects.take_damage_cmd,
    "heal": effects.heal,
    "gain-stress": effects.gain_stress_cmd,
    "give-effect": effects.give_effect,
    "remove-effect": effects.remove_effect,
    "shock": effects.shock,
    "revive": effects.revive,
    "sidekick-enters": effects.sidekick_enters,
}
RULES.update(ENCOUNTER_RULES)  # Skills, Items, Enemy Turn, Sidekick, content packs (rules/encounter.py)


def decide(state: State, command: Command) -> list[GameEvent]:
    """The events ``command`` yields against ``state``. Raises ``BadInput`` / ``RuleViolation``."""
    try:
        rule = RULES[command.verb]
    except KeyError:
        raise BadInput(f"Nanolith has no action {command.verb!r}", {"verb": ["unknown action"]}) from None
    decision = Decision(state)
    rule(decision, command.fields)
    return decision.events
