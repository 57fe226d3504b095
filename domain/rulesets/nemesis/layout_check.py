"""A board layout checked: from a file's bytes (the ``layout`` setup option's reader, ``Ruleset.file_options``) or
from data (a campaign's setup, an HTTP body), with an error naming the first problem (nemesis.txt § Exploring the
Ship, § Noise Roll, § Technical Corridors).

The file (YAML, or JSON, which YAML reads too)::

    name: Our board                       # shown on the map
    start: hibernatorium                  # where the Characters wake
    technical_corridors: [technical]      # one space per separate Technical Corridors circle
    rooms:
      hibernatorium: {name: Hibernatorium, at: [2, 2], exits: {1: c7, 2: c8, 3: c10, 4: c11}}
      room-1: {at: [1, 1], exits: {1: c1, 2: c3, 3: c7, 4: technical}}
    corridors: {c7: [room-1, hibernatorium]}   # optional: each corridor's two rooms, checked against the exits

- a room with a ``name`` is a fixed room printed on the board; one without is a slot for a face-down Room tile;
  ``computer: true`` marks a printed Computer; ``at`` [column, row] places it on the map (give it for every room
  or for none: then the map places rooms by their distance from ``start``);
- ``exits`` numbers 1..4 (the Noise die's results), each once; each names a corridor or a Technical Corridors
  space (that room's entrance); one corridor may carry several numbers of one room;
- every corridor joins exactly two different rooms, each numbering it among its exits; every room is reached from
  ``start``; every Technical Corridors space has an entrance; ids are lower-case words (``room-4``, ``c7``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

import yaml

from domain.core.errors import BadInput

from .layout import EXIT_NUMBERS, Layout, Slot
from domain.core.names import quoted

ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")
MAX_ROOMS = 4096
"""The most rooms a layout may have (the printed board has about twenty; benchmarks generate 1,024)."""


class LayoutError(BadInput):
    """A board layout that does not describe a ship the rules can use (names the offending entry)."""

    def __init__(self, message: str) -> None:
        super().__init__(f"board layout: {message}", {"layout": [message]})


class _Loader(yaml.SafeLoader):
    """YAML's safe loader refusing a key given twice in one mapping (an exit number used twice)."""


def _mapping(loader: _Loader, node: yaml.MappingNode) -> dict[Any, Any]:
    seen: dict[Any, int] = {}
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=True)
        if not isinstance(key, (str, int, float, bool)) and key is not None:
            raise LayoutError(f"line {key_node.start_mark.line + 1}: a key must be a word or a number, not {key!r}")
        if key in seen:
            raise LayoutError(f"line {key_node.start_mark.line + 1}: {key!r} is given twice in one mapping "
                              f"(first on line {seen[key]}; each exit number, room and corridor once)")
        seen[key] = key_node.start_mark.line + 1
    return loader.construct_mapping(node)


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)


def load_text(text: str) -> Any:
    """Parsed YAML (or JSON) text, a key given twice in one mapping refused. Raises :class:`LayoutError`, YAMLError."""
    return yaml.load(text, Loader=_Loader)  # noqa: S506 (a SafeLoader subclass)


def layout_from_files(files: Iterable[tuple[str, bytes]]) -> dict[str, Any]:
    """The ``layout`` setup option's reader: one ``(file name, bytes)`` -> the checked layout as data (the shape of
    :meth:`Layout.to_data`, what the campaign's first event records). Raises :class:`LayoutError` naming the file."""
    files = list(files)
    if len(files) != 1:
        raise LayoutError(f"a game is played on one layout file, not {len(files)} ({', '.join(n for n, _ in files)})")
    name, raw = files[0]
    try:
        data = load_text(raw.decode("utf-8"))
        return layout_from_data(data).to_data()
    except LayoutError as exc:
        raise LayoutError(f"{name}: {exc.fields['layout'][0]}") from None
    except UnicodeDecodeError:
        raise LayoutError(f"{name} is not UTF-8 text") from None
    except yaml.YAMLError as exc:
        raise LayoutError(f"{name} is not YAML or JSON ({str(exc).splitlines()[0]})") from None


def _ident(value: Any, what: str) -> str:
    text = str(value)
    if isinstance(value, bool) or not ID.match(text):
        raise LayoutError(f"{what} {value!r} is not an id (lower-case letters, digits and '-', at most 40)")
    return text


def _exits(rid: str, raw: Any) -> dict[int, str]:
    if not isinstance(raw, Mapping):
        raise LayoutError(f"room {quoted(rid)} needs exits numbered 1..4 (the Noise die's results)")
    exits: dict[int, str] = {}
    for key, place in raw.items():
        number = int(key) if str(key).strip() in {"1", "2", "3", "4"} else None
        if number is None:
            raise LayoutError(f"room {quoted(rid)} has an exit numbered {key!r}: exits are numbered 1..4 (the Noise die)")
        if number in exits:
            raise LayoutError(f"room {quoted(rid)} uses exit number {number} twice")
        exits[number] = _ident(place, f"exit {number} of room {quoted(rid)} leads to")
    if sorted(exits) != list(EXIT_NUMBERS):
        raise LayoutError(f"room {quoted(rid)} numbers its exits {sorted(exits)}, not 1..4 (the Noise die's results)")
    return exits


def _at(rid: str, raw: Any) -> tuple[int, int]:
    ok = isinstance(raw, (list, tuple)) and len(raw) == 2 and all(isinstance(v, int) and not isinstance(v, bool)
                                                                  and 0 <= v < 100 for v in raw)
    if not ok:
        raise LayoutError(f"room {quoted(rid)}: at must be [column, row], two whole numbers 0..99, not {raw!r}")
    return int(raw[0]), int(raw[1])


def _slot(rid: str, raw: Any) -> Slot:
    if not isinstance(raw, Mapping):
        raise LayoutError(f"room {quoted(rid)} must be a mapping with exits (and name, at, computer)")
    unknown = set(raw) - {"name", "at", "exits", "computer"}
    if unknown:
        raise LayoutError(f"room {quoted(rid)} has unknown entries {sorted(map(str, unknown))} (name, at, exits, computer)")
    name = raw.get("name")
    if name is not None and (not isinstance(name, str) or not name.strip() or len(name) > 40):
        raise LayoutError(f"room {quoted(rid)}: name must be a room's printed name (text, at most 40), not {quoted(name)}")
    at = _at(rid, raw["at"]) if "at" in raw else (-1, -1)
    return Slot(rid, name.strip() if name else None, at, _exits(rid, raw.get("exits")), raw.get("computer") is True)


def _rooms(raw: Any) -> dict[str, Slot]:
    if not isinstance(raw, Mapping) or not raw:
        raise LayoutError("needs rooms (room id -> its exits)")
    if len(raw) > MAX_ROOMS:
        raise LayoutError(f"has {len(raw)} rooms; at most {MAX_ROOMS}")
    rooms = {_ident(rid, "room"): _slot(str(rid), r) for rid, r in raw.items()}
    names: dict[str, str] = {}
    for rid, slot in rooms.items():
        if slot.name and slot.name.lower() in names:
            raise LayoutError(f"rooms {quoted(names[slot.name.lower()])} and {quoted(rid)} are both named {quoted(slot.name)}")
        if slot.name:
            names[slot.name.lower()] = rid
    return rooms


def _spaces(raw: Any, rooms: Mapping[str, Slot]) -> tuple[str, ...]:
    raw = [] if raw is None else raw
    if not isinstance(raw, list):
        raise LayoutError(f"technical_corridors must list the Technical Corridors spaces, not {raw!r}")
    spaces = tuple(_ident(s, "Technical Corridors space") for s in raw)
    twice = sorted({s for s in spaces if spaces.count(s) > 1} | (set(spaces) & set(rooms)))
    if twice:
        raise LayoutError(f"ids used twice: {twice}")
    return spaces


def _corridors(raw: Any, rooms: Mapping[str, Slot], spaces: tuple[str, ...]) -> dict[str, tuple[str, str]]:
    """Corridor id -> its two rooms, from the exits (and checked against ``corridors`` when given)."""
    numbered: dict[str, list[str]] = {}
    for rid, slot in rooms.items():
        for place in dict.fromkeys(slot.exits.values()):
            if place in rooms:
                raise LayoutError(f"exit of room {quoted(rid)} names room {quoted(place)}: exits lead to corridors")
            if place not in spaces:
                numbered.setdefault(place, []).append(rid)
    if raw is not None:
        _check_listed(raw, numbered, rooms)
    for cid, ends in numbered.items():
        if len(ends) == 1:
            raise LayoutError(f"corridor {quoted(cid)} leads nowhere: only room {quoted(ends[0])} numbers it among its exits "
                              "(a corridor joins two rooms; a Technical Corridors space must be listed in technical_corridors)")
        if len(ends) > 2:
            raise LayoutError(f"corridor {quoted(cid)} is numbered by {len(ends)} rooms {ends}: a corridor joins two rooms")
    order = [str(c) for c in raw] if raw is not None else list(numbered)
    return {cid: (numbered[cid][0], numbered[cid][1]) for cid in order}


def _check_listed(raw: Any, numbered: Mapping[str, list[str]], rooms: Mapping[str, Slot]) -> None:
    if not isinstance(raw, Mapping):
        raise LayoutError(f"corridors must map each corridor to its two rooms, not {raw!r}")
    for cid, ends in raw.items():
        if not isinstance(ends, list) or len(ends) != 2 or ends[0] == ends[1]:
            raise LayoutError(f"corridor {quoted(cid)} must join two different rooms, not {ends!r}")
        for end in map(str, ends):
            if end not in rooms:
                raise LayoutError(f"corridor {quoted(cid)} leads to {quoted(end)}, which is not a room (a corridor to nowhere)")
            if end not in numbered.get(str(cid), ()):
                raise LayoutError(f"corridor {quoted(cid)} is not numbered among the exits of room {quoted(end)}")
    for cid, ends in numbered.items():
        if cid not in raw:
            raise LayoutError(f"exit of room {quoted(ends[0])} leads to {quoted(cid)}, not a listed corridor nor a Technical "
                              "Corridors space")
        if sorted(ends) != sorted(map(str, raw[cid])):
            raise LayoutError(f"corridor {quoted(cid)} joins {sorted(map(str, raw[cid]))} but rooms {sorted(ends)} number it")
        numbered[cid][:] = [str(e) for e in raw[cid]]  # the listed order of its ends


def _links(rooms: Mapping[str, Slot], corridors: Mapping[str, tuple[str, str]]) -> dict[str, tuple[tuple[str, str], ...]]:
    return {rid: tuple((c, corridors[c][1] if corridors[c][0] == rid else corridors[c][0])
                       for c in dict.fromkeys(p for _, p in sorted(slot.exits.items()) if p in corridors))
            for rid, slot in rooms.items()}


def _entrances(rooms: Mapping[str, Slot], spaces: tuple[str, ...]) -> dict[str, str]:
    entrances: dict[str, str] = {}
    for rid, slot in rooms.items():
        found = sorted({p for p in slot.exits.values() if p in spaces})
        if len(found) > 1:
            raise LayoutError(f"room {quoted(rid)} has entrances to two Technical Corridors spaces {found}: one at most")
        if found:
            entrances[rid] = found[0]
    lonely = [s for s in spaces if s not in entrances.values()]
    if lonely:
        raise LayoutError(f"Technical Corridors space {quoted(lonely[0])} has no entrance: no room's exit names it")
    return entrances


def _reached(start: str, links: Mapping[str, tuple[tuple[str, str], ...]]) -> dict[str, int]:
    """Room -> its distance in corridors from ``start`` (rooms not reached are absent)."""
    depth, todo = {start: 0}, [start]
    for here in todo:
        for _, other in links[here]:
            if other not in depth:
                depth[other] = depth[here] + 1
                todo.append(other)
    return depth


def _placed(rooms: dict[str, Slot], depth: Mapping[str, int]) -> dict[str, Slot]:
    """Every room with an ``at``: as given (each place once), or by distance from the start (column) in order."""
    given = [s for s in rooms.values() if s.at != (-1, -1)]
    if given and len(given) != len(rooms):
        missing = next(r for r, s in rooms.items() if s.at == (-1, -1))
        raise LayoutError(f"room {quoted(missing)} has no at: give [column, row] for every room or for none")
    if not given:
        rows: dict[int, int] = {}
        for rid in rooms:
            col = depth[rid]
            rooms[rid] = Slot(rid, rooms[rid].name, (col, rows.get(col, 0)), rooms[rid].exits, rooms[rid].computer)
            rows[col] = rows.get(col, 0) + 1
    seen: dict[tuple[int, int], str] = {}
    for rid, slot in rooms.items():
        if slot.at in seen:
            raise LayoutError(f"rooms {quoted(seen[slot.at])} and {quoted(rid)} are both drawn at {list(slot.at)}")
        seen[slot.at] = rid
    return rooms


def layout_from_data(data: Any) -> Layout:
    """A checked :class:`Layout` from parsed YAML/JSON (the module docstring's shape; exit numbers as numbers or
    text). Raises :class:`LayoutError` naming the first problem."""
    if not isinstance(data, Mapping) or "rooms" not in data:
        raise LayoutError("needs rooms: a mapping of room id -> its exits (see docs/games/nemesis.md)")
    unknown = set(data) - {"name", "start", "technical_corridors", "rooms", "corridors"}
    if unknown:
        raise LayoutError(f"unknown entries {sorted(map(str, unknown))} (name, start, technical_corridors, rooms, corridors)")
    rooms = _rooms(data["rooms"])
    spaces = _spaces(data.get("technical_corridors"), rooms)
    corridors = _corridors(data.get("corridors"), rooms, spaces)
    clash = sorted(set(corridors) & set(rooms))
    if clash:
        raise LayoutError(f"ids used twice: {clash}")
    start = str(data.get("start", ""))
    if start not in rooms:
        raise LayoutError(f"start room {quoted(start)} is not a room")
    links = _links(rooms, corridors)
    depth = _reached(start, links)
    lost = sorted(set(rooms) - set(depth))
    if lost:
        raise LayoutError(f"rooms {lost} cannot be reached from {quoted(start)} through corridors")
    name = data.get("name", "ship")
    if not isinstance(name, str) or not name.strip() or len(name) > 60:
        raise LayoutError(f"name must be text of at most 60 characters, not {quoted(name)}")
    rooms = _placed(rooms, depth)
    return Layout(name.strip(), rooms, corridors, spaces, start, links, _entrances(rooms, spaces))
