"""Campaign Mode vocabulary: currencies, places, sticker kinds and the fixed prices and limits.

Every figure here is printed in ``rulebooks/nanolith.txt`` (§§ Upgrading Characters, Exchanging Skill
Cards, Saving Programs, Neo-Eden and the City Phase); prices the rulebook leaves to a Shop or the
Storybook are not here: the actions take them as fields with their :class:`Currency`.
"""

from __future__ import annotations

from enum import Enum

from ..vocabulary import rule

__all__ = ["rule", "Currency", "Place", "Sticker", "Direction", "Upgrades", "X_CODES", "MAKE_CONSCIOUS_COST",
           "LOWER_COST_COST", "NUMBER_STICKER_COST", "RANGE_STICKER_COST", "PROGRAM_COST", "MAX_ACTIVE_SKILLS",
           "MAX_PROGRAMS", "CITY_PHASE_BONUS_AT", "CITY_PHASE_BONUS", "MAX_ITEM_CARDS", "DEFENSE_RAISE_MAX"]


class Currency(str, Enum):
    """What a price is paid in (§ Upgrading Characters)."""

    NANOFRAGMENTS = "nanofragments"
    """The character's own Nanofragments: moved from the Unconscious to the Conscious side of its Divider Card."""
    HIGH_FREQUENCY = "high-frequency"
    """High-Frequency Nanopotential: the group's one card, unlabeled side to labeled side."""


class Place(str, Enum):
    """Where the group is in the books (§ Leveling Up with Nanofragments: the Disk Icon)."""

    LOBBY = "lobby"
    SHOP = "shop"
    CITY_MAP = "city-map"
    COMIC = "comic"
    STORYBOOK = "storybook"
    SAVE_POINT = "save-point"
    ENCOUNTER = "encounter"


class Sticker(str, Enum):
    """The kinds of sticker a Skill Card slot takes; each slot only once per campaign (§ Leveling Up)."""

    COST = "cost"
    """§ Lowering Skill Costs: the same combination, one step lower (1 Nanofragment)."""
    NUMBER = "number"
    """§ Lowering or Increasing Numerical Values on Skills: one number +1 or -1 (1 Nanofragment)."""
    RANGE = "range"
    """§ Improving Line of Sight and Range: "any space on the Encounter Map" (2 Nanofragments)."""
    NANOSYNC = "nanosync"
    """§ Nanosync Tokens: a Nanosync Token on the Nanosync Space (free) unlocks the Nanosync Skill."""


class Direction(str, Enum):
    """Which way a number sticker moves a Skill's number."""

    UP = "up"
    DOWN = "down"


class Upgrades(str, Enum):
    """What a Game Over does to the upgrades bought since the Save Point resumed at (Questlog's reading).

    The rulebook (§ Game Over) only says the characters resume fully healed and keep their Item Cards.
    """

    KEEP = "keep"
    """Default: every sticker, Skill and level stays (the stickers are not peeled off)."""
    ROLL_BACK = "roll-back"
    """The upgrade sheet returns to how it stood at that Save Point (Nanofragments refunded, gains since lost)."""


X_CODES = ("X1", "X2", "X3", "X4")
"""The Divider Card codes; each names a Bonus Skill Hidden Card (§ Divider Cards ... Bonus Skills)."""
MAKE_CONSCIOUS_COST = 2
"""Nanofragments to make an unconscious Skill Card conscious (§ Obtaining New Skill Cards)."""
LOWER_COST_COST = 1
"""Nanofragments to lower a Skill's dice combination one step (§ Lowering Skill Costs)."""
NUMBER_STICKER_COST = 1
"""Nanofragments to raise or lower one number on a Skill by 1 (§ Lowering or Increasing Numerical Values)."""
RANGE_STICKER_COST = 2
"""Nanofragments for the "any space on the Encounter Map" sticker (§ Improving Line of Sight and Range)."""
PROGRAM_COST = 1
"""Nanofragments Cora pays to save one of Sidekick's programs (§ Saving Programs)."""
MAX_PROGRAMS = 4
"""Programs Sidekick can hold at a time (§ Saving Programs)."""
MAX_ACTIVE_SKILLS = 3
"""Active Skills a character can have (§ Exchanging Skill Cards)."""
CITY_PHASE_BONUS_AT = 3
"""Item Cards returned in the City Phase, step 2, that give one character a Nanofragment (§ Neo-Eden)."""
CITY_PHASE_BONUS = 1
MAX_ITEM_CARDS = 4
"""Item Cards a character can hold, Start Items aside (§ Start Items); four characters return at most 16."""
DEFENSE_RAISE_MAX = 1
"""How much a Defense Value can be increased over the whole campaign (§ Body Augmentations)."""
