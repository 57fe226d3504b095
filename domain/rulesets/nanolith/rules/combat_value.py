"""How many Combat Dice an attack may roll (nanolith.txt § 3. Determining Combat Value, § Different Combat Value).

The Combat Value is the Basic Combat Value for the attack type on the Character Card plus the equipped weapon's
Weapon Combat Value; Weapon Upgrades, Skills, Items and stickers may add dice. Reading (the rulebook gives no cap):
Questlog knows a character's BCV and WCV only where the content packs print them, does not track which Weapon
Upgrades were paid for, and so checks an upper bound: BCV + WCV + every Weapon Upgrade that adds Combat Dice +
the ``--bonus-dice`` the players declare for a Skill, Item or sticker. Where a figure is unknown it checks nothing.
Ashitaka, for instance: BCV 1 (close combat) + Neo-Katana WCV 1 + Start Upgrade 1 = at most 3 dice (§ Ashitaka – Rush).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ..content import catalogue_for
from ..vocabulary import AttackType
from .consequences import refuse
from .guards import name

_ADDS_DICE = re.compile(r"\+(\d+) Combat Di(?:e|ce)", re.I)


def combat_value_bound(state: Mapping[str, Any], character: str, kind: str | None) -> tuple[int, str] | None:
    """The most Combat Dice ``character`` may roll for an attack of ``kind`` without declared bonus dice, and how it
    adds up (``"BCV 1 + Neo-Katana WCV 1 + Start Upgrade 1"``); ``None`` when the packs do not print the figures."""
    cat = catalogue_for(dict(state))
    weapon = next((w for w in cat.sections["weapons"].values() if w.get("character") == character and w.get("attack")), None)
    basic = kind if kind not in (None, AttackType.NANOSHOCK.value) else (weapon or {}).get("attack")
    bcv = (cat.get("characters", character).get("bcv") or {}).get(basic or "")
    if bcv is None:
        return None
    parts, total = [f"BCV {bcv} ({basic})"], bcv
    if weapon and weapon["attack"] == basic and basic != AttackType.HACKING.value:
        if weapon.get("wcv") is None:
            return None
        parts.append(f"{weapon['name']} WCV {weapon['wcv']}")
        total += weapon["wcv"]
        for upgrade in weapon.get("upgrades") or []:
            extra = sum(int(n) for n in _ADDS_DICE.findall(upgrade.get("text") or ""))
            if extra:
                parts.append(f"{upgrade.get('name') or 'Weapon Upgrade'} {extra}")
                total += extra
    return total, " + ".join(parts)


def check_combat_dice(state: Mapping[str, Any], character: str, kind: str | None, rolled: int, bonus: int) -> None:
    """Refuse a roll of more Combat Dice than the known Combat Value allows (see the module's reading)."""
    bound = combat_value_bound(state, character, kind)
    if bound is None or rolled <= bound[0] + bonus:
        return
    declared = f" + {bonus} declared bonus dice" if bonus else ""
    raise refuse("3. Determining Combat Value",
                 f"{name(character)} rolls at most {bound[0] + bonus} Combat Dice here ({bound[1]}{declared}), not {rolled}; "
                 "dice a Skill, Item or sticker adds are declared with --bonus-dice N")
