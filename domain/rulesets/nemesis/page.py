"""What the table's page needs from Nemesis, declared with the kit: the things a field picks from (rooms, corridors,
Intruders, tokens, die results), each action's label and picks, and what the turn says is owed (DESIGN.md § The
table page). The ``turn`` view is the same obligations as JSON.

Kinds: ``room`` (every Room slot: its name once flipped, else the face-down slot), ``corridor`` (every corridor with
the Rooms it joins, then the Technical Corridors space), ``intruder`` (the models on the board), ``exploration-token``,
``intruder-token`` (what an Encounter draws, blank included), ``intruder-kind`` (a model to place), ``noise-result``
(the Noise die's faces as entered), ``wound-kind``, ``malfunction-repair``, ``slime-removal``, ``via``.

The round (nemesis.txt § Fire Marker): each Character takes 2 Actions, or 1 and passes, or passes; a Noise roll is
owed after entering an empty Room (§ Movement Action, § Noise Roll), an Encounter after a Noise marker lands where one
already lies (§ Technical Corridors); the round ends once every turn is over.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from domain.core import State
from domain.core.declarations import Option, Owed

from .intruders import KINDS
from .movement import VIA
from .turn import owed as rolls_owed
from .rules import ACTIONS_PER_ROUND, KIT, NOISE_RESULTS, Intruder, Token, room_name, ship

CHARACTER_NAMES = {"captain": "Captain", "mechanic": "Mechanic", "pilot": "Pilot", "scientist": "Scientist", "scout": "Scout",
                   "soldier": "Soldier"}
"""Character id -> the name printed on the Character board."""
NOISE_LABELS = {"1": "1 (exit 1)", "2": "2 (exit 2)", "3": "3 (exit 3)", "4": "4 (exit 4)", "danger": "Danger", "silence": "Silence"}


def room_label(state: State, rid: str) -> str:
    """``"Laboratory"`` once flipped or printed, else ``"room-4 (face down)"``."""
    name = state["rooms"][rid]["name"]
    return name if name else f"{rid} (face down)"


@KIT.source("character", "Character")
def characters(state: State) -> list[Option]:
    """The Characters in this game once it started (else every Character, for ``start-game``)."""
    ids = list(state["characters"]) or list(CHARACTER_NAMES)
    return [Option(c, CHARACTER_NAMES[c]) for c in ids]


@KIT.source("room", "Room")
def rooms(state: State) -> list[Option]:
    """Every Room slot of the ship, in the layout's order (nemesis.txt § Exploring the Ship)."""
    return [Option(rid, room_label(state, rid)) for rid in ship(state).rooms]


@KIT.source("corridor", "Corridor")
def corridors(state: State) -> list[Option]:
    """Every corridor (``c7: Laboratory – Hibernatorium``), then the Technical Corridors space(s)."""
    layout = ship(state)
    out = [Option(cid, f"{cid}: {room_label(state, a)} – {room_label(state, b)}") for cid, (a, b) in layout.corridors.items()]
    return out + [Option(s, "Technical Corridors") for s in layout.spaces]


@KIT.source("intruder", "Intruder")
def intruders(state: State) -> list[Option]:
    """The Intruder models on the board (``larva-1``: Larva 1 in the Hibernatorium)."""
    return [Option(i, f"{i.replace('-', ' ').capitalize()} in {room_name(state, x['room'])}") for i, x in state["intruders"].items()]


KIT.source("exploration-token", "Exploration token")(lambda state: [Option(t.value, t.value.capitalize()) for t in Token])
KIT.source("intruder-token", "Intruder token")(lambda state: [Option(t.value, t.value.capitalize()) for t in Intruder])
KIT.source("intruder-kind", "Intruder")(lambda state: [Option(k, k.capitalize()) for k in KINDS])
KIT.source("noise-result", "Noise die")(lambda state: [Option(r, NOISE_LABELS[r]) for r in NOISE_RESULTS])
KIT.source("wound-kind", "Wound")(lambda state: [Option("light", "Light Wound"), Option("serious", "Serious Wound")])
KIT.source("malfunction-repair", "Repaired with")(lambda state: [Option("repair-card", "a repair card"), Option("tools", "the Tools Item")])
KIT.source("slime-removal", "Removed with")(lambda state: [Option("clothes", "the Clothes Item"), Option("shower-room", "the Shower Room")])
KIT.source("via", "Through the Technical Corridors")(lambda state: [
    Option(VIA[0], "the Mechanic's Technical Corridors card"), Option(VIA[1], "the Technical Corridor Plans Item")])

_PRESENT: tuple[tuple[str, str, dict[str, str], bool], ...] = (
    ("start-game", "Start the game", {}, True),
    ("move", "Move to a Room", {"room": "room", "token": "exploration-token", "close": "corridor", "via": "via"}, False),
    ("careful-movement", "Careful Movement (no Noise roll)", {"room": "room", "token": "exploration-token", "close": "corridor",
                                                              "via": "via", "noise": "corridor"}, False),
    ("reconnaissance", "Reconnaissance (no Noise roll)", {"room": "room", "token": "exploration-token", "close": "corridor",
                                                          "via": "via", "noise": "corridor"}, False),
    ("noise-roll", "Roll the Noise die", {"result": "noise-result"}, False),
    ("call-noise-rolls", "An event: every Character rolls for Noise", {}, True),
    ("encounter", "Encounter: the Intruder token drawn", {"token": "intruder-token", "removed": "corridor"}, False),
    ("search", "Search", {}, False),
    ("room-action", "Take the Room's Action", {}, False),
    ("perform-action", "Take another Action", {}, False),
    ("hibernate", "Hibernate", {}, False),
    ("pass", "Pass", {}, False),
    ("end-round", "End the round", {}, True),
    ("end-game", "End the game", {}, True),
    ("suffer-wound", "Suffer Wounds", {"kind": "wound-kind"}, False),
    ("gain-slime", "Gain a Slime marker", {}, False),
    ("remove-slime", "Remove a Slime marker", {"by": "slime-removal"}, False),
    ("place-noise-marker", "Place a Noise marker", {"place": "corridor"}, True),
    ("place-intruder", "Place an Intruder", {"kind": "intruder-kind", "room": "room"}, True),
    ("move-intruder", "Move an Intruder", {"intruder": "intruder", "to": "room"}, True),
    ("injure-intruder", "Injure an Intruder", {"intruder": "intruder"}, True),
    ("remove-intruder", "Remove an Intruder", {"intruder": "intruder"}, True),
    ("place-fire", "Place a Fire marker", {"room": "room"}, True),
    ("remove-fire", "Remove a Fire marker", {"room": "room"}, True),
    ("place-malfunction", "Place a Malfunction marker", {"room": "room"}, True),
    ("repair-malfunction", "Repair a Malfunction", {"room": "room", "by": "malfunction-repair"}, True),
    ("close-door", "Close a Door", {"corridor": "corridor"}, True),
    ("open-door", "Open a Door", {"corridor": "corridor"}, True),
    ("destroy-door", "Destroy a Door", {"corridor": "corridor"}, True),
    ("repair-door", "Repair a Door (Plasma Torch)", {"corridor": "corridor"}, False),
)
"""(verb, label, picks, table_wide): table-wide actions are the ship's (events, Intruders, markers), not one Character's."""

for _verb, _label, _picks, _wide in _PRESENT:
    KIT.present(_verb, _label, picks=_picks, table_wide=_wide)


def unexplored(state: State) -> list[str]:
    """The Room slots still face down: entering one flips it and reveals its Exploration token (nemesis.txt §
    Exploring the Ship); an explored Room asks none of the exploration fields."""
    return [rid for rid, r in state.get("rooms", {}).items() if not r["explored"]]


EXPLORATION_FIELDS = ("tile", "token", "items", "computer", "close")
"""What entering an unexplored Room reveals: the flipped Room tile, its Exploration token (its Item number, and for a
Doors token the corridors closed), and whether the Room has a Computer (nemesis.txt § Exploration Tokens)."""
for _verb in ("move", "careful-movement", "reconnaissance"):
    for _field in EXPLORATION_FIELDS:
        KIT.shown_when(_verb, _field, "room", unexplored)

KIT.field_labels({"tile": "Room tile flipped", "items": "Item number on the token", "computer": "The Room has a Computer",
                  **{f"{v}.token": "Exploration token" for v in ("move", "careful-movement", "reconnaissance")},
                  "encounter.token": "Intruder token drawn", "close": "Corridors whose Doors close",
                  "via": "Through the Technical Corridors", "escape": "Escaping an Intruder",
                  "by": "With what", "to": "To (an exit number, a Room, or technical)"})
KIT.stylesheet(Path(__file__).with_name("page.css"))


def _name(cid: str) -> str:
    return CHARACTER_NAMES.get(cid, cid)


@KIT.owes
def owed(state: State) -> list[Owed]:
    """What the round owes now: the Noise rolls and Encounters first (a move's, then an event's, in the order
    :func:`.turn.owed` gives), then each Character's Actions, then the end of the round (nemesis.txt § Movement
    Action, § Noise Roll, § Fire Marker)."""
    if not state["characters"]:
        return [Owed("choose the Characters and start the game", None, ("start-game",))]
    if state["ended"]:
        return []
    out = []
    for item in rolls_owed(state):
        cid = item["character"]
        where = room_name(state, state["characters"][cid]["room"])
        if item["event"]:
            text = "roll the Noise die for the event"
        elif item["owes"] == "noise-roll":
            text = f"roll the Noise die (entered {where}, empty)"
        else:
            text = f"Encounter in {where}: draw an Intruder token"
        out.append(Owed(text, cid, tuple(item["verbs"])))
    for cid, ch in state["characters"].items():
        if not ch["turn_over"] and not ch["pending"]:
            left = ACTIONS_PER_ROUND - ch["actions"]
            out.append(Owed(f"{left} Action{'s' if left > 1 else ''} left, or pass", cid,
                            ("move", "search", "pass")))
    if not out:
        out.append(Owed(f"every turn is over: end Round {state['round']}", None, ("end-round",)))
    return out


def turn_view(state: State) -> dict[str, Any]:
    """The ``turn`` view: ``{"round", "ended", "acting": [Characters whose turn is not over], "owed": [{"text",
    "who", "verbs"}], "next": the first owed text or None}`` (nemesis.txt § Fire Marker, the round)."""
    items = owed(state)
    acting = [c for c, ch in state["characters"].items() if not ch["turn_over"]]
    return {"round": state["round"] if state["characters"] else None, "ended": state["ended"], "acting": acting,
            "owed": [o.to_data() for o in items], "next": items[0].text if items else None}


__all__ = ["CHARACTER_NAMES", "owed", "room_label", "turn_view"]
