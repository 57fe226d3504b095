"""Shops and the other purchases: Weapon Upgrades, Body Augmentations, Start Items and their levels, Shop stock,
Sidekick's saved programs (nanolith.txt § Weapon Upgrades, § Body Augmentations, § Upgraded Start Items,
§ Start Items, § Saving Programs)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..kit import KIT
from .. import schemas as sc
from .. import events as ev
from ..state import sheet
from ..vocabulary import Currency, DEFENSE_RAISE_MAX, MAX_PROGRAMS, PROGRAM_COST
from .common import (Decision, check_funds, pay, refuse, require_between_encounters, require_disk, require_shop,
                     shop_name, tick_box)
from domain.core.names import quoted

WEAPONS = "Weapon Upgrades"
BODY = "Body Augmentations"
START_ITEMS = "Upgraded Start Items"
PROGRAMS = "Saving Programs"


@KIT.action("buy-weapon-upgrade", sc.WeaponUpgradeSchema, "Stick a Weapon Upgrade on a slot (may paste over) for its price",
            section="Weapon Upgrades", args=("character", "weapon", "slot", "upgrade"))
def buy_weapon_upgrade(d: Decision, f: Mapping[str, Any]) -> None:
    """A Weapon Upgrade sticker on a slot of a Weapon Card; unlike every other Upgrade it may paste over an
    earlier sticker. Limited stock: one box ticked per purchase."""
    require_disk(d, "Buying a Weapon Upgrade")
    character, shop = f["character"], shop_name(d)
    check_funds(d, character, f["price"], f["currency"])
    tick_box(d, shop or "Storybook", f["upgrade"], f.get("boxes"), WEAPONS)
    slots = sheet(d.state, character)["weapons"].get(f["weapon"], {})
    stack = slots.get(str(f["slot"]), [])
    pay(d, character, f["price"], f["currency"], f"Weapon Upgrade {f['upgrade']} on {f['weapon']}")
    d.emit(ev.WeaponUpgradeBought(character=character, weapon=f["weapon"], slot=f["slot"], upgrade=f["upgrade"],
                                  covers=stack[-1] if stack else None, price=f["price"], currency=f["currency"], shop=shop))


@KIT.action("buy-body-augmentation", sc.BodyAugmentationSchema, "Raise a Defense Value by 1 in a Shop, for its price",
            section="Body Augmentations", args=("character", "defense"))
def buy_body_augmentation(d: Decision, f: Mapping[str, Any]) -> None:
    """A Defense Value +1, in a Shop: each Defense Value only once over the campaign, each sticker once per Shop."""
    shop = require_shop(d, "A Body Augmentation", BODY)
    character, defense = f["character"], f["defense"]
    raised = sheet(d.state, character)["defense"].get(defense, 0)
    if raised >= DEFENSE_RAISE_MAX:
        raise refuse(BODY, f"{character}'s {defense} Defense Value was already raised: Defense Values can only be "
                           f"increased by {DEFENSE_RAISE_MAX} during the campaign")
    if d.campaign["upgrades"]["shops"].get(shop, {}).get(f["offer"], {}).get("ticked"):
        raise refuse(BODY, f"the {f['offer']} sticker of {shop} was already bought: each can only be purchased once per Shop")
    check_funds(d, character, f["price"], f["currency"])
    pay(d, character, f["price"], f["currency"], f"Body Augmentation: {defense} Defense Value +1")
    d.emit(ev.ShopBoxTicked(shop=shop, offer=f["offer"], ticked=1, boxes=1))
    d.emit(ev.BodyAugmented(character=character, defense=defense, shop=shop, offer=f["offer"], price=f["price"],
                            currency=f["currency"]))


@KIT.action("give-start-items", sc.StartItemsSchema, "Give a character Start Items (Lv. 1)",
            section="Start Items", args=("character", "items"))
def give_start_items(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Setup / § Start Items: Start Items (Lv. 1) distributed among the characters as the group wishes."""
    held = d.campaign["upgrades"]["start_items"]
    for item in f["items"]:
        if item in held:
            raise refuse("Start Items", f"the Start Item {quoted(item)} is already held by {held[item]['holder']} (Lv. {held[item]['level']})")
    d.emit(ev.StartItemsGiven(character=f["character"], items=list(dict.fromkeys(f["items"]))))


@KIT.action("buy-start-item", sc.StartItemSchema, "Buy a Start Item's next level in a Shop; the old level leaves the game",
            section="Upgraded Start Items", args=("character", "item", "level"))
def buy_start_item(d: Decision, f: Mapping[str, Any]) -> None:
    """A higher-level Start Item, in a Shop, for its price in High-Frequency Nanopotential (at least 1: § Start
    Items, "This requires High-Frequency Nanopotential"); only right after the preceding level; the old level
    leaves the game (§ Upgraded Start Items: "removed from the game and can no longer be used")."""
    shop = require_shop(d, "A higher-level Start Item", START_ITEMS)
    item, level = f["item"], f["level"]
    if f["currency"] != Currency.HIGH_FREQUENCY.value or f["price"] < 1:
        raise refuse("Start Items", f"Start Items can be converted into higher-level Start Items in Shops. This requires "
                                    f"High-Frequency Nanopotential: {item} Lv. {level} is not bought with "
                                    f"{f['price']} {f['currency'].replace('-', ' ')} alone")
    current = d.campaign["upgrades"]["start_items"].get(item)
    have = current["level"] if current else 0
    if have != level - 1:
        held = f"the group holds Lv. {have}" if have else "the group does not hold it"
        raise refuse(START_ITEMS, f"{item} Lv. {level} needs {item} Lv. {level - 1} first; {held}")
    check_funds(d, f["character"], f["price"], f["currency"])
    tick_box(d, shop, f"{item}-lv-{level}", f.get("boxes"), START_ITEMS)
    pay(d, f["character"], f["price"], f["currency"], f"{item} Lv. {level}")
    d.emit(ev.StartItemLevelBought(character=f["character"], item=item, level=level, removed_level=have,
                                   price=f["price"], currency=f["currency"], shop=shop))


@KIT.action("buy-upgrade", sc.UpgradeSchema, "Buy anything else a Shop or the Storybook prices",
            section="Shop Upgrades", args=("upgrade",))
def buy_upgrade(d: Decision, f: Mapping[str, Any]) -> None:
    """Anything else a Shop or the Storybook sells (a Shop Upgrade bought with High-Frequency Nanopotential...),
    at a Disk Icon, for its price; limited stock ticks a box."""
    require_disk(d, f"Buying {f['upgrade']}")
    shop = shop_name(d)
    check_funds(d, f.get("character"), f["price"], f["currency"])
    tick_box(d, shop or "Storybook", f.get("offer") or f["upgrade"], f.get("boxes"), WEAPONS)
    pay(d, f.get("character"), f["price"], f["currency"], f["upgrade"])
    d.emit(ev.UpgradeBought(upgrade=f["upgrade"], price=f["price"], currency=f["currency"], shop=shop, character=f.get("character")))


@KIT.action("save-program", sc.ProgramSchema, "Sidekick saves a program for 1 of Cora's Nanofragments (up to 4)",
            section="Saving Programs", args=("program",))
def save_program(d: Decision, f: Mapping[str, Any]) -> None:
    """After an Encounter Sidekick saves a program for 1 of Cora's Nanofragments; he holds up to 4."""
    require_between_encounters(d, "Saving a program", PROGRAMS)
    programs = d.campaign["upgrades"]["programs"]
    if f["program"] in programs:
        raise refuse(PROGRAMS, f"Sidekick already holds the program {quoted(f['program'])}")
    if len(programs) >= MAX_PROGRAMS:
        raise refuse(PROGRAMS, f"Sidekick can hold up to {MAX_PROGRAMS} programs ({', '.join(programs)}): "
                               "delete-program one to overwrite it")
    check_funds(d, "cora", PROGRAM_COST, "nanofragments")
    pay(d, "cora", PROGRAM_COST, "nanofragments", f"Sidekick saves {f['program']}")
    d.emit(ev.ProgramSaved(character="cora", program=f["program"], programs=[*programs, f["program"]]))


@KIT.action("delete-program", sc.ProgramSchema, "Sidekick deletes a saved program", section="Saving Programs", args=("program",))
def delete_program(d: Decision, f: Mapping[str, Any]) -> None:
    """Sidekick deletes a saved program (to overwrite it with another)."""
    programs = d.campaign["upgrades"]["programs"]
    if f["program"] not in programs:
        raise refuse(PROGRAMS, f"Sidekick holds no saved program {quoted(f['program'])}")
    d.emit(ev.ProgramDeleted(character="cora", program=f["program"], programs=[p for p in programs if p != f["program"]]))
