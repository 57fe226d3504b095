"""What the table's page needs from Nîn-Gonost, declared with the kit: what each field picks from, each action's
label, and what the turn owes now (DESIGN.md § The table page). The ``turn`` view is the same as JSON.

Kinds (values exactly as the actions take them): ``character`` (the figures in the battle, by id: the kind the
page names the owed items' characters and prefills their fields with), ``warband``,
``card`` (the book's character cards, for recruiting), ``card-value`` (the card colour the book does not print, as
recruiting takes it: ``alignment=good``; numbers a card prints are given with ``read-card``, typed), ``object`` (doors and objects on the board), ``facing``,
``quarter-turn`` (left/right), ``charge-speed`` (walk/run), ``fight-mode``, ``combat-option``, ``manoeuvre``, and
``face`` (an Accuracy die's faces as entered: 0-6 crosshairs, a broken arrow, ``?``) and ``modifier`` (a die-step
modifier as the actions take it: ``close``, ``los=3``).

The turn (nin-gonost.txt § Turn Sequence): one side moves its team, one character at a time, each completing its
turn before the next starts; a pending Counter Strike (§ Combat Roll) or an incoming hit (§ Ranged Attack) comes
first; a poisoned character's CON roll comes at the start of its turn (§ Poison).
"""

from __future__ import annotations

from pathlib import Path

from typing import Any

from domain.core import State
from domain.core.declarations import Option, Owed

from .book import KIT
from .cards import ALIGNMENTS, content
from .fields import MODIFIERS
from .fighting import MODES, OPTIONS
from .state import FACINGS, name

FACES = ("0", "1", "2", "3", "4", "5", "6", "broken", "?")
"""The faces entered for an Accuracy die: crosshairs (0 or more; six covers every printed die), a broken arrow, ``?``."""


@KIT.source("character", "Figure")
def figures(state: State) -> list[Option]:
    """Every figure in the battle, grouped by warband (``Sir Galwen (knights)``); defeated ones last."""
    out = [Option(f, f"{name(state, f)} ({fig['warband']})") for f, fig in state["figures"].items() if not fig["defeated"]]
    return out + [Option(f, f"{name(state, f)} ({fig['warband']}, defeated)") for f, fig in state["figures"].items() if fig["defeated"]]


@KIT.source("warband", "Warband")
def warbands(state: State) -> list[Option]:
    """The warbands recruited so far (each a side of the battle)."""
    return [Option(w, w) for w in state["warbands"]]


@KIT.source("card", "Character card")
def cards(state: State) -> list[Option]:
    """The book's character cards (Components In Nîn-Gonost § The Cards), by id with the printed name."""
    return [Option(cid, c["name"]) for cid, c in content()["cards"].items()]


@KIT.source("object", "Door or object")
def objects(state: State) -> list[Option]:
    """The doors and objects placed on the board."""
    return [Option(oid, f"{o['name']} ({oid})") for oid, o in state["objects"].items()]


KIT.source("card-value", "Card colour")(lambda state: [Option(f"alignment={a}", f"{a.capitalize()} (card colour)") for a in ALIGNMENTS])
@KIT.source("weapon", "Weapon")
def weapons(state: State) -> list[Option]:
    """The book's weapons, hand-to-hand then ranged (Components In Nîn-Gonost; a figure draws one it carries)."""
    book = content()
    return [Option(w, w.replace("-", " ").capitalize()) for w in [*book["weapons"], *book["ranged_weapons"]]]


KIT.source("facing", "Facing")(lambda state: [Option(f, f.capitalize()) for f in FACINGS])
KIT.source("quarter-turn", "Quarter turn")(lambda state: [Option("left", "Left"), Option("right", "Right")])
KIT.source("charge-speed", "Charge at")(lambda state: [Option("walk", "Walk"), Option("run", "Run")])
KIT.source("fight-mode", "Fight mode")(lambda state: [Option(m, m.replace("-", " ").capitalize()) for m in MODES])
KIT.source("combat-option", "Combat option")(lambda state: [Option(o, o.replace("-", " ").capitalize() if o else "None: damage")
                                                           for o in OPTIONS])
KIT.source("manoeuvre", "Manoeuvre")(lambda state: [Option(m, m.replace("-", " ").capitalize()) for m in ("stop", "turn-left", "turn-right", "pass")])
KIT.source("face", "Die face")(lambda state: [Option(f, {"broken": "Broken arrow", "?": "? (question mark)"}.get(f, f)) for f in FACES])

MODIFIER_COUNTS = (1, 2, 3)
"""The counts offered for a modifier taken N times (``los=3``: three figures in the Line Of Sight)."""
MODIFIER_SIGNED = (-3, -2, -1, 1, 2, 3)
"""The values offered for a signed modifier (``weapon=-2``: the Advanced Weapons Table's)."""


@KIT.source("modifier", "Die modifier")
def modifiers(state: State) -> list[Option]:
    """The die-step modifiers the table gives (Ranged Attacks § Modifiers, Fighting § Modifiers, Advanced Options),
    as the actions take them (``close``, ``los=3``, ``weapon=-2``), each with the rulebook's name and its steps
    (``Line Of Sight x3 (-3)``); those Questlog knows from the state (Fatigue, Morale, modes...) are never asked."""
    out = []
    for key, (unit, label, kind) in MODIFIERS.items():
        if kind == "once":
            out.append(Option(key, f"{label} ({unit:+d})"))
        for n in MODIFIER_COUNTS if kind == "count" else MODIFIER_SIGNED if kind == "signed" else ():
            out.append(Option(f"{key}={n}", f"{label}{'' if kind == 'signed' or n == 1 else f' x{n}'} ({unit * n:+d})"))
    return out


_ROLLED = {"figure": "character", "face": "face", "target": "character"}
_DUEL = {"attacker": "character", "defender": "character", "mode": "fight-mode", "defender_mode": "fight-mode", "option": "combat-option"}
_PRESENT: tuple[tuple[str, str, dict[str, str], bool], ...] = (
    ("set-point-limit", "Agree the point limit", {}, True),
    ("recruit", "Recruit a character", {"card_id": "card", "facing": "facing", "card": "card-value"}, True),
    ("read-card", "Read values off a card", {"figure": "character"}, True),
    ("start-battle", "Start the battle", {"first": "warband", "chooser": "warband"}, True),
    ("end-battle", "End the battle", {"winners": "warband"}, True),
    ("end-turn", "End the character's turn", {"figure": "character"}, False),
    ("end-player-turn", "End the side's turn", {"warband": "warband"}, True),
    ("attack", "Attack (Duel)", _DUEL, False),
    ("charge", "Charge", {**_DUEL, "speed": "charge-speed"}, False),
    ("counter-strike", "Roll the Counter Strike", {}, True),
    ("walk", "Walk", {"figure": "character"}, False),
    ("run", "Run", {"figure": "character"}, False),
    ("sidestep", "Sidestep", {"figure": "character"}, False),
    ("crawl", "Crawl", {"figure": "character"}, False),
    ("drop-prone", "Drop prone", {"figure": "character"}, False),
    ("u-turn", "U-turn", {"figure": "character"}, False),
    ("rotate", "Free rotate", {"figure": "character", "turn": "quarter-turn"}, False),
    ("spin", "Spin to face the attacker", {"figure": "character", "facing": "facing"}, False),
    ("perilous-movement", "Perilous movement (DEX)", {"figure": "character", "face": "face", "manoeuvre": "manoeuvre"}, False),
    ("hit-obstacle", "Hit an obstacle (DEX)", {"figure": "character", "face": "face"}, False),
    ("stand", "Stand up (DEX)", {"figure": "character", "face": "face"}, False),
    ("jump", "Jump (DEX)", {"figure": "character", "face": "face"}, False),
    ("concentrate", "Concentrate", {"figure": "character"}, False),
    ("draw", "Draw a weapon", {"figure": "character", "weapon": "weapon"}, False),
    ("sheathe", "Sheathe the weapon", {"figure": "character"}, False),
    ("repair-bow", "Repair a bow", {"figure": "character"}, False),
    ("break-hold", "Break a hold", {"figure": "character", "holder": "character"}, False),
    ("leadership", "Leadership (Accuracy)", {"figure": "character", "face": "face", "allies": "character"}, False),
    ("stray-hit", "A stray hit", {"attacker": "character", "bystander": "character"}, False),
    ("manipulate", "Manipulate an object", {"figure": "character"}, False),
    ("pick-up-weapon", "Pick up a weapon", {"figure": "character"}, False),
    ("sneak", "Sneak (Accuracy)", _ROLLED, False),
    ("search", "Search (Accuracy)", _ROLLED, False),
    ("intimidate", "Intimidate (Accuracy)", _ROLLED, False),
    ("transcend", "Transcend (Accuracy)", _ROLLED, False),
    ("examine-fight", "Examine fight technique", _ROLLED, False),
    ("spot-weakness", "Spot weakness", _ROLLED, False),
    ("nock-arrow", "Nock an arrow", {"figure": "character"}, False),
    ("shoot", "Shoot", _ROLLED, False),
    ("throw", "Throw", _ROLLED, False),
    ("dodge", "Dodge the hit (DEX)", {"figure": "character", "face": "face"}, False),
    ("deflect", "Deflect the projectile (DEX)", {"figure": "character", "face": "face"}, False),
    ("catch", "Catch the projectile (DEX)", {"figure": "character", "face": "face"}, False),
    ("take-hit", "Take the hit", {"target": "character"}, False),
    ("recover", "Recover (CON, whole turn)", {"figure": "character", "face": "face"}, False),
    ("morale-boost", "Morale boost (WIL, whole turn)", {"figure": "character", "face": "face"}, False),
    ("poison-roll", "Poison roll (CON)", {"figure": "character", "face": "face"}, False),
    ("regain-consciousness", "Regain consciousness (CON)", {"figure": "character", "face": "face", "helper": "character"}, False),
    ("weave-manna", "Weave Manna", {"figure": "character"}, False),
    ("heal-friend", "Heal a friend (Lay On Hands)", _ROLLED, False),
    ("place-object", "Place a door or object", {}, True),
    ("open-door", "Open a door", {"figure": "character", "obj": "object"}, False),
    ("close-door", "Close a door", {"figure": "character", "obj": "object"}, False),
    ("lock-door", "Lock a door", {"figure": "character", "obj": "object"}, False),
    ("lock-pick", "Pick a lock (PER)", {"figure": "character", "face": "face", "obj": "object"}, False),
    ("attack-object", "Strike an object", {"figure": "character", "obj": "object"}, False),
)
"""(verb, label, picks, table_wide): table-wide actions belong to no one figure (recruiting, the side's turn, a
Counter Strike both sides roll, objects placed)."""

MODIFIER_FIELDS = ("modifier", "attacker_modifier", "defender_modifier")
"""The fields of die modifiers: each picks from ``modifier`` wherever an action has it."""

for _verb, _label, _picks, _wide in _PRESENT:
    _fields = KIT.actions[_verb].schema._declared_fields
    KIT.present(_verb, _label, picks={**_picks, **{f: "modifier" for f in MODIFIER_FIELDS if f in _fields}}, table_wide=_wide)


def _pending(state: State, pending: dict[str, Any]) -> Owed:
    if pending["kind"] == "counter-strike":
        return Owed(f"roll {pending['what']}: both Duel dice again", None, ("counter-strike",))
    target = pending["target"]
    return Owed(f"{pending['what']}: dodge, deflect, catch or take it", target,
                ("dodge", "deflect", "catch", "take-hit"))


@KIT.owes
def owed(state: State) -> list[Owed]:
    """What the battle owes now: recruiting and the start, a pending roll first, then the acting character or the
    side whose turn it is (nin-gonost.txt § Choosing Sides, § Turn Sequence, § Combat Roll, § Poison)."""
    battle = state["battle"]
    if not battle["started"]:
        if len(state["warbands"]) < 2:
            return [Owed(f"recruit the warbands ({len(state['warbands'])} of at least 2)", None, ("recruit",))]
        return [Owed("start the battle: the choosing side names who goes first", None, ("start-battle",))]
    standing = {w for w, ids in state["warbands"].items() if any(not state["figures"][f]["defeated"] for f in ids)}
    if len(standing) <= 1:
        return []
    if battle["pending"]:
        return [_pending(state, battle["pending"])]
    out = [Owed("poison roll (CON) at the start of its turn", f, ("poison-roll",))
           for f in state["warbands"][battle["player"]] if state["figures"][f]["poison_due"] and not state["figures"][f]["defeated"]]
    active = battle["active"]
    if active:
        ap = state["figures"][active]["ap_left"]
        out.append(Owed(f"{ap} AP left, then end its turn", active, ("end-turn",)))
    else:
        out.append(Owed(f"{battle['player']} to move (turn {battle['turn']}): a character acts, or end the side's turn", None, ("end-player-turn",)))
    return out


def turn_view(state: State) -> dict[str, Any]:
    """The ``turn`` view: ``{"turn", "player" (the side to move), "active" (the figure acting), "waiting" (the side's
    figures yet to act), "owed": [{"text", "who", "verbs"}], "next"}`` (nin-gonost.txt § Turn Sequence)."""
    battle, items = state["battle"], owed(state)
    side = state["warbands"].get(battle["player"], []) if battle["started"] else []
    waiting = [f for f in side if not state["figures"][f]["done"] and not state["figures"][f]["defeated"]]
    return {"turn": battle["turn"] if battle["started"] else None, "player": battle["player"], "active": battle["active"],
            "waiting": waiting, "owed": [o.to_data() for o in items], "next": items[0].text if items else None}


__all__ = ["FACES", "owed", "turn_view"]

KIT.field_labels({"ap": "Action Points (AP)", "obj": "Object (your id for it)", "wgt": "Weight (WGT)", "card_id": "Card"})
