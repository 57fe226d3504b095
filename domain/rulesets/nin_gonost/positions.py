"""Modifiers Questlog computes from what it holds: where the attacker stands, distances, speeds, engagements and the
card's Bonus Skills (nin-gonost.txt § Line Of Sight and Cover, § Fighting: Backstab and Modifiers, § Ranged Attacks
§ Modifiers, § Skills: Acrobat).

An attack, charge, shot or throw may say ``--from front|side|rear``: where the attacker stands relative to the
defender's facing (its Sight Arc is its front and sides: "If attacked from a square NOT in green, the character is
considered to be attacked from the rear"). Left out, nothing is computed from the position and the players' typed
modifiers stand as before (``rear-strike=1``, ``shield``). A typed modifier Questlog also computes must equal the
computed one (then it is counted once); a different one is refused naming the computed value.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import fields, validate

from domain.core import State

from .book import refuse
from .fields import parse_modifier
from .ladder import Shift
from .state import assumed_speed, name

FROM = ("", "front", "side", "rear")


def from_field() -> fields.String:
    """The optional ``--from`` field: the attacker's position relative to the defender's facing."""
    return fields.String(load_default="", validate=validate.OneOf(FROM),
                         metadata={"description": "where the attacker stands relative to the defender's facing: front, side or rear"})


def reconcile(typed: list[str], computed: Mapping[str, Shift | None], section: str, why: str) -> tuple[list[str], list[Shift]]:
    """Split the players' ``typed`` modifiers against ``computed`` (modifier name -> the :class:`Shift` Questlog
    computes, or ``None`` for "none applies"): returns the typed ones Questlog does not compute and the computed
    shifts. Raises a :class:`RuleViolation` citing ``section`` when a typed one differs from the computed one."""
    rest = []
    for text in typed:
        key = text.partition("=")[0]
        if key not in computed:
            rest.append(text)
            continue
        mine, theirs = computed[key], parse_modifier(text)
        if mine is None or mine.steps != theirs.steps:
            applies = ", ".join(f"{c.label} {c.steps:+d}" for c in computed.values() if c) or "no such modifier"
            raise refuse(section, f"--modifier {text} ({theirs.steps:+d}) is not what {why} gives: "
                         f"{key} is {f'{mine.steps:+d}' if mine else 'none'}; Questlog computes {applies}")
    return rest, [c for c in computed.values() if c]


def ranged_computed(s: State, shooter: str, target: str, distance: int | None, side: str) -> dict[str, Shift | None]:
    """Close (up to PER, +1) and Long Range (over 3 x PER, -1) from ``distance``; the target's Assumed Speed greater
    than the shooter's PER (-1); no shield modifier from the rear ("Shield (front or side)")."""
    per = s["figures"][shooter]["card"].get("per")
    out: dict[str, Shift | None] = {}
    if distance is not None and per is not None:
        out["close"] = Shift("Close Range", 1) if distance <= per else None
        out["long"] = Shift("Long Range", -1) if distance > 3 * per else None
    speed = assumed_speed(s["figures"][target])
    if per is not None and speed is not None:
        out["target-speed"] = Shift("Assumed Speed greater than PER", -1) if speed > per else None
    if side == "rear":
        out["shield"] = None
    return out


def mob_members(s: State, target: str) -> set[str]:
    """The figures of the side playing that hold AP for a mob striking ``target``: all of them are engaged to it from
    the mob's first attack (§ Mobs: "Once characters are moved into position, they may EACH attack using the Multiple
    Opponents modifier. This simulates the mob reaching their target at the same time ... If a character moves into
    position but has NO AP remaining, they do not count as engaged"); empty when ``target`` is not the mob's target."""
    battle = s["battle"]
    if not target or battle.get("mob_target") != target:
        return set()
    return {fid for fid, fig in s["figures"].items()
            if fig["warband"] == battle["player"] and fig["held_ap"] > 0 and not fig["defeated"]}


def engaged_extra(s: State, fid: str, other: str) -> Shift | None:
    """-1 for each character ``fid`` is engaged to beyond the first, counting ``other`` and, when ``fid`` is a mob's
    target, every member still holding AP (§ Fighting § Modifiers: "Each character a character is engaged to beyond
    the first: -1"; § Mobs)."""
    n = len(set(s["figures"][fid]["engaged"]) | {other} | mob_members(s, fid)) - 1
    return Shift("Each additional opponent" + (f" x{n}" if n > 1 else ""), -n) if n else None


BACKSTAB = {"perfect success": (1, -1, True), "success": (1, -1, True), "failure": (1, -1, False), "critical failure": (2, -2, False)}
"""§ Backstab: the defender's PER roll -> (attacker steps, defender steps, may the defender choose a combat option)."""


def fight_computed(s: State, f: Mapping[str, Any], backstab: str) -> tuple[dict[str, Shift | None], dict[str, Shift | None]]:
    """The attacker's and the defender's computed fight modifiers: extra engaged opponents always; the rear
    modifiers from ``--from`` (reading: § Backstab's +1/-1, +2/-2 on a Critical Failure, are the Modifiers list's
    "Striking a character from the rear: +1 / Being struck from the rear: -1")."""
    a, b = f["attacker"], f["defender"]
    mine = {"extra-opponent": engaged_extra(s, a, b)}
    theirs = {"extra-opponent": engaged_extra(s, b, a)}
    side = f.get("position", "")
    if side:
        up, down, _ = BACKSTAB.get(backstab, (0, 0, True)) if side == "rear" else (0, 0, True)
        mine["rear-strike"] = Shift("Striking from the rear" + (" x2" if up == 2 else ""), up) if up else None
        theirs["struck-from-rear"] = Shift("Struck from the rear" + (" x2" if up == 2 else ""), down) if down else None
    return mine, theirs


def card_skill(fig: Mapping[str, Any], skill: str) -> dict[str, Shift | None]:
    """A Bonus Skill the card prints as the ``skill`` modifier (Acrobat: "die modifier to Jump, Perilous Movement,
    Dodge, Disengage and Stand"); ``{}`` when the card's skills are unprinted (the players type ``skill=N``)."""
    skills = fig["card"].get("skills")
    if skills is None:
        return {}
    bonus = skills.get(skill)
    return {"skill": Shift(skill.title(), bonus) if bonus else None}


def acrobat(fig: Mapping[str, Any], f: Mapping[str, Any], section: str) -> tuple[dict[str, Any], list[Shift]]:
    """The roll's fields with the typed modifiers Questlog does not compute, and the card's Acrobat bonus (§ Acrobat)."""
    typed, computed = reconcile(list(f.get("modifier", [])), card_skill(fig, "acrobat"), section, "the card's Acrobat")
    return dict(f, modifier=typed), computed


def sight_arc(s: State, target: str, side: str, reaction: str) -> None:
    """A Dodge, Deflect or Catch needs the attacker in the target's Sight Arc (front or side), § Ranged Attack."""
    if side == "rear":
        raise refuse("Ranged Attack", f"the shot came from {name(s, target)}'s rear: a {reaction} needs the firer in its front "
                     "Sight Arc (take-hit)")


__all__ = ["BACKSTAB", "FROM", "acrobat", "card_skill", "engaged_extra", "fight_computed", "mob_members", "from_field", "ranged_computed", "reconcile", "sight_arc"]
