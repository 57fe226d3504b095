"""One human line per Campaign Mode event, for ``history``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.core.names import possessive, quoted
from ..vocabulary import NAMES


def _n(character: str | None) -> str:
    return NAMES.get(character or "", character or "the group")


def _s(n: int) -> str:
    return "" if n == 1 else "s"


def _price(e: Any) -> str:
    unit = "Nanofragment" + _s(e.price) if e.currency == "nanofragments" else "High-Frequency Nanopotential"
    return f" for {e.price} {unit}" + (f" in {e.shop}" if getattr(e, "shop", None) else "")


LINES: dict[str, Callable[[Any], str]] = {
    "NanofragmentsGained": lambda e: f"{_n(e.character)} gains {e.amount} Nanofragment{_s(e.amount)} ({e.reason}): {e.unconscious} unconscious",
    "NanofragmentsSpent": lambda e: f"{_n(e.character)} spends {e.amount} Nanofragment{_s(e.amount)} ({e.reason}): {e.unconscious} unconscious, {e.conscious} conscious",
    "DividerCardSet": lambda e: f"{possessive(_n(e.character))} Divider Card: {e.code} on space {e.space}",
    "BonusSkillObtained": lambda e: f"{possessive(_n(e.character))} sticker reaches {e.code}: Bonus Skill (Hidden Card {e.code})",
    "HighFrequencyNanopotentialGained": lambda e: f"{e.amount} High-Frequency Nanopotential gained ({e.reason}): {e.unspent} unspent",
    "HighFrequencyNanopotentialSpent": lambda e: f"{e.amount} High-Frequency Nanopotential spent ({e.reason}): {e.unspent} unspent",
    "SkillCardObtained": lambda e: f"{_n(e.character)} obtains {e.skill} ({'conscious' if e.conscious else 'unconscious'}; {e.reason})",
    "SkillMadeConscious": lambda e: f"{possessive(_n(e.character))} {e.skill} becomes conscious",
    "ActiveSkillsChosen": lambda e: f"{possessive(_n(e.character))} Active Skills: {', '.join(e.skills) or 'none'}",
    "SkillCostLowered": lambda e: f"{possessive(_n(e.character))} {e.skill}: {e.combination} {e.before} → {e.after}",
    "SkillNumberChanged": lambda e: f"{possessive(_n(e.character))} {e.skill}: {e.number} {e.before} → {e.after}",
    "SkillRangeExtended": lambda e: f"{possessive(_n(e.character))} {e.skill}: any space on the Encounter Map",
    "NanosyncTokenGained": lambda e: f"{_n(e.character)} gets a Nanosync Token ({e.reason}): {e.held} held",
    "NanosyncTokenPlaced": lambda e: f"{_n(e.character)} sticks a Nanosync Token on {e.skill}: its Nanosync Skill is unlocked",
    "WeaponUpgradeBought": lambda e: f"{possessive(_n(e.character))} {e.weapon} slot {e.slot}: {e.upgrade}" + (f" over {e.covers}" if e.covers else "") + _price(e),
    "BodyAugmented": lambda e: f"{possessive(_n(e.character))} {e.defense} Defense Value +1" + _price(e),
    "StartItemsGiven": lambda e: f"{_n(e.character)} holds Start Items {', '.join(e.items)} (Lv. 1)",
    "StartItemLevelBought": lambda e: f"{e.item} Lv. {e.level} bought for {_n(e.character)}" + _price(e) + (f"; Lv. {e.removed_level} leaves the game" if e.removed_level else ""),
    "ShopBoxTicked": lambda e: f"{e.shop}: box {e.ticked} of {e.boxes} ticked for {e.offer}",
    "UpgradeBought": lambda e: f"{e.upgrade} bought" + (f" for {_n(e.character)}" if e.character else "") + _price(e),
    "ProgramSaved": lambda e: f"Sidekick saves {e.program} ({len(e.programs)} of 4)",
    "ProgramDeleted": lambda e: f"Sidekick deletes {e.program}",
    "SessionDated": lambda e: f"Session of {e.date}",
    "ChapterStarted": lambda e: f"Chapter {e.chapter}",
    "PlaceReached": lambda e: f"The group is at {e.place} {quoted(e.name)}" + (" (Disk Icon)" if e.disk else "") + (" (Exit Icon)" if e.exit_icon else ""),
    "RiddleSolved": lambda e: f"Riddle {quoted(e.name)} solved" + (" with the hint" if e.hint else ""),
    "NanostoryRead": lambda e: f"Nanostory {quoted(e.name)} read",
    "EncounterWonOnPaper": lambda e: f"Encounter {quoted(e.name)} won (on the paper sheet)",
    "HiddenCardTaken": lambda e: f"Hidden Card {e.code} ({e.name}) to {_n(e.character)}" + (" — Quest Item" if e.quest_item else "") + (", Persistent" if e.persistent else ""),
    "HiddenCardPassed": lambda e: f"Hidden Card {e.code} passes from {_n(e.previous)} to {_n(e.character)}",
    "QuestItemDiscarded": lambda e: f"Quest Item {e.code} discarded ({e.reason})",
    "DefragmentedTextRead": lambda e: f"Defragmented Text {e.text} read with {e.code}",
    "MissionTokenPlaced": lambda e: f"Mission Token {e.token} stuck on the City Map" + (f" (page {e.page})" if e.page else ""),
    "CityPhaseStarted": lambda e: "The City Phase begins on the Neo-Eden City Map",
    "QuestCardsDiscarded": lambda e: f"City Phase step 1: discarded {', '.join(e.discarded) or 'nothing'}; kept {', '.join(e.kept) or 'nothing'}",
    "ItemCardsReturned": lambda e: f"City Phase step 2: {e.count} Item Card{_s(e.count)} returned" + (f"; 1 Nanofragment to {_n(e.character)}" if e.character else ""),
    "MissionTokenChosen": lambda e: f"City Phase step 3: Mission Token {e.token} chosen; the City Phase ends",
    "SavePointReached": lambda e: f"Save Point {quoted(e.name)}: everyone back to their starting condition",
    "GameOverResumed": lambda e: f"Resumed at Save Point {quoted(e.save_point)}" + (f" after the Game Over in {e.encounter}" if e.encounter else "") + f"; upgrades {e.upgrades}",
    "DifficultyLevelSet": lambda e: f"Difficulty level: {e.level}",
    "CampaignStartedFromPaper": lambda e: f"Started from paper at chapter {e.chapter}",
}


def describe(event: Any) -> str | None:
    """The line for a Campaign Mode ``event``, or ``None``."""
    line = LINES.get(type(event).__name__)
    return line(event) if line else None
