"""The ``board`` view: the ship as the table sees it (plain JSON data).

Shape: ``round``, ``ended`` (reason or ``None``), ``malfunction_pool`` (markers left of 8), ``noise`` (places
with a Noise marker), ``rooms`` slot -> {``name`` (``None``: face down), ``explored``, ``items`` (Item Counter;
``None`` uncounted), ``fire``, ``malfunction``, ``computer`` (``available``/``unavailable``/``None``),
``technical_entrance`` (space or ``None``), ``exits`` "1".."4" -> corridor/space, ``characters``,
``intruders``, ``at`` [column, row]}, ``corridors`` id -> {``rooms``, ``noise``, ``door``},
``technical_corridors`` space -> {``noise``, ``entrances``}, ``characters`` id -> {``room``, ``light_wounds``,
``serious_wounds``, ``slime``, ``actions``, ``turn_over``, ``pending``, ``hibernated``}, ``intruders`` id ->
{``kind``, ``room``, ``injuries``, ``in_combat``}, ``owed`` what is owed now (:func:`.turn.owed`: ``{"character",
"owes", "event", "text", "verbs"}``, movement's rolls and Encounters first, then an event's rolls in player order).

``layout`` is the board itself, for anything that draws it (the terminal map, the page): ``name``, ``start``,
``rooms`` [{``id``, ``name`` (printed name; ``None`` for a Room tile slot), ``fixed``, ``at`` [column, row],
``exits`` [{``number`` 1..4, ``to`` corridor or space id, ``kind`` ``corridor``/``technical``, ``room`` the room it
leads to or ``None``}], ``technical_entrance``}], ``corridors`` [{``id``, ``rooms`` [a, b], ``numbers`` {room: [exit
numbers]}}], ``technical_corridors`` [{``id``, ``entrances`` [{``room``, ``numbers``}]}] (one per separate circle).
"""

from __future__ import annotations

import marshal
from typing import Any

from domain.core import State

from .layout import Layout
from .rules import ship
from .turn import owed


_DRAWN: dict[int, tuple[Layout, bytes]] = {}
"""id(layout) -> (the layout, its ``layout`` section marshalled): built once per layout, copied for each view."""


def layout_view(layout: Layout) -> dict[str, Any]:
    """The ``layout`` section (see the module docstring): the same for every state of a game, so it is built once
    per layout and each view gets its own copy."""
    kept = _DRAWN.get(id(layout))
    if kept is None or kept[0] is not layout:
        kept = _DRAWN[id(layout)] = (layout, marshal.dumps(_layout_view(layout)))
    return marshal.loads(kept[1])


def _layout_view(layout: Layout) -> dict[str, Any]:
    def exit_(rid: str, n: int, place: str) -> dict[str, Any]:
        technical = place in layout.spaces
        return {"number": n, "to": place, "kind": "technical" if technical else "corridor",
                "room": None if technical else layout.other_end(place, rid)}
    rooms = [{"id": rid, "name": s.name, "fixed": s.fixed, "at": list(s.at), "technical_entrance": layout.entrance(rid),
              "exits": [exit_(rid, n, p) for n, p in sorted(s.exits.items())]} for rid, s in layout.rooms.items()]
    corridors = [{"id": c, "rooms": list(ends), "numbers": {r: layout.numbers(r, c) for r in ends}}
                 for c, ends in layout.corridors.items()]
    spaces = [{"id": sp, "entrances": [{"room": r, "numbers": layout.numbers(r, sp)}
                                       for r, e in layout.entrances.items() if e == sp]} for sp in layout.spaces]
    return {"name": layout.name, "start": layout.start, "rooms": rooms, "corridors": corridors,
            "technical_corridors": spaces}


def _occupants(state: State) -> tuple[dict[str, list[str]], set[str]]:
    people: dict[str, list[str]] = {}
    for cid, ch in state["characters"].items():
        people.setdefault(ch["room"], []).append(cid)
    fighting = {ch["room"] for ch in state["characters"].values() if not ch["hibernated"]}
    return people, fighting


def _room(state: State, layout: Layout, rid: str, people: dict[str, list[str]], aliens: dict[str, list[str]]) -> dict[str, Any]:
    r = state["rooms"][rid]
    computer = None if not r["computer"] else ("unavailable" if r["malfunction"] else "available")
    return {"name": r["name"], "explored": r["explored"], "items": r["items"], "fire": r["fire"],
            "malfunction": r["malfunction"], "computer": computer, "technical_entrance": layout.entrance(rid),
            "exits": {str(n): p for n, p in layout.rooms[rid].exits.items()}, "characters": people.get(rid, []),
            "intruders": aliens.get(rid, []), "at": list(layout.rooms[rid].at)}


def board_view(state: State) -> dict[str, Any]:
    """The ``board`` view (see the module docstring); linear in rooms, corridors and models."""
    layout = ship(state)
    people, fighting = _occupants(state)
    aliens: dict[str, list[str]] = {}
    for iid, x in state["intruders"].items():
        aliens.setdefault(x["room"], []).append(iid)
    noise = set(state["noise"])
    entrances: dict[str, list[str]] = {s: [] for s in layout.spaces}
    for rid, space in layout.entrances.items():
        entrances[space].append(rid)
    return {
        "round": state["round"], "ended": state["ended"], "malfunction_pool": state["malfunction_pool"],
        "noise": list(state["noise"]),
        "rooms": {rid: _room(state, layout, rid, people, aliens) for rid in layout.rooms},
        "corridors": {cid: {"rooms": list(ends), "noise": cid in noise, "door": state["doors"].get(cid, "open")}
                      for cid, ends in layout.corridors.items()},
        "technical_corridors": {s: {"noise": s in noise, "entrances": entrances[s]} for s in layout.spaces},
        "characters": {c: dict(ch) for c, ch in state["characters"].items()},
        "intruders": {i: {**x, "in_combat": x["room"] in fighting} for i, x in state["intruders"].items()},
        "owed": owed(state),
        "layout": layout_view(layout),
    }


VIEWS = {"board": board_view}
