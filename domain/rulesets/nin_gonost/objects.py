"""Doors and other objects (nin-gonost.txt § Attacking Structures And Objects, § Other Actions, § Lock Pick).

An object has RES, Structural Points and WGT: the book's table (Wooden Door 15 / 4 / 8, Reinforced Door
20 / 6 / 10, Sarcophagus Base and Cover), or from its WGT: RES = WGT x 2, SP = WGT / 2 rounded up, WGT 0
counting as 1. Objects roll a 0 and never Fate; no combat option. Reading: a strike whose Power exceeds the
object's RES takes one Structural Point (as a weapon attack takes one Manna), and 0 Structural Points destroy it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import Schema, fields, validate

from domain.core import BadInput, State
from domain.core.decision import Decision
from domain.core.fields import WholeNumber
from domain.core.names import did_you_mean, quoted

from .book import KIT, refuse
from .cards import content, need, object_stats
from .events import DoorChanged, ObjectAttacked, ObjectPlaced, SkillRolled
from .fields import FigureId, fate as fate_flag, modifier_list, parse_modifier
from .ladder import Outcome, Shift, die_label, shifted
from .resolve import power_line
from .rolls import AccuracySchema, accuracy_roll
from .positions import reconcile
from .skills import printed_bonus, trained
from .state import alive, common_shifts, name
from .turns import act, finish

OBJ = validate.Regexp(r"^[a-z][a-z0-9-]{0,29}$", error="an object's id is lowercase letters, digits and dashes")


class PlaceSchema(Schema):
    obj = fields.String(required=True, validate=OBJ, metadata={"description": "your id for the object (door-1)"})
    kind = fields.String(load_default="", metadata={"description": "wooden-door, reinforced-door, sarcophagus-base, sarcophagus-cover"})
    wgt = WholeNumber(validate=validate.Range(0, 100), metadata={"description": "WGT of an object the table does not list"})
    door = fields.Boolean(load_default=False, metadata={"description": "an object of your own that is a door"})
    locked = fields.Boolean(load_default=False, metadata={"description": "the door starts locked"})


class DoorSchema(Schema):
    figure = FigureId(required=True)
    obj = fields.String(required=True, validate=OBJ)


class PickSchema(AccuracySchema):
    obj = fields.String(required=True, validate=OBJ)
    trained = fields.Boolean(load_default=False, metadata={"description": "the card lists Lock Pick (cards whose skills are unprinted)"})


class StrikeSchema(Schema):
    figure = FigureId(required=True)
    obj = fields.String(required=True, validate=OBJ)
    roll = WholeNumber(required=True, validate=validate.Range(0), metadata={"description": "the attacker's Duel die number"})
    fate = fate_flag()
    modifier = modifier_list()


@KIT.action("place-object", PlaceSchema, "Put a door or object on the board (the book's table, or RES and SP from its WGT)",
            section="Attacking Structures And Objects", args=("obj", "kind"))
def place_object(d: Decision, f: Mapping[str, Any]) -> None:
    """The table supersedes WGT*2 and WGT/2 (§ Attacking Structures And Objects)."""
    if f["obj"] in d.state["objects"]:
        raise BadInput(f"there is already an object {quoted(f['obj'])}", {"obj": ["taken"]})
    table = content()["objects"]
    if f["kind"]:
        if f["kind"] not in table:
            raise BadInput(f"no object {quoted(f['kind'])}{did_you_mean(f['kind'], table)} in the table ({', '.join(table)}); give --wgt instead", {"kind": ["unknown"]})
        row = table[f["kind"]]
        d.emit(ObjectPlaced(f["obj"], row["name"], row["res"], row["sp"], row["wgt"], row["door"], f["locked"]))
        return
    if f.get("wgt") is None:
        raise BadInput("an object not in the table needs its --wgt", {"wgt": ["required without kind"]})
    st = object_stats(f["wgt"])
    d.emit(ObjectPlaced(f["obj"], f["obj"], st["res"], st["sp"], st["wgt"], f["door"], f["locked"]))


def _door(s: State, obj: str) -> dict[str, Any]:
    door = s["objects"].get(obj)
    if door is None or not door["door"]:
        raise BadInput(f"no door {quoted(obj)}{did_you_mean(obj, [k for k, o in s['objects'].items() if o['door']])} (objects: {', '.join(s['objects']) or 'none'})", {"obj": ["not a door"]})
    if door["sp"] <= 0:
        raise refuse("Attacking Structures And Objects", f"{door['name']} is destroyed")
    return door


def _door_action(verb: str, opening: bool | None, section: str, help_text: str) -> None:
    @KIT.action(verb, DoorSchema, help_text, section=section, args=("figure", "obj"))
    def decide(d: Decision, f: Mapping[str, Any]) -> None:
        door = _door(d.state, f["obj"])
        if opening is not None and door["open"] == opening:
            raise refuse(section, f"{door['name']} is already {'open' if opening else 'closed'}")
        if opening and (door["locked"] or door["jammed"]):
            raise refuse(section, f"{door['name']} is {'jammed' if door['jammed'] else 'locked'}")
        if opening is None and (door["open"] or door["locked"]):
            raise refuse(section, f"{door['name']} must be closed and unlocked to lock it")
        act(d, f["figure"], verb, 1 if opening is None else 2)
        d.emit(DoorChanged(f["obj"], door["open"] if opening is None else opening, opening is None, door["jammed"],
                           {True: "opened", False: "closed", None: "locked"}[opening]))
        finish(d, f["figure"])


_door_action("open-door", True, "Open Door", "Open a door or chest (2 AP)")
_door_action("close-door", False, "Open Door", "Close a door (2 AP)")
_door_action("lock-door", None, "Manipulate Object", "Lock a door with its key (Manipulate, 1 AP)")


@KIT.action("lock-pick", PickSchema, "Pick a locked door: PER roll (2 AP, 1 on a Perfect Success; -3 without tools)",
            section="Lock Pick", reveal=True, args=("figure", "obj", "face"))
def lock_pick(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Lock Pick: Success unlocks; Perfect Success unlocks for 1 AP; Critical Failure jams the lock."""
    s, fid = d.state, f["figure"]
    door = _door(s, f["obj"])
    if not door["locked"] or door["jammed"]:
        raise refuse("Lock Pick", f"{door['name']} is {'jammed' if door['jammed'] else 'not locked'}")
    fig = alive(s, fid)
    extra = [] if trained(fig, "lock-pick", f["trained"]) else [Shift("untrained skill", -2)]
    typed, bonus = reconcile(f["modifier"], printed_bonus(fig, "lock-pick"), "Lock Pick", "the card's printed skill bonus")
    outcome, _, res = accuracy_roll(s, fid, need(fig["card"], "per", "Lock Pick is a PER roll"), "PER", dict(f, modifier=typed), extra + bonus)
    act(d, fid, "lock-pick", 1 if outcome is Outcome.PERFECT_SUCCESS else 2)
    d.emit(SkillRolled(fid, "lock-pick", "", dict(res, kind="lock-pick", obj=f["obj"])))
    if outcome.succeeded:
        d.emit(DoorChanged(f["obj"], False, False, False, "picked"))
    elif outcome is Outcome.CRITICAL_FAILURE:
        d.emit(DoorChanged(f["obj"], False, True, True, "jammed: may not be opened"))
    finish(d, fid)


@KIT.action("attack-object", StrikeSchema, "Strike an object: it rolls a 0 and no Fate (1 AP, no combat option)",
            section="Attacking Objects or Unconscious Characters", reveal=True, args=("figure", "obj", "roll"))
def attack_object(d: Decision, f: Mapping[str, Any]) -> None:
    """Power = the roll - 0 + the Fight bonus; Power over RES takes a Structural Point (reading, see module)."""
    s, fid = d.state, f["figure"]
    thing = s["objects"].get(f["obj"])
    if thing is None or thing["sp"] <= 0:
        raise BadInput(f"no standing object {quoted(f['obj'])}", {"obj": ["unknown or destroyed"]})
    fig = alive(s, fid)
    step, line = shifted(need(fig["card"], "fight_die", "the Fight die"), common_shifts(fig) + [parse_modifier(m) for m in f["modifier"]],
                         f"{name(s, fid)}'s Fight", "Duel die")
    act(d, fid, "attack-object")
    steps = [line, f"{name(s, fid)} rolls {f['roll']}, {thing['name']} rolls 0 (objects never roll Fate)"]
    res = {"kind": "object", "die": step, "die_name": die_label(step, "Duel die"), "steps": steps, "obj": f["obj"]}
    if f["roll"] > 0:
        power, pline = power_line(f["roll"], "difference", [("Fight bonus", need(fig["card"], "fight_bonus", "Power"))])
        hit = power > thing["res"]
        steps += [pline, f"{power} {'>' if hit else '<='} RES {thing['res']}: " + (f"1 Structural Point, {thing['sp'] - 1} left" if hit else "no damage")]
        res.update(power=power, result="damaged" if hit else "no damage", sp=thing["sp"] - (1 if hit else 0))
    else:
        res.update(result="parry", sp=thing["sp"])
        steps.append("a tie: no damage")
    d.emit(ObjectAttacked(fid, f["obj"], res))
    finish(d, fid)


@KIT.evolves(ObjectPlaced)
def _placed(s: State, e: ObjectPlaced) -> None:
    s["objects"][e.obj] = {"name": e.name, "res": e.res, "sp": e.sp, "wgt": e.wgt, "door": e.door, "open": False,
                           "locked": e.locked, "jammed": False}


@KIT.evolves(DoorChanged)
def _door_changed(s: State, e: DoorChanged) -> None:
    s["objects"][e.obj].update(open=e.open, locked=e.locked, jammed=e.jammed)


@KIT.evolves(ObjectAttacked)
def _object_attacked(s: State, e: ObjectAttacked) -> None:
    s["objects"][e.obj]["sp"] = e.resolution["sp"]
    s["last_roll"], s["rolls"] = e.resolution, s["rolls"] + 1
