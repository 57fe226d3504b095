"""What every Campaign Mode rule shares: the running :class:`Decision`, refusals, where the group is,
and paying a price in Nanofragments (with the Bonus Skill it may bring) or High-Frequency Nanopotential.
"""

from __future__ import annotations

from .. import events as ev
from ..kit import Decision
from ..state import at_disk_icon, in_encounter, position, sheet, where
from ...rules.consequences import refuse
from ..vocabulary import Currency, Place
from domain.core.names import quoted

DIVIDER = "Divider Cards, Conscious Memories, Unconscious Memories and Bonus Skills"
LEVELLING = "Leveling Up with Nanofragments"
HFN = "High-Frequency Nanopotential"


def require_disk(d: Decision, what: str) -> None:
    """§ Leveling Up with Nanofragments: levelling up only where the Disk Icon is (Lobbies, the City Map,
    Shops, some comics) and at Save Points (§ Save Points)."""
    if not at_disk_icon(d.state):
        raise refuse(LEVELLING, f"{what} needs a place with the Disk Icon; the group is {where(d.state)} "
                                "(say where: enter-lobby NAME --disk, enter-shop NAME, reach-save-point NAME ...)")


def require_shop(d: Decision, what: str, section: str) -> str:
    """The Shop the group is in (its name), or a refusal citing ``section``."""
    here = position(d.state)
    if in_encounter(d.state) or not here or here["place"] != Place.SHOP.value:
        raise refuse(section, f"{what} is bought in a Shop; the group is {where(d.state)} (enter-shop NAME first)")
    return here["name"]


def require_between_encounters(d: Decision, what: str, section: str) -> None:
    """Refuse ``what`` while an Encounter is being played."""
    if in_encounter(d.state):
        raise refuse(section, f"{what} happens between Encounters; the group is {where(d.state)}")


def check_funds(d: Decision, character: str | None, price: int, currency: str) -> None:
    """Refuse a price the payer cannot pay: a character's Nanofragments (unconscious side) or the group's
    High-Frequency Nanopotential (unlabeled side)."""
    if currency == Currency.HIGH_FREQUENCY.value:
        have = d.campaign["upgrades"]["high_frequency"]["unspent"]
        if price > have:
            raise refuse(HFN, f"this costs {price} High-Frequency Nanopotential; the group has {have}")
        return
    if character is None:
        raise refuse(DIVIDER, "a price in Nanofragments is paid by one character: give --character")
    have = sheet(d.state, character)["unconscious"]
    if price > have:
        raise refuse(DIVIDER, f"this costs {price} Nanofragment{'s' if price != 1 else ''}; {character} has {have} "
                              "on the Unconscious side of the Divider Card")


def pay(d: Decision, character: str | None, price: int, currency: str, reason: str) -> None:
    """Pay ``price`` (already checked with :func:`check_funds`); a free price emits nothing."""
    if price <= 0:
        return
    if currency == Currency.HIGH_FREQUENCY.value:
        card = d.campaign["upgrades"]["high_frequency"]
        d.emit(ev.HighFrequencyNanopotentialSpent(amount=price, unspent=card["unspent"] - price,
                                                  spent=card["spent"] + price, reason=reason, character=character))
        return
    assert character is not None
    spend(d, character, price, reason)


def spend(d: Decision, character: str, amount: int, reason: str) -> None:
    """§ Divider Cards: ``amount`` stickers move from the Unconscious to the Conscious side; the one landing on the
    X-space gives the character its Bonus Skill (Hidden Card X1..X4), once per campaign."""
    c = sheet(d.state, character)
    before, after = c["conscious"], c["conscious"] + amount
    d.emit(ev.NanofragmentsSpent(character=character, amount=amount, unconscious=c["unconscious"] - amount,
                                 conscious=after, reason=reason))
    bonus_check(d, character, before, after)


def bonus_check(d: Decision, character: str, before: int, after: int) -> None:
    """Emit the Bonus Skill if a sticker from ``before`` + 1 to ``after`` lands on the character's X-space."""
    divider = d.campaign["dividers"].get(character)
    if divider and before < divider["space"] <= after and not sheet(d.state, character)["bonus_skill"]:
        code = divider["code"]
        d.emit(ev.BonusSkillObtained(character=character, code=code, skill=f"bonus-{code.lower()}"))


def tick_box(d: Decision, shop: str, offer: str, boxes: int | None, section: str) -> None:
    """§ Weapon Upgrades: limited stock has tick boxes; once all are ticked the Upgrade can no longer be bought."""
    if boxes is None and offer not in d.campaign["upgrades"]["shops"].get(shop, {}):
        return
    stock = d.campaign["upgrades"]["shops"].get(shop, {}).get(offer) or {"boxes": boxes, "ticked": 0}
    total = stock["boxes"] if stock["boxes"] is not None else boxes
    if total is None:
        return
    if stock["ticked"] >= total:
        raise refuse(section, f"every box next to {quoted(offer)} in {shop} is ticked ({stock['ticked']}/{total}): it can no longer be bought")
    d.emit(ev.ShopBoxTicked(shop=shop, offer=offer, ticked=stock["ticked"] + 1, boxes=total))


def shop_name(d: Decision) -> str | None:
    """The Shop the group is in, else ``None`` (an offer found elsewhere in the Storybook)."""
    here = position(d.state)
    return here["name"] if here and here["place"] == Place.SHOP.value and not in_encounter(d.state) else None
