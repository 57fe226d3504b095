"""Backstab: a defender struck from the rear first rolls PER (nin-gonost.txt § Fighting: Backstab, Playsheet § Defending
a Backstab).

- Failure: +1 for the attacker, -1 for the defender, "who does not get to choose a combat option" (its fight mode
  stays Normal); Critical Failure: +2 / -2, no option; Success: +1 / -1, the defender may choose; Perfect Success:
  "Defender immediately gets a free spin. If they choose to keep their back to the opponent, treat as a regular
  Success" (``--spin FACING`` spins it: the strike then comes from the front, no rear modifiers).
- The defender may Free Spin after the attack in every case (``spin``, § Fighting).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core.decision import Decision

from .book import refuse
from .cards import need
from .events import Rotated, SkillRolled
from .positions import BACKSTAB
from .rolls import accuracy_roll
from .state import name


def backstab(d: Decision, f: Mapping[str, Any]) -> str:
    """Roll the defender's Backstab PER when ``f["position"]`` is ``rear``; returns its outcome (``""`` when not from
    the rear, ``"spun"`` when a Perfect Success spins it round). Refuses a missing or misplaced roll."""
    s, attacker, defender = d.state, f["attacker"], f["defender"]
    face = f.get("backstab_face")
    if f.get("position") != "rear":
        if face is not None or f.get("spin"):
            raise refuse("Backstab", "a Backstab PER roll is made only when the defender is attacked from the rear (--position rear)")
        return ""
    if s["figures"][defender]["knocked_out"]:
        return "failure"
    if face is None:
        raise refuse("Backstab", f"{name(s, defender)} is attacked from the rear: it makes a PER roll first (--backstab-face FACE)")
    fig = s["figures"][defender]
    outcome, _, res = accuracy_roll(s, defender, need(fig["card"], "per", "the Backstab PER roll"), "PER",
                                    {"face": face, "fate": f.get("backstab_fate", False), "modifier": []}, aim=False)
    up, down, may_choose = BACKSTAB[outcome.value]
    if not may_choose and f.get("defender_mode", "normal") != "normal":
        raise refuse("Backstab", f"{name(s, defender)} is unaware ({outcome.value}): it does not get to choose a combat option")
    if f.get("spin") and outcome.value != "perfect success":
        raise refuse("Backstab", f"only a Perfect Success spins {name(s, defender)} before the attack; it may Free Spin after it")
    spun = outcome.value == "perfect success" and bool(f.get("spin"))
    res["steps"].append("spins to face the attacker: no rear modifiers" if spun else
                        f"the attack occurs at {up:+d} for {name(s, attacker)}, {down:+d} for {name(s, defender)}"
                        + ("" if may_choose else ", who does not get to choose a combat option"))
    d.emit(SkillRolled(defender, "backstab", attacker, dict(res, kind="backstab", result=outcome.value)))
    if spun:
        d.emit(Rotated(defender, "spin", f["spin"], True))
        return "spun"
    return outcome.value


__all__ = ["backstab"]
