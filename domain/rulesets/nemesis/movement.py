"""Setting up, the Movement Action, exploration and the Actions taken in a Room (nemesis.txt § Exploring the
Ship, § Movement Action, § Exploration Tokens, § Technical Corridors, § Malfunction Marker).

Entering a Room: (1) an unexplored Room is flipped and its Exploration token revealed (a reveal: the players
enter the Room tile's name, the token's effect and its Item number); (2) if no other Character or Intruder
is there (after the token is resolved), a Noise roll is due. Characters never use the Technical Corridors
except through the Mechanic's Technical Corridors Action card or the Technical Corridor Plans Item (then
from a Room with an entrance to any other Room with one). Leaving a Room with an Intruder needs the Escape
rule (``--escape``, recorded).

Careful Movement and Reconnaissance (§ Other Ways to Move: "Actions that allow you to move, but they have special
rules") are moves with no Noise roll; the Noise markers their card places instead are entered by the players
(``--noise``), each an Encounter where the corridor already has one (§ Technical Corridors).

A Malfunction marker stops every action in its Room but Search (§ Malfunction Marker): the Room Action, the
Computer, Hibernating, the shower, Action cards (``perform-action``). Reading: a Movement Action is resolved in the
Room entered (§ Exploring the Ship), so moving out stays allowed, and the repair that discards the marker is its
own action (``repair-malfunction``). Public answer enforced: no Room Action nor Search in Combat.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import Schema, fields, validate

from domain.core.decision import Decision
from domain.core.fields import Character, WholeNumber, clean_text

from . import events as ev
from .markers import call_for_malfunction, close_doors
from .noise import resolve_danger, slimed
from .noise import place_noise
from .rules import (CHARACTERS, EXPLORATION, INTRUDERS, KIT, MALFUNCTION, MOVEMENT, NO_ITEMS, TECHNICAL, Token, acting,
                    find_corridor, find_room, neighbors, no_combat, no_malfunction, occupants, room_name, ship, slug)
from .turn import finish_turn

VIA = ("technical-corridors", "technical-corridor-plans")
"""The only ways into the Technical Corridors for a Character: the Mechanic's card, the Item."""


class StartSchema(Schema):
    """Fields of ``start-game``: the Characters in play."""
    characters = fields.List(Character(CHARACTERS), required=True, validate=validate.Length(1, 5))


@KIT.action("start-game", StartSchema, "start the game: the Characters wake in the Hibernatorium", section=INTRUDERS,
            args=("characters",))
def start_game(d: Decision, f: Mapping[str, Any]) -> None:
    """Characters are placed in the layout's start Room; rooms unexplored, Doors open (nemesis.txt § Exploring the Ship)."""
    if d.state["characters"]:
        raise KIT.refuse(INTRUDERS, "the game has already started")
    if len(set(f["characters"])) != len(f["characters"]):
        raise KIT.refuse(INTRUDERS, f"each Character plays once, not {f['characters']}")
    d.emit(ev.GameStarted(list(f["characters"]), ship(d.state).start))


class MoveSchema(Schema):
    """Fields of ``move``: the Character, the Room, and what an unexplored Room revealed."""
    character = Character(CHARACTERS, required=True)
    room = fields.String(required=True, metadata={"description": "a neighboring room: its id (room-4) or name"})
    escape = fields.Boolean(load_default=False, metadata={"description": "leaving a Room with an Intruder by the Escape rule"})
    via = fields.String(load_default="", validate=validate.OneOf(["", *VIA]),
                        metadata={"description": "technical-corridors (Mechanic's card) or technical-corridor-plans (Item)"})
    tile = fields.String(load_default="", metadata={"description": "an unexplored Room: the flipped Room tile's name"})
    token = fields.String(load_default="", validate=validate.OneOf(["", *(t.value for t in Token)]),
                          metadata={"description": "an unexplored Room: the Exploration token's effect (silence, danger, slime, fire, malfunction, doors)"})
    items = WholeNumber(load_default=None, allow_none=True, validate=validate.Range(0, 9),
                        metadata={"description": "an unexplored Room: the Exploration token's Item number"})
    computer = fields.Boolean(load_default=False, metadata={"description": "the flipped Room has a Computer"})
    close = fields.List(fields.String(), load_default=list, metadata={"description": "a Doors token: the corridors whose Doors close"})


def _route(d: Decision, who: str, here: str, there: str, via: str) -> str:
    """The corridor used (``""`` through the Technical Corridors); refuses a Room that is no neighbor."""
    if via:
        if via == "technical-corridors" and who != "mechanic":
            raise KIT.refuse(TECHNICAL, "the Technical Corridors Action card is in the Mechanic's Action deck")
        layout = ship(d.state)
        if not layout.entrance(here) or layout.entrance(here) != layout.entrance(there) or here == there:
            raise KIT.refuse(TECHNICAL, f"{room_name(d.state, here)} and {room_name(d.state, there)} are not both "
                                        "entrances of one Technical Corridors circle")
        return ""
    corridor = next((c for c, other in neighbors(d.state, here) if other == there), None)
    if corridor is None:
        closed = [c for c, other in ship(d.state).links[here] if other == there]
        why = f"the Closed Door in {closed[0]} blocks the way" if closed else "no corridor joins them"
        raise KIT.refuse(MOVEMENT, f"{room_name(d.state, there)} is not a neighboring Room of "
                                   f"{room_name(d.state, here)}: {why}")
    return corridor


def _target(d: Decision, ref: str) -> str:
    if str(ref).strip().lower() in ship(d.state).spaces:
        raise KIT.refuse(TECHNICAL, "neither the Technical Corridors entrances nor the Technical Corridors space are "
                                    "accessible to Characters, except through the Mechanic's Technical Corridors Action "
                                    "card or the Technical Corridor Plans Item (move ROOM --via ...)")
    return find_room(d.state, ref)


def _move(d: Decision, f: Mapping[str, Any], how: str = "") -> str:
    """Move ``f["character"]`` to ``f["room"]`` (a Movement Action, or ``how``: careful-movement, reconnaissance) and
    explore it; returns the Room entered. Refuses the Room the character is already in, a Room that is no neighbor,
    and leaving a Room with an Intruder without ``escape``."""
    who = f["character"]
    here = acting(d.state, who)["room"]
    there = _target(d, f["room"])
    if there == here:  # § Movement Action: "move your character miniature to a neighboring room", never to the one it is in
        raise KIT.refuse(MOVEMENT if not f["via"] else TECHNICAL,
                         f"{who} is already in {room_name(d.state, here)}: a move goes to a neighboring Room")
    if any(x["room"] == here for x in d.state["intruders"].values()) and not f["escape"]:
        raise KIT.refuse(MOVEMENT, f"an Intruder is in {room_name(d.state, here)}: leaving needs the Escape rule (--escape)")
    d.emit(ev.CharacterMoved(who, here, there, _route(d, who, here, there, f["via"]), f["via"], bool(f["escape"]), how))
    explore(d, who, there, f)
    return there


@KIT.action("move", MoveSchema, "Movement Action: move to a neighboring Room (an unexplored one: give the tile, "
            "token and items revealed)", section=MOVEMENT, reveal=True, args=("character", "room"))
def move(d: Decision, f: Mapping[str, Any]) -> None:
    """nemesis.txt § Movement Action: a Closed Door breaks neighborhood; then explore and call the Noise roll."""
    who = f["character"]
    there = _move(d, f)
    if not occupants(d.state, there, but=who) and not d.state["ended"]:
        d.emit(ev.NoiseRollCalledFor(who, there))
    finish_turn(d, who)


class CarefulSchema(MoveSchema):
    """Fields of ``careful-movement`` and ``reconnaissance``: a move, and the Noise markers the card places instead."""
    noise = fields.List(fields.String(), load_default=list,
                        metadata={"description": "the Noise markers the card places instead of a Noise roll (corridors, ROOM:EXIT, a space)"})


def _special_move(d: Decision, f: Mapping[str, Any], how: str) -> None:
    """A move with no Noise roll; the card's Noise markers as entered, each an Encounter where one lies already."""
    who = f["character"]
    there = _move(d, f, how)
    for ref in f["noise"]:
        if not d.state["ended"]:
            place_noise(d, who, there, find_corridor(d.state, ref))
    finish_turn(d, who)


@KIT.action("careful-movement", CarefulSchema, "Careful Movement: move to a neighboring Room with no Noise roll; "
            "enter the Noise markers the card places instead (--noise)", section="Other Ways to Move", reveal=True,
            args=("character", "room"))
def careful_movement(d: Decision, f: Mapping[str, Any]) -> None:
    """nemesis.txt § Other Ways to Move: a move with its own rules (no Noise roll; the card's markers entered)."""
    _special_move(d, f, "careful-movement")


@KIT.action("reconnaissance", CarefulSchema, "Reconnaissance: move to a neighboring Room with no Noise roll; enter "
            "what Noise the card places instead (--noise)", section="Other Ways to Move", reveal=True,
            args=("character", "room"))
def reconnaissance(d: Decision, f: Mapping[str, Any]) -> None:
    """nemesis.txt § Other Ways to Move: a move with its own rules (no Noise roll; the card's markers entered)."""
    _special_move(d, f, "reconnaissance")


def explore(d: Decision, who: str, room: str, f: Mapping[str, Any]) -> None:
    """Flip an unexplored Room and resolve its Exploration token (nemesis.txt § Exploration Tokens)."""
    state, given = d.state["rooms"][room], bool(f["token"] or f["tile"] or f["items"] is not None)
    if state["explored"]:
        if given:
            raise KIT.refuse(EXPLORATION, f"{room_name(d.state, room)} is already explored: no Exploration token to reveal")
        return
    if not f["token"] or f["items"] is None or (state["name"] is None and not f["tile"]):
        raise KIT.refuse(EXPLORATION, f"{room} is unexplored: flip it and enter the Room tile (--tile), its Exploration "
                                      "token's effect (--token) and Item number (--items)")
    name = clean_text(f["tile"], "a Room tile's name", 40) if f["tile"] else state["name"]
    items = None if slug(name) in NO_ITEMS else f["items"]
    d.emit(ev.RoomExplored(who, room, name, f["token"], items, bool(f["computer"])))
    _effect(d, who, room, f)


def _effect(d: Decision, who: str, room: str, f: Mapping[str, Any]) -> None:
    token = f["token"]
    if token in (Token.SILENCE.value, Token.DANGER.value):
        if slimed(d.state, who, token) == "danger":
            resolve_danger(d, room)
    elif token == Token.SLIME.value:
        d.emit(ev.SlimeGained(who, already=d.state["characters"][who]["slime"]))
    elif token == Token.FIRE.value:
        d.emit(ev.FirePlaced(room, already=d.state["rooms"][room]["fire"]))
    elif token == Token.MALFUNCTION.value:
        call_for_malfunction(d, room)
    elif token == Token.DOORS.value:
        close_doors(d, list(f["close"]))
    if f["close"] and token != Token.DOORS.value:
        raise KIT.refuse(EXPLORATION, "--close is for a Doors Exploration token")


class ActionSchema(Schema):
    """Fields of an Action in a Room: the Character and the Action's name."""
    character = Character(CHARACTERS, required=True)
    action = fields.String(load_default="", metadata={"description": "which Action (a card's or Room's name, recorded)"})


def _take(d: Decision, f: Mapping[str, Any], kind: str, default: str) -> str:
    who = f["character"]
    room = acting(d.state, who)["room"]
    action = clean_text(f["action"], "an Action's name", 60) if f["action"] else default
    d.emit(ev.ActionTaken(who, room, action, kind))
    return room


@KIT.action("search", ActionSchema, "Search Action: take an Item from the Room's Item Counter (allowed with Fire "
            "or a Malfunction)", section=EXPLORATION, args=("character",))
def search(d: Decision, f: Mapping[str, Any]) -> None:
    """The Item Counter says how many Items the Room holds; none are counted in the Nest or a Room Covered in
    Slime (nemesis.txt § Exploration Tokens)."""
    room = acting(d.state, f["character"])["room"]
    no_combat(d.state, f["character"], "Search")
    items = d.state["rooms"][room]["items"]
    if items == 0:
        raise KIT.refuse(EXPLORATION, f"the Item Counter of {room_name(d.state, room)} is at 0: nothing left to find")
    _take(d, f, "search", "Search")
    if items is not None:
        d.emit(ev.ItemsFound(room, items - 1))
    finish_turn(d, f["character"])


@KIT.action("room-action", ActionSchema, "take the Room's Action (refused where a Malfunction marker lies)",
            section=MALFUNCTION, args=("character",))
def room_action(d: Decision, f: Mapping[str, Any]) -> None:
    """Allowed with Fire (§ Fire Marker), not with a Malfunction marker (§ Malfunction Marker), not in Combat."""
    ch = acting(d.state, f["character"])
    no_malfunction(d.state, ch["room"], "Room Action")
    no_combat(d.state, f["character"], "Room Action")
    _take(d, f, "room", "Room Action")
    finish_turn(d, f["character"])


@KIT.action("perform-action", ActionSchema, "take any other Action (an Action card, Careful Movement...): recorded",
            section=MOVEMENT, args=("character", "action"))
def perform_action(d: Decision, f: Mapping[str, Any]) -> None:
    """A card's printed effect is not in nemesis.txt: the Action is counted and recorded, its effect entered; none in
    a Room with a Malfunction marker (§ Malfunction Marker: no actions there but Search)."""
    no_malfunction(d.state, acting(d.state, f["character"])["room"], "Action")
    _take(d, f, "card", "Action")
    finish_turn(d, f["character"])


class HibernateSchema(ActionSchema):
    """Fields of ``hibernate``: the Character, and whether the attempt calls for a Noise roll after it."""
    noise_roll = fields.Boolean(load_default=False,
                                metadata={"description": "the attempt is followed by a Noise roll (then an Encounter may come)"})


@KIT.action("hibernate", HibernateSchema, "enter Hibernation in the Hibernatorium (a Room Action); --noise-roll when a "
            "Noise roll follows the attempt", section=MALFUNCTION, args=("character",))
def hibernate(d: Decision, f: Mapping[str, Any]) -> None:
    """A Room Action of the Hibernatorium: not while it has a Malfunction marker, which does not affect
    Characters already Hibernated (nemesis.txt § Malfunction Marker), nor in Combat. As a table plays it, the
    Noise roll and an Intruder arriving come after the attempt: ``--noise-roll`` leaves that roll due (and its
    Encounter) for the Hibernated Character."""
    ch = acting(d.state, f["character"])
    if slug(d.state["rooms"][ch["room"]]["name"] or "") != "hibernatorium":
        raise KIT.refuse(MALFUNCTION, f"{f['character']} is in {room_name(d.state, ch['room'])}, not the Hibernatorium")
    no_malfunction(d.state, ch["room"], "Hibernating")
    no_combat(d.state, f["character"], "Room Action (Hibernating)")
    _take(d, f, "room", "Hibernate")
    d.emit(ev.CharacterHibernated(f["character"]))
    if f["noise_roll"]:
        d.emit(ev.NoiseRollCalledFor(f["character"], ch["room"]))
