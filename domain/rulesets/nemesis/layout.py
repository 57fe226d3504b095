"""The ship as data: rooms, their numbered exits, corridors and the Technical Corridors (nemesis.txt
§ Exploring the Ship, § Noise Roll, § Technical Corridors).

A :class:`Layout` is loaded once from ``ship.yaml`` (shipped in the package) and checked on load; a
campaign's state names its layout (``state["layout"]``) and never copies it, so deciding stays small.
Shapes:

- ``rooms``: slot id -> :class:`Slot` (``name`` printed on the board or ``None`` for a face-down Room tile,
  ``at`` (column, row) for drawing, ``exits`` exit number 1..4 -> corridor id or Technical Corridors space);
- ``corridors``: corridor id -> (room, room);
- ``spaces``: the Technical Corridors space ids; ``start``: the room the Characters start in.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

import yaml

EXIT_NUMBERS = (1, 2, 3, 4)
"""The Noise die's numbered results; every room's exits carry these numbers (nemesis.txt § Noise Roll)."""


class LayoutError(ValueError):
    """A board layout file that does not describe a ship the rules can use (names the offending entry)."""


@dataclass(frozen=True)
class Slot:
    """One room of the layout: ``name`` if printed on the board (explored from the start), else ``None``
    (a Room tile, named when flipped); ``at`` its (column, row); ``exits`` number -> corridor or space."""

    id: str
    name: str | None
    at: tuple[int, int]
    exits: Mapping[int, str]
    computer: bool = False


@dataclass(frozen=True)
class Layout:
    """A checked ship layout (see the module docstring). Build it with :func:`layout_from_data`."""

    name: str
    rooms: Mapping[str, Slot]
    corridors: Mapping[str, tuple[str, str]]
    spaces: tuple[str, ...]
    start: str
    links: Mapping[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    """room -> ((corridor, other room), ...) in exit-number order, each corridor once."""
    entrances: Mapping[str, str] = field(default_factory=dict)
    """room -> the Technical Corridors space it has an entrance to (rooms without one are absent)."""

    def corridors_of(self, room: str) -> tuple[str, ...]:
        """The corridors connected to ``room`` (each once, in exit-number order)."""
        return tuple(c for c, _ in self.links[room])

    def entrance(self, room: str) -> str | None:
        """The Technical Corridors space ``room`` has an entrance to, or ``None``."""
        return self.entrances.get(room)

    def exit_place(self, room: str, number: int) -> str:
        """Where exit ``number`` (1..4) of ``room`` leads: a corridor id or a Technical Corridors space."""
        return self.rooms[room].exits[number]

    def other_end(self, corridor: str, room: str) -> str:
        """The room at the other end of ``corridor`` from ``room``."""
        a, b = self.corridors[corridor]
        return b if a == room else a


def _fail(message: str) -> LayoutError:
    return LayoutError(f"board layout: {message}")


def _slot(room_id: str, raw: Any, corridors: Mapping[str, tuple[str, str]], spaces: tuple[str, ...]) -> Slot:
    if not isinstance(raw, dict) or not isinstance(raw.get("exits"), dict):
        raise _fail(f"room {room_id!r} needs exits numbered 1..4")
    exits = {int(k): str(v) for k, v in raw["exits"].items()}
    if sorted(exits) != list(EXIT_NUMBERS):
        raise _fail(f"room {room_id!r} numbers its exits {sorted(exits)}, not 1..4 (the Noise die's results)")
    for number, place in exits.items():
        if place not in spaces and room_id not in corridors.get(place, ()):
            raise _fail(f"exit {number} of room {room_id!r} leads to {place!r}, not a corridor of that room "
                        "nor a Technical Corridors space")
    at = raw.get("at", [0, 0])
    return Slot(room_id, raw.get("name"), (int(at[0]), int(at[1])), exits, bool(raw.get("computer", False)))


def _corridors(raw: Any) -> dict[str, tuple[str, str]]:
    if not isinstance(raw, dict) or not raw:
        raise _fail("no corridors")
    out = {}
    for cid, ends in raw.items():
        if not isinstance(ends, list) or len(ends) != 2 or ends[0] == ends[1]:
            raise _fail(f"corridor {cid!r} must join two different rooms, not {ends!r}")
        out[str(cid)] = (str(ends[0]), str(ends[1]))
    return out


def _links(rooms: Mapping[str, Slot], corridors: Mapping[str, tuple[str, str]]) -> dict[str, tuple[tuple[str, str], ...]]:
    links = {}
    for rid, slot in rooms.items():
        seen = dict.fromkeys(p for p in slot.exits.values() if p in corridors)
        links[rid] = tuple((c, corridors[c][1] if corridors[c][0] == rid else corridors[c][0]) for c in seen)
    for cid, (a, b) in corridors.items():
        for end in (a, b):
            if end not in rooms:
                raise _fail(f"corridor {cid!r} joins {end!r}, which is not a room")
            if cid not in dict(links[end]):
                raise _fail(f"corridor {cid!r} is not numbered among the exits of room {end!r}")
    return links


def _check_connected(layout: Layout) -> None:
    seen, todo = {layout.start}, [layout.start]
    while todo:
        for _, other in layout.links[todo.pop()]:
            if other not in seen:
                seen.add(other)
                todo.append(other)
    lost = sorted(set(layout.rooms) - seen)
    if lost:
        raise _fail(f"rooms {lost} cannot be reached from {layout.start!r} through corridors")


def layout_from_data(data: Mapping[str, Any]) -> Layout:
    """A checked :class:`Layout` from parsed YAML. Raises :class:`LayoutError` naming the first problem."""
    if not isinstance(data, Mapping) or not isinstance(data.get("rooms"), dict):
        raise _fail("needs rooms")
    spaces = tuple(str(s) for s in data.get("technical_corridors") or ())
    corridors = _corridors(data.get("corridors"))
    clash = set(spaces) & (set(corridors) | set(data["rooms"]))
    if clash:
        raise _fail(f"ids used twice: {sorted(clash)}")
    rooms = {str(rid): _slot(str(rid), raw, corridors, spaces) for rid, raw in data["rooms"].items()}
    start = str(data.get("start", ""))
    if start not in rooms:
        raise _fail(f"start room {start!r} is not a room")
    entrances = {rid: next(p for p in slot.exits.values() if p in spaces)
                 for rid, slot in rooms.items() if any(p in spaces for p in slot.exits.values())}
    layout = Layout(str(data.get("name", "ship")), rooms, corridors, spaces, start, _links(rooms, corridors), entrances)
    _check_connected(layout)
    return layout


LAYOUTS: dict[str, Layout] = {}
"""Layouts by name: the shipped ``nemesis`` one; :func:`add_layout` adds generated ones (benchmarks)."""


def add_layout(key: str, layout: Layout) -> None:
    """Make ``layout`` available to campaigns whose state names ``key`` (the benchmark's generated ships)."""
    LAYOUTS[key] = layout


def layout_of(state: Mapping[str, Any]) -> Layout:
    """The layout a campaign's state names."""
    return LAYOUTS[state["layout"]]


add_layout("nemesis", layout_from_data(yaml.safe_load(resources.files(__package__).joinpath("ship.yaml").read_text())))
