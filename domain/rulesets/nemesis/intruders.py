"""Intruders on the board and Encounters (nemesis.txt § Noise Roll, its Intruder movement paragraphs and the
Adult retreat after them, § Technical Corridors).

- An Encounter is resolved only where one is due (a Noise marker called for in a corridor that had one: a Noise
  roll, a card's or event's marker, Careful Movement's); it draws a token from the Intruder bag (a reveal; the
  bag's contents are not printed, so the draw is entered) and places that Intruder in the Encounter's Room; the
  players record which Noise markers they removed, each in a corridor of that Room or its Technical Corridors space
  (public rules answer 18: an Encounter is the only way Noise markers leave the board).
- Placing an Adult with 8 Adult models out: every Adult not in Combat retreats (model removed, token back in
  the bag), then the Adult is placed (reading: with all 8 in Combat, none can be placed; recorded).
- An Intruder told to move through a Closed Door destroys it instead and stays; one reaching a Technical
  Corridors entrance disappears (Injuries discarded, token back in the bag, model removed; the space's Noise
  marker stays). Intruders never explore: a Room they enter stays unexplored.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import Schema, fields, validate

from domain.core.decision import Decision
from domain.core.fields import Character, WholeNumber, clean_text
from domain.core.names import did_you_mean, quoted

from . import events as ev
from .noise import excuse_fighting
from .rules import (ADULT_MODELS, CHARACTERS, INTRUDERS, KIT, TECHNICAL, Door, Intruder, character, find_corridor,
                    find_room, in_combat, playing, ship)
from .turn import finish_turn

KINDS = [k.value for k in Intruder if k is not Intruder.BLANK]


def place_intruder(d: Decision, kind: str, room: str) -> None:
    """Place a ``kind`` Intruder in ``room``, Adults retreating first when all 8 Adult models are out."""
    if kind == Intruder.ADULT.value:
        adults = sorted(i for i, x in d.state["intruders"].items() if x["kind"] == kind)
        if len(adults) >= ADULT_MODELS:
            free = [i for i in adults if not in_combat(d.state, i)]
            if free:
                d.emit(ev.AdultsRetreated(free))
            else:
                d.emit(ev.AdultNotPlaced(room))
                return
    number = d.state["serial"].get(kind, 0) + 1
    d.emit(ev.IntruderPlaced(f"{kind}-{number}", kind, room))


class EncounterSchema(Schema):
    """Fields of ``encounter``: the Character, the drawn token, the Noise markers removed."""
    character = Character(CHARACTERS, required=True)
    token = fields.String(required=True, validate=validate.OneOf([k.value for k in Intruder]),
                          metadata={"description": "the Intruder token drawn: larva, creeper, adult, breeder, queen, blank"})
    removed = fields.List(fields.String(), load_default=list,
                          metadata={"description": "the Noise markers the players removed (corridors or technical)"})


@KIT.action("encounter", EncounterSchema, "Encounter: enter the Intruder token drawn from the bag and the Noise markers "
            "removed", section="Noise Roll", reveal=True, args=("character", "token"))
def encounter(d: Decision, f: Mapping[str, Any]) -> None:
    """The drawn Intruder appears in the Character's Room (nemesis.txt § Noise Roll, § Technical Corridors: only where
    one is due; markers: answer 18, from the Room's own corridors)."""
    who = f["character"]
    ch = character(d.state, who, settling=True)
    if ch["pending"] != "encounter":
        raise KIT.refuse("Technical Corridors", f"{who} has no Encounter to resolve: one comes when a Noise marker is "
                                                "called for in a corridor that already has one")
    room = ch["room"]
    layout = ship(d.state)
    own = {*layout.corridors_of(room), *([layout.entrance(room)] if layout.entrance(room) else [])}
    removed = sorted({find_corridor(d.state, ref) for ref in f["removed"]})
    foreign = [p for p in removed if p not in own]
    if foreign:
        raise KIT.refuse("Noise Marker", f"{', '.join(foreign)} is not a corridor of {room} (its corridors: "
                                         f"{', '.join(sorted(own))}): an Encounter removes the Room's own Noise markers")
    missing = [p for p in removed if p not in d.state["noise"]]
    if missing:
        raise KIT.refuse("Noise Marker", f"no Noise marker in {', '.join(missing)} to remove")
    d.emit(ev.IntruderTokenDrawn(who, room, f["token"], removed))
    if f["token"] != Intruder.BLANK.value:
        place_intruder(d, f["token"], room)
    excuse_fighting(d)
    if not ch["hibernated"]:
        finish_turn(d, who)


class PlaceSchema(Schema):
    """Fields of ``place-intruder``: the Intruder's kind and Room."""
    kind = fields.String(required=True, validate=validate.OneOf(KINDS), metadata={"description": "larva, creeper, adult, breeder or queen"})
    room = fields.String(required=True, metadata={"description": "a room id or name"})


@KIT.action("place-intruder", PlaceSchema, "place an Intruder model in a Room as an event or card says "
            "(an Adult with 8 out: the others retreat)", section=INTRUDERS, args=("kind", "room"))
def place(d: Decision, f: Mapping[str, Any]) -> None:
    """Intruders are only placed in Rooms (nemesis.txt § Exploring the Ship; the Adult retreat)."""
    playing(d.state)
    place_intruder(d, f["kind"], find_room(d.state, f["room"]))
    excuse_fighting(d)


def _intruder(d: Decision, ref: str) -> str:
    playing(d.state)
    key = str(ref).strip().lower()
    if key not in d.state["intruders"]:
        raise KIT.refuse(INTRUDERS, f"no Intruder {quoted(ref)}{did_you_mean(key, d.state['intruders'])} on the board (on the board: {', '.join(d.state['intruders']) or 'none'})")
    return key


class MoveIntruderSchema(Schema):
    """Fields of ``move-intruder``: the Intruder and where it heads (exit number, room or space)."""
    intruder = fields.String(required=True, metadata={"description": "the Intruder (adult-1)"})
    to = fields.String(required=True, metadata={"description": "an exit number 1-4 of its Room, a neighboring room, or technical"})


def _destination(d: Decision, here: str, to: str) -> tuple[str, str]:
    """(corridor or space, room or "") the Intruder heads for."""
    layout = ship(d.state)
    text = str(to).strip().lower()
    if text in ("1", "2", "3", "4"):
        place = layout.exit_place(here, int(text))
        return place, "" if place in layout.spaces else layout.other_end(place, here)
    if text in layout.spaces:
        if layout.entrance(here) != text:
            raise KIT.refuse(TECHNICAL, f"{here} has no Technical Corridors entrance")
        return text, ""
    there = find_room(d.state, text)
    corridor = next((c for c, other in layout.links[here] if other == there), None)
    if corridor is None:
        raise KIT.refuse(INTRUDERS, f"no corridor joins {here} and {there}")
    return corridor, there


@KIT.action("move-intruder", MoveIntruderSchema, "move an Intruder through a corridor (a Closed Door is destroyed "
            "instead; a Technical Corridors entrance: it disappears)", section=INTRUDERS, args=("intruder", "to"))
def move_intruder(d: Decision, f: Mapping[str, Any]) -> None:
    """nemesis.txt, Doors: a Closed Door is destroyed instead; § Technical Corridors: it disappears."""
    intruder = _intruder(d, f["intruder"])
    x = d.state["intruders"][intruder]
    place, there = _destination(d, x["room"], f["to"])
    if not there:
        d.emit(ev.IntruderHid(intruder, x["room"], x["injuries"]))
    elif d.state["doors"].get(place) == Door.CLOSED.value:
        d.emit(ev.DoorDestroyed(place, intruder))
    else:
        d.emit(ev.IntruderMoved(intruder, x["room"], there, place))
        excuse_fighting(d)


class InjureSchema(Schema):
    """Fields of ``injure-intruder``: the Intruder and its new Injury markers."""
    intruder = fields.String(required=True)
    injuries = WholeNumber(load_default=1, validate=validate.Range(1, 9), metadata={"description": "Injury markers"})


@KIT.action("injure-intruder", InjureSchema, "put Injury markers on an Intruder (recorded)", section="Fire Marker",
            args=("intruder", "injuries"))
def injure(d: Decision, f: Mapping[str, Any]) -> None:
    """Fire and attacks injure Intruders (nemesis.txt § Fire Marker names it; the amounts are entered)."""
    d.emit(ev.IntruderInjured(_intruder(d, f["intruder"]), f["injuries"]))


class RemoveSchema(Schema):
    """Fields of ``remove-intruder``: the Intruder and why it left."""
    intruder = fields.String(required=True)
    reason = fields.String(required=True, metadata={"description": "why the model left (killed, fled...), recorded"})


@KIT.action("remove-intruder", RemoveSchema, "take an Intruder model off the board (killed, fled...: recorded)",
            section=INTRUDERS, args=("intruder", "reason"))
def remove(d: Decision, f: Mapping[str, Any]) -> None:
    """Recorded: what removes an Intruder (Combat) is not in nemesis.txt."""
    d.emit(ev.IntruderRemoved(_intruder(d, f["intruder"]), clean_text(f["reason"], "a reason", 80)))
