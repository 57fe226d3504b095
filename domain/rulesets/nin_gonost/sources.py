"""Where each modifier of a roll comes from, for the ``roll`` view (nin-gonost.txt sections; pure, JSON in and out).

A modifier the players typed (``--modifier close``) is marked ``typed``; every other one Questlog applied from the
state, the card or the rules, with the section it follows.
"""

from __future__ import annotations

from typing import Any

SOURCES = (
    ("Fatigued", "0 Manna: every die roll at -2 (§ Taking Damage & Fatigue)"),
    ("Morale", "the figure's Morale level (§ Morale)"),
    ("untrained skill", "the skill is not on the card (§ Skills)"),
    ("Manna skill not on the card", "cast off the card (§ Manna Skills)"),
    ("Close Range", "the distance, up to PER (§ Ranged Attacks § Modifiers)"),
    ("Long Range", "the distance, over 3 x PER (§ Ranged Attacks § Modifiers)"),
    ("Assumed Speed", "the target's Assumed Speed over the shooter's PER (§ Ranged Attacks § Modifiers)"),
    ("Target", "the target's state (§ Ranged Attacks § Modifiers, § Sneak)"),
    ("Concentrating", "AP spent concentrating (§ Concentrating)"),
    ("Each additional opponent", "the engagements (§ Fighting § Modifiers)"),
    ("Striking from the rear", "the position and the Backstab roll (§ Backstab)"),
    ("Struck from the rear", "the position and the Backstab roll (§ Backstab)"),
    ("Charge", "the Charge's speed (§ Charge)"),
    ("All Out", "the fight mode (Playsheet § Fight modes)"),
    ("Cautious", "the fight mode (Playsheet § Fight modes)"),
    ("Defensive", "the fight mode (Playsheet § Fight modes)"),
    ("Higher Action Point total", "the cards' ACTIONS (§ Fighting § Modifiers)"),
    ("Fighting Prone", "the figure is prone (§ Fighting § Modifiers)"),
    ("Examine Fight Technique", "an earlier Examine Fight Technique (§ Examine Fight Technique)"),
    ("Grab", "the Grab option (§ Combat Options)"),
    ("Counter Strike", "the Fate roller's Counter Strike (§ Combat Roll)"),
    ("Throw Modifier", "the thrown item (§ Thrown Items, § Throwing Non-Weapons)"),
    ("earlier Perilous moves", "earlier Perilous moves this turn (§ Perilous Movement)"),
    ("shield or buckler", "Deflect with a shield (§ Deflect Projectile)"),
    ("Dodge", "the reaction's base die (§ Skills)"), ("Deflect", "the reaction's base die (§ Skills)"),
    ("Catch", "the reaction's base die (§ Skills)"),
    ("Nock and fire", "nock and shoot in one AP (§ Combined Actions)"),
    ("Fight bonus", "the card's Fight circle (§ Components In Nîn-Gonost)"),
    ("without the", "the usual weapon is not in hand (§ Components In Nîn-Gonost)"),
    ("Unarmed", "nothing in hand: Unarmed -1 (§ Components, Advanced Weapons Table)"),
    ("Transcend", "a Transcend this turn (§ Transcend)"),
    ("Range bonus", "the card's Range circle (§ Components In Nîn-Gonost)"),
    ("thrown item's bonus", "the thrown weapon's Damage Bonus (§ Thrown Items)"),
    ("Spot Weakness", "the attacker's earlier Spot Weakness on this target: RES -1, Perfect Success -2 (§ Spot Weakness)"),
)
"""Label prefix -> where the modifier comes from (first match wins)."""


def source(label: str, typed: list) -> str:
    """``"typed by the players"`` for a typed label, else the section it follows, else the card's Bonus Skill."""
    if any(label == t[0] for t in typed):
        return "typed by the players"
    for prefix, text in SOURCES:
        if label.startswith(prefix):
            return text
    return "the card's printed Bonus Skill (§ Skills)"


def applied(last: dict[str, Any]) -> list[dict[str, Any]]:
    """Every die modifier, Damage Bonus term and RES change of the latest roll: ``[{"who", "what": "die" | "damage" |
    "RES", "label", "value", "source"}]`` (a roll recorded before RES changes were kept lists none)."""
    out = [{"who": who, "what": "RES", "label": l, "value": v, "source": source(l, [])} for who, l, v in last.get("res_modifiers") or []]
    typed = last.get("typed") or []
    if last.get("sides"):
        for side in last["sides"]:
            side_typed = side.get("typed") or []
            out += [{"who": side["figure"], "what": "die", "label": l, "value": v, "source": source(l, side_typed)} for l, v in side["shifts"]]
            if last.get("counter") == side["figure"]:
                out.append({"who": side["figure"], "what": "die", "label": "Counter Strike", "value": 1, "source": source("Counter Strike", [])})
            out += [{"who": side["figure"], "what": "damage", "label": l, "value": v, "source": source(l, [])} for l, v in side["bonus"]]
        return out
    who = last.get("figure")
    out += [{"who": who, "what": "die", "label": l, "value": v, "source": source(l, typed)} for l, v in last.get("modifiers") or []]
    out += [{"who": who, "what": "damage", "label": l, "value": v, "source": source(l, [])} for l, v in last.get("bonus") or []]
    return out


__all__ = ["SOURCES", "applied", "source"]
