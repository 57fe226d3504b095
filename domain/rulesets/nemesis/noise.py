"""The Noise roll and Noise markers (nemesis.txt § Noise Roll, § Technical Corridors, § Noise Marker).

The Noise die's faces are not printed in nemesis.txt, so the result is entered (``1``..``4``, ``danger``,
``silence``; ``quiet`` is the text's other word for Silence): no ``--digital``. Results:

- 1..4: a Noise marker in the corridor of that exit number, or an Encounter if it already has one; an exit
  naming a Technical Corridors entrance puts it in the Technical Corridors space (one marker there counts
  for every entrance on the board);
- Danger: every neighboring Intruder not in Combat moves in; with none, a Noise marker in each corridor of
  the Room without one (the Technical Corridors space too when the Room has an entrance). Door tokens never
  affect Noise, so a corridor with a Closed Door gets its marker, though the Intruder behind it is no neighbor;
- Silence: nothing, unless the Character has Slime: then Danger.

Owed rolls: "Some events in the game will require all Characters to make a Noise roll" (§ Movement Action):
``call-noise-rolls`` records who owes one, in player order (the order ``start-game`` listed them), leaving out the
Characters in Combat (public rules answers); each then rolls with ``noise-roll WHO RESULT --event``, in that order,
and one who comes to be in Combat before their roll is excused. The round cannot end with a roll owed.

Noise markers leave the board only through an Encounter (public rules answer 18, not nemesis.txt), which
records which markers the players removed (see :mod:`.intruders`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import Schema, ValidationError, fields

from domain.core.decision import Decision
from domain.core.fields import Character, clean_text

from . import events as ev
from .rules import (CHARACTERS, KIT, MOVEMENT, NOISE, NOISE_RESULTS, TECHNICAL, character, find_corridor,
                    in_combat, in_fight, neighbors, occupants, playing, ship)
from .turn import finish_turn


class NoiseResult(fields.String):
    """A Noise roll's result as the die shows it: 1, 2, 3, 4, Danger or Silence (Quiet); a number may come as
    JSON (a correction's ``result=2``)."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str:
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        text = super()._deserialize(value, attr, data, **kwargs).strip().lower()
        text = "silence" if text == "quiet" else text
        if text not in NOISE_RESULTS:
            raise ValidationError(f"a Noise roll shows 1, 2, 3, 4, danger or silence, not {value!r}")
        return text


def place_noise(d: Decision, who: str | None, room: str, place: str) -> None:
    """A Noise marker into ``place``, or an Encounter for ``who`` if it already has one (one per corridor)."""
    if place in d.state["noise"]:
        if who is not None:
            d.emit(ev.EncounterCalled(who, room, place))
        return
    d.emit(ev.NoiseMarkerPlaced(place))


def resolve_danger(d: Decision, room: str) -> None:
    """Danger in ``room``: neighboring Intruders not in Combat move in; with none, Noise in each corridor
    of the Room that has none (Technical Corridors space included when the Room has an entrance)."""
    coming = {i: c for c, other in neighbors(d.state, room) for i, x in sorted(d.state["intruders"].items())
              if x["room"] == other and not in_combat(d.state, i)}
    for intruder, corridor in coming.items():
        d.emit(ev.IntruderMoved(intruder, d.state["intruders"][intruder]["room"], room, corridor))
    if coming:
        return
    layout = ship(d.state)
    places = [*layout.corridors_of(room), *([layout.entrance(room)] if layout.entrance(room) else [])]
    for place in places:
        if place not in d.state["noise"]:
            d.emit(ev.NoiseMarkerPlaced(place))


def resolve_result(d: Decision, who: str, room: str, result: str) -> None:
    """The consequences of a Noise roll ``result`` (already resolved for Slime) in ``room``."""
    if result == "danger":
        resolve_danger(d, room)
    elif result != "silence":
        place_noise(d, who, room, ship(d.state).exit_place(room, int(result)))


def slimed(state: Mapping[str, Any], who: str, result: str) -> str:
    """Silence is Danger for a Character with a Slime marker (nemesis.txt § Slime Marker)."""
    return "danger" if result == "silence" and state["characters"][who]["slime"] else result


class NoiseRollSchema(Schema):
    """Fields of ``noise-roll``: the Character, the result, whether an event made everyone roll."""
    character = Character(CHARACTERS, required=True)
    result = NoiseResult(required=True, metadata={"description": "the Noise die: 1, 2, 3, 4, danger or silence"})
    event = fields.Boolean(load_default=False, metadata={"description": "an event makes every Character roll (shared rooms too)"})


def excuse_fighting(d: Decision) -> None:
    """Characters owing an event's Noise roll who are now in Combat do not roll (public rules answers)."""
    fighting = [c for c in d.state.get("owed", []) if in_fight(d.state, c)]
    if fighting:
        d.emit(ev.NoiseRollsExcused(fighting))


def _event_roll(state: Mapping[str, Any], who: str) -> None:
    owed = state.get("owed", [])
    if who not in owed:
        why = f"the Noise rolls owed are {', '.join(owed)}'s" if owed else "no event has called for Noise rolls"
        raise KIT.refuse(MOVEMENT, f"{who} owes no event Noise roll ({why}): record the event with call-noise-rolls")
    if owed[0] != who:
        raise KIT.refuse(MOVEMENT, f"the owed Noise rolls go in player order: {owed[0]} rolls before {who}")


@KIT.action("noise-roll", NoiseRollSchema, "enter the Noise die's result after entering an empty Room "
            "(1-4: Noise in that corridor or an Encounter; danger; silence); --event for a roll an event made owed",
            section=NOISE, reveal=True, args=("character", "result"))
def noise_roll(d: Decision, f: Mapping[str, Any]) -> None:
    """Only after entering a Room with no other Character or Intruder (nemesis.txt § Movement Action, § Noise Roll),
    or, with ``--event``, by the next Character owing an event's roll (§ Movement Action; :func:`call_noise_rolls`)."""
    who = f["character"]
    ch = character(d.state, who, settling=True)
    if f["event"]:
        _event_roll(d.state, who)
    elif ch["pending"] != "noise-roll":
        why = "entered a Room with another Character or an Intruder" if occupants(d.state, ch["room"], but=who) \
            else "has no Noise roll due"
        raise KIT.refuse(NOISE, f"{who} {why}: no Noise roll (--event for a roll an event made owed)")
    resolved = slimed(d.state, who, f["result"])
    d.emit(ev.NoiseRolled(who, ch["room"], f["result"], resolved, bool(f["event"])))
    resolve_result(d, who, ch["room"], resolved)
    excuse_fighting(d)
    if not ch["hibernated"]:
        finish_turn(d, who)


class CallSchema(Schema):
    """Fields of ``call-noise-rolls``: what made every Character roll."""
    cause = fields.String(load_default="an event", metadata={"description": "the event (an Event card, an Intruder token drawn...)"})


@KIT.action("call-noise-rolls", CallSchema, "an event requires all Characters to make a Noise roll: who owes one, "
            "in player order (not those in Combat)", section=MOVEMENT)
def call_noise_rolls(d: Decision, f: Mapping[str, Any]) -> None:
    """nemesis.txt § Movement Action: "Some events in the game will require all Characters to make a Noise roll";
    a Character in Combat does not (public rules answers). Refused while earlier owed rolls are not all rolled."""
    playing(d.state)
    if d.state.get("owed"):
        raise KIT.refuse(MOVEMENT, f"Noise rolls are still owed by {', '.join(d.state['owed'])}: roll them first")
    awake = [c for c, ch in d.state["characters"].items() if not ch["hibernated"]]
    excused = [c for c in awake if in_fight(d.state, c)]
    d.emit(ev.NoiseRollsCalledFor([c for c in awake if c not in excused], excused, clean_text(f["cause"], "an event", 80)))


class PlaceNoiseSchema(Schema):
    """Fields of ``place-noise-marker``: the corridor or Technical Corridors space, and whose effect placed it."""
    place = fields.String(required=True, metadata={"description": "a corridor (c7, ROOM:EXIT) or a Technical Corridors space"})
    character = Character(CHARACTERS, load_default=None, metadata={"description": "the Character whose effect placed it "
                                                                                "(resolves the Encounter if it has one)"})


@KIT.action("place-noise-marker", PlaceNoiseSchema, "place a Noise marker in a corridor as an event or card says "
            "(into a corridor that has one: an Encounter for the Character named)", section=TECHNICAL, args=("place",))
def place_noise_marker(d: Decision, f: Mapping[str, Any]) -> None:
    """Each Corridor can only have one Noise marker; instructed to place one where one lies, resolve an Encounter
    instead (nemesis.txt § Technical Corridors): the Character whose effect placed it has it, in their Room."""
    playing(d.state)
    place = find_corridor(d.state, f["place"])
    who = f["character"]
    if who is not None:
        character(d.state, who, settling=True)
    if place in d.state["noise"] and who is None:
        raise KIT.refuse(TECHNICAL, f"{place} already has a Noise marker, so placing one is an Encounter: name the "
                                    "Character whose effect placed it (--character WHO)")
    if who is None:
        d.emit(ev.NoiseMarkerPlaced(place))
    else:
        place_noise(d, who, d.state["characters"][who]["room"], place)

