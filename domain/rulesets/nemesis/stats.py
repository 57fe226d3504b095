"""Nemesis's statistics declarations (nemesis.txt): the Noise die, the curves of a game, its turning points.

- The Noise roll (nemesis.txt § Noise roll) shows a Corridor number 1-4, Danger or Silence; how many faces of
  each the die has is printed on the die, not in the text, so results are counted, never tested for fairness
  (``faces=None``; a content pack may say more).
- Curves of a game: the Noise markers on the board and the Malfunction markers on Rooms, and the Round, sampled
  after every action.
- Turning points: an Encounter, an Intruder removed, a Character in hibernation, the game's end.
"""

from __future__ import annotations

from typing import Any

from domain.core.ruleset import State

from .events import CharacterHibernated, EncounterCalled, GameEnded, IntruderRemoved, NoiseRolled


def _running(s: State) -> bool:
    return s["round"] > 0


def _noise(s: State) -> int | None:
    return len(s["noise"]) if _running(s) else None


def _malfunctions(s: State) -> int | None:
    return sum(1 for room in s["rooms"].values() if room["malfunction"]) if _running(s) else None


def _round(s: State) -> int | None:
    return s["round"] if _running(s) else None


def declare(kit: Any) -> None:
    """Declare Nemesis's die, curves and turning points on ``kit``."""
    kit.die_kind("noise-die", "Noise die")  # faces printed on the die only: counts
    kit.rolls(NoiseRolled, "result", kind="noise-die", who="character")
    kit.series("noise-markers", "Noise markers", _noise)
    kit.series("malfunctions", "Malfunctions", _malfunctions)
    kit.series("round", "Round", _round)
    kit.turning_points(EncounterCalled, IntruderRemoved, CharacterHibernated, GameEnded)


__all__ = ["declare"]
