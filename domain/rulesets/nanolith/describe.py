"""One human line per Nanolith event, for ``history`` (``Ruleset.describe``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.core.names import possessive, quoted
from domain.core.ruleset import GameEvent

from .describe_encounter import ENCOUNTER_LINES
from .vocabulary import DAMAGE_MAX, NAMES, Phase


def _n(character: str) -> str:
    return NAMES.get(character, character)


def _pips(values: list[Any]) -> str:
    return " ".join(map(str, values))


def _attack(e: Any) -> str:
    rerolled = f", rerolled to {_pips(e.final)}" if e.rerolls else ""
    forced = f" ({e.forced} forced)" if e.forced else ""
    defense = "X (immune)" if e.defense == "X" else e.defense
    kind = f" {e.kind}" if e.kind else ""
    return (f"{_n(e.attacker)}{kind} attack on {_n(e.target)}: rolled {_pips(e.dice)}{rerolled} vs Defense {defense}, "
            f"Armor {e.armor}: {e.hits} hit{'s' if e.hits != 1 else ''}{forced}, {e.damage} Damage")


LINES: dict[str, Callable[[Any], str]] = {
    "EncounterStarted": lambda e: f"Encounter {quoted(e.name)} starts" + (" (lower difficulty)" if e.lower_difficulty else ""),
    "EncounterEnded": lambda e: f"Encounter {quoted(e.name)} ends: {e.outcome}",
    "SpawnPoolSet": lambda e: "Spawn Pool: " + "; ".join(f"{t} {_pips(ns)}" for t, ns in e.pool.items()),
    "StressSpacesSet": lambda e: f"{possessive(_n(e.character))} Inactive Index Stress spaces: {_pips(e.slots) or 'none'}",
    "RoundStarted": lambda e: f"Round {e.round} begins" + (f": {e.placed} of {e.reinforcements_due} RT placed (pool {e.pool})" if e.reinforcements_due else ""),
    "StressRelieved": lambda e: f"{possessive(_n(e.character))} Stress goes back {e.amount} to {e.stress}",
    "ActionDiceRolled": lambda e: f"{_n(e.character)} rolls Action Dice {_pips(e.dice)}",
    "StressGained": lambda e: f"{_n(e.character)} gains 1 Stress ({e.cause}): Stress {e.stress}",
    "NanoshockTriggered": lambda e: f"{_n(e.character)} gets a Nanoshock (#{e.nanoshocks}): Stress 0, Token active, Nanoshock Cube at {e.stress_limit}",
    "DamageTaken": lambda e: f"{_n(e.character)} takes {e.amount} Damage ({e.cause}): Damage {e.damage}"
                             + (f" — the Damage track is full at {DAMAGE_MAX}; more is not marked" if e.damage >= DAMAGE_MAX else ""),
    "Healed": lambda e: f"{_n(e.character)} heals {e.amount}: Damage {e.damage}",
    "FellUnconscious": lambda e: f"{_n(e.character)} falls Unconscious",
    "Revived": lambda e: f"{_n(e.character)} is revived by the Nanophoenix",
    "InitiativeGiven": lambda e: f"{_n(e.character)} takes the Initiative Token",
    "PhaseChanged": lambda e: f"{Phase(e.phase).title} begins",
    "ActivationStarted": lambda e: f"{_n(e.character)} activates",
    "ActivationEnded": lambda e: f"{possessive(_n(e.character))} activation ends" + {"passed": " (passed)", "unconscious": " (Unconscious)"}.get(e.reason, ""),
    "DiceSpent": lambda e: (f"{_n(e.character)} spends {_pips(e.values)}" + (" for a Nanosync" if e.nanosync else "")
                            + (f" for {e.purpose}" if e.purpose else "")
                            + (f" ({e.combination} {e.cost or 1}+)" if e.combination else f" (cost {e.cost})" if e.cost else "")),
    "DieManipulated": lambda e: f"{_n(e.character)} turns die {e.position} from {e.before} to {e.after}",
    "ReinforcementTokensPlaced": lambda e: f"{e.placed} RT placed ({e.cause})" + (f", {e.due - e.placed} not placed: pool full" if e.placed < e.due else "") + f": pool {e.pool}",
    "ReinforcementsBought": lambda e: (f"Spawn: {', '.join(e.enemies) or 'nothing'} for {e.tokens_spent} RT"
                                       + (f"; {e.leftover} RT left over" if e.leftover else "")),
    "AttackRolled": _attack,
    "EnemyPlaced": lambda e: f"{e.enemy} enters the Encounter Map ({_life(e.life)})",
    "EnemyDamaged": lambda e: f"{e.enemy} takes {e.amount} Damage: {e.damage} in all",
    "EnemyEliminated": lambda e: f"{e.enemy} is eliminated and returns to the Spawn Pool",
    "EffectGiven": lambda e: f"{_n(e.target)} gets {e.placed} {e.effect} Token{'s' if e.placed != 1 else ''}"
                             + (f" ({e.requested - e.placed} over the maximum, not placed)" if e.placed < e.requested else "") + f": {e.count}",
    "EffectRemoved": lambda e: f"{e.removed} {e.effect} Token{'s' if e.removed != 1 else ''} removed from {_n(e.target)}: {e.count} left",
    "ShockResolved": lambda e: f"{_n(e.character)} suffers Shock: Nanoshock Cube at {e.stress_limit}" + (", it hits the Stress Cube" if e.hit_stress_cube else ""),
    "HackedRemovalRolled": lambda e: f"{_n(e.character)} hacks the Hacked Token: {_pips(e.dice)} vs 6, " + ("success" if e.success else "failure"),
    "NanoshockActionPerformed": lambda e: f"{_n(e.character)} flips the Nanoshock Token and performs their Nanoshock Action",
    "NanoshockActionEnded": lambda e: f"{possessive(_n(e.character))} Nanoshock Action ends" + (" (the Nanoshock Token obtained is discarded)" if e.token_discarded else ""),
    "SidekickEntered": lambda e: f"Sidekick enters the Encounter Map ({_life(e.life)})",
    "SidekickDamaged": lambda e: f"Sidekick takes {e.amount} Damage: {e.damage} in all",
    "SidekickEliminated": lambda e: "Sidekick is eliminated and leaves the Encounter Map",
}


LINES.update(ENCOUNTER_LINES)


def describe(event: GameEvent) -> str | None:
    """The line for ``event``, or ``None`` if it is not a Nanolith event."""
    line = LINES.get(event.type)
    return line(event) if line else None


def _life(life: int | None) -> str:
    return "Life Points not known" if life is None else f"{life} Life Point{'' if life == 1 else 's'}"
