"""The ship as data: rooms, their numbered exits, corridors and the Technical Corridors (nemesis.txt
§ Exploring the Ship, § Noise Roll, § Technical Corridors).

A :class:`Layout` is checked once (:mod:`.layout_check` builds it from a file's data); a campaign's state names
its layout by key (``state["layout"]``) and, for a layout a group entered from a file, carries that layout's
checked data too (``state["ship"]``, copied from the campaign's setup, so a replay or a snapshot never reads the
file). Shapes:

- ``rooms``: slot id -> :class:`Slot` (``name`` printed on the board for a fixed room, ``None`` for a slot that
  takes a face-down Room tile; ``at`` (column, row) for drawing; ``exits`` exit number 1..4 -> corridor id or
  Technical Corridors space);
- ``corridors``: corridor id -> (room, room);
- ``spaces``: the Technical Corridors space ids (one per separate circle); ``start``: the room the Characters
  start in.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

EXIT_NUMBERS = (1, 2, 3, 4)
"""The Noise die's numbered results; every room's exits carry these numbers (nemesis.txt § Noise Roll)."""
SHIPPED = {"nemesis": "ship.yaml", "nemesis-b": "ship-b.yaml"}
"""The layouts Questlog ships: name -> file in this package (``nemesis``: the default; ``nemesis-b``: the board's
other side, with two separate Technical Corridors circles)."""
DEFAULT = "nemesis"


@dataclass(frozen=True)
class Slot:
    """One room of the layout: ``name`` if printed on the board (a fixed room, explored from the start), else
    ``None`` (a Room tile, named when flipped); ``at`` its (column, row); ``exits`` number -> corridor or space."""

    id: str
    name: str | None
    at: tuple[int, int]
    exits: Mapping[int, str]
    computer: bool = False

    @property
    def fixed(self) -> bool:
        """Whether the slot is a room printed on the board (not a face-down Room tile)."""
        return self.name is not None


@dataclass(frozen=True)
class Layout:
    """A checked ship layout (see the module docstring). Build it with :func:`.layout_check.layout_from_data`."""

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

    def numbers(self, room: str, place: str) -> list[int]:
        """The exit numbers of ``room`` leading to ``place`` (a corridor or space), ascending."""
        return [n for n, p in sorted(self.rooms[room].exits.items()) if p == place]

    def other_end(self, corridor: str, room: str) -> str:
        """The room at the other end of ``corridor`` from ``room``."""
        a, b = self.corridors[corridor]
        return b if a == room else a

    def to_data(self) -> dict[str, Any]:
        """The layout as JSON-able data in the file's shape (what a campaign's setup records)."""
        rooms = {}
        for rid, s in self.rooms.items():
            room: dict[str, Any] = {"at": list(s.at), "exits": {str(n): p for n, p in sorted(s.exits.items())}}
            if s.name is not None:
                room["name"] = s.name
            if s.computer:
                room["computer"] = True
            rooms[rid] = room
        return {"name": self.name, "start": self.start, "technical_corridors": list(self.spaces), "rooms": rooms,
                "corridors": {c: list(ends) for c, ends in self.corridors.items()}}
