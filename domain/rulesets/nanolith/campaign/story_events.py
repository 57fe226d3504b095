"""Campaign Mode events (story): places, Hidden Cards and Quest Items, Mission Tokens, the City Phase, Save
Points, Game Over and the difficulty level. Class names and fields are a persisted contract.
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.core.ruleset import GameEvent


@dataclass(frozen=True)
class SessionDated(GameEvent):
    """The group says today's date (``date``, as typed); later Encounters and Save Points carry it."""

    date: str


@dataclass(frozen=True)
class ChapterStarted(GameEvent):
    """The campaign is in chapter ``chapter`` (as the books name it)."""

    chapter: str


@dataclass(frozen=True)
class PlaceReached(GameEvent):
    """The group is at ``name``, a ``place`` (lobby, shop, comic, storybook); ``disk``: a Disk Icon is there;
    ``exit_icon``: a Lobby's Exit Icon; ``page``: where in the books."""

    place: str
    name: str
    disk: bool
    exit_icon: bool
    page: str | None


@dataclass(frozen=True)
class RiddleSolved(GameEvent):
    """Riddle ``name`` of ``chapter`` solved (``hint``: the Rulebook page's hint was read)."""

    name: str
    chapter: str | None
    hint: bool


@dataclass(frozen=True)
class NanostoryRead(GameEvent):
    """Nanostory ``name`` played through (its Nanosync Tokens follow as ``NanosyncTokenGained``)."""

    name: str


@dataclass(frozen=True)
class EncounterWonOnPaper(GameEvent):
    """Encounter ``name`` was won before the campaign came to Questlog: a paper sheet's ``encounters_won``."""

    name: str


@dataclass(frozen=True)
class HiddenCardTaken(GameEvent):
    """Hidden Card ``code`` (``name``) taken from the deck and given to ``character``.

    ``quest_item``: it is a Quest Item; ``persistent``: it shows the Persistent Icon; ``defragments``:
    Defragmentation Codes it opens; ``lobby``: the Lobby where those texts are read (or ``None``).
    """

    involved = ("character",)

    code: str
    name: str
    character: str
    quest_item: bool
    persistent: bool
    defragments: list[str]
    lobby: str | None


@dataclass(frozen=True)
class HiddenCardPassed(GameEvent):
    """Hidden Card ``code`` traded from ``previous`` to ``character`` (§ Save Points: trading)."""

    involved = ("character", "previous")

    code: str
    character: str
    previous: str


@dataclass(frozen=True)
class QuestItemDiscarded(GameEvent):
    """``character`` discarded Quest Item ``code`` because ``reason``."""

    involved = ("character",)

    code: str
    character: str
    reason: str


@dataclass(frozen=True)
class DefragmentedTextRead(GameEvent):
    """Defragmented Text ``text`` read with Quest Item ``code`` held by ``character``."""

    involved = ("character",)

    text: str
    code: str
    character: str


@dataclass(frozen=True)
class MissionTokenPlaced(GameEvent):
    """Mission Token ``token`` stuck on the City Map; it leads to Storybook page ``page``."""

    token: str
    page: str | None
    reason: str


@dataclass(frozen=True)
class CityPhaseStarted(GameEvent):
    """The group entered the Neo-Eden City Map from ``came_from``: the City Phase begins."""

    came_from: str | None


@dataclass(frozen=True)
class QuestCardsDiscarded(GameEvent):
    """City Phase, step 1: Quest Cards without the Persistent Icon discarded (``discarded``), ``kept`` kept."""

    discarded: list[str]
    kept: list[str]


@dataclass(frozen=True)
class ItemCardsReturned(GameEvent):
    """City Phase, step 2: ``count`` Item Cards back to the Item Deck; ``character`` gets the bonus Nanofragment
    (``None``: nobody, fewer than 3 returned or the group declined)."""

    involved = ("character",)

    count: int
    character: str | None


@dataclass(frozen=True)
class MissionTokenChosen(GameEvent):
    """City Phase, step 3: Mission Token ``token`` chosen (turn to page ``page``); the City Phase ends."""

    token: str
    page: str | None


@dataclass(frozen=True)
class SavePointReached(GameEvent):
    """Save Point ``name`` reached: Damage and Stress 0, Effects and Skill Tokens discarded, Start Items flipped
    back; the upgrade sheet as it stands is remembered for a later Game Over."""

    name: str


@dataclass(frozen=True)
class GameOverResumed(GameEvent):
    """After the Game Over of ``encounter`` (``None``: a resume without one) the group resumes at Save Point
    ``save_point``, fully healed, keeping its Item Cards; ``upgrades``: ``keep`` or ``roll-back``."""

    save_point: str
    encounter: str | None
    upgrades: str


@dataclass(frozen=True)
class DifficultyLevelSet(GameEvent):
    """The campaign difficulty level is ``level`` (``normal`` / ``lower``: enemies' 1s place no RT)."""

    level: str


STORY_EVENTS: dict[str, type[GameEvent]] = {c.__name__: c for c in [
    SessionDated, ChapterStarted, PlaceReached, RiddleSolved, NanostoryRead, EncounterWonOnPaper, HiddenCardTaken,
    HiddenCardPassed, QuestItemDiscarded, DefragmentedTextRead, MissionTokenPlaced, CityPhaseStarted,
    QuestCardsDiscarded, ItemCardsReturned, MissionTokenChosen, SavePointReached, GameOverResumed, DifficultyLevelSet]}
