"""The ``board`` view drawn for the table's page, phone first: the scientists, the Battle Arena grid with its
coordinates, and the same grid as lists (the text alternative and the large tap targets).

A pure function of the view's JSON (:mod:`.views`), every text escaped. The grid shows the tiles and one ring of
empty cells around them (where a tile could go), columns ``x`` east and rows ``y`` north as the actions take them
(``x,y``; the center is 0,0). Each tile is a square in its Strain's colour with a bar on its Base Edge side and an
arrow towards it; tiles of a scientist's scoring chain carry a gold outline and their place in the chain. Tiles
(``data-kind="tile"``) and empty cells (``data-kind="cell"``) are tappable, their ``data-id`` the ``x,y`` the actions
take. The SVG scales to the board's width and its text is sized to read at 12 CSS px or more at 256 px; below it
the lists give every tile by coordinate and every open cell as a button of at least 44 px.
"""

from __future__ import annotations

import math
from typing import Any

from domain.core.html import attrs, esc

from domain.core.names import possessive, counted

from .drawing import ARROWS, COLOURS, LETTERS
from .grid import best_chains, coords, neighbours

CELL, AXIS = 52, 30
TAPPABLE_COLUMNS = 5
"""Widest grid whose cells stay 44 px targets on a 320 px phone (256 px of board: 5 x 52 + 30 units at 256 px);
a wider grid is drawn as a picture and its lists below are the tap targets."""
MIN_MAP_PX, MIN_TEXT_PX = 256, 12.5
SIDES = {"N": "north", "E": "east", "S": "south", "W": "west"}


def ring(grid: dict[str, Any]) -> list[str]:
    """The empty cells touching a tile (the center alone on an empty arena), south to north, west to east."""
    if not grid:
        return ["0,0"]
    cells = {n for k in grid for n in neighbours(k) if n not in grid}
    return sorted(cells, key=lambda k: (coords(k)[1], coords(k)[0]))


def _order(cells: list[str]) -> list[str]:
    return sorted(cells, key=lambda k: (-coords(k)[1], coords(k)[0]))


def _scientists(view: dict[str, Any], chains: dict[str, list[str]]) -> str:
    items = []
    for strain in view["seating"]:
        s = view["scientists"][strain]
        facts = [f"Cache {s['cache']}", f"hand {s['hand']}" + (f" (+{s['frozen']} Frozen)" if s["frozen"] else ""),
                 f"chain {s['chain']}", f"Scrapyard {s['scrapped']}"]
        active = ' <span class="ql-badge ql-gold">to play</span>' if view["active"] == strain else ""
        swatch = (f'<svg xmlns="http://www.w3.org/2000/svg" width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">'
                  f'<rect width="14" height="14" rx="3" fill="{COLOURS[strain]}"/></svg> ')
        data = attrs(data_scientist=strain, data_cache=s["cache"], data_hand=s["hand"], data_chain=s["chain"], data_scrapped=s["scrapped"])
        items.append(f'<li class="card"{data}><button type="button"{attrs(data_kind="character", data_id=strain)}>{swatch}'
                     f'{esc(s["name"])} ({esc(strain.capitalize())})</button>{active}<p>{esc(" · ".join(facts))}</p></li>')
    return f'<ul class="cards">{"".join(items)}</ul>'


def font_size(width: int) -> int:
    """SVG units for text reading at 12.5 CSS px or more whether the grid is drawn at its own size (``width`` px, at
    most) or squeezed to 256 px."""
    return max(14, math.ceil(MIN_TEXT_PX * width / MIN_MAP_PX))


def _tap(kind: str, key: str, label: str, tappable: bool) -> str:
    return f' role="button" tabindex="0"{attrs(data_kind=kind, data_id=key, aria_label=label)}' if tappable else ""


def _tile(key: str, tile: dict[str, Any], px: int, py: int, f: int, place: int | None, tappable: bool) -> str:
    colour = COLOURS[tile["strain"]]
    fill = "#f4efe4" if tile["petrified"] else colour
    bar = {"N": (px + 4, py + 5, px + CELL - 4, py + 5), "S": (px + 4, py + CELL - 5, px + CELL - 4, py + CELL - 5),
           "W": (px + 5, py + 4, px + 5, py + CELL - 4), "E": (px + CELL - 5, py + 4, px + CELL - 5, py + CELL - 4)}[tile["facing"]]
    outline = ' stroke="#f3c75a" stroke-width="5"' if place else f' stroke="{colour}" stroke-width="2"'
    text = str(place) if place else LETTERS[tile["strain"]] + ARROWS[tile["facing"]]
    label = f"{tile['strain'].capitalize()} tile at {key}, Base Edge {SIDES[tile['facing']]}" + (", petrified" if tile["petrified"] else "") \
        + (f", number {place} of its chain" if place else "")
    label = f"{text}: {label}"  # the accessible name starts with what the square shows (WCAG 2.5.3)
    inner = (f'<rect x="{px}" y="{py}" width="{CELL}" height="{CELL}" rx="4" fill="{fill}"{outline}/>'
             f'<line x1="{bar[0]}" y1="{bar[1]}" x2="{bar[2]}" y2="{bar[3]}" stroke="#111" stroke-width="6"/>')
    if f <= CELL * 0.55:
        inner += (f'<text x="{px + CELL // 2}" y="{py + CELL // 2 + f // 3}" font-size="{f}" text-anchor="middle" '
                  f'fill="#111" font-weight="700" aria-hidden="true">{esc(text)}</text>')
    return f'<g{_tap("tile", key, label, tappable)}>{inner}</g>'


def _open(key: str, px: int, py: int, tappable: bool) -> str:
    return (f'<g{_tap("cell", key, f"Empty cell {key}", tappable)}>'
            f'<rect x="{px + 1}" y="{py + 1}" width="{CELL - 2}" height="{CELL - 2}" rx="4" fill="#1b1e27" stroke="#8fb8ff" '
            f'stroke-width="2" stroke-dasharray="5 4"/></g>')


def grid_svg(grid: dict[str, Any], chain_place: dict[str, int]) -> str:
    """The Battle Arena with one ring of empty cells, the ``x`` labels above and ``y`` labels left of it."""
    cells = list(grid) + ring(grid)
    xs, ys = [coords(k)[0] for k in cells], [coords(k)[1] for k in cells]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    cols, rows = x1 - x0 + 1, y1 - y0 + 1
    width, height = AXIS + cols * CELL, (rows + 1) * CELL
    tappable = cols <= TAPPABLE_COLUMNS
    f = font_size(width)
    every = max(1, math.ceil(1.3 * f / CELL))
    parts = [f'<text x="{AXIS + (x - x0) * CELL + CELL // 2}" y="{CELL // 2 + f // 3}" font-size="{f}" text-anchor="middle" '
             f'fill="#b7bccb">{x}</text>' for x in range(x0, x1 + 1) if (x - x0) % every == 0]
    parts += [f'<text x="{AXIS - 4}" y="{(y1 - y + 1) * CELL + CELL // 2 + f // 3}" font-size="{f}" text-anchor="end" '
              f'fill="#b7bccb">{y}</text>' for y in range(y0, y1 + 1) if (y1 - y) % every == 0]
    for key in cells:
        x, y = coords(key)
        px, py = AXIS + (x - x0) * CELL, (y1 - y + 1) * CELL
        parts.append(_tile(key, grid[key], px, py, f, chain_place.get(key), tappable) if key in grid else _open(key, px, py, tappable))
    label = f"Battle Arena grid: columns x {x0} to {x1} (east), rows y {y0} to {y1} (north); the lists below say the same"
    role = "group" if tappable else "img"
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
            f'style="max-width:100%;height:auto" role="{role}"{attrs(aria_label=label, data_font=f)}>{"".join(parts)}</svg>')


def _lists(view: dict[str, Any], chain_place: dict[str, int], chain_of: dict[str, str]) -> str:
    grid = view["grid"]
    rows = []
    for key in _order(list(grid)):
        t = grid[key]
        facts = [t["strain"].capitalize(), f"Base Edge {SIDES[t['facing']]}"] + (["petrified"] if t["petrified"] else [])
        if key in chain_place:
            facts.append(f"{possessive(view['scientists'][chain_of[key]]['name'])} chain, number {chain_place[key]}")
        rows.append(f'<li{attrs(data_cell=key)}><button type="button"{attrs(data_kind="tile", data_id=key)}>{esc(key)}</button> '
                    f'{esc(", ".join(facts))}</li>')
    tiles = f'<h3>Tiles by coordinate (x,y)</h3><ul class="ql-list">{"".join(rows)}</ul>' if rows else ""
    buttons = "".join(f'<button type="button"{attrs(data_kind="cell", data_id=k)}>{esc(k)}</button>' for k in ring(grid))
    return f'{tiles}<h3>Empty cells touching a tile</h3><p class="pad">{buttons}</p>'


def _head(view: dict[str, Any]) -> str:
    facts = [f"Match {view['match']}", f"{view['division'].capitalize()} ({view['tiles']} tiles)"]
    if view["active"]:
        facts += [f"turn {view['turn']}: {view['scientists'][view['active']]['name']}", view["phase"]]
    else:
        facts.append({"setup": "setting up", "counting": "counting Charges", "over": "over"}.get(view["stage"], view["stage"]))
    decks = view["decks"] or view["suggested_decks"]
    facts.append(f"deck {view['deck']}, discard {view['discard']}, {counted(decks, 'deck')}")
    return f'<p>{esc(" · ".join(facts))}</p>'


def board_html(view: dict[str, Any]) -> str:
    """The match for the page: head line, scientists (Cache, hand, chain, Scrapyard), the grid, the lists, legend."""
    if view["match"] is None:
        return f"<p>No match yet ({esc(view['matches_played'])} played): start one.</p>"
    chains = best_chains(view["grid"], view["seating"])
    chain_place = {c: i + 1 for s in chains.values() if len(s) > 1 for i, c in enumerate(s)}
    chain_of = {c: strain for strain, s in chains.items() if len(s) > 1 for c in s}
    result = ""
    if view["result"]:
        names = " and ".join(view["scientists"][w]["name"] for w in view["result"]["winners"])
        result = f'<p class="note">{esc(("A tie: " if view["result"]["tie"] else "Winner: ") + names)}</p>'
    legend = ("Each tile: its Strain's colour and letter, a black bar on its Base Edge side and an arrow towards it; "
              "pale: petrified. A gold outline and a number: the tile's place in a scoring chain. Dashed squares: empty "
              "cells touching a tile. Columns x grow east, rows y grow north; the center is 0,0.")
    return (f"{_head(view)}{result}<h3>Scientists</h3>{_scientists(view, chains)}<h3>Battle Arena</h3>"
            f"{grid_svg(view['grid'], chain_place)}<p class=\"help\">{esc(legend)}</p>{_lists(view, chain_place, chain_of)}")


__all__ = ["board_html", "font_size", "grid_svg", "ring"]
