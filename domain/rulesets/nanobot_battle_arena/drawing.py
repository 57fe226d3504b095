"""Drawing NanoBot Battle Arena's views: text for a terminal (arrows show the Base Edge side) and SVG for the page.

Each function takes a view's JSON (see :mod:`.views`) and returns a string; HTML text is escaped.
A tile is drawn as its Strain's letter (``V`` = Vex) and an arrow towards its Base Edge (``↑`` = N);
brackets mark a petrified tile (``[V↑]``); in the ``score`` drawing, tiles off the scoring chains are dots.
"""

from __future__ import annotations

from html import escape
from typing import Any

from .grid import coords
from domain.core.names import counted

LETTERS = {"blight": "B", "chronos": "C", "inferno": "I", "vex": "V", "ghost": "G", "storm": "S", "relic": "R",
           "echidna": "E"}
"""Strain -> the letter a tile is drawn with (kept here, not with the rules: drawing a board imports no rules)."""
ARROWS = {"N": "↑", "E": "→", "S": "↓", "W": "←"}
COLOURS = {"blight": "#6a9a2c", "chronos": "#3b8fd4", "inferno": "#d9502b", "vex": "#8b4cc2", "ghost": "#7d8a96",
           "storm": "#e0b020", "relic": "#9a6a3c", "echidna": "#2aa58f"}
CELL = 40


def _bounds(grid: dict[str, Any]) -> tuple[int, int, int, int]:
    xy = [coords(k) for k in grid] or [(0, 0)]
    return min(x for x, _ in xy), max(x for x, _ in xy), min(y for _, y in xy), max(y for _, y in xy)


def grid_text(grid: dict[str, Any], keep: set[str] | None = None) -> list[str]:
    """Rows of the grid, north at the top, with column and row numbers; ``keep``: only those cells drawn."""
    x0, x1, y0, y1 = _bounds(grid)
    lines = ["     " + "".join(f"{x:^4}" for x in range(x0, x1 + 1))]
    for y in range(y1, y0 - 1, -1):
        row = []
        for x in range(x0, x1 + 1):
            key, tile = f"{x},{y}", grid.get(f"{x},{y}")
            if tile is None or (keep is not None and key not in keep):
                row.append(" ·  ")
                continue
            mark = LETTERS[tile["strain"]] + ARROWS[tile["facing"]]
            row.append(f"[{mark}]" if tile["petrified"] else f" {mark} ")
        lines.append(f"{y:>4} " + "".join(row))
    return lines


def board_text(view: dict[str, Any]) -> str:
    """The Battle Arena drawn with arrows, then each scientist's Cache, hand and chain."""
    if view["match"] is None:
        return f"No match yet ({view['matches_played']} played). Start one: start-match lightweight"
    head = f"Match {view['match']} · {view['division'].title()} ({view['tiles']} tiles) · {view['stage']}"
    if view["active"]:
        head += f" · turn {view['turn']}: {view['scientists'][view['active']]['name']} ({view['active']}) · {view['phase']}"
    lines = [head, *grid_text(view["grid"]), "letter = Strain, arrow = Base Edge side, [ ] = petrified", ""]
    for strain in view["seating"]:
        s = view["scientists"][strain]
        lines.append(f"{LETTERS[strain]} {s['name']} ({strain}): Cache {s['cache']}, hand {s['hand']}"
                     + (f" (+{s['frozen']} Frozen)" if s["frozen"] else "") + f", chain {s['chain']}"
                     + (f", {s['scrapped']} scrapped" if s["scrapped"] else ""))
    decks = view["decks"] or view["suggested_decks"]
    lines.append(f"deck {view['deck']} · discard {view['discard']} · {counted(decks, 'deck')}")
    if view["result"]:
        lines.append(_result(view["result"], view["scientists"]))
    return "\n".join(lines)


def _result(result: dict[str, Any], scientists: dict[str, Any]) -> str:
    names = " and ".join(scientists[w]["name"] for w in result["winners"])
    return f"Result: a tie between {names}" if result["tie"] else f"Result: {names} wins (by {result['by']})"


def score_text(view: dict[str, Any]) -> str:
    """Each scientist's longest chain (cells in order, → between them) and the scoring chains drawn."""
    if view["match"] is None:
        return "No match yet."
    lines = [f"Match {view['match']} · {'final' if view['final'] else 'live'} chains"]
    for strain, s in sorted(view["scientists"].items(), key=lambda kv: -kv[1]["chain"]):
        lead = "*" if strain in view["leaders"] else " "
        lines.append(f"{lead} {s['name']} ({strain}): {s['chain']}  " + " → ".join(s["cells"]))
    keep = {c for s in view["scientists"].values() for c in s["cells"]}
    if view["grid"]:
        shown = len(keep & set(view["grid"]))
        lines += ["", f"the scoring chains' {shown} of {len(view['grid'])} tiles (the whole arena: questlog view board)",
                  *grid_text(view["grid"], keep)]
    if view["result"]:
        lines.append(_result(view["result"], view["scientists"]))
    return "\n".join(lines)


def standings_text(view: dict[str, Any]) -> str:
    """The league table and head-to-head wins."""
    lines = [f"League: {counted(view['matches'], 'match')}", f"{'scientist':<20} {'P':>3} {'W':>3} {'T':>3} {'L':>3} {'best':>5}"]
    for row in view["standings"]:
        lines.append(f"{row['name'][:20]:<20} {row['played']:>3} {row['won']:>3} {row['tied']:>3} {row['lost']:>3} {row['best_chain']:>5}")
    for name, wins in view["head_to_head"].items():
        if wins:
            lines.append(f"{name} beat " + ", ".join(f"{o} ×{n}" for o, n in wins.items()))
    return "\n".join(lines)


def grid_svg(grid: dict[str, Any], chain_of: dict[str, int] | None = None) -> str:
    """An SVG of the grid: a square per tile in its Strain's colour (pale when petrified), a bar on its Base
    Edge and an arrow towards it; ``chain_of`` numbers the scoring chains' tiles in order."""
    x0, x1, y0, y1 = _bounds(grid)
    w, h = (x1 - x0 + 1) * CELL, (y1 - y0 + 1) * CELL
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img" '
             f'aria-label="Battle Arena, {len(grid)} tiles">']
    for key, tile in grid.items():
        x, y = coords(key)
        px, py = (x - x0) * CELL, (y1 - y) * CELL
        colour = COLOURS[tile["strain"]]
        fill = "#f4efe4" if tile["petrified"] else colour
        parts.append(f'<g><title>{escape(tile["strain"])} at {escape(key)}, Base Edge {tile["facing"]}'
                     f'{", petrified" if tile["petrified"] else ""}</title>'
                     f'<rect x="{px + 1}" y="{py + 1}" width="{CELL - 2}" height="{CELL - 2}" fill="{fill}" stroke="{colour}" stroke-width="2"/>')
        parts.append(_base_edge(px, py, tile["facing"], "#222"))
        label = str(chain_of[key]) if chain_of and key in chain_of else LETTERS[tile["strain"]] + ARROWS[tile["facing"]]
        parts.append(f'<text x="{px + CELL / 2}" y="{py + CELL / 2 + 5}" text-anchor="middle" font-size="14">{escape(label)}</text></g>')
    parts.append("</svg>")
    return "".join(parts)


def _base_edge(px: int, py: int, facing: str, colour: str) -> str:
    ends = {"N": (px + 4, py + 4, px + CELL - 4, py + 4), "S": (px + 4, py + CELL - 4, px + CELL - 4, py + CELL - 4),
            "W": (px + 4, py + 4, px + 4, py + CELL - 4), "E": (px + CELL - 4, py + 4, px + CELL - 4, py + CELL - 4)}
    a, b, c, d = ends[facing]
    return f'<line x1="{a}" y1="{b}" x2="{c}" y2="{d}" stroke="{colour}" stroke-width="4"/>'


def board_html(view: dict[str, Any]) -> str:
    """The board as an SVG picture plus the scientists' list (escaped)."""
    if view["match"] is None:
        return "<p>No match yet.</p>"
    rows = "".join(f"<li>{escape(s['name'])} ({escape(k)}): Cache {s['cache']}, hand {s['hand']}, chain {s['chain']}</li>"
                   for k, s in view["scientists"].items())
    return f"<figure>{grid_svg(view['grid'])}<figcaption>Match {view['match']}</figcaption></figure><ul>{rows}</ul>"


def score_html(view: dict[str, Any]) -> str:
    """The scoring chains numbered in order on the grid, and the chain lengths."""
    if view["match"] is None:
        return "<p>No match yet.</p>"
    order = {c: i + 1 for s in view["scientists"].values() for i, c in enumerate(s["cells"])}
    rows = "".join(f"<li>{escape(s['name'])}: {s['chain']}</li>" for s in view["scientists"].values())
    return f"<figure>{grid_svg(view['grid'], order)}</figure><ol>{rows}</ol>"


TEXT_VIEWS = {"board": board_text, "score": score_text, "standings": standings_text}
HTML_VIEWS = {"board": board_html, "score": score_html}
