"""The Battle Arena's square grid and exact chain scoring (pure functions, no kit, no state beyond a dict).

A grid is ``{"x,y": {"strain": str, "facing": "N"|"E"|"S"|"W", "petrified": bool}}``: one tile per cell,
``x`` grows to the east, ``y`` to the north, the center of the Battle Arena is ``0,0``. ``facing`` names the
side of the tile that is its Base Edge (nanobot-battle-arena.txt § NanoBot Tiles); the other three are its
Standard Edges.

Readings taken (nanobot-battle-arena.txt § Making a Chain of NanoBots, § Forked Chains and Colonies,
§ Looping Chains, § Chains of 1 NanoBot Tile):

- a *link* runs from a tile to the same-Strain tile its Base Edge touches, when that edge of the other tile
  is a Standard Edge (two Base Edges facing each other link nothing: "two separate chains");
- so every tile has at most one *successor* (the grid is a functional graph) and a chain's score is the
  longest directed walk visiting each tile once: a fork or V (two tiles whose Base Edges touch one
  tile) scores its longer arm plus the shared tile and the trunk after it; a loop scores all its tiles; a tail running
  into a loop scores the tail plus the loop; a lone or wrong-way tile scores 1;
- the Path Arrows point out through the Base Edge: the chain progresses, and a tile's line of sight runs,
  in the direction of ``facing`` (the text never says which way they point).

:func:`chain_lengths` is linear in the number of tiles (each tile is walked once).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

FACINGS: dict[str, tuple[int, int]] = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
"""Base Edge side -> the step (dx, dy) to the cell that edge touches."""
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
CENTER = "0,0"

Grid = Mapping[str, Mapping[str, Any]]


def cell(x: int, y: int) -> str:
    """The grid key of column ``x``, row ``y``: ``"x,y"``."""
    return f"{x},{y}"


def coords(key: str) -> tuple[int, int]:
    """``"x,y"`` -> ``(x, y)``. Raises ``ValueError`` for anything else."""
    xs, ys = key.split(",")
    return int(xs), int(ys)


def step(key: str, facing: str, times: int = 1) -> str:
    """The cell ``times`` steps from ``key`` towards ``facing``."""
    x, y = coords(key)
    dx, dy = FACINGS[facing]
    return cell(x + dx * times, y + dy * times)


def neighbours(key: str) -> list[str]:
    """The four orthogonally adjacent cells (N, E, S, W); diagonals are never adjacent."""
    return [step(key, f) for f in FACINGS]


def faced_cell(grid: Grid, key: str) -> str:
    """The cell the Base Edge of the tile at ``key`` touches."""
    return step(key, grid[key]["facing"])


def successor(grid: Grid, key: str) -> str | None:
    """The next tile of the chain after ``key``: the same-Strain tile its Base Edge touches on a Standard Edge."""
    tile = grid[key]
    nxt = step(key, tile["facing"])
    other = grid.get(nxt)
    if other is None or other["strain"] != tile["strain"] or other["facing"] == OPPOSITE[tile["facing"]]:
        return None
    return nxt


def base_edges_facing(grid: Grid, key: str) -> set[str]:
    """The Strains whose tiles' Base Edges touch the (empty or not) cell ``key``."""
    out = set()
    for n in neighbours(key):
        tile = grid.get(n)
        if tile is not None and step(n, tile["facing"]) == key:
            out.add(tile["strain"])
    return out


def placement_problem(grid: Grid, key: str, placer: str, competing: bool = False) -> str | None:
    """Why ``placer`` (a Strain) may not put a tile on ``key`` now, or ``None`` if it is a Legal Location.

    nanobot-battle-arena.txt § Placing in a Legal Location, § Quick Play Rules: the cell is empty; an empty
    arena takes its tile in the center; otherwise the cell touches a tile orthogonally and no opponent's
    Base Edge touches it. Literal reading: a cell touched by the Base Edges of two players is closed to both.
    ``competing``: a Blink or a Grow may take a *competing space*, one touched by the placer's own Base Edge and an
    opponent's (§ Competing for a Space: "the first player able to take the space can do so (even with Blink or
    Grow Reaction Cards)"; § Blink: "Tiles can be blinked into a competing space"); a cell only opponents' Base
    Edges touch stays closed to it.
    """
    if key in grid:
        return f"cell {key} already holds a tile ({grid[key]['strain']})"
    if not grid:
        return None if key == CENTER else f"the Battle Arena is empty: the tile goes in the center ({CENTER}), not {key}"
    if not any(n in grid for n in neighbours(key)):
        return f"cell {key} touches no tile orthogonally (tiles are never placed diagonally or apart)"
    facing = base_edges_facing(grid, key)
    others = sorted(facing - {placer})
    if others and competing and placer in facing:
        return None
    if others:
        return f"cell {key} touches the Base Edge of a {'/'.join(others)} tile: only its owner plays off it"
    return None


def chain_lengths(grid: Grid) -> tuple[dict[str, str | None], dict[str, int]]:
    """``(succ, length)``: each tile's successor and the length of the longest walk starting on it.

    On a loop a walk takes the whole loop; off it, ``1 +`` its successor's. Linear: every tile is pushed
    on a path once and valued once.
    """
    succ = {k: successor(grid, k) for k in grid}
    length: dict[str, int] = {}
    on_path: dict[str, int] = {}
    for start in grid:
        path: list[str] = []
        node: str | None = start
        while node is not None and node not in length and node not in on_path:
            on_path[node] = len(path)
            path.append(node)
            node = succ[node]
        if node is not None and node in on_path:  # closed a loop: every tile on it walks the whole loop
            loop = path[on_path[node]:]
            for k in loop:
                length[k] = len(loop)
            path = path[:on_path[node]]
        for k in reversed(path):
            nxt = succ[k]
            length[k] = 1 + (length[nxt] if nxt is not None else 0)
        on_path.clear()
    return succ, length


def walk(succ: Mapping[str, str | None], start: str, count: int) -> list[str]:
    """The ``count`` tiles of the walk from ``start`` following successors."""
    out = [start]
    while len(out) < count:
        out.append(succ[out[-1]])  # type: ignore[arg-type]
    return out


def best_chains(grid: Grid, strains: Iterable[str]) -> dict[str, list[str]]:
    """Each Strain's scoring chain (cells in chain order, the Base Edge end last; ``[]`` with no tiles).

    Of equal longest chains the one starting on the earliest-placed tile is shown (the grid's order).
    nanobot-battle-arena.txt § The End Game: the longest portion or independent chain is the score.
    """
    succ, length = chain_lengths(grid)
    best: dict[str, str] = {}
    for k, tile in grid.items():
        s = tile["strain"]
        if s not in best or length[k] > length[best[s]]:
            best[s] = k
    return {s: (walk(succ, best[s], length[best[s]]) if s in best else []) for s in strains}


def on_loop(grid: Grid, key: str) -> bool:
    """Whether the tile at ``key`` is part of a looping chain (following successors comes back to it)."""
    node = successor(grid, key)
    seen = 0
    while node is not None and seen <= len(grid):
        if node == key:
            return True
        node, seen = successor(grid, node), seen + 1
    return False


def chain_end(grid: Grid, key: str) -> bool:
    """Whether ``key`` is the beginning or end of a chain: it has no successor or no predecessor.

    A loop's tiles have both, so no Burn reaches them (nanobot-battle-arena.txt § Looping Chains).
    """
    if successor(grid, key) is None:
        return True
    return not any(n in grid and successor(grid, n) == key for n in neighbours(key))


def line_of_sight(grid: Grid, key: str) -> list[str]:
    """The tiles in the line of sight of the tile at ``key``, nearest first, up to the first empty cell or
    petrified tile (nanobot-battle-arena.txt § Reaction Card Explanations, Surge)."""
    facing = grid[key]["facing"]
    out: list[str] = []
    nxt = step(key, facing)
    while nxt in grid and not grid[nxt]["petrified"]:
        out.append(nxt)
        nxt = step(nxt, facing)
    return out


__all__ = ["CENTER", "FACINGS", "OPPOSITE", "Grid", "base_edges_facing", "best_chains", "cell", "chain_end",
           "chain_lengths", "coords", "faced_cell", "line_of_sight", "neighbours", "on_loop", "placement_problem",
           "step", "successor", "walk"]
