"""Figure 7 (NanoBot Battle Arena): scoring a full 8-player Heavyweight Battle Arena against half of it.

Eight Strains of 60 tiles (480 tiles, nanobot-battle-arena.txt § NanoBot Battle Arena Divisions) laid out on
a compact square grid as a long game leaves it: snaking chains, forks, loops and wrong-way tiles (a seeded
layout, the same in every run). The measure is ``best_chains`` (every Strain's longest chain, the ``score``
view's computation) on all 480 tiles against the first 240 of them: the scorer is linear, so the ratio should
be near 2 (a quadratic scorer would give ~4).
"""

from __future__ import annotations

import random
from typing import Any

from .common import Row, repeat, time_row

STRAINS = ("blight", "chronos", "inferno", "vex", "ghost", "storm", "relic", "echidna")
FACINGS = "NESW"


def arena(tiles_per_strain: int = 60, seed: int = 7) -> dict[str, dict[str, Any]]:
    """A full arena: each Strain snakes through its own band of rows, mostly linked, with random turns."""
    rng = random.Random(seed)
    width = 22
    grid: dict[str, dict[str, Any]] = {}
    order = [(x if y % 2 == 0 else width - 1 - x, y) for y in range(len(STRAINS) * 3 + 1) for x in range(width)]
    position = 0
    for strain in STRAINS:
        cells = order[position:position + tiles_per_strain]
        position += tiles_per_strain
        for i, (x, y) in enumerate(cells):
            nxt = cells[i + 1] if i + 1 < len(cells) else None
            facing = rng.choice(FACINGS)
            if nxt is not None and rng.random() < 0.85:  # mostly a link onward: long chains with breaks
                facing = {(1, 0): "E", (-1, 0): "W", (0, 1): "N", (0, -1): "S"}.get((nxt[0] - x, nxt[1] - y), facing)
            grid[f"{x},{y}"] = {"strain": strain, "facing": facing, "petrified": rng.random() < 0.1}
    return grid


def run(repeats: int, **_: Any) -> list[Row]:
    """One row: ``best_chains`` on 480 tiles vs 240 tiles."""
    from domain.rulesets.nanobot_battle_arena.grid import best_chains

    full = arena()
    half = dict(list(full.items())[: len(full) // 2])
    n = repeats * 50
    return [time_row("7 ruleset computations", "-", "NanoBot Battle Arena scoring, 8 x 60 tiles (Heavyweight)",
                     "240 tiles", repeat(lambda: best_chains(full, STRAINS), n), repeat(lambda: best_chains(half, STRAINS), n),
                     note="linear: expect ~2x")]
