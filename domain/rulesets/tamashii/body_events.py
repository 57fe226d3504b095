"""Tamashii's domain events of Bodies, Augments and the Learning Protocol (tamashii.txt § Bodies, § Augments,
§ Learning Protocol): frozen dataclasses named in the past tense, stored by class name (a persisted contract, see
:mod:`domain.rulesets.tamashii.events`, which re-exports them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain.core import GameEvent

# -- Bodies, Augments, Learning Protocol -----------------------------------------------------------


@dataclass(frozen=True)
class BodyInhabited(GameEvent):
    """``board`` placed ``body`` (its figures) in the Body slot: it is the active Body."""

    involved = ("board",)

    board: str
    body: dict[str, Any]


@dataclass(frozen=True)
class BodiesSwapped(GameEvent):
    """``board`` swapped its 2 Advanced Bodies: ``active`` is now on top."""

    involved = ("board",)

    board: str
    active: str


@dataclass(frozen=True)
class BodyDiscarded(GameEvent):
    """``board`` discarded ``body`` to the bottom of the Body deck."""

    involved = ("board",)

    board: str
    body: str


@dataclass(frozen=True)
class BodyMarketChanged(GameEvent):
    """The face-up Body Market now shows ``market``; ``drawn``: Body cards were drawn onto it (a reveal)."""

    @property
    def reveals(self) -> bool:  # type: ignore[override]
        """Body cards drawn onto the Market are revealed (§ Body cards); one taken from it is not."""
        return self.drawn

    market: list[str]
    drawn: bool = False


@dataclass(frozen=True)
class AugmentGained(GameEvent):
    """``board`` took ``augment`` (``{name, kind, memory, starting, break}``), unequipped unless ``equipped``;
    ``drawn``: from the shuffled Class Augment deck (a reveal)."""

    @property
    def reveals(self) -> bool:  # type: ignore[override]
        """Class Augments drawn from the shuffled deck are revealed (§ UPGRADE); one taken by name is not."""
        return self.drawn

    involved = ("board",)

    board: str
    augment: dict[str, Any]
    drawn: bool = False


@dataclass(frozen=True)
class AugmentEquipped(GameEvent):
    """``board`` equipped ``name`` (its Memory cost was spent separately)."""

    involved = ("board",)

    board: str
    name: str


@dataclass(frozen=True)
class AugmentTraded(GameEvent):
    """The Faction Augment ``name`` went from ``board`` to ``to``, unequipped."""

    involved = ("board", "to")

    board: str
    to: str
    name: str


@dataclass(frozen=True)
class AugmentBroken(GameEvent):
    """``board``'s ``name`` (a Break Augment) was removed from the game."""

    involved = ("board",)

    board: str
    name: str


@dataclass(frozen=True)
class LearningProtocolChosen(GameEvent):
    """``board`` placed the Learning Protocol ``name``; ``note``: what the rulebook recommends about it, if
    anything (the competitive mode's "we recommend skipping this step"; empty in events stored before it)."""

    reveals = True
    involved = ("board",)

    board: str
    name: str
    note: str = ""


@dataclass(frozen=True)
class LearningStepCompleted(GameEvent):
    """``board`` completed Learning Protocol step ``step`` (1..3)."""

    involved = ("board",)

    board: str
    step: int
