"""Slime, Fire and Malfunction markers and Door tokens (nemesis.txt § Slime Marker, § Fire Marker,
§ Malfunction Marker and the Door paragraphs after it).

- Slime: one per Character; a second does nothing; removed by the Clothes Item or the Shower Room.
- Fire: one per Room; a second does nothing (its Light Wound comes at the end of a turn: :mod:`.turn`).
- Malfunction: one per Room, a second does nothing; never in the Nest or a Room Covered in Slime (placing
  one there directly is refused; one called for by an Exploration token or an event is accepted with
  nothing placed); 8 in the pool, discarded ones return to it; one called for with the pool empty ends the
  game (checked after the Room's own limits: a Room that cannot or already does hold one needs no marker).
- Doors: open / closed / destroyed, one token per corridor, never in the Technical Corridors.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import Schema, fields, validate

from domain.core.decision import Decision
from domain.core.fields import Character

from . import events as ev
from .rules import (CHARACTERS, DOORS, FIRE, KIT, MALFUNCTION, SLIME, TECHNICAL, Door, acting, character, find_corridor,
                    find_room, is_nest_or_slime, no_combat, no_malfunction, playing, room_name, ship, slug)
from .turn import finish_turn
from domain.core.names import quoted


def call_for_malfunction(d: Decision, room: str) -> None:
    """A Malfunction marker called for in ``room`` by a token or an event (nothing placed where it cannot go)."""
    if is_nest_or_slime(d.state, room):
        d.emit(ev.MalfunctionNotPlaced(room, f"never in {room_name(d.state, room)}"))
    elif d.state["rooms"][room]["malfunction"]:
        d.emit(ev.MalfunctionNotPlaced(room, "the Room already has one"))
    elif d.state["malfunction_pool"] == 0:
        d.emit(ev.MalfunctionNotPlaced(room, "the pool is empty"))
        d.emit(ev.GameEnded("the ship lost hull integrity: a Malfunction marker was called for with none left in the pool"))
    else:
        d.emit(ev.MalfunctionPlaced(room))


def close_doors(d: Decision, corridors: list[str]) -> None:
    """Close the Doors in ``corridors`` (refused in the Technical Corridors or on a destroyed Door)."""
    for ref in corridors:
        corridor = find_corridor(d.state, ref)
        if corridor in ship(d.state).spaces:
            raise KIT.refuse(TECHNICAL, f"Door tokens can never be placed in the Technical Corridors ({quoted(ref)})")
        door = d.state["doors"].get(corridor, Door.OPEN.value)
        if door != Door.OPEN.value:
            raise KIT.refuse(DOORS, f"the Door in {corridor} is {door}: only an open Door can close "
                                    "(each Corridor holds one Door token; a destroyed Door stays destroyed)")
        d.emit(ev.DoorClosed(corridor))


class RoomSchema(Schema):
    """A Room by id or flipped name."""
    room = fields.String(required=True, metadata={"description": "a room id (room-4) or a flipped room's name"})


class MalfunctionSchema(RoomSchema):
    """Fields of ``place-malfunction``: the Room, and whether an event or token calls for it."""
    event = fields.Boolean(load_default=False, metadata={"description": "an event or token calls for it (nothing placed where none may go)"})


@KIT.action("place-malfunction", MalfunctionSchema, "place a Malfunction marker in a Room from the pool of 8 "
            "(--event when an Event card calls for it)", section=MALFUNCTION, args=("room",))
def place_malfunction(d: Decision, f: Mapping[str, Any]) -> None:
    """Never in the Nest or a Room Covered in Slime; the empty pool ends the game (§ Malfunction Marker)."""
    playing(d.state)
    room = find_room(d.state, f["room"])
    if is_nest_or_slime(d.state, room) and not f["event"]:
        raise KIT.refuse(MALFUNCTION, f"you can't put a Malfunction marker in {room_name(d.state, room)} "
                                      "(the Nest or a Room Covered in Slime)")
    call_for_malfunction(d, room)


class RepairSchema(RoomSchema):
    """Fields of ``repair-malfunction``: the Room, what discarded the marker, and who took the Action."""
    by = fields.String(required=True, validate=validate.OneOf(["repair-card", "tools"]),
                       metadata={"description": "repair-card (an Action card) or tools (the Tools Item)"})
    character = Character(CHARACTERS, load_default=None,
                          metadata={"description": "the Character whose Action it is (counted as one of their Actions)"})


@KIT.action("repair-malfunction", RepairSchema, "discard a Room's Malfunction marker with a repair card or the "
            "Tools Item (back to the pool)", section=MALFUNCTION, args=("room",))
def repair_malfunction(d: Decision, f: Mapping[str, Any]) -> None:
    """Repair cards or the Tools Item discard a Malfunction marker, which returns to the pool (§ Malfunction Marker):
    the one action the marker cannot stop. With ``character`` it is counted as that Character's Action."""
    playing(d.state)
    room = find_room(d.state, f["room"])
    if not d.state["rooms"][room]["malfunction"]:
        raise KIT.refuse(MALFUNCTION, f"{room_name(d.state, room)} has no Malfunction marker to discard")
    who = f["character"]
    if who is not None:
        d.emit(ev.ActionTaken(who, acting(d.state, who)["room"], "Repair" if f["by"] == "repair-card" else "Tools", "card"))
    d.emit(ev.MalfunctionRepaired(room, f["by"]))
    if who is not None:
        finish_turn(d, who)


@KIT.action("place-fire", RoomSchema, "place a Fire marker in a Room (a second in the same Room does nothing)",
            section=FIRE, args=("room",))
def place_fire(d: Decision, f: Mapping[str, Any]) -> None:
    """Each room can only have one Fire marker; another does nothing (nemesis.txt § Fire Marker)."""
    playing(d.state)
    room = find_room(d.state, f["room"])
    d.emit(ev.FirePlaced(room, already=d.state["rooms"][room]["fire"]))


class RemoveFireSchema(RoomSchema):
    """Fields of ``remove-fire``: the Room and what put the fire out."""
    by = fields.String(required=True, metadata={"description": "what put the fire out (a card or Item, recorded)"})


@KIT.action("remove-fire", RemoveFireSchema, "remove a Room's Fire marker (the card or Item recorded)", section=FIRE,
            args=("room",))
def remove_fire(d: Decision, f: Mapping[str, Any]) -> None:
    """Recorded: nemesis.txt does not say what removes Fire."""
    playing(d.state)
    room = find_room(d.state, f["room"])
    if not d.state["rooms"][room]["fire"]:
        raise KIT.refuse(FIRE, f"{room_name(d.state, room)} has no Fire marker")
    d.emit(ev.FireRemoved(room, str(f["by"]).strip()[:80] or "recorded"))


class SlimeSchema(Schema):
    """A Character (``gain-slime``)."""
    character = Character(CHARACTERS, required=True)


@KIT.action("gain-slime", SlimeSchema, "a Character gets a Slime marker (a second does nothing)", section=SLIME,
            args=("character",))
def gain_slime(d: Decision, f: Mapping[str, Any]) -> None:
    """Only 1 Slime marker at a time; another does nothing (nemesis.txt § Slime Marker)."""
    ch = character(d.state, f["character"])
    d.emit(ev.SlimeGained(f["character"], already=ch["slime"]))


class RemoveSlimeSchema(SlimeSchema):
    """Fields of ``remove-slime``: the Character and how the Slime came off."""
    by = fields.String(required=True, validate=validate.OneOf(["clothes", "shower-room"]),
                       metadata={"description": "clothes (the Clothes Item) or shower-room (a shower in the Shower Room)"})


@KIT.action("remove-slime", RemoveSlimeSchema, "remove a Character's Slime marker with the Clothes Item or a "
            "shower in the Shower Room (its Room Action)", section=SLIME, args=("character",))
def remove_slime(d: Decision, f: Mapping[str, Any]) -> None:
    """Clothes, or a shower in the Shower Room (nemesis.txt § Slime Marker). The shower is the Shower Room's Room
    Action: the Character must be there, in their turn, with no Malfunction marker (§ Malfunction Marker) and not in
    Combat; it counts as one of their Actions."""
    who = f["character"]
    ch = character(d.state, who)
    if not ch["slime"]:
        raise KIT.refuse(SLIME, f"{who} has no Slime marker")
    if f["by"] == "shower-room":
        ch = acting(d.state, who)
        if slug(d.state["rooms"][ch["room"]]["name"] or "") != "shower-room":
            raise KIT.refuse(SLIME, f"{who} is in {room_name(d.state, ch['room'])}, not the Shower Room")
        no_malfunction(d.state, ch["room"], "shower")
        no_combat(d.state, who, "Room Action (the shower)")
        d.emit(ev.ActionTaken(who, ch["room"], "Shower", "room"))
    d.emit(ev.SlimeRemoved(who, f["by"]))
    if f["by"] == "shower-room":
        finish_turn(d, who)


class DoorSchema(Schema):
    """A corridor by id or ROOM:EXIT (the Door actions)."""
    corridor = fields.String(required=True, metadata={"description": "a corridor id (c7) or ROOM:EXIT (canteen:3)"})


@KIT.action("close-door", DoorSchema, "stand a Door token in a corridor: a Closed Door", section=DOORS, args=("corridor",))
def close_door(d: Decision, f: Mapping[str, Any]) -> None:
    """Only in Corridors, one per Corridor, never in the Technical Corridors; a destroyed Door stays destroyed."""
    playing(d.state)
    close_doors(d, [f["corridor"]])


@KIT.action("open-door", DoorSchema, "remove a Closed Door's token: the Door is open", section=DOORS, args=("corridor",))
def open_door(d: Decision, f: Mapping[str, Any]) -> None:
    """To open a Door, remove its token (the Door paragraphs after nemesis.txt § Malfunction Marker)."""
    playing(d.state)
    corridor = find_corridor(d.state, f["corridor"])
    if d.state["doors"].get(corridor) != Door.CLOSED.value:
        raise KIT.refuse(DOORS, f"the Door in {corridor} is {d.state['doors'].get(corridor, 'open')}, not closed")
    d.emit(ev.DoorOpened(corridor))


@KIT.action("destroy-door", DoorSchema, "a Closed Door is destroyed by an event or action (Intruders: move-intruder)",
            section=DOORS, args=("corridor",))
def destroy_door(d: Decision, f: Mapping[str, Any]) -> None:
    """Only a Closed Door can be destroyed; it then allows movement (nemesis.txt, Doors)."""
    playing(d.state)
    corridor = find_corridor(d.state, f["corridor"])
    if d.state["doors"].get(corridor) != Door.CLOSED.value:
        raise KIT.refuse(DOORS, f"the Door in {corridor} is {d.state['doors'].get(corridor, 'open')}, not closed")
    d.emit(ev.DoorDestroyed(corridor))


class RepairDoorSchema(Schema):
    """Fields of ``repair-door``: the Character (the Mechanic) and the corridor."""
    character = Character(CHARACTERS, required=True)
    corridor = fields.String(required=True, metadata={"description": "the destroyed Door's corridor"})


@KIT.action("repair-door", RepairDoorSchema, "the Mechanic's Plasma Torch repairs a destroyed Door (it stands closed)",
            section=DOORS, args=("character", "corridor"))
def repair_door(d: Decision, f: Mapping[str, Any]) -> None:
    """A destroyed Door stays destroyed, except through the Plasma Torch, which only the Mechanic has
    (reading: the repaired Door token stands again, closed)."""
    character(d.state, f["character"])
    corridor = find_corridor(d.state, f["corridor"])
    if f["character"] != "mechanic":
        raise KIT.refuse(DOORS, f"only the Mechanic has the Plasma Torch, not the {f['character']}")
    if d.state["doors"].get(corridor) != Door.DESTROYED.value:
        raise KIT.refuse(DOORS, f"the Door in {corridor} is not destroyed")
    d.emit(ev.DoorRepaired(f["character"], corridor))
