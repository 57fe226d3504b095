"""Tamashii's domain events: frozen dataclasses named in the past tense (a persisted contract).

Events that reveal randomness carry ``reveals = True`` (an action seals only when one of its events
reveals). Events carry the values they leave behind (``value``, ``integrity``, ``trace``...) so that ``evolve``
only applies and ``history`` can say what happened. ``board`` is a Player Board id (its Core Data colour).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain.core import GameEvent

# Bodies, Augments and the Learning Protocol have their own module; named here too, as ``ev.BodyInhabited``...
from .body_events import (AugmentBroken, AugmentEquipped, AugmentGained, AugmentTraded, BodiesSwapped,  # noqa: F401
                          BodyDiscarded, BodyInhabited, BodyMarketChanged, LearningProtocolChosen, LearningStepCompleted)

# -- the box: Progress sheet and pools (tamashii.txt § Ending the game & using the PROGRESS sheet) -----


@dataclass(frozen=True)
class ProgressSheetStartedFromScratch(GameEvent):
    """A fresh Progress sheet: every tick cleared, the pools back to the box's unboxing state."""


@dataclass(frozen=True)
class ComponentsUnlocked(GameEvent):
    """``codes`` moved from the Locked to the Unlocked Pool (by ``card``); ``already`` were there."""

    codes: list[str]
    already: list[str]
    card: str


@dataclass(frozen=True)
class ComponentsLocked(GameEvent):
    """``codes`` moved from the Unlocked to the Locked Pool (by ``card``); ``already`` were there."""

    codes: list[str]
    already: list[str]
    card: str


@dataclass(frozen=True)
class EndingTicked(GameEvent):
    """A win ticked ``code`` next to ``scenario`` on the Progress sheet."""

    scenario: str
    code: str


@dataclass(frozen=True)
class ScenarioStarted(GameEvent):
    """A play began: ``play`` is the whole set-up Scenario state (boards, Time track, Enemy deck, map)."""

    reveals = True

    scenario: str
    mode: str
    play: dict[str, Any]


@dataclass(frozen=True)
class ScenarioEnded(GameEvent):
    """The play ended: ``outcome`` is ``won``, ``lost`` or ``finished`` (competitive), on ``card``."""

    scenario: str
    outcome: str
    card: str
    scores: dict[str, Any]


# -- Scenario flow ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class PhaseBegan(GameEvent):
    """Turn ``turn`` entered ``phase``; ``active`` is the board acting now in an ordered phase."""

    turn: int
    phase: str
    active: str | None


@dataclass(frozen=True)
class FirstPlayerTokenPassed(GameEvent):
    """The First Player token went clockwise to ``board``."""

    involved = ("board",)

    board: str


@dataclass(frozen=True)
class TimeSet(GameEvent):
    """The Time track's marker was set to ``time`` (``expression`` as printed, e.g. ``6-P``)."""

    time: int
    expression: str


@dataclass(frozen=True)
class TimeReduced(GameEvent):
    """Time went down by ``amount`` to ``time``."""

    amount: int
    time: int


@dataclass(frozen=True)
class ScenarioCardDrawn(GameEvent):
    """Scenario card ``code`` became the active card (``special``: set aside as a Special Scenario card)."""

    code: str
    previous: str | None
    special: bool


@dataclass(frozen=True)
class SuccessTokensChanged(GameEvent):
    """The active Scenario card now holds ``count`` Success tokens."""

    count: int


@dataclass(frozen=True)
class StepTaken(GameEvent):
    """``board`` did ``step`` this phase (``refill``, ``program``, ``move``, ``district-effect``...)."""

    involved = ("board",)

    board: str
    step: str
    detail: dict[str, Any]


# -- Player Board tracks ---------------------------------------------------------------------------


@dataclass(frozen=True)
class AssetChanged(GameEvent):
    """``board``'s ``asset`` track moved by ``change`` to ``value``; ``how`` is gained, lost or spent."""

    involved = ("board",)

    board: str
    asset: str
    how: str
    change: int
    value: int


@dataclass(frozen=True)
class WoundsSuffered(GameEvent):
    """``board`` suffered ``wounds``: ``shields`` Shield spent, ``lost`` Integrity lost, now ``integrity``."""

    involved = ("board",)

    board: str
    wounds: int
    shields: int
    lost: int
    integrity: int


@dataclass(frozen=True)
class IntegrityChanged(GameEvent):
    """``board``'s Integrity is ``integrity`` and its ITG Limiter ``limiter`` (``why``)."""

    involved = ("board",)

    board: str
    integrity: int
    limiter: int
    why: str


@dataclass(frozen=True)
class TraceChanged(GameEvent):
    """``board``'s Trace is ``trace`` (``why``)."""

    involved = ("board",)

    board: str
    trace: int | None
    why: str


@dataclass(frozen=True)
class EnemiesDue(GameEvent):
    """``board`` must draw and attach ``count`` more Enemies (``why``)."""

    involved = ("board",)

    board: str
    count: int
    why: str


@dataclass(frozen=True)
class ExpChanged(GameEvent):
    """``board``'s EXP changed by ``change`` to ``exp`` (``why``)."""

    involved = ("board",)

    board: str
    change: int
    exp: int
    why: str


@dataclass(frozen=True)
class LockTokenDiscarded(GameEvent):
    """``board`` unlocked a Data slot: ``locks`` Lock tokens remain."""

    involved = ("board",)

    board: str
    locks: int


# -- Data tokens (§ Bag building & Data tokens mechanics) --------------------------------------------


@dataclass(frozen=True)
class DataTokensMoved(GameEvent):
    """``tokens`` went from ``source`` to ``target`` (bag, launcher, dump, neutral, pool, box); drawn from
    the Bag, they are a reveal (tokens drawn blind from a bag)."""

    @property
    def reveals(self) -> bool:  # type: ignore[override]
        """Tokens drawn from the Bag are revealed (§ Data tokens: the Bag is drawn blind); other moves are not."""
        return self.source == "bag"

    involved = ("board",)

    board: str
    tokens: list[str]
    source: str
    target: str

    @property
    def reveals(self) -> bool:  # type: ignore[override]
        """Only a draw from the Data Bag reveals anything."""
        return self.source == "bag"


@dataclass(frozen=True)
class DataBagRefilled(GameEvent):
    """The Data Bag Golden Rule: the empty Bag took every token of the Dump (``tokens``)."""

    involved = ("board",)

    board: str
    tokens: dict[str, int]


@dataclass(frozen=True)
class CorruptedDataPoolRanOut(GameEvent):
    """``board`` had to gain Corrupted Data from an empty pool: the Scenario's special rule applies."""

    involved = ("board",)

    board: str
    missing: int


@dataclass(frozen=True)
class CoreDataChanged(GameEvent):
    """``board``'s Core Data token now shows ``core``."""

    involved = ("board",)

    board: str
    core: str
