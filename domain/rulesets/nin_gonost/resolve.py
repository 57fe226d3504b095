"""The arithmetic of a roll, shown step by step (nin-gonost.txt § Fighting, § Ranged Attacks, § Skills).

Pure functions of plain numbers; each returns a resolution mapping with ``steps`` (lines of arithmetic),
``outcome`` and ``effects`` (``[{"figure", "effect"}]`` with effect ``killed`` or ``wound``) that the deciders
turn into events. Comparisons are strict: Power that EXCEEDS RES kills, that EXCEEDS CON wounds; equal does
nothing (§ Components: "If the total Power of an incoming attack EXCEEDS this number").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .ladder import Outcome


@dataclass(frozen=True)
class Fighter:
    """One side of a duel: ``figure`` (id), ``name``, the Duel die ``number`` rolled and ``fate``; ``bonus``
    the Damage Bonus terms ``[(label, value)]`` added if it wins; ``res``/``con`` (``None`` if unknown);
    ``may_damage`` is false for the Defensive option; ``option`` a combat option (knock-out, trip...)."""

    figure: str
    name: str
    number: int
    fate: bool
    bonus: list = field(default_factory=list)
    res: int | None = None
    con: int | None = None
    may_damage: bool = True
    option: str = ""
    stats: dict = field(default_factory=dict)


def against(power: int, name: str, res: int | None, con: int | None, fated: bool, beginner: bool = False) -> tuple[str, list[str]]:
    """What ``power`` does to a character: ``killed``, ``wound`` or ``unharmed``, with the comparison lines.

    Core: Power > RES kills, Power > CON wounds (1 Manna); after a Fate on the winning roll Power > CON kills
    (§ Combat Roll, § Ranged Attack). Beginner: Power > RES kills, a Fate kills, Manna is ignored.
    ``res``/``con`` are needed only when a comparison reaches them (callers check with ``need``).
    """
    if beginner:
        if fated:
            return "killed", [f"a Fate star on the winning roll: {name} is killed (Beginner's Rule)"]
        killed = power > res
        return ("killed" if killed else "unharmed"), [f"{power} {'>' if killed else '<='} RES {res}: {'killed' if killed else 'no effect'} (Beginner's Rule)"]
    if fated:
        if power > con:
            return "killed", [f"Fate: {power} > CON {con}: {name} is killed"]
        return "unharmed", [f"Fate: {power} does not exceed CON {con}: no damage"]
    if power > res:
        return "killed", [f"{power} > RES {res}: {name} is killed"]
    if power > con:
        return "wound", [f"{power} does not exceed RES {res}; {power} > CON {con}: {name} loses 1 Manna"]
    return "unharmed", [f"{power} does not exceed RES {res} nor CON {con}: no damage"]


def power_line(start: int, start_label: str, bonus: list) -> tuple[int, str]:
    """``start`` plus the bonus terms and the line: ``"Power = 2 (difference) + 8 (Fight bonus) = 10"``."""
    total = start + sum(v for _, v in bonus)
    terms = "".join(f" {'+' if v >= 0 else '-'} {abs(v)} ({label})" for label, v in bonus)
    return total, f"Power = {start} ({start_label}){terms} = {total}"


def duel_contest(a: Fighter, b: Fighter, beginner: bool = False) -> dict[str, Any]:
    """Who won a duel before any Power is reckoned (§ Combat Roll, Playsheet § Combat rolls).

    ``result`` is ``parry`` (tie, no Fate), ``counter-strike`` (tie, one Fate: that side gets +1 die),
    ``both-defeated`` (tie, both Fate; ``beginner``: a tie with one Fate "there is no effect", a ``parry``), or ``won`` with ``winner``, ``loser``, ``difference``, ``blocked``
    (the loser alone rolled Fate: a Perfect Block) and ``fated`` (the winner alone rolled Fate).
    """
    lines = [f"{a.name} rolls {a.number}{' and Fate' if a.fate else ''}, {b.name} rolls {b.number}{' and Fate' if b.fate else ''}"]
    if a.number == b.number:
        if a.fate and b.fate:
            return {"result": "both-defeated", "steps": lines + ["a tie and both Fate: both are defeated"]}
        if (a.fate or b.fate) and beginner:
            return {"result": "parry", "steps": lines + ["a tie and one Fate: no effect (Beginner's Rule for Combat Roll)"]}
        if a.fate or b.fate:
            fated = a if a.fate else b
            return {"result": "counter-strike", "fated": fated.figure,
                    "steps": lines + [f"a tie and one Fate: a Counter Strike, {fated.name} at +1 die"]}
        return {"result": "parry", "steps": lines + ["a tie, no Fate: a parry, no damage"]}
    winner, loser = (a, b) if a.number > b.number else (b, a)
    diff = winner.number - loser.number
    lines.append(f"{winner.name} wins: {winner.number} - {loser.number} = {diff}")
    return {"result": "won", "winner": winner, "loser": loser, "difference": diff, "steps": lines,
            "blocked": loser.fate and not winner.fate, "fated": winner.fate and not loser.fate}


OPTION_TESTS = {
    "knock-out": ("con", "Knock Out: POWER > opponent's CON"),
    "trip": ("wgt", "Trip: POWER > opponent's WGT"),
    "disarm": ("str", "Disarm: POWER > opponent's STR"),
    "grab": ("con", "Grab: POWER > opponent's CON"),
}


def duel(a: Fighter, b: Fighter, beginner: bool = False) -> dict[str, Any]:
    """A whole Combat Roll: the contest, then the winner's Power against the loser's RES and CON.

    Power = difference + the winner's Damage Bonus terms. A Defensive winner does no damage; a Disengage
    winner steps back; a combat option replaces the damage with its own test (§ Combat Options).
    """
    res = duel_contest(a, b, beginner)
    out: dict[str, Any] = {"kind": "duel", "steps": res.pop("steps"), "effects": []}
    out["result"] = res["result"]
    if res["result"] == "both-defeated":
        out["effects"] = [{"figure": a.figure, "effect": "killed"}, {"figure": b.figure, "effect": "killed"}]
    if res["result"] == "counter-strike":
        out["fated"] = res["fated"]
    if res["result"] != "won":
        return out
    winner, loser, diff = res["winner"], res["loser"], res["difference"]
    out.update(winner=winner.figure, loser=loser.figure, difference=diff)
    if res["blocked"]:
        out["steps"].append(f"{loser.name} lost but rolled Fate: a Perfect Block, no damage")
        out["result"] = "blocked"
        return out
    if not winner.may_damage:
        out["steps"].append(f"{winner.name} fights Defensive: may not cause damage")
        out["result"] = "no-damage"
        return out
    power, line = power_line(diff, "difference", winner.bonus)
    out["power"] = power
    out["steps"].append(line)
    if winner.option == "disengage":
        out["steps"].append(f"{winner.name} Disengages: no damage, one square straight back")
        out["result"] = "disengaged"
        return out
    if winner.option:
        return _option(out, winner, loser, power, res["fated"])
    effect, lines = against(power, loser.name, loser.res, loser.con, res["fated"], beginner)
    out["steps"] += lines
    out["result"] = effect
    if effect != "unharmed":
        out["effects"].append({"figure": loser.figure, "effect": effect})
    return out


def _option(out: dict[str, Any], winner: Fighter, loser: Fighter, power: int, fated: bool) -> dict[str, Any]:
    """A combat option's test in place of damage (§ Combat Options)."""
    if winner.option == "knock-back":
        total = power + winner.stats["str"]
        done = fated or total > loser.stats["wgt"]
        out["steps"].append(f"Knock Back: {power} + STR {winner.stats['str']} = {total} {'>' if total > loser.stats['wgt'] else '<='} WGT {loser.stats['wgt']}"
                            + (" (Fate: automatic, and knocked down)" if fated else ""))
        out["result"] = "knocked-back" if done else "no-effect"
        out["effects"] += [{"figure": loser.figure, "effect": "knocked-down"}] if fated else []
        return out
    stat, text = OPTION_TESTS[winner.option]
    value = loser.stats[stat]
    done = fated or power > value
    out["steps"].append(f"{text}: {power} {'>' if power > value else '<='} {stat.upper()} {value}" + (" (Fate: automatic)" if fated else ""))
    results = {"knock-out": "knocked-out", "trip": "knocked-down", "disarm": "disarmed", "grab": "held"}
    out["result"] = results[winner.option] if done else "no-effect"
    if done:
        out["effects"].append({"figure": loser.figure, "effect": results[winner.option], "by": winner.figure})
    return out


def shot(outcome: Outcome, number: int | None, bonus: list, accuracy_line: str) -> dict[str, Any]:
    """A Ranged Attack's roll: a miss, or a hit with Power = accuracy + Damage Bonus (§ Ranged Attack).

    ``fated`` marks a Perfect Success (Power > CON kills); the damage waits for the target's reaction."""
    out: dict[str, Any] = {"kind": "ranged", "outcome": outcome.value, "steps": [accuracy_line], "effects": []}
    if not outcome.succeeded:
        out["result"] = "missed" + (", weapon broken" if outcome is Outcome.CRITICAL_FAILURE else "")
        out["steps"].append("missed the target" + (" and broke the weapon" if outcome is Outcome.CRITICAL_FAILURE else ""))
        return out
    power, line = power_line(number, "accuracy", bonus)
    out.update(result="hit", power=power, fated=outcome is Outcome.PERFECT_SUCCESS)
    out["steps"].append(line)
    return out


def reduce_power(power: int, fated: bool, reaction: str, outcome: Outcome, number: int | None, line: str) -> dict[str, Any]:
    """Dodge, Deflect or Catch against an incoming hit (§ Skills: Dodge, Deflect Projectile, Catch Projectile).

    Success reduces the Power by the number rolled (the text; the Playsheet's "Unharmed" for a Catch or Deflect
    success conflicts with it and is not followed); Perfect Success leaves the target unharmed; Failure lets the
    hit stand as rolled; Critical Failure resolves it as if a Fate were rolled with it.
    """
    out: dict[str, Any] = {"kind": reaction, "outcome": outcome.value, "steps": [line], "power": power, "fated": fated}
    if outcome is Outcome.PERFECT_SUCCESS:
        out.update(result="unharmed", power=0)
        out["steps"].append("Perfect Success: unharmed")
    elif outcome is Outcome.SUCCESS:
        out["power"] = power - number
        out["steps"].append(f"Power {power} - {number} ({reaction}) = {power - number}")
        out["result"] = "reduced"
    elif outcome is Outcome.CRITICAL_FAILURE:
        out.update(fated=True, result="as if Fate")
        out["steps"].append("Critical Failure: the hit resolves as if a Fate were rolled with it")
    else:
        out["result"] = "as rolled"
        out["steps"].append("Failure: the hit resolves as rolled")
    return out


def thrown_range(strength: int, throw_modifier: int) -> tuple[int, str]:
    """Maximum throwing range = STR + Throw Modifier + 3 (Advanced Combat Options § Thrown Items; the Core
    Rule line "STR-WGT+1" contradicts both worked examples and is not used). ``(5, 0)`` -> 8, ``(10, -6)`` -> 7."""
    total = strength + throw_modifier + 3
    return total, f"range = STR {strength} {'+' if throw_modifier >= 0 else '-'} {abs(throw_modifier)} (Throw Modifier) + 3 = {total}"


def obstacle_impact(wgt: int, assumed_speed: int, res: int) -> tuple[bool, str]:
    """A failed Hitting Obstacles roll: a point of Manna if WGT + Assumed Speed > RES (§ Hitting Obstacles).
    The squire: ``(6, 6, 6)`` -> ``(True, "WGT 6 + Assumed Speed 6 = 12 > RES 6: 1 Manna")``."""
    total = wgt + assumed_speed
    hurt = total > res
    return hurt, f"WGT {wgt} + Assumed Speed {assumed_speed} = {total} {'>' if hurt else '<='} RES {res}: {'1 Manna' if hurt else 'no Manna lost'}"


__all__ = ["Fighter", "against", "duel", "duel_contest", "obstacle_impact", "power_line", "reduce_power", "shot", "thrown_range"]
