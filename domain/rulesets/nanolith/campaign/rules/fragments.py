"""Nanofragments and High-Frequency Nanopotential (nanolith.txt § Divider Cards, Conscious Memories,
Unconscious Memories and Bonus Skills; § High-Frequency Nanopotential)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..kit import KIT
from .. import schemas as sc
from .. import events as ev
from ..state import sheet
from .common import DIVIDER, Decision, bonus_check, check_funds, refuse, require_disk, spend


@KIT.action("gain-nanofragments", sc.CharacterAmountSchema, "Stick Nanofragments on the Unconscious side of a character's Divider Card",
            section="Leveling Up with Nanofragments", args=("character", "amount"))
def gain_nanofragments(d: Decision, f: Mapping[str, Any]) -> None:
    """Stick ``amount`` Nanofragments on the Unconscious side of ``character``'s Divider Card."""
    c = sheet(d.state, f["character"])
    d.emit(ev.NanofragmentsGained(character=f["character"], amount=f["amount"], unconscious=c["unconscious"] + f["amount"],
                                  reason=f["reason"]))


@KIT.action("spend-nanofragments", sc.CharacterAmountSchema, "Spend Nanofragments on something the books price (at a Disk Icon)",
            section="Leveling Up with Nanofragments", args=("character", "amount"))
def spend_nanofragments(d: Decision, f: Mapping[str, Any]) -> None:
    """Spend ``amount`` on something the books price that no other action covers; only at a Disk Icon.

    Refused: more than the Unconscious side holds (§ Divider Cards ...); away from a Disk Icon (§ Leveling Up).
    """
    require_disk(d, "Spending Nanofragments")
    check_funds(d, f["character"], f["amount"], "nanofragments")
    spend(d, f["character"], f["amount"], f["reason"])


@KIT.action("set-divider-card", sc.DividerSchema, "Say where a Divider Card prints its code: X1..X4 on Conscious space N",
            section="Leveling Up with Nanofragments", args=("character", "code", "space"))
def set_divider_card(d: Decision, f: Mapping[str, Any]) -> None:
    """Say where ``character``'s Divider Card prints its X-code: once per character, each code on one card.

    If the Conscious side already reaches that space, the Bonus Skill follows at once.
    """
    character, code, space = f["character"], f["code"], f["space"]
    dividers = d.campaign["dividers"]
    if character in dividers:
        old = dividers[character]
        raise refuse(DIVIDER, f"{character}'s Divider Card is already set ({old['code']} on space {old['space']}): it is printed on the card")
    taken = [c for c, v in dividers.items() if v["code"] == code]
    if taken:
        raise refuse(DIVIDER, f"{code} is printed on {taken[0]}'s Divider Card: each Bonus Skill X1..X4 belongs to one character")
    d.emit(ev.DividerCardSet(character=character, code=code, space=space))
    conscious = sheet(d.state, character)["conscious"]
    bonus_check(d, character, 0, conscious)


@KIT.action("gain-high-frequency", sc.AmountSchema, "Stick High-Frequency Nanopotential on the unlabeled side of its card",
            section="High-Frequency Nanopotential", args=("amount",))
def gain_high_frequency(d: Decision, f: Mapping[str, Any]) -> None:
    """Stick ``amount`` High-Frequency Nanopotential on the unlabeled side of its Divider Card."""
    card = d.campaign["upgrades"]["high_frequency"]
    d.emit(ev.HighFrequencyNanopotentialGained(amount=f["amount"], unspent=card["unspent"] + f["amount"], reason=f["reason"]))
