"""Drawing, sheathing, picking up and repairing weapons (nin-gonost.txt § Manipulate Object, § Picking Up Weapons,
§ Ranged Attack; the arithmetic of what is in hand is :mod:`.arms`).

- ``draw FIGURE WEAPON`` / ``sheathe FIGURE``: 1 AP each (§ Manipulate Object: "draw or sheath weapon"); one weapon in
  hand at a time (reading: Thrown Items' example spends "1 AP to sheath his sword, 1 to draw his dagger").
  ``manipulate --detail "sheath the longsword"`` / ``"draw the dagger"`` does the same when the detail names a weapon
  of the card.
- ``pick-up-weapon FIGURE --weapon W``: 1 AP (§ Picking Up Weapons); only a weapon the card lists ("Characters may not
  use weapons that are not listed on their character card"), lying (thrown, dropped) or lost (disarmed); a broken
  thrown weapon "may not be retrieved".
- ``repair-bow FIGURE --ap N``: a bow broken on a Critical Failure "will take 4 AP to repair".
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from marshmallow import Schema, fields, validate

from domain.core import State
from domain.core.decision import Decision
from domain.core.names import possessive
from domain.core.fields import WholeNumber

from .arms import bow, in_hand, on_floor, ranged_weapon, tracked
from .book import KIT, refuse
from .events import ActionTaken, ConditionChanged
from .events_applied import BowRepaired, WeaponMoved
from .fields import FigureId
from .state import alive, name
from .turns import AP_COSTS, act, finish

BOW_REPAIR = 4
"""AP to repair a bow broken on a Critical Failure (§ Ranged Attack)."""
WEAPON = validate.Regexp(r"^[a-z][a-z0-9-]{0,39}$", error="a weapon is named as on the card: lowercase letters, digits and dashes")
AP_COSTS.update({"draw": 1, "sheathe": 1, "repair-bow": 1})


class DrawSchema(Schema):
    figure = FigureId(required=True)
    weapon = fields.String(required=True, validate=WEAPON, metadata={"description": "a weapon the card lists (longsword, dagger, bow)"})


class FigureOnly(Schema):
    figure = FigureId(required=True)


class PickSchema(Schema):
    figure = FigureId(required=True)
    weapon = fields.String(load_default="", validate=validate.Length(0, 40), metadata={"description": "the weapon picked up (one of the card's)"})
    detail = fields.String(load_default="", validate=validate.Length(0, 120), metadata={"description": "what, as the players say it"})


class ManipulateSchema(Schema):
    figure = FigureId(required=True)
    detail = fields.String(load_default="", validate=validate.Length(0, 120), metadata={"description": "what, as the players say it (draw the dagger, sheath the longsword...)"})


class RepairSchema(Schema):
    figure = FigureId(required=True)
    ap = WholeNumber(load_default=1, validate=validate.Range(1, 4), metadata={"description": "AP spent now on the repair (4 in all)"})


def _own(s: State, fid: str, weapon: str, section: str) -> dict[str, Any]:
    """The figure, refusing a weapon its card does not list (§ Picking Up Weapons)."""
    fig = alive(s, fid)
    if not tracked(fig) or weapon not in fig["weapons"]:
        listed = ", ".join(fig.get("weapons") or {}) or "none"
        raise refuse("Picking Up Weapons", f"{name(s, fid)}'s card does not list a {weapon} (it lists: {listed}): "
                     "characters may not use weapons that are not listed on their character card")
    return fig


def draw_weapon(d: Decision, fid: str, weapon: str, verb: str = "draw", detail: str = "") -> None:
    """Check and record drawing ``weapon`` (1 AP): sheathed, and the hand empty."""
    s = d.state
    fig = _own(s, fid, weapon, "Manipulate Object")
    where = fig["weapons"][weapon]["where"]
    if where == "hand":
        raise refuse("Manipulate Object", f"{name(s, fid)} already holds the {weapon}")
    if where != "sheathed":
        raise refuse("Manipulate Object", f"the {weapon} is {where}" + (f" in {possessive(fig['weapons'][weapon]['at'])} space" if fig['weapons'][weapon]['at'] else "")
                     + (": pick it up (pick-up-weapon, 1 AP)" if where in ("lying", "lost") else ": it cannot be drawn"))
    held = in_hand(fig)
    if held:
        raise refuse("Manipulate Object", f"{name(s, fid)} holds the {held}: sheathe it first (1 AP), as Sir Galwen sheathes his sword to draw his dagger")
    act(d, fid, verb)
    if verb == "manipulate":
        d.emit(ActionTaken(fid, verb, detail))
    d.emit(WeaponMoved(fid, weapon, "hand", "", "drawn"))
    finish(d, fid)


def sheathe_weapon(d: Decision, fid: str, weapon: str = "", verb: str = "sheathe", detail: str = "") -> None:
    """Check and record sheathing the weapon in hand (1 AP)."""
    s = d.state
    fig = alive(s, fid)
    held = in_hand(fig)
    if not held or (weapon and weapon != held):
        raise refuse("Manipulate Object", f"{name(s, fid)} holds {('the ' + held) if held else 'no weapon'}" + (f", not the {weapon}" if weapon and held else ""))
    act(d, fid, verb)
    if verb == "manipulate":
        d.emit(ActionTaken(fid, verb, detail))
    d.emit(WeaponMoved(fid, held, "sheathed", "", "sheathed"))
    finish(d, fid)


@KIT.action("draw", DrawSchema, "Draw a sheathed weapon of the card into the empty hand (Manipulate, 1 AP)",
            section="Manipulate Object", args=("figure", "weapon"))
def draw(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Manipulate Object: 1 AP to draw a weapon; the hand must be empty."""
    draw_weapon(d, f["figure"], f["weapon"])


@KIT.action("sheathe", FigureOnly, "Sheathe (or sling) the weapon in hand (Manipulate, 1 AP)", section="Manipulate Object", args=("figure",))
def sheathe(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Manipulate Object: 1 AP to sheath a weapon."""
    sheathe_weapon(d, f["figure"])


DRAWS = re.compile(r"^\s*(re)?draws?\b")
SHEATHES = re.compile(r"^\s*(sheath|sheathe|sheathes|sheaths)\b")


@KIT.action("manipulate", ManipulateSchema, "Draw or sheath a weapon, bite an apple, any assumed automatic success (1 AP)",
            section="Manipulate Object", args=("figure",))
def manipulate(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Manipulate Object: a detail "draw the dagger" / "sheath the longsword" naming a weapon of the card moves it;
    anything else is recorded as said."""
    fig = alive(d.state, f["figure"])
    detail = f["detail"].lower()
    named = [w for w in (fig.get("weapons") or {}) if re.search(rf"\b{re.escape(w)}\b", detail)]
    if named and DRAWS.match(detail):
        return draw_weapon(d, f["figure"], named[0], "manipulate", f["detail"])
    if named and SHEATHES.match(detail):
        return sheathe_weapon(d, f["figure"], named[0], "manipulate", f["detail"])
    act(d, f["figure"], "manipulate")
    d.emit(ActionTaken(f["figure"], "manipulate", f["detail"]))
    finish(d, f["figure"])


@KIT.action("pick-up-weapon", PickSchema, "Pick up a weapon the card lists, lying or knocked away (1 AP)",
            section="Picking Up Weapons", args=("figure",))
def pick_up(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Picking Up Weapons: 1 AP, only a weapon on the card; a broken thrown weapon may not be retrieved. It goes to
    the hand when it is empty, else it is carried (sheathed). Without ``--weapon`` the one weapon on the floor."""
    s, fid = d.state, f["figure"]
    fig = alive(s, fid)
    weapon = f["weapon"].strip().lower()
    if not weapon and tracked(fig):
        floor = on_floor(fig)
        if len(floor) != 1:
            raise refuse("Picking Up Weapons", f"name the weapon with --weapon ({name(s, fid)}'s on the floor: {', '.join(floor) or 'none'})")
        weapon = floor[0]
    if not weapon:
        act(d, fid, "pick-up-weapon")
        d.emit(ActionTaken(fid, "pick-up-weapon", f["detail"]))
        if fig.get("disarmed"):
            d.emit(ConditionChanged(fid, "disarmed", False, "picked up its weapon (§ Picking Up Weapons)"))
        return finish(d, fid)
    fig = _own(s, fid, weapon, "Picking Up Weapons")
    where = fig["weapons"][weapon]
    if where["where"] == "broken":
        raise refuse("Ranged Attack", f"the {weapon} broke on a Critical Failure: a thrown weapon broken so may not be retrieved")
    if where["where"] not in ("lying", "lost"):
        raise refuse("Picking Up Weapons", f"the {weapon} is {where['where']}, not on the floor")
    act(d, fid, "pick-up-weapon")
    d.emit(WeaponMoved(fid, weapon, "sheathed" if in_hand(fig) else "hand", "", "picked up" + (f" from {possessive(where['at'])} space" if where["at"] else "")))
    finish(d, fid)


@KIT.action("repair-bow", RepairSchema, "Repair a bow broken on a Critical Failure (4 AP in all)", section="Ranged Attack", args=("figure",))
def repair_bow(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Ranged Attack: "If it was a bow weapon, it will take 4 AP to repair the bow"; the AP may be spread over turns."""
    s, fid = d.state, f["figure"]
    fig = alive(s, fid)
    broken = [w for w, where in (fig.get("weapons") or {}).items() if ranged_weapon(w) and where["where"] == "broken"]
    if not broken:
        raise refuse("Ranged Attack", f"{name(s, fid)} has no broken bow to repair")
    done = fig.get("repair", 0)
    if done + f["ap"] > BOW_REPAIR:
        raise refuse("Ranged Attack", f"the bow needs {BOW_REPAIR - done} more AP, not {f['ap']}")
    act(d, fid, "repair-bow", f["ap"])
    d.emit(BowRepaired(fid, broken[0], f["ap"], done + f["ap"]))
    if done + f["ap"] == BOW_REPAIR:
        d.emit(WeaponMoved(fid, broken[0], "sheathed" if in_hand(d.state["figures"][fid]) else "hand", "", "repaired"))
    finish(d, fid)


def bow_in_hand(s: State, fid: str) -> str | None:
    """The bow a tracked figure must hold to nock or shoot (§ Ranged Attacks), or ``None`` when its card lists none."""
    fig = s["figures"][fid]
    weapon = bow(fig)
    if weapon is None:
        return None
    where = fig["weapons"][weapon]
    if where["where"] != "hand":
        hint = {"broken": "repair it (repair-bow, 4 AP)", "sheathed": f"draw it (draw {fid} {weapon})"}.get(where["where"], "pick it up (pick-up-weapon)")
        raise refuse("Ranged Attacks", f"{name(s, fid)}'s {weapon} is {where['where']}, not in hand: {hint}")
    return weapon


def thrown_weapon(s: State, f: Mapping[str, Any]) -> str | None:
    """The tracked weapon thrown: the one named (it must be in hand) or, unnamed, the one in hand; ``None`` for an
    object, or a figure whose card lists no weapons (§ Thrown Items, § Picking Up Weapons)."""
    fig = s["figures"][f["figure"]]
    if f.get("object_weight") is not None or not tracked(fig):
        return None
    weapon = f["weapon"] or in_hand(fig)
    if not weapon:
        raise refuse("Thrown Items", f"{name(s, f['figure'])} holds no weapon to throw: draw one first (1 AP)")
    if weapon not in fig["weapons"]:
        raise refuse("Picking Up Weapons", f"{name(s, f['figure'])}'s card does not list a {weapon}: characters may not use weapons that are not listed on their character card")
    where = fig["weapons"][weapon]["where"]
    if where != "hand":
        at = fig["weapons"][weapon]["at"]
        raise refuse("Thrown Items", f"the {weapon} is {where}" + (f" in {possessive(at)} space" if at else "") + f", not in {name(s, f['figure'])}'s hand"
                     + {"sheathed": ": draw it first (1 AP)", "lying": ": pick it up first (1 AP)", "lost": ": pick it up first (1 AP)",
                        "broken": ": it may not be retrieved"}[where])
    return weapon


@KIT.evolves(WeaponMoved)
def _moved(s: State, e: WeaponMoved) -> None:
    fig = s["figures"][e.figure]
    weapons = fig.setdefault("weapons", None) or {}
    weapons[e.weapon] = {"where": e.where, "at": e.at or None}
    fig["weapons"] = weapons
    if e.where == "hand":
        fig["disarmed"] = False
    if e.where == "broken":
        fig["repair"] = 0


@KIT.evolves(BowRepaired)
def _repaired(s: State, e: BowRepaired) -> None:
    s["figures"][e.figure]["repair"] = e.total


__all__ = ["BOW_REPAIR", "bow_in_hand", "draw_weapon", "sheathe_weapon", "thrown_weapon"]
