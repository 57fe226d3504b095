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

Noise markers leave the board only through an Encounter (public rules answer 18, not nemesis.txt), which
records which markers the players removed (see :mod:`.intruders`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import Schema, ValidationError, fields

from domain.core.decision import Decision
from domain.core.fields import Character

from . import events as ev
from .rules import CHARACTERS, KIT, NOISE, NOISE_RESULTS, character, find_corridor, in_combat, neighbors, occupants, playing, ship
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


@KIT.action("noise-roll", NoiseRollSchema, "enter the Noise die's result after entering an empty Room "
            "(1-4: Noise in that corridor or an Encounter; danger; silence)", section=NOISE, reveal=True,
            args=("character", "result"))
def noise_roll(d: Decision, f: Mapping[str, Any]) -> None:
    """Only after entering a Room with no other Character or Intruder, unless an event makes every Character
    roll (nemesis.txt § Movement Action, § Noise Roll)."""
    who = f["character"]
    ch = character(d.state, who)
    if not f["event"] and ch["pending"] != "noise-roll":
        why = "entered a Room with another Character or an Intruder" if occupants(d.state, ch["room"], but=who) \
            else "has no Noise roll due"
        raise KIT.refuse(NOISE, f"{who} {why}: no Noise roll (give --event when an event makes every Character roll)")
    resolved = slimed(d.state, who, f["result"])
    d.emit(ev.NoiseRolled(who, ch["room"], f["result"], resolved, bool(f["event"])))
    resolve_result(d, who, ch["room"], resolved)
    finish_turn(d, who)


class PlaceNoiseSchema(Schema):
    """Fields of ``place-noise-marker``: the corridor or Technical Corridors space."""
    place = fields.String(required=True, metadata={"description": "a corridor (c7, ROOM:EXIT) or the Technical Corridors space"})


@KIT.action("place-noise-marker", PlaceNoiseSchema, "place a Noise marker in a corridor as an event or card says "
            "(one per corridor: a second is refused)", section=NOISE, args=("place",))
def place_noise_marker(d: Decision, f: Mapping[str, Any]) -> None:
    """Each Corridor can only have one Noise marker (nemesis.txt § Technical Corridors)."""
    playing(d.state)
    place = find_corridor(d.state, f["place"])
    if place in d.state["noise"]:
        raise KIT.refuse(NOISE, f"{place} already has a Noise marker (one per corridor; a Noise roll there "
                                "would call an Encounter instead)")
    d.emit(ev.NoiseMarkerPlaced(place))
