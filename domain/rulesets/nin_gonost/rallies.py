"""Leadership and stray projectiles (nin-gonost.txt § Skills: Leadership, § Line Of Sight and Cover).

- ``leadership FIGURE FACE --allies a,b``: 1 AP, WIL (+ Intimidation bonus if Evil, + Bravery bonus if Good; the card's
  Morale modifier on a WIL roll; -2 untrained); Success +1 Morale for all targets, Perfect Success +2, Critical
  Failure -1. "Allies must be within their PER": distances are the players' (recorded, not checked).
- ``stray-hit ATTACKER BYSTANDER``: after a miss, "If you miss a target, and one of the squares the projectile passes
  through contained another character ... roll a fate die, starting with the furthest. On a Fate (star), that
  character is hit by the weapon with an accuracy of 0 and no further checks are made": the players record the
  bystander whose Fate die showed the star; the hit (Power 0 + the weapon's Damage Bonus) waits for its reaction.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import Schema, fields, validate

from domain.core.decision import Decision

from .book import KIT, refuse
from .cards import need
from .events import ShotRolled, SkillRolled
from .fields import FigureId
from .ladder import Outcome, Shift
from .resolve import power_line
from .rolls import AccuracySchema, accuracy_roll
from .positions import reconcile
from .skills import printed_bonus, shift_morale, trained
from .state import alive, morale_shift, name
from .turns import AP_COSTS, act, finish

AP_COSTS.setdefault("leadership", 1)


class LeadSchema(AccuracySchema):
    allies = fields.List(FigureId(), required=True, validate=validate.Length(1, 20), metadata={"description": "the allies rallied, e.g. squire,orc-2"})
    trained = fields.Boolean(load_default=False, metadata={"description": "the card lists Leadership (cards whose skills are unprinted)"})


class StraySchema(Schema):
    attacker = FigureId(required=True)
    bystander = FigureId(required=True, metadata={"description": "the character in the projectile's path whose Fate die showed a star"})


def _lead_shifts(fig: dict[str, Any], said: bool) -> list[Shift]:
    """Leadership's die: the card's Leadership bonus (or -2 untrained), Intimidation if Evil, Bravery if Good, Morale."""
    skills = fig["card"].get("skills") or {}
    out = [] if trained(fig, "leadership", said) else [Shift("untrained skill", -2)]
    extra = {"evil": "intimidation", "good": "bravery"}.get(fig["card"].get("alignment"))
    if extra and skills.get(extra):
        out.append(Shift(extra.title(), skills[extra]))
    return out + morale_shift(fig)


@KIT.action("leadership", LeadSchema, "Rally allies: WIL (+Bravery if Good, +Intimidation if Evil), +1 Morale to all (1 AP)",
            section="Leadership", reveal=True, args=("figure", "face"))
def leadership(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Leadership: Failure no effect; Critical Failure -1 Morale for all targets; Success +1; Perfect Success +2."""
    s, fid = d.state, f["figure"]
    fig = alive(s, fid)
    for ally in f["allies"]:
        if ally == fid or alive(s, ally)["warband"] != fig["warband"]:
            raise refuse("Leadership", f"{name(s, ally)} is not an ally of {name(s, fid)}: Leadership rallies allies")
    typed, bonus = reconcile(f["modifier"], printed_bonus(fig, "leadership"), "Leadership", "the card's printed skill bonus")
    outcome, _, res = accuracy_roll(s, fid, need(fig["card"], "wil", "Leadership is a WIL roll"), "WIL", dict(f, modifier=typed),
                                    _lead_shifts(fig, f["trained"]) + bonus)
    act(d, fid, "leadership")
    d.emit(SkillRolled(fid, "leadership", "", dict(res, kind="leadership", allies=list(f["allies"]))))
    levels = {Outcome.SUCCESS: 1, Outcome.PERFECT_SUCCESS: 2, Outcome.CRITICAL_FAILURE: -1}.get(outcome, 0)
    for ally in f["allies"] if levels else ():
        shift_morale(d, ally, levels, f"Leadership by {name(s, fid)} ({outcome.value})")
    finish(d, fid)


@KIT.action("stray-hit", StraySchema, "After a miss: a character in the projectile's path rolled a Fate star and is hit at accuracy 0",
            section="Line Of Sight and Cover", reveal=True, args=("attacker", "bystander"))
def stray_hit(d: Decision, f: Mapping[str, Any]) -> None:
    """The last shot or throw missed; the bystander (not its target, not the shooter) is hit with an accuracy of 0."""
    s = d.state
    miss = s["battle"].get("last_miss")
    if not miss or miss["attacker"] != f["attacker"]:
        raise refuse("Line Of Sight and Cover", f"{name(s, f['attacker']) if f['attacker'] in s['figures'] else f['attacker']}'s last shot did not just miss")
    if f["bystander"] in (miss["attacker"], miss["target"]):
        raise refuse("Line Of Sight and Cover", "the stray projectile strikes another character in its path, not the shooter nor its target")
    alive(s, f["bystander"])
    bonus = [tuple(b) for b in miss["bonus"]]
    if any(v is None for _, v in bonus):
        need(s["figures"][f["attacker"]]["card"], "range_bonus", "a hit adds the Damage Bonus")
    power, line = power_line(0, "accuracy", bonus)
    res = {"kind": "stray", "figure": f["attacker"], "target": f["bystander"], "result": "hit", "power": power, "fated": False,
           "die_name": "the Fate die", "outcome": "success", "poison": miss.get("poison", False), "position": "",
           "steps": [f"the missed projectile passes {name(s, f['bystander'])}: a Fate star, hit with an accuracy of 0", line]}
    d.emit(ShotRolled(f["attacker"], f["bystander"], res))


__all__ = ["leadership", "stray_hit"]
