"""Nemesis vocabulary, the one kit, the rulebook's sections and the checks every action shares.

Citations name ``nemesis.txt`` headings. The Door paragraphs of ``nemesis.txt`` follow the Malfunction
Marker heading with no heading of their own; they are cited as ``§ Malfunction Marker (Doors)``. The round
("2 Actions, or 1 Action and passing, or simply passing") is stated under § Fire Marker.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from enum import Enum
from typing import Any

from domain.core import BadInput, State
from domain.core.errors import RuleViolation
from domain.core.kit import Kit
from domain.core.names import counted, did_you_mean, quoted

from .layout import Layout
from .ships import layout_of

KIT = Kit("nemesis.txt")

CHARACTERS: dict[str, tuple[str, ...]] = {
    "captain": ("cap",), "mechanic": ("mech",), "pilot": (), "scientist": ("sci",), "scout": (), "soldier": ("sol",),
}
"""The Characters (character id -> aliases)."""

MOVEMENT = "Movement Action"
EXPLORATION = "Exploration Tokens"
NOISE = "Noise Roll"
TECHNICAL = "Technical Corridors"
SLIME = "Slime Marker"
FIRE = "Fire Marker"
ROUND = "Fire Marker (the round)"
MALFUNCTION = "Malfunction Marker"
DOORS = "Malfunction Marker (Doors)"
INTRUDERS = "Exploring the Ship"
MALFUNCTION_POOL = 8
"""There are 8 Malfunction markers in game (nemesis.txt § Malfunction Marker)."""
ADULT_MODELS = 8
"""Eight Adult Intruder models (nemesis.txt: the Adult retreat, after § Noise Roll's Intruder movement)."""
COMBAT_ANSWER = "Nemesis public rules answers (not in nemesis.txt): no Room Action, no Search and no Noise roll in Combat"
"""The official public answer Questlog enforces for Combat (docs/games/nemesis.md § Readings taken)."""
ACTIONS_PER_ROUND = 2
"""Each round: 2 Actions, or 1 Action and passing, or passing (nemesis.txt § Fire Marker)."""


class Token(str, Enum):
    """An Exploration token's special effect (nemesis.txt § Exploration Tokens)."""

    SILENCE = "silence"
    DANGER = "danger"
    SLIME = "slime"
    FIRE = "fire"
    MALFUNCTION = "malfunction"
    DOORS = "doors"


class Intruder(str, Enum):
    """What an Intruder token drawn in an Encounter shows (``blank``: no Intruder appears; recorded)."""

    LARVA = "larva"
    CREEPER = "creeper"
    ADULT = "adult"
    BREEDER = "breeder"
    QUEEN = "queen"
    BLANK = "blank"


class Door(str, Enum):
    """A corridor's Door (no Door token: open). nemesis.txt § Malfunction Marker (Doors)."""

    OPEN = "open"
    CLOSED = "closed"
    DESTROYED = "destroyed"


NOISE_RESULTS = ("1", "2", "3", "4", "danger", "silence")
"""The Noise roll's results as entered (the die's faces are not printed: no ``--digital``)."""


def slug(text: str) -> str:
    """``"Room Covered in Slime"`` -> ``"room-covered-in-slime"`` (how rooms are recognised by name)."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def ship(state: State) -> Layout:
    """The campaign's ship layout."""
    return layout_of(state)


def room_name(state: State, room: str) -> str:
    """A room's name for people: the printed or flipped name, else its slot id (``"room-4"``)."""
    return state["rooms"][room]["name"] or room


NO_ITEMS = ("nest", "room-covered-in-slime")
"""Rooms (by name) where no Items are counted and no Malfunction marker goes (§ Exploration Tokens, § Malfunction Marker)."""


def is_nest_or_slime(state: State, room: str) -> bool:
    """Whether ``room`` is the Nest or a Room Covered in Slime (no Items counted, no Malfunction)."""
    return slug(state["rooms"][room]["name"] or "") in NO_ITEMS


def find_room(state: State, ref: str) -> str:
    """The slot id for ``ref``: a slot id or a flipped/printed room's name. Raises RuleViolation."""
    key = slug(ref)
    if key in state["rooms"]:
        return key
    for rid, room in state["rooms"].items():
        if room["name"] and slug(room["name"]) == key:
            return rid
    names = [*state["rooms"], *(room["name"] for room in state["rooms"].values() if room["name"])]
    raise BadInput(f"the ship has no room {quoted(ref)}{did_you_mean(ref, names)} (a room id such as room-4, or a flipped room's name)",
                   {"room": [f"unknown room {quoted(ref)}"]})


def find_corridor(state: State, ref: str) -> str:
    """A corridor or Technical Corridors space from ``c7``, ``technical`` or ``ROOM:EXIT`` (``canteen:3``)."""
    layout = ship(state)
    text = str(ref).strip().lower()
    if ":" in text:
        room, _, number = text.rpartition(":")
        if number in ("1", "2", "3", "4"):
            return layout.exit_place(find_room(state, room), int(number))
    if text in layout.corridors or text in layout.spaces:
        return text
    close = did_you_mean(text, [*layout.corridors, *layout.spaces])
    raise BadInput(f"the ship has no corridor {quoted(ref)}{close} (a corridor id such as c7, a Technical Corridors space, or ROOM:EXIT)",
                   {"corridor": [f"unknown corridor {quoted(ref)}"]})


def occupants(state: State, room: str, but: str | None = None) -> list[str]:
    """The Characters (not Hibernated) and Intruders in ``room``, leaving out ``but``."""
    chars = [c for c, ch in state["characters"].items() if ch["room"] == room and not ch["hibernated"] and c != but]
    return chars + [i for i, x in state["intruders"].items() if x["room"] == room and i != but]


def in_combat(state: State, intruder: str) -> bool:
    """An Intruder is in Combat while it shares its room with a Character (nemesis.txt names Combat without
    defining it; this is the physical game's meaning, a reading Questlog takes)."""
    room = state["intruders"][intruder]["room"]
    return any(ch["room"] == room and not ch["hibernated"] for ch in state["characters"].values())


def neighbors(state: State, room: str) -> list[tuple[str, str]]:
    """(corridor, room) pairs neighboring ``room``: a Closed Door breaks neighborhood (§ Movement Action)."""
    return [(c, other) for c, other in ship(state).links[room] if state["doors"].get(c) != Door.CLOSED.value]


def playing(state: State) -> None:
    """Refuse unless a game is under way (set up and not ended)."""
    if not state["characters"]:
        raise KIT.refuse(INTRUDERS, "the game has not started: start-game first")
    if state["ended"]:
        raise KIT.refuse(MALFUNCTION, f"the game has ended ({state['ended']})")


def character(state: State, who: str, settling: bool = False) -> Mapping[str, Any]:
    """A Character in the game (not Hibernated; with ``settling``, a Hibernated one settling what their attempt left
    pending: its Noise roll, an Encounter). Raises RuleViolation."""
    playing(state)
    ch = state["characters"].get(who)
    if ch is None:
        raise KIT.refuse(INTRUDERS, f"{who} is not playing this game (playing: {', '.join(state['characters'])})")
    if ch["hibernated"] and not (settling and ch["pending"]):
        raise KIT.refuse(INTRUDERS, f"{who} is Hibernated and takes no more actions")
    return ch


def acting(state: State, who: str) -> Mapping[str, Any]:
    """A Character who may take an Action now: turn not over, no Noise roll or Encounter outstanding."""
    ch = character(state, who)
    if ch["pending"]:
        raise KIT.refuse(NOISE if ch["pending"] == "noise-roll" else MOVEMENT,
                         f"{who} must first resolve their {ch['pending']} (entered {room_name(state, ch['room'])})")
    if ch["turn_over"]:
        raise KIT.refuse(ROUND, f"{who} has taken {counted(ch['actions'], 'action')} and ended their turn this round: "
                                "a round is 2 Actions, or 1 Action and passing, or passing")
    return ch


def in_fight(state: State, who: str) -> bool:
    """A Character is in Combat while an Intruder shares their Room (the reading of :func:`in_combat`)."""
    ch = state["characters"][who]
    return not ch["hibernated"] and any(x["room"] == ch["room"] for x in state["intruders"].values())


def no_combat(state: State, who: str, what: str) -> None:
    """Refuse ``what`` (a Room Action, a Search) for a Character in Combat (:data:`COMBAT_ANSWER`)."""
    if in_fight(state, who):
        raise RuleViolation(COMBAT_ANSWER, f"{who} is in Combat in {room_name(state, state['characters'][who]['room'])}: "
                                           f"no {what} in Combat")


def no_malfunction(state: State, room: str, what: str) -> None:
    """Refuse ``what`` in a Room with a Malfunction marker: no actions there but Search (nemesis.txt § Malfunction
    Marker)."""
    if state["rooms"][room]["malfunction"]:
        raise KIT.refuse(MALFUNCTION, f"{room_name(state, room)} has a Malfunction marker: no {what} there (no actions "
                                      "in that Room but Search, and repair-malfunction to discard the marker)")


def rule_of(section: str) -> str:
    """The citation of ``section`` (``"nemesis.txt § Fire Marker"``)."""
    return KIT.rule(section)
