"""Hand to hand combat: attacks, Charges and Counter Strikes (nin-gonost.txt § Fighting, § Charge, Playsheet).

Both characters roll the Duel die of their Fight skill shifted by: Fatigue -2, the fight mode (All Out -1,
Cautious +1, Defensive +2), a Charge (-1 at Walk, -2 at Run), +1 per AP for the higher card AP total,
fighting prone -3, Morale (Scared: Defensive -2, Terrified: Defensive -4), a Counter Strike's +1 (never
stacking), Grab -2 and the players' modifiers (rear, extra opponents, combined actions...). Damage Bonus
terms: the card's Fight bonus, All Out +2, Cautious -2, Charge +1 at Walk / +2 at Run.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from marshmallow import Schema, fields, validate

from domain.core import State
from domain.core.decision import Decision
from domain.core.fields import WholeNumber

from .arms import fight_terms, strength
from .book import KIT, refuse
from .cards import need
from .damage import apply_effects
from .events import ConditionChanged, Disengaged, DuelRolled, Engaged, SpeedChanged
from .backstab import backstab
from .holds import mob_attack, mob_target, unconscious_check
from .positions import card_skill, fight_computed, from_field, reconcile
from .fields import Face, FigureId, fate as fate_flag, modifier_list, parse_modifier
from .ladder import Shift, die_label, shifted
from .resolve import Fighter, duel
from .state import alive, common_shifts, name
from .turns import act, finish

MODES = {"normal": (0, 0), "all-out": (-1, 2), "cautious": (1, -2), "defensive": (2, 0)}
"""Playsheet § Fight modes: die steps and Damage Bonus."""
OPTIONS = ("", "knock-out", "trip", "disarm", "knock-back", "grab", "disengage")
CHARGE = {"walk": (-1, 1), "run": (-2, 2)}
"""§ Charge: Fight Die -1 / +1 Damage at Walk, -2 / +2 at Run."""


class DuelSchema(Schema):
    attacker = FigureId(required=True)
    defender = FigureId(required=True)
    attacker_roll = WholeNumber(required=True, validate=validate.Range(0), metadata={"description": "the attacker's Duel die number"})
    defender_roll = WholeNumber(required=True, validate=validate.Range(0), metadata={"description": "the defender's Duel die number"})
    attacker_fate = fate_flag("the attacker rolled a Fate star")
    defender_fate = fate_flag("the defender rolled a Fate star")
    mode = fields.String(load_default="normal", validate=validate.OneOf(MODES), metadata={"description": "the attacker's fight mode"})
    defender_mode = fields.String(load_default="normal", validate=validate.OneOf(MODES), metadata={"description": "the defender's fight mode"})
    option = fields.String(load_default="", validate=validate.OneOf(OPTIONS), metadata={"description": "a combat option instead of damage"})
    attacker_modifier = modifier_list("the attacker's die modifiers, e.g. rear-strike,extra-opponent=1")
    defender_modifier = modifier_list("the defender's die modifiers, e.g. struck-from-rear")
    poison = fields.Boolean(load_default=False, metadata={"description": "the attacker's weapon has Poison"})
    position = from_field()
    backstab_face = Face(metadata={"description": "attacked from the rear: the defender's PER roll (§ Backstab)"})
    backstab_fate = fate_flag("the defender's Backstab PER roll had a Fate star")
    spin = fields.String(load_default="", validate=validate.OneOf(("", "north", "east", "south", "west")),
                         metadata={"description": "a Backstab Perfect Success: the facing the defender spins to (left out: it keeps its back turned)"})


class ChargeSchema(DuelSchema):
    speed = fields.String(required=True, validate=validate.OneOf(("walk", "run")), metadata={"description": "the speed of the charging move"})


class CounterSchema(Schema):
    attacker_roll = WholeNumber(required=True, validate=validate.Range(0))
    defender_roll = WholeNumber(required=True, validate=validate.Range(0))
    attacker_fate = fate_flag("the attacker rolled a Fate star")
    defender_fate = fate_flag("the defender rolled a Fate star")


def _mode_check(s: State, fid: str, mode: str, attacking: bool) -> None:
    """All Out is for attackers; Morale limits the modes (§ Morale, Playsheet § Morale levels)."""
    fig, who = s["figures"][fid], name(s, fid)
    if mode == "all-out" and not attacking:
        raise refuse("Combat Options", f"All Out is attacker only: {who} defends")
    morale = fig["morale"]
    if morale == "intimidated" and mode not in ("cautious", "defensive"):
        raise refuse("Morale", f"{who} is Intimidated: it may only fight Cautious or Defensive")
    if morale in ("scared", "terrified"):
        if attacking:
            raise refuse("Morale", f"{who} is {morale.title()}: it may not engage or attack any opponent")
        if mode != "defensive":
            raise refuse("Morale", f"{who} is {morale.title()}: it fights Defensive ({'-2' if morale == 'scared' else '-4'})")


def _side(s: State, fid: str, other: str, mode: str, modifiers: list, charge: str = "", option: str = "",
          computed: list[Shift] = ()) -> dict[str, Any]:
    """One fighter's die shifts and Damage Bonus terms (stored for a Counter Strike to reuse)."""
    fig, foe = s["figures"][fid], s["figures"][other]
    die, dmg = MODES[mode]
    shifts = common_shifts(fig) + ([Shift(mode.replace("-", " ").title(), die)] if die else [])
    bonus = fight_terms(fig) + ([[mode.replace("-", " ").title(), dmg]] if dmg else [])
    if charge:
        shifts.append(Shift(f"Charge at {charge.title()}", CHARGE[charge][0]))
        bonus.append([f"Charge at {charge.title()}", CHARGE[charge][1]])
    mine, theirs = fig["card"]["ap"], foe["card"]["ap"]
    if mine is not None and theirs is not None and mine > theirs:
        shifts.append(Shift("Higher Action Point total", mine - theirs))
    if fig["prone"]:
        shifts.append(Shift("Fighting Prone", -3))
    if fig["morale"] in ("scared", "terrified"):
        shifts.append(Shift(f"Morale {fig['morale'].title()}", -2 if fig["morale"] == "scared" else -4))
    if fig.get("edges", {}).get(other):
        shifts.append(Shift("Examine Fight Technique", fig["edges"][other]))
    if option == "grab":
        shifts.append(Shift("Grab", -2))
    typed = [parse_modifier(m) for m in modifiers]
    shifts += list(computed) + typed
    return {"figure": fid, "mode": mode, "option": option, "shifts": [[x.label, x.steps] for x in shifts], "bonus": bonus,
            "typed": [[x.label, x.steps] for x in typed]}


def _fighter(s: State, side: dict[str, Any], number: int, fate_: bool, counter: bool) -> tuple[Fighter, str, int]:
    """The :class:`Fighter` for ``side`` with its die line; a Counter Strike adds +1 for its Fate roller."""
    fid = side["figure"]
    fig = s["figures"][fid]
    shifts = [Shift(label, steps) for label, steps in side["shifts"]] + ([Shift("Counter Strike", 1)] if counter else [])
    step, line = shifted(need(fig["card"], "fight_die", "the Fight die"), shifts, f"{name(s, fid)}'s Fight", "Duel die")
    card = fig["card"]
    stats = {k: card.get(k) for k in ("str", "con", "wgt")} | {"str": strength(fig)}
    return (Fighter(fid, name(s, fid), number, fate_, [tuple(b) for b in side["bonus"]], card.get("res"), card.get("con"),
                    side["mode"] != "defensive", side["option"], stats), line, step)


def _roll(d: Decision, a_side: dict, b_side: dict, f: Mapping[str, Any], fated: str = "") -> None:
    """Resolve one exchange of Duel dice and emit its events (engaged, damage, a Counter Strike pending)."""
    s = d.state
    a, a_line, a_step = _fighter(s, a_side, f["attacker_roll"], f["attacker_fate"], fated == a_side["figure"])
    b, b_line, b_step = _fighter(s, b_side, f["defender_roll"], f["defender_fate"], fated == b_side["figure"])
    a, a_weak, a_res = weakened(s, a, b.figure)
    b, b_weak, b_res = weakened(s, b, a.figure)
    _need_values(s, a, b)
    res = duel(a, b, beginner=s["rules"] == "beginner")
    res["steps"] = [a_line, b_line] + a_weak + b_weak + res["steps"]
    res["res_modifiers"] = a_res + b_res
    res.update(dice={a.figure: {"die": a_step, "die_name": die_label(a_step, "Duel die"), "number": a.number, "fate": a.fate},
                     b.figure: {"die": b_step, "die_name": die_label(b_step, "Duel die"), "number": b.number, "fate": b.fate}},
               sides=[a_side, b_side], poison=f.get("poison", False), counter=fated)
    d.emit(DuelRolled(a.figure, b.figure, res))
    if b.figure not in s["figures"][a.figure]["engaged"]:
        d.emit(Engaged(sorted([a.figure, b.figure])))
        for x in (a.figure, b.figure):
            if d.state["figures"][x]["sneaking"]:
                d.emit(ConditionChanged(x, "sneaking", False, "engaged in combat (§ Sneak)"))
    if res["result"] == "disengaged":
        d.emit(Disengaged(sorted([a.figure, b.figure])))
    apply_effects(d, res["effects"], "Combat Roll", poison=res["poison"] and res.get("winner") == a.figure)


def weakened(s: State, target: Fighter, spotter: str) -> tuple[Fighter, list[str], list[list]]:
    """``target`` with its RES lowered by ``spotter``'s Spot Weakness (-1, Perfect Success -2), the line saying so and
    the change for the roll view's ``applied`` (``[[target, "Spot Weakness by NAME", -1]]``), § Spot Weakness."""
    minus = (s["figures"][spotter].get("weakness") or {}).get(target.figure, 0)
    if not minus or target.res is None:
        return target, [], []
    label = f"Spot Weakness by {name(s, spotter)}"
    return (replace(target, res=target.res - minus),
            [f"{target.name}'s RES {target.res} -{minus} ({label}) = {target.res - minus} against {name(s, spotter)}"],
            [[target.figure, label, -minus]])


def _need_values(s: State, a: Fighter, b: Fighter) -> None:
    """The winner's Damage Bonus and the loser's RES / CON must be known when the comparison reaches them."""
    if a.number == b.number:
        return
    winner, loser = (a, b) if a.number > b.number else (b, a)
    if not winner.may_damage or (loser.fate and not winner.fate):
        return
    if any(v is None for _, v in winner.bonus):
        need(s["figures"][winner.figure]["card"], "fight_bonus", "the winner adds its Damage Bonus")
        need(s["figures"][winner.figure]["card"], "str", "disarmed, it fights unarmed at STR - 1 (§ Components In Nîn-Gonost)")
    if winner.option:
        key = {"knock-out": "con", "grab": "con", "trip": "wgt", "disarm": "str", "knock-back": "wgt", "disengage": "res"}[winner.option]
        need(s["figures"][loser.figure]["card"], key, f"the {winner.option} test")
        if winner.option == "knock-back":
            need(s["figures"][winner.figure]["card"], "str", "Knock Back adds STR")
        return
    power = winner.number - loser.number + sum(v for _, v in winner.bonus)
    fated = winner.fate and not loser.fate
    card = s["figures"][loser.figure]["card"]
    if not fated:
        need(card, "res", "Power against RES")
    if s["rules"] != "beginner" and (fated or power <= loser.res):
        need(card, "con", "Power against CON")


def _check_pair(s: State, f: Mapping[str, Any]) -> None:
    if f["attacker"] == f["defender"]:
        raise refuse("Fighting", "a character does not fight itself")
    alive(s, f["defender"])
    target = s["figures"][f["defender"]]
    if (target["sneaking"] or target.get("unseen")) and f["attacker"] not in target["engaged"]:
        raise refuse("Sneak", f"{name(s, f['defender'])} is sneaking: enemies may not engage it in combat")
    _mode_check(s, f["attacker"], f["mode"], True)
    unconscious_check(s, f)
    if not target["knocked_out"]:
        _mode_check(s, f["defender"], f["defender_mode"], False)


def _sides(d: Decision, f: Mapping[str, Any], charge: str) -> tuple[dict, dict]:
    """Both fighters' shifts: the Backstab roll when struck from the rear, then the computed and typed modifiers."""
    back = backstab(d, f)
    s = d.state
    mine, theirs = fight_computed(s, f, back)
    if f["option"] == "disengage":
        mine.update(card_skill(s["figures"][f["attacker"]], "acrobat"))
    a_typed, a_comp = reconcile(f["attacker_modifier"], mine, "Fighting", "the engagements, position and card")
    b_typed, b_comp = reconcile(f["defender_modifier"], theirs, "Fighting", "the engagements and position")
    a = _side(s, f["attacker"], f["defender"], f["mode"], a_typed, charge=charge, option=f["option"], computed=a_comp)
    b = _side(s, f["defender"], f["attacker"], f["defender_mode"], b_typed, computed=b_comp)
    return a, b


@KIT.action("attack", DuelSchema, "Attack an adjacent opponent: both roll Duel dice (1 AP; defending is free)",
            section="Combat Roll", reveal=True, args=("attacker", "defender", "attacker_roll", "defender_roll"))
def attack(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Combat Roll: the higher roll wins; Power = difference + the winner's Damage Bonus."""
    s = d.state
    alive(s, f["attacker"])
    _check_pair(s, f)
    verb = "disengage" if f["option"] == "disengage" else "attack"
    mob = mob_attack(s, f["attacker"], f["defender"], f["attacker_modifier"])
    act(d, f["attacker"], verb, mob=True)
    if mob:
        mob_target(d, f["attacker"], f["defender"])
    a, b = _sides(d, f, "")
    _roll(d, a, b, f)
    finish(d, f["attacker"])


@KIT.action("charge", ChargeSchema, "Move next to an opponent and fight in the same AP (-1 die +1 Damage at Walk, -2 +2 at Run)",
            section="Charge", reveal=True, args=("attacker", "defender", "speed", "attacker_roll", "defender_roll"))
def charge(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Charge: not against a character already engaged with it; no Stop to Run; ends Stopped with no roll."""
    s = d.state
    fig = alive(s, f["attacker"])
    _check_pair(s, f)
    if f["defender"] in fig["engaged"]:
        raise refuse("Charge", f"{name(s, f['attacker'])} is already engaged with {name(s, f['defender'])}: no Charge")
    if f["speed"] == "run" and fig["speed"] == "stop":
        raise refuse("Speeds", f"{name(s, f['attacker'])} is Stopped: no Stop to Run without a Walk first")
    if f["speed"] == "run" and fig["rotated"]:
        raise refuse("Free Rotate", f"{name(s, f['attacker'])} just made a free rotation: it must not Run on its next action")
    act(d, f["attacker"], "charge")
    a, b = _sides(d, f, f["speed"])
    _roll(d, a, b, f)
    if not d.state["figures"][f["attacker"]]["defeated"]:
        d.emit(SpeedChanged(f["attacker"], "stop", "a Charge ends in a sudden stop, no roll needed"))
    finish(d, f["attacker"])


@KIT.action("counter-strike", CounterSchema, "Roll the Counter Strike after a tie with one Fate (free; +1 die to the Fate roller)",
            section="Combat Roll", reveal=True, args=("attacker_roll", "defender_roll"))
def counter_strike(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Combat Roll: immediate, no AP, same fight options, +1 die for the one who rolled Fate; it never adds up."""
    pending = d.state["battle"]["pending"]
    if not pending or pending["kind"] != "counter-strike":
        raise refuse("Combat Roll", "no Counter Strike is due: one follows a tie where exactly one side rolled Fate")
    unconscious_check(d.state, {"defender": pending["sides"][1]["figure"], **f})
    _roll(d, pending["sides"][0], pending["sides"][1], dict(f, poison=pending.get("poison", False)), fated=pending["fated"])
    active = d.state["battle"]["active"]
    if active:
        finish(d, active)


@KIT.evolves(DuelRolled)
def _duel(s: State, e: DuelRolled) -> None:
    res = e.resolution
    s["last_roll"] = res
    s["rolls"] += 1
    s["figures"][e.defender]["attacked"] = True
    battle = s["battle"]
    battle["pending"] = None
    if res["result"] == "counter-strike":
        who = s["figures"][res["fated"]]["card"]["name"]
        battle["pending"] = {"kind": "counter-strike", "section": "Combat Roll", "sides": res["sides"], "fated": res["fated"],
                             "poison": res.get("poison", False), "what": f"a Counter Strike ({who} at +1 die)",
                             "how": "counter-strike ATTACKER_ROLL DEFENDER_ROLL"}


@KIT.evolves(Engaged)
def _engaged(s: State, e: Engaged) -> None:
    a, b = e.figures
    s["figures"][a]["engaged"] = sorted(set(s["figures"][a]["engaged"]) | {b})
    s["figures"][b]["engaged"] = sorted(set(s["figures"][b]["engaged"]) | {a})


@KIT.evolves(Disengaged)
def _disengaged(s: State, e: Disengaged) -> None:
    a, b = e.figures
    s["figures"][a]["engaged"] = [x for x in s["figures"][a]["engaged"] if x != b]
    s["figures"][b]["engaged"] = [x for x in s["figures"][b]["engaged"] if x != a]
