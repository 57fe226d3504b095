"""One history line per Nîn-Gonost event (figure ids as recorded; rolls with their result and Power)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.core.names import possessive
from domain.core import GameEvent


def _roll(r: dict[str, Any]) -> str:
    power = f", Power {r['power']}" if r.get("power") is not None else ""
    return f"{r.get('result') or r.get('outcome')}{power}"


LINES: dict[str, Callable[[Any], str]] = {
    "PointLimitSet": lambda e: f"each side fields up to {e.points} points",
    "FigureRecruited": lambda e: f"{e.card['name']} joins {e.warband} as {e.figure} (VALUE {e.card['value'] if e.card['value'] is not None else 'unprinted'})",
    "CardValuesRead": lambda e: f"{possessive(e.figure)} card read: " + ", ".join(f"{k} {v}" for k, v in e.values.items()),
    "ChooserDetermined": lambda e: f"{e.warband} was drawn to choose the first player",
    "BattleStarted": lambda e: f"battle starts: {e.chooser} chose ({e.reason}); order {' then '.join(e.order)}",
    "TurnStarted": lambda e: f"{e.figure} starts its turn with {e.ap} AP",
    "APSpent": lambda e: f"{e.figure} spends {e.ap} AP on {e.action}" + ("" if e.source == "turn" else f" ({e.source} AP)"),
    "TurnEnded": lambda e: f"{e.figure} completes its turn" + (" saving 1 AP" if e.saved else "") + (f" holding {e.held} AP for a mob" if e.held else ""),
    "PlayerTurnEnded": lambda e: f"{possessive(e.warband)} turn ends; turn {e.turn}: {e.next}",
    "Concentrated": lambda e: f"{e.figure} concentrates {e.ap} AP (+{e.total} to the Accuracy Die)",
    "Moved": lambda e: f"{e.figure} {e.how}s {e.spaces} space{'s' if e.spaces != 1 else ''} ({e.speed})",
    "SpeedChanged": lambda e: f"{e.figure} is now at {e.speed}: {e.reason}",
    "Rotated": lambda e: f"{e.figure} turns {e.turn}, facing {e.facing}" + (" (free)" if e.free else ""),
    "ActionTaken": lambda e: f"{e.figure}: {e.action}" + (f" ({e.detail})" if e.detail else ""),
    "SkillRolled": lambda e: f"{e.figure} rolls {e.skill}" + (f" on {e.target}" if e.target else "") + f": {e.resolution['die_name']}, {_roll(e.resolution)}",
    "DuelRolled": lambda e: f"{e.attacker} vs {e.defender}: " + " / ".join(f"{k} {v['number']}{'*' if v['fate'] else ''} on {v['die_name']}" for k, v in e.resolution["dice"].items()) + f": {_roll(e.resolution)}",
    "ShotRolled": lambda e: f"{e.attacker} {e.resolution['kind']}s at {e.target}: {e.resolution['die_name']}, {_roll(e.resolution)}",
    "ReactionRolled": lambda e: f"{e.target} tries to {e.reaction}: {e.resolution['die_name']}, {_roll(e.resolution)}",
    "HitTaken": lambda e: f"{e.target} takes the hit: {_roll(e.resolution)}",
    "MannaLost": lambda e: f"{e.figure} loses {e.amount} Manna ({e.reason})",
    "MannaGained": lambda e: f"{e.figure} gains {e.amount} Manna ({e.reason})",
    "FigureDefeated": lambda e: f"{e.figure} is defeated ({e.reason})",
    "BattleEnded": lambda e: f"the battle ends: {e.reason}; " + (f"won by {' and '.join(e.winners)}" if e.winners else "a draw"),
    "Engaged": lambda e: f"{' and '.join(e.figures)} are engaged",
    "Disengaged": lambda e: f"{' and '.join(e.figures)} are no longer engaged",
    "ConditionChanged": lambda e: f"{e.figure}: {e.condition.replace('_', ' ')} {'on' if e.on else 'off'} ({e.reason})",
    "MoraleChanged": lambda e: f"{possessive(e.figure)} Morale: {e.before} -> {e.morale} ({e.reason})",
    "ObjectPlaced": lambda e: f"{e.name} placed as {e.obj}: RES {e.res}, SP {e.sp}, WGT {e.wgt}" + (", locked" if e.locked else ""),
    "DoorChanged": lambda e: f"door {e.obj} {e.reason}",
    "WeaponMoved": lambda e: f"{possessive(e.figure)} {e.weapon}: {e.where}" + (f" in {possessive(e.at)} space" if e.at else "") + f" ({e.reason})",
    "APGained": lambda e: f"{e.figure} gains {e.ap} AP ({e.reason})",
    "HeldAPLost": lambda e: f"{e.figure} loses {e.ap} held AP ({e.reason})",
    "MobTargetChosen": lambda e: f"{possessive(e.warband)} mob strikes {e.target} and no other",
    "BowRepaired": lambda e: f"{e.figure} repairs its {e.weapon}: {e.total} of 4 AP",
    "ObjectAttacked": lambda e: f"{e.attacker} strikes {e.obj}: {_roll(e.resolution)} ({e.resolution['sp']} SP left)",
}


def describe_event(event: GameEvent) -> str | None:
    """The history line for ``event``, or ``None`` for an event of another module (the core's)."""
    line = LINES.get(event.type)
    return line(event) if line else None


__all__ = ["LINES", "describe_event"]
