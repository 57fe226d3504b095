"""Manna, Morale and lasting conditions (nin-gonost.txt § Taking Damage & Fatigue, § Morale, § Poison,
§ Combat Options: Knock Out, § Manna Weaving, § Heal Friend / Lay On Hands, § Ranged Attacks: nocking).

- Recover: all the turn's AP, only at 0 Manna, not engaged; a CON roll (at -2, being Fatigued).
- Morale Boost: all the turn's AP, only below Normal, not engaged; WIL + Bravery; it recovers up to Normal
  (reading: "To recover Morale, if lower than normal" restores, it does not inspire).
- Poison: a CON roll at the start of each of the poisoned character's turns, before anything else.
- Knocked out: a CON roll to wake up at the end of each turn; an adjacent helper's AP buys an extra roll.
- A Weaver may not spend Manna to bring its total to 0 or lower; Heal Friend never lifts the target above
  the Manna printed on its card.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import Schema, fields, validate

from domain.core import State
from domain.core.decision import Decision
from domain.core.fields import WholeNumber

from .book import KIT, refuse
from .cards import need
from .damage import defeat, lose_manna
from .events_applied import APGained
from .events import ConditionChanged, FigureDefeated, MannaGained, MannaLost, SkillRolled
from .fields import FigureId
from .ladder import Outcome, Shift
from .weapons import bow_in_hand
from .rolls import AccuracySchema, accuracy_roll
from .skills import shift_morale
from .spells import manna_skill_shifts
from .state import MORALE, alive, manna, morale_shift, name
from .turns import act, finish


class FigureOnly(Schema):
    figure = FigureId(required=True)


class WakeSchema(AccuracySchema):
    helper = FigureId(load_default="", metadata={"description": "an adjacent character spending 1 AP for this extra roll"})


class WeaveSchema(Schema):
    figure = FigureId(required=True)
    manna = WholeNumber(required=True, validate=validate.Range(1, 10), metadata={"description": "Manna Points spent"})
    ap = WholeNumber(load_default=1, validate=validate.Range(0, 10), metadata={"description": "AP the Manna Skill costs"})
    skill = fields.String(required=True, validate=validate.Length(1, 60), metadata={"description": "the Manna Skill, as its card names it"})


class HealSchema(AccuracySchema):
    target = FigureId(required=True)
    trained = fields.Boolean(load_default=False, metadata={"description": "the card lists Heal Friend (only for cards whose skills are unprinted)"})


def _whole_turn(d: Decision, fid: str, verb: str, section: str) -> None:
    """Recover and Morale Boost take the character's total maximum APs in a single turn."""
    s = d.state
    fig = s["figures"][fid]
    if fig["warband"] != s["battle"]["player"] or fig["done"] or (s["battle"]["active"] == fid and fig["ap_left"] < fig["card"]["ap"]):
        raise refuse(section, f"{verb} takes all of {name(s, fid)}'s {fig['card']['ap']} AP in a single turn, spent at its start")
    act(d, fid, verb, fig["card"]["ap"])


@KIT.action("nock-arrow", FigureOnly, "Nock an arrow (1 AP)", section="Ranged Attacks", args=("figure",))
def nock_arrow(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Ranged Attacks: nocking costs 1 AP; a broken arrow or any Other Action unnocks it."""
    if alive(d.state, f["figure"])["nocked"]:
        raise refuse("Ranged Attacks", f"{name(d.state, f['figure'])} already has an arrow nocked")
    bow_in_hand(d.state, f["figure"])
    act(d, f["figure"], "nock-arrow")
    d.emit(ConditionChanged(f["figure"], "nocked", True, "nocked an arrow"))
    finish(d, f["figure"])


@KIT.action("recover", AccuracySchema, "At 0 Manna, spend the whole turn to recover: CON roll (at -2, Fatigued)",
            section="Recover", reveal=True, args=("figure", "face"))
def recover(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Recover: Success 1 Manna; Perfect Success 1 Manna and one AP this turn; Critical Failure: dead."""
    s, fid = d.state, f["figure"]
    fig = alive(s, fid)
    if manna(fig) != 0:
        raise refuse("Recover", f"only characters with 0 Manna may recover; {name(s, fid)} has {manna(fig)}")
    outcome, _, res = accuracy_roll(s, fid, need(fig["card"], "con", "Recover is a CON roll"), "CON", f)
    _whole_turn(d, fid, "recover", "Recover")
    d.emit(SkillRolled(fid, "recover", "", dict(res, kind="recover")))
    if outcome.succeeded:
        d.emit(MannaGained(fid, 1, f"Recover ({outcome.value})"))
    if outcome is Outcome.CRITICAL_FAILURE:
        defeat(d, fid, "Recover, Critical Failure")
    if outcome is Outcome.PERFECT_SUCCESS and not d.state["figures"][fid]["defeated"]:
        d.emit(APGained(fid, 1, "Recover, Perfect Success: one AP to use this turn"))
    finish(d, fid)


@KIT.action("morale-boost", AccuracySchema, "Below Normal Morale, spend the whole turn: WIL + Bravery roll",
            section="Morale Boost", reveal=True, args=("figure", "face"))
def morale_boost(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Morale Boost: Success +1, Perfect Success +2 (up to Normal), Critical Failure drops another level."""
    s, fid = d.state, f["figure"]
    fig = alive(s, fid)
    if MORALE.index(fig["morale"]) >= MORALE.index("normal"):
        raise refuse("Morale Boost", f"{name(s, fid)}'s Morale is {fig['morale'].title()}: a Morale Boost is only for Morale lower than Normal")
    bravery = (fig["card"].get("skills") or {}).get("bravery")
    extra = morale_shift(fig) + ([Shift("Bravery", bravery)] if bravery else [])
    outcome, _, res = accuracy_roll(s, fid, need(fig["card"], "wil", "Morale Boost is a WIL roll"), "WIL", f, extra)
    _whole_turn(d, fid, "morale-boost", "Morale Boost")
    d.emit(SkillRolled(fid, "morale-boost", "", dict(res, kind="morale-boost")))
    up = {Outcome.SUCCESS: 1, Outcome.PERFECT_SUCCESS: 2, Outcome.CRITICAL_FAILURE: -1}.get(outcome, 0)
    room = MORALE.index("normal") - MORALE.index(fig["morale"])
    if up:
        shift_morale(d, fid, min(up, room), f"Morale Boost ({outcome.value})")
    finish(d, fid)


@KIT.action("poison-roll", AccuracySchema, "A poisoned character's CON roll at the start of its turn (free)",
            section="Poison", reveal=True, args=("figure", "face"))
def poison_roll(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Poison: Failure 1 Manna; Critical Failure killed; Success no effect; Perfect Success cured."""
    s, fid = d.state, f["figure"]
    fig = alive(s, fid, "Poison")
    if not fig["poison_due"]:
        raise refuse("Poison", f"{name(s, fid)} has no Poison roll due (one comes at the start of each of its turns while poisoned)")
    outcome, _, res = accuracy_roll(s, fid, need(fig["card"], "con", "Poison is a CON roll"), "CON", f, aim=False)
    d.emit(SkillRolled(fid, "poison-roll", "", dict(res, kind="poison-roll")))
    if outcome is Outcome.FAILURE:
        lose_manna(d, fid, 1, "Poison")
    elif outcome is Outcome.CRITICAL_FAILURE:
        defeat(d, fid, "Poison, Critical Failure")
    elif outcome is Outcome.PERFECT_SUCCESS:
        d.emit(ConditionChanged(fid, "poisoned", False, "Poison cured (Perfect Success)"))


@KIT.action("regain-consciousness", WakeSchema, "A knocked out character's CON roll to wake up (end of each turn, or a helper's AP)",
            section="Combat Options", reveal=True, args=("figure", "face"))
def regain(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Knock Out: Success wakes (still prone); Perfect Success stands at once; Critical Failure: never this game."""
    s, fid = d.state, f["figure"]
    fig = alive(s, fid)
    if not fig["knocked_out"] or fig["never_wakes"]:
        raise refuse("Combat Options", f"{name(s, fid)} is {'never waking this game' if fig['never_wakes'] else 'not knocked out'}")
    outcome, _, res = accuracy_roll(s, fid, need(fig["card"], "con", "waking is a CON roll"), "CON", f, aim=False)
    if f["helper"]:
        act(d, f["helper"], "manipulate", 1)
    d.emit(SkillRolled(fid, "regain-consciousness", f["helper"], dict(res, kind="regain-consciousness")))
    if outcome.succeeded:
        d.emit(ConditionChanged(fid, "knocked_out", False, f"woke up ({outcome.value})"))
    if outcome is Outcome.PERFECT_SUCCESS:
        d.emit(ConditionChanged(fid, "prone", False, "stood up with no AP cost"))
    if outcome is Outcome.CRITICAL_FAILURE:
        d.emit(ConditionChanged(fid, "never_wakes", True, "Critical Failure: never regains consciousness this game"))
    if f["helper"]:
        finish(d, f["helper"])


@KIT.action("weave-manna", WeaveSchema, "A Manna Weaver spends Manna on a Manna Skill (never to 0 or below); its effect is recorded",
            section="Manna Weaving", args=("figure", "manna"))
def weave(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Manna Weaving: CTR 0 may not weave; a Weaver may not spend Manna to lower its total to 0 or lower."""
    s, fid = d.state, f["figure"]
    fig = alive(s, fid)
    if need(fig["card"], "ctr", "CTR 0 may not weave") == 0:
        raise refuse("Manna Weaving", f"{name(s, fid)} has CTR 0: no spells or Manna skills under any condition")
    manna_skill_shifts(s, fid, f["skill"])
    left = need(fig["card"], "manna", "the Manna left")
    left -= fig["manna_lost"]
    if left - f["manna"] <= 0:
        raise refuse("Manna Weaving", f"{name(s, fid)} has {left} Manna: spending {f['manna']} would bring it to {left - f['manna']}; a Weaver may not spend to 0 or lower")
    act(d, fid, "weave-manna", f["ap"])
    d.emit(MannaLost(fid, f["manna"], f"wove {f['skill']}"))
    finish(d, fid)


@KIT.action("heal-friend", HealSchema, "Lay On Hands: heal an adjacent friend by the die roll (2 AP, 2 MP; Good only)",
            section="Heal Friend / Lay On Hands", reveal=True, args=("figure", "target", "face"))
def heal_friend(d: Decision, f: Mapping[str, Any]) -> None:
    """Success: the caster spends 2 MP and the target heals the die roll, never above its printed Manna, and
    is cured of poison, woken and +1 Morale; Perfect Success costs 1 MP; Failure 1 MP; Critical Failure 2 MP."""
    s, fid, tid = d.state, f["figure"], f["target"]
    fig, target = alive(s, fid), alive(s, f["target"])
    if fid == tid:
        raise refuse("Heal Friend / Lay On Hands", "Heal Friend may not target self")
    extra = manna_skill_shifts(s, fid, "heal-friend", f["trained"])
    if need(fig["card"], "manna", "a Weaver's Manna") - fig["manna_lost"] - 2 <= 0:
        raise refuse("Manna Weaving", f"{name(s, fid)} may not spend Manna to bring its total to 0 or lower")
    outcome, number, res = accuracy_roll(s, fid, need(fig["card"], "ctr", "Heal Friend rolls CTR"), "CTR", f, morale_shift(fig) + extra)
    act(d, fid, "heal-friend")
    d.emit(SkillRolled(fid, "heal-friend", tid, dict(res, kind="heal-friend")))
    cost = {Outcome.PERFECT_SUCCESS: 1, Outcome.SUCCESS: 2, Outcome.FAILURE: 1, Outcome.CRITICAL_FAILURE: 2}[outcome]
    d.emit(MannaLost(fid, cost, f"Heal Friend ({outcome.value})"))
    if outcome.succeeded:
        room = target["manna_lost"] if target["card"].get("manna") is not None else number
        if min(number, room):
            d.emit(MannaGained(tid, min(number, room), f"healed by {name(s, fid)} (not above the printed Manna)"))
        for cond in ("poisoned", "knocked_out"):
            if target[cond]:
                d.emit(ConditionChanged(tid, cond, False, "Heal Friend"))
        shift_morale(d, tid, 1, "Heal Friend")
    finish(d, fid)


@KIT.evolves(MannaLost)
def _lost(s: State, e: MannaLost) -> None:
    s["figures"][e.figure]["manna_lost"] += e.amount


@KIT.evolves(MannaGained)
def _gained(s: State, e: MannaGained) -> None:
    s["figures"][e.figure]["manna_lost"] -= e.amount


@KIT.evolves(FigureDefeated)
def _defeated(s: State, e: FigureDefeated) -> None:
    fig = s["figures"][e.figure]
    fig.update(defeated=True, ap_left=0, saved_ap=0, held_ap=0, done=True, speed="stop", engaged=[])
    if s["battle"]["active"] == e.figure:
        s["battle"]["active"] = None

