"""What the table's page needs from NanoBot Battle Arena, declared with the kit: what each field picks from, each
action's label, and what the turn owes now (DESIGN.md § The table page). The ``turn`` view is the same as JSON.

Kinds (values exactly as the actions take them): ``character`` (a scientist: the Strain played, labelled with the
name; the kind the page names the owed items' scientists and prefills their fields with),
``strain`` (the eight Strains), ``division``, ``cell`` (``x,y``: the empty cells a tile may go, the center when the
arena is empty, else every empty cell touching a tile), ``tile`` (``x,y`` of every tile), ``facing`` (N/E/S/W),
``charges`` (printed Charges: ``1``..``3``, a meld ``2+3``), ``placement`` (``x,y,F``: a cell and a Base Edge side,
for Grow), ``turn-to`` (``x,y,F`` for a tile and another side, for Pivot), ``blink-move`` (``x,y>x,y``), ``surge-aim``
(``x,y:n``, n up to the tiles in line of sight), ``freeze-share`` (``strain:n``, n up to that hand).

The turn (nanobot-battle-arena.txt § Game Phases by Division, § Quick Play Rules, § The End Game): the active
scientist owes the current phase's plays (tiles, Reaction Cards, the draw); a match that ended tied owes the tied
scientists' Charges counts.
"""

from __future__ import annotations

from typing import Any

from domain.core import State
from domain.core.declarations import Option, Owed

from .board_html import ring
from .grid import FACINGS, coords, line_of_sight
from .rules import CARDS, DIVISIONS, STRAINS, KIT, phase_label, phases

CHARGES = ("1", "2", "3", "1+1", "1+2", "1+3", "2+2", "2+3", "3+3")
"""Printed Charges as entered: one card (1-3), or two melded (§ Reaction Card Charges, § Melding)."""
SIDES = {"N": "north", "E": "east", "S": "south", "W": "west"}


def _match(state: State) -> dict[str, Any] | None:
    m = state.get("match")
    return m if m and m["stage"] != "over" else None


def _grid(state: State) -> dict[str, Any]:
    m = state.get("match")
    return m["grid"] if m else {}


def open_cells(grid: dict[str, Any]) -> list[str]:
    """The empty cells a tile could go now, south to north then west to east: ``0,0`` on an empty arena, else every
    empty cell touching a tile orthogonally (§ Placing in a Legal Location; Base Edges are the placer's matter)."""
    return ring(grid)


def _tiles(grid: dict[str, Any]) -> list[str]:
    return sorted(grid, key=lambda k: (coords(k)[1], coords(k)[0]))


@KIT.source("character", "Scientist")
def scientists(state: State) -> list[Option]:
    """The scientists of the match (value: their Strain, as every action takes it)."""
    m = state.get("match")
    return [Option(s, f"{v['name']} ({s.capitalize()})") for s, v in (m["scientists"] if m else {}).items()]


KIT.source("strain", "Strain")(lambda state: [Option(s, s.capitalize()) for s in STRAINS])
KIT.source("division", "Division")(lambda state: [Option(d, f"{d.capitalize()} ({n} tiles)") for d, n in DIVISIONS.items()])
KIT.source("facing", "Base Edge side")(lambda state: [Option(f, f"{f} ({SIDES[f]})") for f in FACINGS])
KIT.source("charges", "Printed Charges")(lambda state: [Option(c, c if "+" not in c else f"{c} (meld)") for c in CHARGES])


@KIT.source("cell", "Empty cell")
def cells(state: State) -> list[Option]:
    """Where a tile could go now (:func:`open_cells`), as ``x,y``."""
    return [Option(c, c) for c in open_cells(_grid(state))]


@KIT.source("tile", "Tile")
def tiles(state: State) -> list[Option]:
    """Every tile on the Battle Arena, as ``x,y`` (labelled with its Strain and Base Edge side)."""
    grid = _grid(state)
    return [Option(k, f"{k} {grid[k]['strain'].capitalize()} {grid[k]['facing']}") for k in _tiles(grid)]


@KIT.source("placement", "Cell and Base Edge")
def placements(state: State) -> list[Option]:
    """``x,y,F`` for every open cell and side (Grow's extra tiles)."""
    return [Option(f"{c},{f}", f"{c} {f}") for c in open_cells(_grid(state)) for f in FACINGS]


@KIT.source("turn-to", "Tile and new side")
def turns(state: State) -> list[Option]:
    """``x,y,F`` for every tile and each side it does not face now (Pivot)."""
    grid = _grid(state)
    return [Option(f"{k},{f}", f"{k} to {f}") for k in _tiles(grid) for f in FACINGS if f != grid[k]["facing"]]


@KIT.source("blink-move", "Tile moved")
def blinks(state: State) -> list[Option]:
    """``x,y>x,y``: every tile to every open cell (Blink replays it on a new Legal Location)."""
    grid = _grid(state)
    return [Option(f"{k}>{c}", f"{k} to {c}") for k in _tiles(grid) for c in open_cells(grid)]


@KIT.source("surge-aim", "Attacking tile")
def aims(state: State) -> list[Option]:
    """``x,y:n``: each tile with n from 1 to the tiles in its line of sight (Surge)."""
    grid = _grid(state)
    return [Option(f"{k}:{n}", f"{k} returns {n}") for k in _tiles(grid) for n in range(1, min(9, len(line_of_sight(grid, k))) + 1)]


@KIT.source("freeze-share", "Opponent and cards")
def shares(state: State) -> list[Option]:
    """``strain:n``: each scientist with n from 1 to the cards in that hand (Freeze)."""
    m = state.get("match")
    return [Option(f"{s}:{n}", f"{v['name']}: {n} card{'s' if n > 1 else ''}") for s, v in (m["scientists"] if m else {}).items()
            for n in range(1, min(9, v["hand"]) + 1)]


TARGETS = {"blink": "blink-move", "burn": "tile", "freeze": "freeze-share", "grow": "placement", "infect": "tile",
           "petrify": "tile", "pivot": "turn-to", "surge": "surge-aim"}
"""Each Reaction Card's targets, one kind per card (§ Reaction Card Explanations)."""

for _card, _kind in TARGETS.items():
    KIT.present(_card, f"Play {_card.capitalize()} ({CARDS[_card].capitalize()})",
                picks={"scientist": "character", "charges": "charges", "targets": _kind})
KIT.present("start-match", "Start a match", picks={"division": "division"}, table_wide=True)
KIT.present("choose-strain", "Take a seat with a Strain", picks={"strain": "strain"}, table_wide=True)
KIT.present("reveal-first-player", "Reveal the first player", picks={"revealed": "strain"}, table_wide=True)
KIT.present("set-up-arena", "Record tiles already on the arena", table_wide=True)
KIT.present("place-tile", "Play a NanoBot tile", picks={"scientist": "character", "cell": "cell", "facing": "facing"})
KIT.present("discard", "Discard a Reaction Card", picks={"scientist": "character"})
KIT.present("draw", "Draw back up to six", picks={"scientist": "character"})
KIT.present("count-charges", "Count the Charges in hand", picks={"scientist": "character"})

_PLAY = {"tile": ("place-tile",), "card": ("discard", *TARGETS), "draw": ("draw",)}


@KIT.owes
def owed(state: State) -> list[Owed]:
    """What the match owes now: seats and the first player in setup, the active scientist's phase in play, the tied
    scientists' Charges counts at the end (§ 2.-4. of the setup, § Game Phases by Division, § The End Game)."""
    m = state.get("match")
    if m is None or m["stage"] == "over":
        return [Owed("start a match: choose a Division", None, ("start-match",))]
    if m["stage"] == "setup":
        if len(m["scientists"]) < 2:
            return [Owed(f"seat the scientists: {len(m['scientists'])} of at least 2 have a Strain", None, ("choose-strain",))]
        return [Owed("deal and reveal the first player (or seat another scientist)", None, ("reveal-first-player", "choose-strain"))]
    if m["stage"] == "counting":
        return [Owed("count the printed Charges in hand (tie-break)", s, ("count-charges",))
                for s in m["ended"]["leaders"] if m["scientists"][s]["charges"] is None]
    who = m["active"]
    kind, count = phases(m["division"])[m["phase"]]
    left = count - m["done"]
    what = {"tile": f"play {left} NanoBot tile{'s' if left > 1 else ''}",
            "card": f"play or discard {left} Reaction Card{'s' if left > 1 else ''}", "draw": "draw back up to six"}[kind]
    return [Owed(f"{what} ({phase_label(m['division'], m['phase'])})", who, _PLAY[kind])]


def turn_view(state: State) -> dict[str, Any]:
    """The ``turn`` view: ``{"match", "stage", "turn", "active", "phase", "owed": [{"text", "who", "verbs"}], "next"}``
    (``None`` where no match is under way)."""
    items = owed(state)
    m = _match(state)
    playing = bool(m and m["stage"] == "playing")
    return {"match": m["number"] if m else None, "stage": m["stage"] if m else None,
            "turn": m["turn"] if playing else None, "active": m["active"] if playing else None,
            "phase": phase_label(m["division"], m["phase"]) if playing else None,
            "owed": [o.to_data() for o in items], "next": items[0].text if items else None}


__all__ = ["CHARGES", "TARGETS", "open_cells", "owed", "turn_view"]
