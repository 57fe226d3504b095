"""Tamashii's statistics declarations (tamashii.txt): its dice, the curves of a Scenario, its turning points.

- Player dice (§ Tests, § Planning phase: the Trace Roll) show ``basic``, ``rare`` or ``blank`` (names chosen in
  :mod:`.vocabulary`); how many faces of each a die has is printed on the die, not in the text, so they are
  counted, never tested for fairness (``faces=None``). A reroll (``DiceRerolled``) records the whole roll again:
  only first rolls are counted (one reading: a reroll is a choice). The Enemy Symbol die, the same: counts only.
- Curves of a Scenario: each Player Board's Integrity, Trace and visible VP (the score table without hidden Goal
  cards, :func:`.scoring.live_scores`), sampled after every action (the Turn is a curve too).
- Turning points: Enemies attached, an Enemy removed, the Scenario's end.
"""

from __future__ import annotations

from typing import Any

from domain.core.ruleset import State

from .combat_events import EnemiesAttached, EnemyRemoved, PlayerDiceRolled
from .events import ScenarioEnded
from .scoring import live_scores


def _boards(key: str):
    """Each Player Board's ``key`` while a Scenario runs (boards without one, as Trace in the Prologue, left out)."""
    def sample(s: State) -> dict[str, int] | None:
        play = s.get("play")
        if not play:
            return None
        return {b: board[key] for b, board in play["boards"].items() if isinstance(board.get(key), int)}
    return sample


def _vp(s: State) -> dict[str, int] | None:
    play = s.get("play")
    return {b: v["total"] for b, v in live_scores(play)["boards"].items()} if play else None


def _turn(s: State) -> int | None:
    return s["play"]["turn"] if s.get("play") else None


def declare(kit: Any) -> None:
    """Declare Tamashii's dice, curves and turning points on ``kit``."""
    kit.die_kind("player-die", "Player die")  # faces printed on the die only: counts
    kit.rolls(PlayerDiceRolled, "dice", kind="player-die", who="board")
    kit.series("integrity", "Integrity", _boards("integrity"))
    kit.series("trace", "Trace", _boards("trace"))
    kit.series("vp", "VP (visible)", _vp)
    kit.series("turn", "Turn", _turn)
    kit.turning_points(EnemiesAttached, EnemyRemoved, ScenarioEnded)


__all__ = ["declare"]
