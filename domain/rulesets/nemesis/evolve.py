"""The initial state and one evolve handler per event (pure: each changes a private copy in place).

State shape: ``layout`` (layout key), ``ship`` (an entered layout's data, else ``None``), ``owed`` the
Characters owing an event's Noise roll, in player order, ``round`` (0 before the game), ``ended`` (reason or ``None``),
``rooms`` slot -> {``name``, ``explored``, ``items``, ``fire``, ``malfunction``, ``computer``},
``noise`` sorted places holding a Noise marker, ``doors`` corridor -> ``closed``/``destroyed`` (absent: open),
``malfunction_pool`` (0..8), ``characters`` id -> {``room``, ``light_wounds``, ``serious_wounds``, ``slime``,
``actions``, ``turn_over``, ``pending`` (``noise-roll``/``encounter``/``None``), ``hibernated``},
``intruders`` id -> {``kind``, ``room``, ``injuries``}, ``serial`` kind -> last number used.
"""

from __future__ import annotations

from domain.core import State

from . import events as ev
from .layout import Layout
from .rules import KIT, MALFUNCTION_POOL


def initial_state(key: str, layout: Layout, data: dict | None = None) -> State:
    """A ship before the game: printed rooms explored, Room tiles face down, all Doors open, no markers.
    ``data``: an entered layout's checked data, carried as ``ship`` (``None`` for a shipped or registered one)."""
    rooms = {rid: {"name": slot.name, "explored": slot.name is not None, "items": None, "fire": False,
                   "malfunction": False, "computer": slot.computer} for rid, slot in layout.rooms.items()}
    return {"layout": key, "ship": data, "round": 0, "ended": None, "rooms": rooms, "noise": [], "owed": [], "doors": {},
            "malfunction_pool": MALFUNCTION_POOL, "characters": {}, "intruders": {}, "serial": {}}


def _character(room: str) -> dict:
    return {"room": room, "light_wounds": 0, "serious_wounds": 0, "slime": False, "actions": 0,
            "turn_over": False, "pending": None, "hibernated": False}


@KIT.evolves(ev.GameStarted)
def _started(s: State, e: ev.GameStarted) -> None:
    s["characters"] = {c: _character(e.room) for c in e.characters}
    s["round"] = 1


@KIT.evolves(ev.CharacterMoved)
def _moved(s: State, e: ev.CharacterMoved) -> None:
    s["characters"][e.character]["room"] = e.to_room
    s["characters"][e.character]["actions"] += 1


@KIT.evolves(ev.RoomExplored)
def _explored(s: State, e: ev.RoomExplored) -> None:
    s["rooms"][e.room].update(name=e.name or s["rooms"][e.room]["name"], explored=True, items=e.items,
                              computer=e.computer or s["rooms"][e.room]["computer"])


@KIT.evolves(ev.NoiseRollCalledFor)
def _noise_due(s: State, e: ev.NoiseRollCalledFor) -> None:
    s["characters"][e.character]["pending"] = "noise-roll"


@KIT.evolves(ev.NoiseRollsCalledFor)
def _noise_owed(s: State, e: ev.NoiseRollsCalledFor) -> None:
    s["owed"] = list(e.characters)


@KIT.evolves(ev.NoiseRollsExcused)
def _noise_excused(s: State, e: ev.NoiseRollsExcused) -> None:
    s["owed"] = [c for c in s.get("owed", []) if c not in e.characters]


@KIT.evolves(ev.NoiseRolled)
def _noise_rolled(s: State, e: ev.NoiseRolled) -> None:
    owed = s.setdefault("owed", [])
    if e.event and e.character in owed:
        owed.remove(e.character)
    elif s["characters"][e.character]["pending"] == "noise-roll":
        s["characters"][e.character]["pending"] = None


@KIT.evolves(ev.NoiseMarkerPlaced)
def _noise_placed(s: State, e: ev.NoiseMarkerPlaced) -> None:
    s["noise"] = sorted({*s["noise"], e.place})


@KIT.evolves(ev.EncounterCalled)
def _encounter_called(s: State, e: ev.EncounterCalled) -> None:
    s["characters"][e.character]["pending"] = "encounter"


@KIT.evolves(ev.IntruderTokenDrawn)
def _token_drawn(s: State, e: ev.IntruderTokenDrawn) -> None:
    s["noise"] = [p for p in s["noise"] if p not in e.removed]
    if s["characters"][e.character]["pending"] == "encounter":
        s["characters"][e.character]["pending"] = None


@KIT.evolves(ev.IntruderPlaced)
def _intruder_placed(s: State, e: ev.IntruderPlaced) -> None:
    s["intruders"][e.intruder] = {"kind": e.kind, "room": e.room, "injuries": 0}
    s["serial"][e.kind] = max(s["serial"].get(e.kind, 0), int(e.intruder.rsplit("-", 1)[1]))


@KIT.evolves(ev.AdultsRetreated)
def _retreated(s: State, e: ev.AdultsRetreated) -> None:
    for intruder in e.intruders:
        del s["intruders"][intruder]


@KIT.evolves(ev.IntruderMoved)
def _intruder_moved(s: State, e: ev.IntruderMoved) -> None:
    s["intruders"][e.intruder]["room"] = e.to_room


@KIT.evolves(ev.IntruderHid, ev.IntruderRemoved)
def _intruder_gone(s: State, e: ev.IntruderHid | ev.IntruderRemoved) -> None:
    del s["intruders"][e.intruder]


@KIT.evolves(ev.IntruderInjured)
def _injured(s: State, e: ev.IntruderInjured) -> None:
    s["intruders"][e.intruder]["injuries"] += e.injuries


@KIT.evolves(ev.DoorClosed, ev.DoorRepaired)
def _door_closed(s: State, e: ev.DoorClosed | ev.DoorRepaired) -> None:
    s["doors"][e.corridor] = "closed"


@KIT.evolves(ev.DoorOpened)
def _door_opened(s: State, e: ev.DoorOpened) -> None:
    s["doors"].pop(e.corridor, None)


@KIT.evolves(ev.DoorDestroyed)
def _door_destroyed(s: State, e: ev.DoorDestroyed) -> None:
    s["doors"][e.corridor] = "destroyed"


@KIT.evolves(ev.SlimeGained)
def _slime(s: State, e: ev.SlimeGained) -> None:
    s["characters"][e.character]["slime"] = True


@KIT.evolves(ev.SlimeRemoved)
def _slime_removed(s: State, e: ev.SlimeRemoved) -> None:
    s["characters"][e.character]["slime"] = False


@KIT.evolves(ev.FirePlaced)
def _fire(s: State, e: ev.FirePlaced) -> None:
    s["rooms"][e.room]["fire"] = True


@KIT.evolves(ev.FireRemoved)
def _fire_removed(s: State, e: ev.FireRemoved) -> None:
    s["rooms"][e.room]["fire"] = False


@KIT.evolves(ev.MalfunctionPlaced)
def _malfunction(s: State, e: ev.MalfunctionPlaced) -> None:
    s["rooms"][e.room]["malfunction"] = True
    s["malfunction_pool"] -= 1


@KIT.evolves(ev.MalfunctionRepaired)
def _repaired(s: State, e: ev.MalfunctionRepaired) -> None:
    s["rooms"][e.room]["malfunction"] = False
    s["malfunction_pool"] += 1


@KIT.evolves(ev.WoundSuffered)
def _wound(s: State, e: ev.WoundSuffered) -> None:
    s["characters"][e.character][f"{e.kind}_wounds"] += e.count


@KIT.evolves(ev.ActionTaken)
def _action(s: State, e: ev.ActionTaken) -> None:
    s["characters"][e.character]["actions"] += 1


@KIT.evolves(ev.ItemsFound)
def _items(s: State, e: ev.ItemsFound) -> None:
    s["rooms"][e.room]["items"] = e.left


@KIT.evolves(ev.CharacterHibernated)
def _hibernated(s: State, e: ev.CharacterHibernated) -> None:
    s["characters"][e.character].update(hibernated=True, turn_over=True)


@KIT.evolves(ev.TurnEnded)
def _turn_ended(s: State, e: ev.TurnEnded) -> None:
    s["characters"][e.character]["turn_over"] = True


@KIT.evolves(ev.RoundEnded)
def _round_ended(s: State, e: ev.RoundEnded) -> None:
    s["round"] = e.round + 1
    for ch in s["characters"].values():
        ch.update(actions=0, turn_over=ch["hibernated"])


@KIT.evolves(ev.GameEnded)
def _ended(s: State, e: ev.GameEnded) -> None:
    s["ended"] = e.reason


KIT.records(ev.MalfunctionNotPlaced, ev.AdultNotPlaced)
