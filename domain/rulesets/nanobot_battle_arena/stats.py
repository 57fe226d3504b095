"""NanoBot Battle Arena's statistics declarations (nanobot-battle-arena.txt): the curves of a match, its turning points.

The game has no dice (its randomness is the cards: drawn counts, never faces), so it declares none.

- Curves of a match, per Scientist: the longest chain on the grid (the End Game's count, live during play:
  :func:`.grid.best_chains`) and the tiles in the Cache, sampled after every action (the turn is a curve too).
- Turning points: a tile burned or infected, the chains counted at the match's end, the match decided.
"""

from __future__ import annotations

from typing import Any

from domain.core.ruleset import State

from .events import MatchDecided, MatchEnded, TileBurned, TileInfected
from .grid import best_chains


def _playing(s: State) -> dict[str, Any] | None:
    match = s.get("match")
    return match if match and match["scientists"] and match["stage"] != "setup" else None


def _chains(s: State) -> dict[str, int] | None:
    m = _playing(s)
    if m is None:
        return None
    chains = m["ended"]["chains"] if m["ended"] else best_chains(m["grid"], list(m["scientists"]))
    return {v["name"]: len(chains.get(strain, [])) for strain, v in m["scientists"].items()}


def _cache(s: State) -> dict[str, int] | None:
    m = _playing(s)
    return {v["name"]: v["cache"] for v in m["scientists"].values()} if m else None


def _turn(s: State) -> int | None:
    m = _playing(s)
    return m["turn"] if m else None


def declare(kit: Any) -> None:
    """Declare NanoBot Battle Arena's curves and turning points on ``kit``."""
    kit.series("longest-chain", "Longest chain", _chains)
    kit.series("cache", "Cache", _cache)
    kit.series("turn", "Turn", _turn)
    kit.turning_points(TileBurned, TileInfected, MatchEnded, MatchDecided)


__all__ = ["declare"]
