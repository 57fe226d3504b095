"""What a hit, a spell or a fall does to a character (nin-gonost.txt § Taking Damage & Fatigue).

Weapon attacks cause 1 Manna damage, never more (they can kill outright). 0 Manna is Fatigued; below 0 the
character is dead. Taking damage ends sneaking (§ Sneak). A wound from a Poison weapon poisons (§ Poison;
additional poisonings do not stack).
"""

from __future__ import annotations

from domain.core.decision import Decision

from .arms import in_hand
from .events import ConditionChanged, Disengaged, FigureDefeated, MannaLost
from .events_applied import HeldAPLost, WeaponMoved
from .state import manna


def defeat(d: Decision, fid: str, reason: str) -> None:
    """``fid`` is killed: it lies face up and every engagement with it ends."""
    fig = d.state["figures"][fid]
    if fig["defeated"]:
        return
    for other in list(fig["engaged"]):
        d.emit(Disengaged(sorted([fid, other])))
    d.emit(FigureDefeated(fid, reason))
    for other, held in d.state["figures"].items():
        if held.get("held") and (held.get("held_by") or {}).get(fid):
            release(d, other, fid, f"{fid} fell")
    lose_held_ap(d, fid)


def release(d: Decision, fid: str, holder: str, reason: str) -> None:
    """``fid`` is no longer held by ``holder`` (§ Combat Options: Grab, "until free")."""
    d.emit(ConditionChanged(fid, "held", False, reason), ConditionChanged(fid, f"held_by:{holder}:0", False, reason))


def lose_held_ap(d: Decision, target: str) -> None:
    """When a mob's target is defeated, its members' held AP are lost (§ Mobs: "they may not choose another target")."""
    battle = d.state["battle"]
    if battle.get("mob_target") != target:
        return
    for fid, fig in d.state["figures"].items():
        if fig["held_ap"] and fig["warband"] == battle["player"] and not fig["defeated"]:
            d.emit(HeldAPLost(fid, fig["held_ap"], f"the mob's target {target} fell"))


def lose_manna(d: Decision, fid: str, amount: int, reason: str, poison: bool = False) -> None:
    """``fid`` loses ``amount`` Manna; below 0 it is dead; damage ends sneaking; ``poison`` poisons it."""
    if d.state["figures"][fid]["defeated"]:
        return
    d.emit(MannaLost(fid, amount, reason))
    fig = d.state["figures"][fid]
    if fig["sneaking"]:
        d.emit(ConditionChanged(fid, "sneaking", False, "took damage (§ Sneak)"))
    if poison and not fig["poisoned"]:
        d.emit(ConditionChanged(fid, "poisoned", True, "wounded by a Poison weapon"))
    left = manna(fig)
    if left is not None and left < 0:
        defeat(d, fid, "below 0 Manna (§ Taking Damage & Fatigue)")


def apply_effects(d: Decision, effects: list, reason: str, poison: bool = False) -> None:
    """Turn a resolution's effects (killed, wound, knocked-out, knocked-down, disarmed, held) into events; a Disarm
    knocks the weapon in hand away (lost: it may be picked up, § Picking Up Weapons)."""
    for item in effects:
        fid, effect = item["figure"], item["effect"]
        if effect == "killed":
            defeat(d, fid, reason)
        elif effect == "wound":
            lose_manna(d, fid, 1, reason, poison)
        elif effect == "knocked-out":
            d.emit(ConditionChanged(fid, "knocked_out", True, reason), ConditionChanged(fid, "prone", True, reason))
        elif effect == "knocked-down":
            d.emit(ConditionChanged(fid, "prone", True, reason))
        elif effect == "disarmed":
            held = in_hand(d.state["figures"][fid])
            if held:
                d.emit(WeaponMoved(fid, held, "lost", "", f"disarmed ({reason})"))
            d.emit(ConditionChanged(fid, "disarmed", True, reason))
        else:
            d.emit(ConditionChanged(fid, "held", True, reason))
            if item.get("by"):
                d.emit(ConditionChanged(fid, f"held_by:{item['by']}:1", True, f"held by {item['by']}"))


__all__ = ["apply_effects", "defeat", "lose_manna"]
