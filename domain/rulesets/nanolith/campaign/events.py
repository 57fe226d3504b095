"""Campaign Mode events (upgrades): frozen dataclasses, past tense; class names and fields are a persisted contract.

Every event about one character carries a ``character`` field (an id, ``"vaa-lith"``), so the audit history
filters by it (``questlog audit --character vaa-lith --event NanofragmentsSpent``). Counts named after a
place (``unconscious``, ``conscious``, ``held``, ``unspent``) give the value *after* the event.
Story events (places, cards found, City Phase, Save Points) are in :mod:`.story_events`.
"""

from __future__ import annotations

from dataclasses import dataclass
from domain.core.ruleset import GameEvent


@dataclass(frozen=True)
class NanofragmentsGained(GameEvent):
    """``amount`` Nanofragments stuck on the Unconscious side of ``character``'s Divider Card (now ``unconscious``)."""

    involved = ("character",)

    character: str
    amount: int
    unconscious: int
    reason: str


@dataclass(frozen=True)
class NanofragmentsSpent(GameEvent):
    """``amount`` stickers moved to the Conscious side for ``reason``; the sides now hold ``unconscious`` / ``conscious``."""

    involved = ("character",)

    character: str
    amount: int
    unconscious: int
    conscious: int
    reason: str


@dataclass(frozen=True)
class DividerCardSet(GameEvent):
    """``character``'s Divider Card shows ``code`` (X1..X4) on its Conscious space number ``space`` (1-based)."""

    involved = ("character",)

    character: str
    code: str
    space: int


@dataclass(frozen=True)
class BonusSkillObtained(GameEvent):
    """A spent sticker reached ``character``'s ``code`` space: Hidden Card ``code`` is its Bonus Skill ``skill``."""

    involved = ("character",)

    character: str
    code: str
    skill: str


@dataclass(frozen=True)
class HighFrequencyNanopotentialGained(GameEvent):
    """``amount`` High-Frequency Nanopotential on the unlabeled side of its card (now ``unspent``)."""

    amount: int
    unspent: int
    reason: str


@dataclass(frozen=True)
class HighFrequencyNanopotentialSpent(GameEvent):
    """``amount`` moved to the labeled side for ``reason`` (``character``: who it was for, if anyone)."""

    involved = ("character",)

    amount: int
    unspent: int
    spent: int
    reason: str
    character: str | None = None


@dataclass(frozen=True)
class SkillCardObtained(GameEvent):
    """``character`` obtained Skill Card ``skill`` (``conscious``: a Start Skill or Bonus Skill; else unconscious).

    ``combination`` (double / triple / straight) and ``cost`` (its pips, e.g. ``[2, 2]``) are the printed
    Action Cost, or ``None``; ``numbers`` the printed numbers by name; ``range`` the printed range or ``None``.
    """

    involved = ("character",)

    character: str
    skill: str
    conscious: bool
    combination: str | None
    cost: list[int] | None
    numbers: dict[str, int]
    range: int | None
    reason: str


@dataclass(frozen=True)
class SkillMadeConscious(GameEvent):
    """``skill`` moved to the Conscious side of ``character``'s Card Box (§ Obtaining New Skill Cards)."""

    involved = ("character",)

    character: str
    skill: str


@dataclass(frozen=True)
class ActiveSkillsChosen(GameEvent):
    """``character``'s Active Skills are now ``skills`` (were ``previous``)."""

    involved = ("character",)

    character: str
    skills: list[str]
    previous: list[str]


@dataclass(frozen=True)
class SkillCostLowered(GameEvent):
    """A cost sticker on ``skill``: its ``combination`` costs ``after`` instead of ``before``."""

    involved = ("character",)

    character: str
    skill: str
    combination: str
    before: list[int]
    after: list[int]


@dataclass(frozen=True)
class SkillNumberChanged(GameEvent):
    """A number sticker on ``skill``: ``number`` is ``after`` instead of ``before``."""

    involved = ("character",)

    character: str
    skill: str
    number: str
    before: int
    after: int


@dataclass(frozen=True)
class SkillRangeExtended(GameEvent):
    """The "any space on the Encounter Map" sticker pasted over ``skill``'s range ``before``."""

    involved = ("character",)

    character: str
    skill: str
    before: int | None


@dataclass(frozen=True)
class NanosyncTokenGained(GameEvent):
    """``character`` got a Nanosync Token for ``reason`` (now ``held``)."""

    involved = ("character",)

    character: str
    held: int
    reason: str


@dataclass(frozen=True)
class NanosyncTokenPlaced(GameEvent):
    """A Nanosync Token stuck on ``skill``'s Nanosync Space: its Nanosync Skill is unlocked (``held`` left)."""

    involved = ("character",)

    character: str
    skill: str
    held: int


@dataclass(frozen=True)
class WeaponUpgradeBought(GameEvent):
    """``upgrade`` stuck on Weapon Upgrade Slot ``slot`` of ``weapon``, over ``covers`` (or an empty slot)."""

    involved = ("character",)

    character: str
    weapon: str
    slot: int
    upgrade: str
    covers: str | None
    price: int
    currency: str
    shop: str | None


@dataclass(frozen=True)
class BodyAugmented(GameEvent):
    """``character``'s ``defense`` Defense Value +1, sticker ``offer`` bought in ``shop``."""

    involved = ("character",)

    character: str
    defense: str
    shop: str
    offer: str
    price: int
    currency: str


@dataclass(frozen=True)
class StartItemsGiven(GameEvent):
    """``character`` holds Start Items ``items`` at Lv. 1 (§ Start Items)."""

    involved = ("character",)

    character: str
    items: list[str]


@dataclass(frozen=True)
class StartItemLevelBought(GameEvent):
    """``item`` Lv. ``level`` bought for ``character``; Lv. ``removed_level`` leaves the game."""

    involved = ("character",)

    character: str
    item: str
    level: int
    removed_level: int
    price: int
    currency: str
    shop: str


@dataclass(frozen=True)
class ShopBoxTicked(GameEvent):
    """One of ``boxes`` boxes next to ``offer`` in ``shop`` ticked (``ticked`` in all)."""

    shop: str
    offer: str
    ticked: int
    boxes: int


@dataclass(frozen=True)
class UpgradeBought(GameEvent):
    """Anything else a Shop or the Storybook sells (``upgrade``), for ``character`` (or the group)."""

    involved = ("character",)

    upgrade: str
    price: int
    currency: str
    shop: str | None
    character: str | None = None


@dataclass(frozen=True)
class ProgramSaved(GameEvent):
    """Sidekick saved ``program`` (Cora paid; ``character`` is ``"cora"``); he now holds ``programs``."""

    involved = ("character",)

    character: str
    program: str
    programs: list[str]


@dataclass(frozen=True)
class ProgramDeleted(GameEvent):
    """Sidekick deleted (or is about to overwrite) ``program``."""

    involved = ("character",)

    character: str
    program: str
    programs: list[str]


UPGRADE_EVENTS: dict[str, type[GameEvent]] = {c.__name__: c for c in [
    NanofragmentsGained, NanofragmentsSpent, DividerCardSet, BonusSkillObtained, HighFrequencyNanopotentialGained,
    HighFrequencyNanopotentialSpent, SkillCardObtained, SkillMadeConscious, ActiveSkillsChosen, SkillCostLowered,
    SkillNumberChanged, SkillRangeExtended, NanosyncTokenGained, NanosyncTokenPlaced, WeaponUpgradeBought,
    BodyAugmented, StartItemsGiven, StartItemLevelBought, ShopBoxTicked, UpgradeBought, ProgramSaved, ProgramDeleted]}
