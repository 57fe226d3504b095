"""What a figure holds and the numbers that follow from it (nin-gonost.txt § Components In Nîn-Gonost, § Weapon Effects).

The card's Fight and Range circles are for "the character's usual weapon"; "They are assumed to be using their highest
bonus weapon by default", and "If they LOSE the weapon, then the three is subtracted from their Damage Bonus. ... If
using his dagger, you would subtract the sword value from his damage bonus and add the dagger (8 -3 +1), for a +6";
unarmed combat is -1 (Sir Galwen unarmed: 8 - 3 - 1 = 4; the Advanced Weapons Table's Unarmed row, -1).

A figure's ``weapons`` maps each weapon its card lists to ``{"where", "at"}`` (:data:`.events_applied.WHERE`);
``None`` when the card lists no weapons (its numbers are then the card's, as recorded). At most one weapon is in hand
(reading: the Thrown Items example sheathes the sword before drawing the dagger). Pure functions of the state.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core.names import possessive

from .cards import content

UNARMED = -1
"""Unarmed combat: -1 to the Damage Bonus (§ Components: "Unarmed combat has a -1 penalty"; Advanced Weapons Table)."""


def ranged_weapon(weapon: str) -> bool:
    """A bow or crossbow (the Advanced Ranged Weapons Table's rows, or any name ending in ``bow``)."""
    return weapon in content()["ranged_weapons"] or weapon.endswith("bow")


def initial_weapons(card: Mapping[str, Any]) -> dict[str, dict[str, Any]] | None:
    """Every weapon of the card sheathed but the usual one in hand (the highest-bonus hand weapon, else the bow);
    ``None`` when the card lists none. Galwen: longsword in hand, dagger sheathed."""
    kit = card.get("equipment") or {}
    if not kit:
        return None
    held = usual(card) or next(iter(kit))
    return {w: {"where": "hand" if w == held else "sheathed", "at": None} for w in kit}


def usual(card: Mapping[str, Any]) -> str | None:
    """The usual hand-to-hand weapon the card's Fight circle counts: the highest listed bonus (first on a tie), or
    ``None`` when the card lists no hand weapon with a bonus."""
    kit = [(b, -i, w) for i, (w, b) in enumerate((card.get("equipment") or {}).items()) if b is not None and not ranged_weapon(w)]
    return max(kit)[2] if kit else None


def in_hand(fig: Mapping[str, Any]) -> str | None:
    """The weapon in the figure's hand, or ``None`` (empty-handed, or weapons not tracked)."""
    for w, where in (fig.get("weapons") or {}).items():
        if where["where"] == "hand":
            return w
    return None


def tracked(fig: Mapping[str, Any]) -> bool:
    """Whether the figure's card lists weapons, so what it holds is state."""
    return bool(fig.get("weapons"))


def fight_terms(fig: Mapping[str, Any]) -> list[list]:
    """The Damage Bonus terms of a hand-to-hand strike with what is in hand: ``[["Fight bonus", 8]]`` with the
    usual weapon, ``[["Fight bonus", 8], ["without the longsword", -3], ["dagger", 1]]`` with another,
    ``[..., ["Unarmed", -1]]`` with none; a disarmed figure whose card lists no weapons (the orc warrior, STR 3, +5):
    ``[["Fight bonus", 5], ["without the card's weapon", -2], ["Unarmed", -1]]``; a Transcend's +1 STR adds
    ``["Transcend +1 STR", 1]``."""
    card = fig["card"]
    terms: list[list] = [["Fight bonus", card.get("fight_bonus")]]
    if fig.get("disarmed") and not tracked(fig):
        # A card that does not list its weapons, disarmed: "-1 from his strength" (§ Components: Galwen unarmed is
        # STR 5 - 1 = 4): the Fight bonus less the weapon's part (bonus - STR), then Unarmed -1; None while STR is unknown.
        st, fb = card.get("str"), card.get("fight_bonus")
        terms.append(["without the card's weapon", None if st is None or fb is None else st - fb])
        terms.append(["Unarmed", UNARMED])
    main = usual(card) if tracked(fig) else None
    held = in_hand(fig)
    if main is not None and held != main:
        terms.append([f"without the {main}", -card["equipment"][main]])
        bonus = card["equipment"].get(held) if held and not ranged_weapon(held) else None
        terms.append([held, bonus] if bonus is not None else ["Unarmed", UNARMED])
    if fig.get("transcend_str"):
        terms.append(["Transcend +1 STR", 1])
    return terms


def bow(fig: Mapping[str, Any]) -> str | None:
    """The ranged weapon the card lists, if any (tracked figures only)."""
    return next((w for w in (fig.get("weapons") or {}) if ranged_weapon(w)), None)


def strength(fig: Mapping[str, Any]) -> int | None:
    """STR with a Transcend's +1 (§ Transcend: "+1 to STR or RUN until next turn")."""
    value = fig["card"].get("str")
    return None if value is None else value + (1 if fig.get("transcend_str") else 0)


def run_speed(fig: Mapping[str, Any]) -> int | None:
    """RUN with a Transcend's +1."""
    value = fig["card"].get("run")
    return None if value is None else value + (1 if fig.get("transcend_run") else 0)


def throw_terms(card: Mapping[str, Any], weapon: str) -> tuple[int, int | None]:
    """(Throw Modifier, Damage Bonus) of a thrown weapon: the Advanced Weapons Table's Throw Modifier (a weapon it does
    not list throws at 0: Sir Galwen's dagger "has no range modifier"), the card's equipment bonus else the table's
    (``None`` when neither prints one). § Thrown Items: "hit with the weapon's Damage bonus"."""
    row = content()["weapons"].get(weapon, {})
    return row.get("throw_modifier") or 0, (card.get("equipment") or {}).get(weapon, row.get("damage_bonus"))


def throwing(fig: Mapping[str, Any], fatigue: int = 0) -> dict[str, Any] | None:
    """What throwing the hand-to-hand weapon in hand would be now (§ Thrown Items: "thrown a maximum range equal to a
    character's STR + Throw Modifier +3, and hit with the weapon's Damage bonus. The Accuracy die rolled is equal to
    the Range die of the character modified by the Throw Modifier"): ``{"weapon", "die", "throw_modifier", "bonus",
    "range"}``, a value ``None`` when the card does not print it; ``None`` with nothing (or a bow) in hand. Galwen's
    dagger: die 2, +1, range 8. ``fatigue`` is the standing die modifier (Fatigued -2), before distance and sight."""
    weapon = in_hand(fig)
    if weapon is None or ranged_weapon(weapon):
        return None
    modifier, bonus = throw_terms(fig["card"], weapon)
    die, st = fig["card"].get("range_die"), strength(fig)
    return {"weapon": weapon, "die": None if die is None else die + modifier + fatigue, "throw_modifier": modifier,
            "bonus": bonus, "range": None if st is None else st + modifier + 3}


def on_floor(fig: Mapping[str, Any]) -> list[str]:
    """The figure's weapons lying or lost (retrievable), in card order."""
    return [w for w, where in (fig.get("weapons") or {}).items() if where["where"] in ("lying", "lost")]


def weapons_view(fig: Mapping[str, Any]) -> dict[str, Any]:
    """``{"in_hand": "longsword" | None, "weapons": {name: "hand" | "sheathed" | "lying in orc1's space"...}}``."""
    shown = {}
    for w, where in (fig.get("weapons") or {}).items():
        shown[w] = where["where"] + (f" in {possessive(where['at'])} space" if where.get("at") else "")
    return {"in_hand": in_hand(fig), "weapons": shown}


__all__ = ["UNARMED", "bow", "fight_terms", "in_hand", "initial_weapons", "on_floor", "ranged_weapon", "run_speed",
           "strength", "throw_terms", "throwing", "tracked", "usual", "weapons_view"]
