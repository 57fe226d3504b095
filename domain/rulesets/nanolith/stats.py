"""Nanolith's statistics declarations (nanolith.txt): its dice, the curves of an Encounter, its turning points.

- Action Dice are D6 and Combat Dice D8 (nanolith.txt § Action Dice, § Attacks; ``ACTION_DIE_SIDES``,
  ``COMBAT_DIE_SIDES``): faces 1..6 and 1..8, tested for fairness. A Combat roll counts its first roll
  (``AttackRolled.dice``); rerolled dice are not counted again (one reading: the first roll is the luck of the
  attack, a reroll is a choice). Spawn Point rolls record placements, not faces: not counted.
- Curves of an Encounter: each character's Stress, Damage and Nanoshocks, and the Reinforcement Pool, sampled
  after every action (the Round Tracker is a curve too, so a chart reads them per Round).
- Turning points: a Nanoshock, an enemy eliminated, a Boss card drawn, the Encounter's end.
- The campaign's timeline (sampled after each finished Encounter; nanolith.txt § Campaign Mode): each character's
  stickers (on their Divider Card's spaces, unconscious and conscious, and on their Skill Cards), and what the group
  has unlocked (Hidden Cards, Quest Items held, Start Items, Sidekick programs saved, Defragmented texts, purchases).
"""

from __future__ import annotations

from typing import Any

from domain.core.ruleset import State

from .encounter_events import BossCardDrawn
from .enemy_events import AttackRolled, EnemyEliminated
from .events import ActionDiceRolled, EncounterEnded, NanoshockTriggered
from .campaign.state import record
from .vocabulary import ACTION_DIE_SIDES, COMBAT_DIE_SIDES, HEROES


def _each(key: str):
    """A series of every character's ``key`` (Stress, Damage, Nanoshocks); nothing between Encounters."""
    def sample(s: State) -> dict[str, int] | None:
        if not s.get("encounter"):
            return None
        return {c: v[key] for c, v in s["characters"].items()}
    return sample


def _pool(s: State) -> int | None:
    return s["reinforcement_pool"] if s.get("encounter") else None


def _round(s: State) -> int | None:
    return s["round"] if s.get("encounter") else None


def _stickers(s: State) -> dict[str, int]:
    """Each character's stickers: the Divider Card's spaces stuck (unconscious and conscious) and the Skill Cards'."""
    sheets = record(s)["upgrades"]["characters"]
    return {c: sheets[c]["unconscious"] + sheets[c]["conscious"] + sum(len(k["stickers"]) for k in sheets[c]["skills"].values())
            for c in HEROES}


def _unlocks(s: State) -> dict[str, int]:
    """What the group holds and has unlocked, by kind (counts)."""
    c = record(s)
    cards = c["cards"].values()
    return {"hidden cards": len(c["cards"]), "quest items": sum(1 for k in cards if k["quest_item"] and not k["discarded"]),
            "start items": len(c["upgrades"]["start_items"]), "sidekick programs": len(c["upgrades"]["programs"]),
            "defragmented": len(c["defragmented"]), "purchases": len(c["upgrades"]["purchases"])}


def declare(kit: Any) -> None:
    """Declare Nanolith's dice, curves and turning points on the composed ``kit``."""
    kit.die_kind("action-die", "Action Die", faces=range(1, ACTION_DIE_SIDES + 1))
    kit.die_kind("combat-die", "Combat Die", faces=range(1, COMBAT_DIE_SIDES + 1))
    kit.rolls(ActionDiceRolled, "dice", kind="action-die", who="character")
    kit.rolls(AttackRolled, "dice", kind="combat-die", who="attacker")
    kit.series("stress", "Stress", _each("stress"))
    kit.series("damage", "Damage", _each("damage"))
    kit.series("nanoshocks", "Nanoshocks", _each("nanoshocks"))
    kit.series("reinforcement-pool", "Reinforcement Pool", _pool)
    kit.series("round", "Round", _round)
    kit.campaign_series("stickers", "Stickers", _stickers)
    kit.campaign_series("unlocks", "Unlocks", _unlocks)
    kit.turning_points(NanoshockTriggered, EnemyEliminated, BossCardDrawn, EncounterEnded)


__all__ = ["declare"]
