"""Shooting, throwing and the target's free reactions (nin-gonost.txt § Ranged Attacks, § Thrown Items, § Skills).

A shot rolls the Range die (shifted by the ranged modifiers, Concentrating to aim, a prone / engaged / sneaking
target); a hit's Power = accuracy + Damage Bonus waits for the target's reaction: ``dodge`` (DEX), ``deflect``
(DEX -1, +1 with a shield), ``catch`` (DEX -2), or ``take-hit``. A reaction's success reduces the Power by the
number rolled (the Dodge Example: 9 - 2 = 7, the printed "8 minus the dodge of 2" being a misprint).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import Schema, fields, validate

from domain.core import State
from domain.core.decision import Decision
from domain.core.fields import WholeNumber

from .arms import strength, throw_terms
from .weapons import bow_in_hand, thrown_weapon
from .book import KIT, refuse
from .cards import need
from .damage import apply_effects
from .events import ConditionChanged, HitTaken, ReactionRolled, ShotRolled
from .events_applied import WeaponMoved
from .fields import FigureId
from .positions import card_skill, from_field, ranged_computed, reconcile, sight_arc
from .ladder import Outcome, Shift
from .resolve import against, reduce_power, shot, thrown_range
from .rolls import AccuracySchema, accuracy_roll
from .skills import shift_morale
from .state import alive, name
from .turns import act, finish


NOCK_AND_FIRE = -2
"""§ Combined Actions: "the bow is fired at and additional -2 die modifier beyond other combined action penalties and a
-2 damage modifier" (Kurtz's example: -3 with one more action; the orc example's -1 is not followed)."""


class ShootSchema(AccuracySchema):
    target = FigureId(required=True)
    poison = fields.Boolean(load_default=False, metadata={"description": "the projectile has Poison"})
    position = from_field()
    distance = WholeNumber(validate=validate.Range(1, 100), metadata={"description": "spaces to the target (Close / Long Range from it)"})


class ThrowSchema(ShootSchema):
    distance = WholeNumber(required=True, validate=validate.Range(1, 100), metadata={"description": "spaces to the target"})
    weapon = fields.String(load_default="", validate=validate.Length(0, 40), metadata={"description": "the weapon thrown (dagger, battle-axe...)"})
    object_weight = WholeNumber(validate=validate.Range(0, 100), metadata={"description": "WGT of a thrown non-weapon (its Throw Modifier is -WGT)"})
    damage_bonus = WholeNumber(metadata={"description": "the thrown item's Damage Bonus when the card and table do not give it"})


class BowSchema(ShootSchema):
    nock_and_fire = fields.Boolean(load_default=False, metadata={"description": "nock and shoot in one combined AP: die -2 and Damage Bonus -2 (§ Combined Actions)"})


class ReactSchema(AccuracySchema):
    shield = fields.Boolean(load_default=False, metadata={"description": "Deflect: carrying a shield or buckler (+1)"})


class TakeSchema(Schema):
    target = FigureId(required=True)
    fate = fields.Boolean(load_default=False, metadata={"description": "Beginner's Rule: the target's Fate die to dodge"})


def _target_shifts(s: State, target: str) -> list[Shift]:
    """Ranged modifiers Questlog knows: Target Prone -1, Target engaged -1, a sneaking target -2 (§ Sneak)."""
    t = s["figures"][target]
    out = [Shift("Target Prone", -1)] if t["prone"] else []
    out += [Shift("Target engaged in combat", -1)] if t["engaged"] else []
    out += [Shift("Target sneaking", -2)] if t["sneaking"] else []
    return out


def _fire(d: Decision, f: Mapping[str, Any], verb: str, base: int, bonus: list, extra: list[Shift], pre: list[str],
          weapon: str = "") -> None:
    """Roll, record the shot and leave a hit pending for the target's reaction. A tracked ``weapon`` thrown lands in
    the target's space, hit or miss (§ Line Of Sight and Cover), or breaks on a Critical Failure (§ Ranged Attack)."""
    s, fid, target = d.state, f["figure"], f["target"]
    if fid == target:
        raise refuse("Ranged Attacks", "a character does not shoot itself")
    t = alive(s, target)
    if t.get("unseen"):
        raise refuse("Sneak", f"{name(s, target)} sneaks with a Perfect Success: enemies may not attack it")
    typed, computed = reconcile(f["modifier"], ranged_computed(s, fid, target, f.get("distance"), f.get("position", "")),
                                "Ranged Attacks", "the distance, the target's speed and the position")
    outcome, number, res = accuracy_roll(s, fid, base, "Range", dict(f, modifier=typed), extra + computed + _target_shifts(s, target))
    if outcome.succeeded and any(v is None for _, v in bonus):
        need(s["figures"][fid]["card"], "range_bonus", "a hit adds the Damage Bonus")
    act(d, fid, verb)
    out = shot(outcome, number, bonus, res["steps"][-1])
    res.update(kind=verb, target=target, result=out["result"], power=out.get("power"), fated=out.get("fated", False),
               steps=pre + res["steps"][:-1] + out["steps"], poison=f["poison"], position=f.get("position", ""),
               bonus=[list(b) for b in bonus])
    d.emit(ShotRolled(fid, target, res))
    if verb == "shoot" and d.state["figures"][fid]["nocked"]:
        d.emit(ConditionChanged(fid, "nocked", False, "the arrow was loosed"))
    if weapon:
        broke = outcome is Outcome.CRITICAL_FAILURE
        if verb == "throw":
            d.emit(WeaponMoved(fid, weapon, "broken" if broke else "lying", "" if broke else target,
                               "broken on a Critical Failure: may not be retrieved" if broke else f"thrown at {target}"))
        elif broke:
            d.emit(WeaponMoved(fid, weapon, "broken", "", "broken on a Critical Failure: 4 AP to repair"))
    if out["result"] != "hit":
        finish(d, fid)


@KIT.action("shoot", BowSchema, "Fire a nocked arrow or bolt at a target in sight: Range die (1 AP)",
            section="Ranged Attack", reveal=True, args=("figure", "target", "face"))
def shoot(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Ranged Attack: Power = accuracy + the Range Damage Bonus; a bow must be nocked first."""
    fig = alive(d.state, f["figure"])
    weapon = bow_in_hand(d.state, f["figure"])
    combined = f.get("nock_and_fire")
    if combined and fig["nocked"]:
        raise refuse("Combined Actions", f"{name(d.state, f['figure'])} already has an arrow nocked: shoot without --nock-and-fire")
    if not fig["nocked"] and not combined:
        raise refuse("Ranged Attacks", f"{name(d.state, f['figure'])} has no arrow nocked: nock-arrow first (1 AP), or --nock-and-fire")
    card = fig["card"]
    bonus = [("Range bonus", card.get("range_bonus"))] + ([("Nock and fire", NOCK_AND_FIRE)] if combined else [])
    extra = [Shift("Nock and fire", NOCK_AND_FIRE)] if combined else []
    _fire(d, f, "shoot", need(card, "range_die", "the Range die"), bonus, extra, [], weapon or "")


@KIT.action("throw", ThrowSchema, "Throw a weapon or object: range STR + Throw Modifier + 3, Range die + Throw Modifier (1 AP)",
            section="Thrown Items", reveal=True, args=("figure", "target", "face"))
def throw(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Thrown Items and § Throwing Non-Weapons: a non-weapon's Throw Modifier is minus its WGT."""
    s = d.state
    fig = alive(s, f["figure"])
    card = fig["card"]
    weapon = thrown_weapon(s, f)
    if weapon:
        f = dict(f, weapon=weapon)
    modifier, bonus = _throw_terms(card, f)
    need(card, "str", "the throwing range")
    most, line = thrown_range(strength(fig), modifier)
    if f["distance"] > most:
        raise refuse("Thrown Items", f"{line}: {name(s, f['figure'])} cannot throw {f['distance']} spaces")
    extra = [Shift("Throw Modifier", modifier)] if modifier else []
    _fire(d, f, "throw", need(card, "range_die", "the Range die"), [("thrown item's bonus", bonus)], extra,
          [f"{line}; the target is {f['distance']} away"], weapon or "")


def _throw_terms(card: dict[str, Any], f: Mapping[str, Any]) -> tuple[int, int | None]:
    """(Throw Modifier, Damage Bonus) of what is thrown: the Advanced Weapons Table, the card's equipment, or
    given; a weapon the table does not list throws at 0 (Sir Galwen's dagger "has no range modifier"). A non-weapon
    throws at -WGT (die and distance) and hits at +WGT (reading: the Squire example, see docs/games/nin-gonost.md)."""
    if f.get("object_weight") is not None:
        wgt = f["object_weight"]
        if f.get("damage_bonus") not in (None, wgt):
            raise refuse("Throwing Non-Weapons", f"a thrown non-weapon of WGT {wgt} hits at +{wgt} (the Squire example's \"+6 damage bonus\" "
                         f"for WGT 6), not {f['damage_bonus']:+d}")
        return -wgt, wgt
    modifier, printed = throw_terms(card, f["weapon"]) if f["weapon"] else (0, None)
    bonus = f.get("damage_bonus")
    if bonus is None:
        bonus = printed
    if bonus is None:
        raise refuse("Thrown Items", f"the Damage Bonus of {f['weapon'] or 'the thrown weapon'} is not known: give --weapon from the card or --damage-bonus")
    return modifier, bonus


def _pending_hit(s: State, target: str) -> dict[str, Any]:
    pending = s["battle"]["pending"]
    if not pending or pending["kind"] != "hit" or pending["target"] != target:
        raise refuse("Ranged Attack", f"no hit is waiting on {name(s, target) if target in s['figures'] else target}")
    return pending


def _land(d: Decision, hit: dict[str, Any], res: dict[str, Any], power: int, fated: bool) -> None:
    """Power against the target's RES and CON once the reaction (or none) is known."""
    s, target = d.state, hit["target"]
    card = s["figures"][target]["card"]
    beginner = s["rules"] == "beginner"
    if power > 0 or fated:
        res_value = need(card, "res", "Power against RES") if not fated else card.get("res")
        minus = (s["figures"][hit["attacker"]].get("weakness") or {}).get(target, 0)
        if minus and res_value is not None:
            res["steps"].append(f"{name(s, target)}'s RES {res_value} -{minus} (Spot Weakness by {name(s, hit['attacker'])}) = {res_value - minus}")
            res["res_modifiers"] = [[target, f"Spot Weakness by {name(s, hit['attacker'])}", -minus]]
            res_value -= minus
        if not beginner and (fated or power <= res_value):
            need(card, "con", "Power against CON")
        effect, lines = against(power, name(s, target), res_value, card.get("con"), fated, beginner)
    else:
        effect, lines = "unharmed", ["no Power left: unharmed"]
    res["steps"] += lines
    res["result"] = effect
    res["effects"] = [] if effect == "unharmed" else [{"figure": target, "effect": effect}]


def _react(d: Decision, f: Mapping[str, Any], reaction: str, minus: int, section: str) -> None:
    s, target = d.state, f["figure"]
    hit = _pending_hit(s, target)
    fig = alive(s, target)
    sight_arc(s, target, hit.get("position", ""), reaction)
    if fig.get("held") or fig["knocked_out"]:
        raise refuse(section, f"{name(s, target)} is {'held' if fig.get('held') else 'unconscious'}: a {reaction} needs a figure "
                     "unbound, not being grabbed or otherwise restricted, free to move (take-hit)")
    extra = [Shift(f"{reaction.title()} (DEX {minus:+d})", minus)] if minus else []
    extra += [Shift("shield or buckler", 1)] if f.get("shield") and reaction == "deflect" else []
    typed, computed = reconcile(f["modifier"], card_skill(fig, "acrobat") if reaction == "dodge" else {}, section, "the card's Acrobat")
    outcome, number, res = accuracy_roll(s, target, need(fig["card"], "dex", f"{reaction} is a DEX roll"), "DEX", dict(f, modifier=typed), extra + computed, aim=False)
    cut = reduce_power(hit["power"], hit["fated"], reaction, outcome, number, res["steps"][-1])
    res.update(kind=reaction, power=cut["power"], steps=[f"incoming Power {hit['power']}" + (" (Fate)" if hit["fated"] else "")] + res["steps"][:-1] + cut["steps"])
    if cut["result"] == "unharmed":
        res.update(result="unharmed", effects=[])
    else:
        _land(d, hit, res, cut["power"], cut["fated"])
    d.emit(ReactionRolled(target, reaction, res))
    _after(d, hit, res)
    if reaction == "catch" and res["result"] == "unharmed":
        _morale_down(d, hit["attacker"], "its projectile was caught (§ Catch Projectile)")


def _after(d: Decision, hit: dict[str, Any], res: dict[str, Any]) -> None:
    apply_effects(d, res["effects"], f"hit by {name(d.state, hit['attacker'])}", poison=hit.get("poison", False))
    finish(d, hit["attacker"])


def _morale_down(d: Decision, fid: str, reason: str) -> None:
    shift_morale(d, fid, -1, reason)


@KIT.action("dodge", AccuracySchema, "Dodge the incoming hit: DEX roll, the number rolled comes off the Power (free)",
            section="Dodge", reveal=True, args=("figure", "face"))
def dodge(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Dodge: Success reduces the Power by the number rolled; Perfect Success: unharmed."""
    _react(d, f, "dodge", 0, "Dodge")


@KIT.action("deflect", ReactSchema, "Deflect the incoming projectile: DEX -1 (+1 with a shield), reduces the Power (free)",
            section="Deflect Projectile", reveal=True, args=("figure", "face"))
def deflect(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Deflect Projectile (the text, not the Playsheet's "Unharmed" on a Success)."""
    _react(d, f, "deflect", -1, "Deflect Projectile")


@KIT.action("catch", AccuracySchema, "Catch the incoming projectile: DEX -2, reduces the Power; unharmed: the shooter loses Morale (free)",
            section="Catch Projectile", reveal=True, args=("figure", "face"))
def catch(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Catch Projectile (the text, not the Playsheet's "Unharmed" on a Success)."""
    _react(d, f, "catch", -2, "Catch Projectile")


@KIT.action("take-hit", TakeSchema, "The target takes the incoming hit without a reaction", section="Ranged Attack", args=("target",))
def take_hit(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Ranged Attack: Power > RES kills, > CON wounds, after a Perfect Success > CON kills. Beginner's Rule:
    a Fate star on the target's Fate die leaves it unharmed."""
    s = d.state
    hit = _pending_hit(s, f["target"])
    res = {"kind": "hit", "power": hit["power"], "steps": [f"incoming Power {hit['power']}" + (" (Fate)" if hit["fated"] else "")], "effects": []}
    if f["fate"] and s["rules"] == "beginner":
        res.update(result="unharmed", steps=res["steps"] + ["Beginner's Rule: a Fate star on the dodge, unharmed"])
    else:
        _land(d, hit, res, hit["power"], hit["fated"])
    d.emit(HitTaken(f["target"], res))
    _after(d, hit, res)


@KIT.evolves(ShotRolled)
def _shot(s: State, e: ShotRolled) -> None:
    res = e.resolution
    s["last_roll"], s["rolls"] = res, s["rolls"] + 1
    s["figures"][e.attacker]["concentration"] = 0
    s["figures"][e.target]["attacked"] = True
    s["battle"]["last_miss"] = None
    if res["result"].startswith("missed") and "bonus" in res:
        s["battle"]["last_miss"] = {"attacker": e.attacker, "target": e.target, "bonus": res["bonus"], "poison": res.get("poison", False)}
    if res["result"] == "hit":
        who = s["figures"][e.target]["card"]["name"]
        s["battle"]["pending"] = {"kind": "hit", "section": "Ranged Attack", "attacker": e.attacker, "target": e.target,
                                  "power": res["power"], "fated": res["fated"], "poison": res.get("poison", False), "position": res.get("position", ""),
                                  "what": f"the hit on {who} (Power {res['power']})",
                                  "how": f"dodge / deflect / catch {e.target} FACE, or take-hit {e.target}"}


@KIT.evolves(ReactionRolled, HitTaken)
def _hit_resolved(s: State, e: ReactionRolled | HitTaken) -> None:
    s["battle"]["pending"] = None
    if isinstance(e, ReactionRolled):
        s["last_roll"], s["rolls"] = e.resolution, s["rolls"] + 1
    else:
        s["last_roll"] = e.resolution
