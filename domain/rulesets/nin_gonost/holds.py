"""Conditions applied to a fight: held (Grab), unconscious defenders, a mob's one target
(nin-gonost.txt § Combat Options, § Attacking Objects or Unconscious Characters, § Mobs).

- Grab: "opponent is held and may not fight or move until free. May attempt to break hold as a STR v STR duel using
  Fight dice": a held figure's attacks, charges and moves are refused (turns' readiness check calls
  :func:`held_check`), and it may not Dodge ("dodger must be unbound, not being grabbed"), Deflect or Catch ("free to
  move"); ``break-hold`` is that duel (reading: each side rolls the Duel die of its STR; 1 AP, the held figure's
  fight; it is free when its roll is higher). It still defends when attacked (reading: defending is not fighting).
- Unconscious: "assumed to roll a 0 and not Fate on every roll. You may not choose a combat option."
- Mobs: the first attack with held AP names the mob's target; further held AP strike only it, never as a Combined
  action, and when it is defeated "their held AP are lost - they may not choose another target".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import Schema, validate

from domain.core import State
from domain.core.decision import Decision
from domain.core.names import possessive
from domain.core.fields import WholeNumber

from .book import KIT, refuse
from .cards import need
from .damage import release
from .events import DuelRolled
from .events_applied import APGained, HeldAPLost, MobTargetChosen
from .fields import FigureId, fate as fate_flag
from .ladder import die_label
from .state import alive, name
from .turns import act, finish

UNCONSCIOUS = "Attacking Objects or Unconscious Characters"


def unconscious_check(s: State, f: Mapping[str, Any], rolls: tuple[str, str] = ("defender_roll", "defender_fate")) -> None:
    """A knocked-out defender rolls 0 and no Fate, and the attacker chooses no combat option."""
    target = s["figures"][f["defender"]] if "defender" in f else None
    if not target or not target["knocked_out"]:
        return
    who = name(s, f["defender"])
    if f[rolls[0]] != 0 or f[rolls[1]]:
        raise refuse(UNCONSCIOUS, f"{who} is unconscious: it is assumed to roll a 0 and not Fate on every roll")
    if f.get("option"):
        raise refuse(UNCONSCIOUS, f"{who} is unconscious: you may not choose a combat option ({f['option']})")
    if f.get("defender_mode", "normal") != "normal":
        raise refuse(UNCONSCIOUS, f"{who} is unconscious: it chooses no fight mode")


def mob_attack(s: State, attacker: str, defender: str, modifiers: tuple[str, ...] | list[str] = ()) -> bool:
    """Whether this attack spends held AP (a mob member's); refuses another target than the mob's and a Combined
    action (§ Mobs: "The attack may not be a Combined action"; ``modifiers``: the attacker's typed ones)."""
    fig, battle = s["figures"][attacker], s["battle"]
    member = fig["done"] and fig["held_ap"] > 0 and battle["active"] is None and fig["warband"] == battle["player"]
    target = battle.get("mob_target")
    if member and target and target != defender:
        raise refuse("Mobs", f"the mob strikes {name(s, target)}: {name(s, attacker)} may not choose another target")
    if member and any(str(m).strip().lower().startswith("combined") for m in modifiers):
        raise refuse("Mobs", f"{name(s, attacker)} strikes with the mob's held AP: the attack may not be a Combined action")
    return bool(member)


def mob_target(d: Decision, attacker: str, defender: str) -> None:
    """The first held-AP attack names the mob's target."""
    if not d.state["battle"].get("mob_target"):
        d.emit(MobTargetChosen(d.state["figures"][attacker]["warband"], defender))


class BreakSchema(Schema):
    figure = FigureId(required=True, metadata={"description": "the held figure"})
    holder = FigureId(required=True)
    roll = WholeNumber(required=True, validate=validate.Range(0), metadata={"description": "the held figure's Duel die number (its STR die)"})
    holder_roll = WholeNumber(required=True, validate=validate.Range(0), metadata={"description": "the holder's Duel die number (its STR die)"})
    fate = fate_flag("the held figure rolled a Fate star")
    holder_fate = fate_flag("the holder rolled a Fate star")


@KIT.action("break-hold", BreakSchema, "A held figure tries to break the hold: STR v STR duel on Duel dice (1 AP)",
            section="Combat Options", reveal=True, args=("figure", "holder", "roll", "holder_roll"))
def break_hold(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Combat Options, Grab: "May attempt to break hold as a STR v STR duel using Fight dice"; free on a higher roll."""
    s, fid, holder = d.state, f["figure"], f["holder"]
    fig = alive(s, fid)
    holders = [h for h, on in (fig.get("held_by") or {}).items() if on]
    if not fig.get("held") or (holders and holder not in holders):
        raise refuse("Combat Options", f"{name(s, fid)} is not held by {name(s, holder) if holder in s['figures'] else holder}")
    mine, theirs = need(fig["card"], "str", "a STR v STR duel"), need(alive(s, holder)["card"], "str", "a STR v STR duel")
    act(d, fid, "break-hold")
    free = f["roll"] > f["holder_roll"]
    res = {"kind": "break-hold", "result": "free" if free else "still held", "effects": [],
           "dice": {fid: {"die": mine, "die_name": die_label(mine, "Duel die"), "number": f["roll"], "fate": f["fate"]},
                    holder: {"die": theirs, "die_name": die_label(theirs, "Duel die"), "number": f["holder_roll"], "fate": f["holder_fate"]}},
           "steps": [f"{name(s, fid)}'s STR {mine}: Duel die #{mine}; {name(s, holder)}'s STR {theirs}: Duel die #{theirs}",
                     f"{name(s, fid)} rolls {f['roll']}, {name(s, holder)} rolls {f['holder_roll']}: "
                     + ("the hold is broken" if free else "the hold stands")]}
    d.emit(DuelRolled(fid, holder, res))
    if free:
        release(d, fid, holder, f"broke {possessive(holder)} hold")
    finish(d, fid)


@KIT.evolves(MobTargetChosen)
def _mob(s: State, e: MobTargetChosen) -> None:
    s["battle"]["mob_target"] = e.target


@KIT.evolves(HeldAPLost)
def _held_lost(s: State, e: HeldAPLost) -> None:
    s["figures"][e.figure]["held_ap"] -= e.ap


@KIT.evolves(APGained)
def _gained(s: State, e: APGained) -> None:
    fig = s["figures"][e.figure]
    fig["ap_left"] += e.ap


__all__ = ["mob_attack", "mob_target", "unconscious_check"]
