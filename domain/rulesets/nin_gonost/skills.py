"""Skill rolls (nin-gonost.txt § Skills): an Accuracy die on an attribute, four outcomes each.

Skills that cost AP may be attempted by anyone, at -2 without the skill on the card (Search excepted: "NO
NEGATIVE FOR NOT HAVING THIS SKILL"); a card whose skills the book does not print says so with ``--trained``.
WIL and CTR rolls take the Morale modifier. Bonus Skills on the card (Bravery for a Morale Boost and a Good
character's Leadership) add their steps.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from marshmallow import fields, validate

from domain.core import State
from domain.core.decision import Decision
from domain.core.fields import WholeNumber

from .book import KIT, refuse
from .cards import need
from .damage import lose_manna
from .arms import in_hand
from .events import ConditionChanged, MoraleChanged, SkillRolled
from .events_applied import WeaponMoved
from .fields import FigureId
from .positions import reconcile
from .ladder import Outcome, Shift
from .rolls import AccuracySchema, accuracy_roll
from .state import MORALE, alive, morale_shift, name
from .turns import act, finish


@dataclass(frozen=True)
class Skill:
    """A skill: its ``base`` attribute (card field), ``ap``, whether it ``targets`` an opponent, whether the
    untrained -2 applies (``penalty``), and its section."""

    base: str
    ap: int
    targets: bool
    penalty: bool
    section: str
    help: str


SKILLS = {
    "sneak": Skill("per", 1, False, True, "Sneak", "Try to go unnoticed: PER (1 AP)"),
    "search": Skill("per", 1, True, False, "Search", "Look for a sneaking character in sight: PER, no untrained penalty (1 AP)"),
    "intimidate": Skill("wil", 1, True, True, "Intimidate", "Frighten one opponent within the lower of the two PERs: WIL (1 AP)"),
    "transcend": Skill("wil", 1, False, True, "Transcend", "Sheer willpower for +1 STR or RUN until next turn, 1 Manna: WIL (1 AP)"),
    "examine-fight": Skill("fight_die", 1, True, True, "Examine Fight Technique", "Study the engaged opponent's style: Fight die as Accuracy (1 AP)"),
    "spot-weakness": Skill("per", 1, True, True, "Spot Weakness", "Find a flaw in the opponent's armor: PER (1 AP)"),
}


class SkillSchema(AccuracySchema):
    target = FigureId(load_default="", metadata={"description": "the opponent, for skills that target one"})
    distance = WholeNumber(validate=validate.Range(0, 100), metadata={"description": "spaces to the target (Intimidate's range)"})
    trained = fields.Boolean(load_default=False, metadata={"description": "the card lists this skill (only for cards whose skills are unprinted)"})
    boost = fields.String(load_default="", validate=validate.OneOf(("", "str", "run")), metadata={"description": "Transcend, on a Success: +1 to str or run"})


def trained(fig: dict[str, Any], skill: str, said: bool) -> bool:
    """Whether the card lists ``skill``; for a card whose skills are unprinted, what the players ``said``."""
    skills = fig["card"].get("skills")
    if skills is None:
        return said
    if said:
        raise refuse("Skills", f"{fig['card']['name']}'s card prints its skills: --trained is read from it")
    return skill.replace("-", "_") in skills or skill in skills


def _shifts(fig: dict[str, Any], verb: str, spec: Skill, said: bool) -> list[Shift]:
    """-2 untrained (§ Skills), the Morale modifier on WIL and CTR rolls (§ Morale)."""
    out = [] if not spec.penalty or trained(fig, verb, said) else [Shift("untrained skill", -2)]
    if spec.base in ("wil", "ctr"):
        out += morale_shift(fig)
    return out


def printed_bonus(fig: dict[str, Any], skill: str) -> dict[str, Shift | None]:
    """The card's printed bonus of ``skill`` as the ``skill`` modifier ("a skill of LOCKPICK +2, and a DEX of 4, they
    would roll Accuracy die 6", § Accuracy Dice); ``{}`` when the card's skills are unprinted (typed ``skill=N``)."""
    skills = fig["card"].get("skills")
    if skills is None:
        return {}
    bonus = skills.get(skill.replace("-", "_"), skills.get(skill))
    return {"skill": Shift(skill.replace("-", " ").title(), bonus) if bonus else None}


def _check_target(s: State, fid: str, verb: str, f: Mapping[str, Any]) -> None:
    if not f["target"]:
        raise refuse(SKILLS[verb].section, f"{verb} targets an opponent: give --target")
    alive(s, f["target"])
    if verb == "intimidate" and f.get("distance") is not None:
        pers = [s["figures"][x]["card"].get("per") for x in (fid, f["target"])]
        if None not in pers and f["distance"] > min(pers):
            raise refuse("Intimidate", f"the range is the lower of the two PERs ({min(pers)}), not {f['distance']}")
    _in_per(s, fid, verb, f)
    target = s["figures"][f["target"]]
    if verb == "examine-fight" and f["target"] in (s["figures"][fid].get("no_examine") or []):
        raise refuse("Examine Fight Technique", f"after a Critical Failure {name(s, fid)} may not reattempt on {name(s, f['target'])} this game")
    if verb == "examine-fight" and not target["engaged"]:
        raise refuse("Examine Fight Technique", f"{name(s, f['target'])} is not engaged in a fight: its style is examined while it fights")
    if verb == "spot-weakness":
        fig = s["figures"][fid]
        if f["target"] in (fig.get("no_spot") or []):
            raise refuse("Spot Weakness", f"after a Critical Failure no further attempts may be made on {name(s, f['target'])} by {name(s, fid)}")
        if (fig.get("spotted") or {}).get(f["target"]) == s["battle"]["turn"]:
            raise refuse("Spot Weakness", f"{name(s, fid)} may only attempt once per target per turn: {name(s, f['target'])} was tried this turn")
    if verb == "search" and s["figures"][fid]["no_search"]:
        raise refuse("Search", f"{name(s, fid)} may not Search again this game")


def _in_per(s: State, fid: str, verb: str, f: Mapping[str, Any]) -> None:
    """Spot Weakness and Examine Fight Technique: "Opponent must be your PER or lower distance" (when a distance is given)."""
    if verb not in ("spot-weakness", "examine-fight") or f.get("distance") is None:
        return
    per = s["figures"][fid]["card"].get("per")
    if per is not None and f["distance"] > per:
        raise refuse(SKILLS[verb].section, f"{name(s, f['target'])} is {f['distance']} away: the opponent must be {name(s, fid)}'s PER {per} or lower distance")


def _declare(verb: str, spec: Skill) -> None:
    @KIT.action(verb, SkillSchema, spec.help, section=spec.section, reveal=True, args=("figure", "face"))
    def decide(d: Decision, f: Mapping[str, Any]) -> None:
        s, fid = d.state, f["figure"]
        fig = alive(s, fid)
        if spec.targets:
            _check_target(s, fid, verb, f)
        if verb == "sneak" and fig["no_sneak"]:
            raise refuse("Sneak", f"{name(s, fid)} may not Sneak again this game")
        base = need(fig["card"], spec.base, f"{spec.section} rolls {spec.base.upper()}")
        typed, bonus = reconcile(f["modifier"], printed_bonus(fig, verb), spec.section, "the card's printed skill bonus")
        outcome, _, res = accuracy_roll(s, fid, base, spec.base.upper().replace("FIGHT_DIE", "Fight"), dict(f, modifier=typed),
                                        _shifts(fig, verb, spec, f["trained"]) + bonus)
        act(d, fid, verb, spec.ap)
        d.emit(SkillRolled(fid, verb, f["target"], dict(res, kind=verb)))
        if verb == "transcend":
            return _transcend(d, fid, f.get("boost", ""), outcome)
        EFFECTS[verb](d, fid, f["target"], outcome)
        finish(d, fid)


def _sneak(d: Decision, fid: str, target: str, o: Outcome) -> None:
    if o.succeeded:
        d.emit(ConditionChanged(fid, "sneaking", True, "enemies fire at -2 and may not engage" if o is Outcome.SUCCESS else "enemies may not attack"))
        if o is Outcome.PERFECT_SUCCESS:
            d.emit(ConditionChanged(fid, "unseen", True, "Sneak, Perfect Success: enemies may not attack"))
    elif o is Outcome.CRITICAL_FAILURE:
        d.emit(ConditionChanged(fid, "no_sneak", True, "Sneak, Critical Failure: may not Sneak again this game"))


def _search(d: Decision, fid: str, target: str, o: Outcome) -> None:
    s = d.state
    if o.succeeded and s["figures"][target]["sneaking"]:
        d.emit(ConditionChanged(target, "sneaking", False, f"found by {name(s, fid)}"))
        if s["figures"][target].get("unseen"):
            d.emit(ConditionChanged(target, "unseen", False, f"found by {name(s, fid)}"))
    if o is Outcome.PERFECT_SUCCESS:
        foe = s["figures"][target]["warband"]
        for x in s["warbands"][foe]:
            if not s["figures"][x]["no_sneak"]:
                d.emit(ConditionChanged(x, "no_sneak", True, "Search, Perfect Success: enemies may not Sneak again"))
    if o is Outcome.CRITICAL_FAILURE:
        d.emit(ConditionChanged(fid, "no_search", True, "Search, Critical Failure: may not Search again this game"))


def shift_morale(d: Decision, fid: str, levels: int, reason: str) -> None:
    """Move ``fid``'s Morale ``levels`` (signed), between Terrified and Inspired (§ Morale); a Terrified figure drops
    the weapon in its hand (it lies in its own space)."""
    before = d.state["figures"][fid]["morale"]
    after = MORALE[max(0, min(len(MORALE) - 1, MORALE.index(before) + levels))]
    if after != before:
        d.emit(MoraleChanged(fid, after, before, reason))
    held = in_hand(d.state["figures"][fid])
    if after == "terrified" and held:
        d.emit(WeaponMoved(fid, held, "lying", fid, "Terrified: drops any objects in its hands (§ Morale)"))


def _intimidate(d: Decision, fid: str, target: str, o: Outcome) -> None:
    levels = {Outcome.SUCCESS: -1, Outcome.PERFECT_SUCCESS: -2, Outcome.CRITICAL_FAILURE: 1}.get(o, 0)
    if levels:
        shift_morale(d, target, levels, f"Intimidate by {name(d.state, fid)} ({o.value})")


def _transcend(d: Decision, fid: str, boost: str, o: Outcome) -> None:
    """§ Transcend: Success +1 STR or RUN until next turn, Perfect Success both; 1 Manna on any but a Failure."""
    if o is Outcome.SUCCESS and not boost:
        raise refuse("Transcend", "a Transcend Success gives +1 to STR or RUN: choose with --boost str or --boost run")
    if o is not Outcome.FAILURE:
        lose_manna(d, fid, 1, f"Transcend ({o.value})")
    gains = ("str", "run") if o is Outcome.PERFECT_SUCCESS else (boost,) if o is Outcome.SUCCESS else ()
    for gain in gains:
        if not d.state["figures"][fid]["defeated"]:
            d.emit(ConditionChanged(fid, f"transcend_{gain}", True, f"Transcend ({o.value}): +1 {gain.upper()} until its next turn"))
    finish(d, fid)


def _edge(key: str, d: Decision, fid: str, target: str, o: Outcome) -> None:
    """A lasting edge on ``target``: Spot Weakness's -RES ("Effects do not stack": the best kept), Examine's +die."""
    if o.succeeded and (2 if o is Outcome.PERFECT_SUCCESS else 1) > (d.state["figures"][fid].get(key) or {}).get(target, 0):
        d.emit(ConditionChanged(fid, f"{key}:{target}:{2 if o is Outcome.PERFECT_SUCCESS else 1}", True, f"{key.replace('_', ' ')} ({o.value})"))


EFFECTS = {"sneak": _sneak, "search": _search, "intimidate": _intimidate,
           "examine-fight": lambda d, f, t, o: _edge("edges", d, f, t, o),
           "spot-weakness": lambda d, f, t, o: _edge("weakness", d, f, t, o)}
for _verb, _spec in SKILLS.items():
    _declare(_verb, _spec)


@KIT.evolves(SkillRolled)
def _skill_rolled(s: State, e: SkillRolled) -> None:
    s["last_roll"], s["rolls"] = e.resolution, s["rolls"] + 1
    fig = s["figures"][e.figure]
    if e.skill not in ("perilous-movement", "hit-obstacle", "poison-roll", "regain-consciousness"):
        fig["concentration"] = 0
    if e.skill == "poison-roll":
        fig["poison_due"] = False
    if e.skill == "perilous-movement" and e.resolution["outcome"] != Outcome.PERFECT_SUCCESS.value:
        fig["perilous"] += 1
    if e.resolution["outcome"] in ("failure", "critical failure") and fig["nocked"]:
        fig["nocked"] = False
    if e.skill == "examine-fight" and e.resolution["outcome"] == Outcome.CRITICAL_FAILURE.value:
        fig["no_examine"] = sorted(set(fig.get("no_examine") or []) | {e.target})
    if e.skill == "spot-weakness":
        fig["spotted"] = {**(fig.get("spotted") or {}), e.target: s["battle"]["turn"]}
        if e.resolution["outcome"] == Outcome.CRITICAL_FAILURE.value:
            fig["no_spot"] = sorted(set(fig.get("no_spot") or []) | {e.target})


@KIT.evolves(ConditionChanged)
def _condition(s: State, e: ConditionChanged) -> None:
    fig = s["figures"][e.figure]
    if ":" in e.condition:
        key, target, steps = e.condition.split(":")
        fig.setdefault(key, {})[target] = int(steps)
        return
    fig[e.condition] = e.on


@KIT.evolves(MoraleChanged)
def _morale(s: State, e: MoraleChanged) -> None:
    s["figures"][e.figure]["morale"] = e.morale
