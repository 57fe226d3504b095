"""Tamashii's events about setup choices, owed steps, figures noted once, and the Scenario special rules
(past tense, frozen; class names are a persisted contract). Events that reveal randomness carry
``reveals = True`` (an action seals only when it reveals something)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain.core import GameEvent


@dataclass(frozen=True)
class ClassChosen(GameEvent):
    """``board`` took the ``name`` Class Augment deck (setup 3c)."""

    involved = ("board",)

    board: str
    name: str


@dataclass(frozen=True)
class ScenarioEndingDue(GameEvent):
    """The Scenario is decided (``why``): card ``card`` must be drawn before anything else."""

    card: str
    why: str


@dataclass(frozen=True)
class BodyMarketRefillDue(GameEvent):
    """The Body Market is owed ``count`` cards from the Body deck (a Body was inhabited from it)."""

    count: int


@dataclass(frozen=True)
class BodyFigureNoted(GameEvent):
    """``board``'s active Body ``body`` has ``figure`` (mov, att or pro) ``value``, as printed."""

    involved = ("board",)

    board: str
    body: str
    figure: str
    value: int


@dataclass(frozen=True)
class AugmentDrawn(GameEvent):
    """``board`` drew ``augment`` (``{name, kind, memory, starting, break, equipped}``) from a shuffled
    Augment deck; it arrives unequipped."""

    reveals = True
    involved = ("board",)
    board: str
    augment: dict[str, Any]


@dataclass(frozen=True)
class DistrictTraceNoted(GameEvent):
    """District tile ``tile`` prints ``entry`` / ``stationary`` Trace values (None: not noted by this event)."""

    tile: int
    entry: int | None
    stationary: int | None


@dataclass(frozen=True)
class AscendTokensSpread(GameEvent):
    """Spread: the First Player rolled ``dice``; one Ascend token went to each of ``tiles`` (``"sheet"``:
    on the Scenario sheet); ``sheet`` Ascend tokens are now on the Scenario sheet."""

    reveals = True
    dice: list[str]
    tiles: list[str]
    sheet: int


@dataclass(frozen=True)
class AscendTokenDiscarded(GameEvent):
    """An Ascend token was discarded from District tile ``tile`` (``why``)."""

    tile: int
    why: str


@dataclass(frozen=True)
class SimulationErrorRolled(GameEvent):
    """``board`` rolled the Enemy Number die for the Simulation Error rule: ``result`` (1, 2, 3 or blank)
    and the effect card C12 gives it (``effect``), resolved by the players."""

    reveals = True
    involved = ("board",)
    board: str
    result: str
    effect: str


@dataclass(frozen=True)
class BossActivityRolled(GameEvent):
    """Boss Activity of ``boss``: both Enemy dice rolled (``number``: 1-3 or None for blank, ``symbol``)
    and the top Boss Attack card ``card`` revealed; ``ignored``: the blank makes the table ignored."""

    reveals = True
    boss: str
    number: int | None
    symbol: str
    card: str
    ignored: bool


@dataclass(frozen=True)
class TestContributionSkipped(GameEvent):
    """``board`` passed its turn to contribute to the Group Test in progress."""

    involved = ("board",)

    board: str
