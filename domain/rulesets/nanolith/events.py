"""Nanolith's domain events: frozen dataclasses, past tense. Class names and fields are a persisted contract.

Characters are ids (``"vaa-lith"``); dice positions are 1-based places in roll order; ``stress``,
``damage`` and ``pool`` fields give the value *after* the event, so history reads without a replay.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from domain.core.ruleset import GameEvent

from .encounter_events import ENCOUNTER_EVENTS
from .enemy_events import (AttackRolled, EnemyDamaged, EnemyEliminated, EnemyPlaced, ReinforcementsBought,
                           SidekickDamaged, SidekickEliminated, SidekickEntered)


@dataclass(frozen=True)
class EncounterStarted(GameEvent):
    """An Encounter began; every Player Board set up per § Character Preparation."""

    name: str
    lower_difficulty: bool
    effect_maxima: dict[str, int]
    content_packs: list[dict[str, Any]] = field(default_factory=list)
    """The content packs in use (``[{pack, version, file, shipped, digest}]``); empty in older campaigns."""


@dataclass(frozen=True)
class EncounterEnded(GameEvent):
    """An Encounter ended with ``outcome`` (``victory`` / ``game-over``)."""

    name: str
    outcome: str


@dataclass(frozen=True)
class SpawnPoolSet(GameEvent):
    """The Spawn Pool holds ``pool``: enemy type -> standee numbers off the map."""

    pool: dict[str, list[int]]


@dataclass(frozen=True)
class StressSpacesSet(GameEvent):
    """The Inactive Index ``slots`` (1-based) printed with a Stress Icon on ``character``'s Player Board."""

    involved = ("character",)

    character: str
    slots: list[int]


@dataclass(frozen=True)
class RoundStarted(GameEvent):
    """Status Phase step 1: the Round Tracker shows ``round``; ``reinforcements_due`` RT owed, ``placed`` placed."""

    round: int
    reinforcements_due: int
    placed: int
    pool: int


@dataclass(frozen=True)
class StressRelieved(GameEvent):
    """Status Phase step 2: ``character``'s Stress Cube moved back ``amount`` spaces to ``stress``."""

    involved = ("character",)

    character: str
    amount: int
    stress: int


@dataclass(frozen=True)
class ActionDiceRolled(GameEvent):
    """``character`` rolled ``dice`` (Action Dice, in roll order)."""

    reveals = True  # Action Dice rolled (nanolith.txt § Undoing Moves)
    involved = ("character",)

    character: str
    dice: list[int]


@dataclass(frozen=True)
class StressGained(GameEvent):
    """``character`` gained one Stress Point (``cause``); the Stress Cube stands on ``stress``."""

    involved = ("character",)

    character: str
    stress: int
    cause: str


@dataclass(frozen=True)
class NanoshockTriggered(GameEvent):
    """``character`` got a Nanoshock: Stress 0, Token active, Nanoshock Cube at ``stress_limit``."""

    involved = ("character",)

    character: str
    nanoshocks: int
    stress_limit: int


@dataclass(frozen=True)
class DamageTaken(GameEvent):
    """``character`` took ``amount`` Damage (``cause``); the Damage Cube stands on ``damage``."""

    involved = ("character",)

    character: str
    amount: int
    damage: int
    cause: str


@dataclass(frozen=True)
class Healed(GameEvent):
    """``character`` healed ``amount`` Damage Points to ``damage``."""

    involved = ("character",)

    character: str
    amount: int
    damage: int


@dataclass(frozen=True)
class FellUnconscious(GameEvent):
    """``character`` fell Unconscious: cubes to their Zero Spaces, Effect and Skill Tokens removed."""

    involved = ("character",)

    character: str
    during_nanoshock_action: bool


@dataclass(frozen=True)
class Revived(GameEvent):
    """``character``'s Unconscious Token was removed (Nanophoenix)."""

    involved = ("character",)

    character: str


@dataclass(frozen=True)
class InitiativeGiven(GameEvent):
    """Status Phase step 5: ``character`` holds the Initiative Token this Round."""

    involved = ("character",)

    character: str


@dataclass(frozen=True)
class PhaseChanged(GameEvent):
    """The Encounter moved to ``phase``."""

    phase: str


@dataclass(frozen=True)
class ActivationStarted(GameEvent):
    """``character`` began their activation."""

    involved = ("character",)

    character: str


@dataclass(frozen=True)
class ActivationEnded(GameEvent):
    """``character``'s activation ended (``reason``: ended, passed, unconscious)."""

    involved = ("character",)

    character: str
    reason: str


@dataclass(frozen=True)
class DiceSpent(GameEvent):
    """``character`` placed the dice at ``positions`` (showing ``values``) in Inactive Index ``slots``."""

    involved = ("character",)

    character: str
    positions: list[int]
    values: list[int]
    slots: list[int]
    cost: int | None
    combination: str | None
    nanosync: bool
    purpose: str


@dataclass(frozen=True)
class DieManipulated(GameEvent):
    """``character`` turned the die at ``position`` from ``before`` to ``after``."""

    involved = ("character",)

    character: str
    position: int
    before: int
    after: int


@dataclass(frozen=True)
class ReinforcementTokensPlaced(GameEvent):
    """``due`` RT owed for ``cause``; ``placed`` went in (the pool holds 12); the pool holds ``pool``."""

    due: int
    placed: int
    pool: int
    cause: str


@dataclass(frozen=True)
class EffectGiven(GameEvent):
    """``target`` was given ``requested`` ``effect`` Tokens; ``placed`` fit under the maximum; ``count`` now."""

    involved = ("target",)

    target: str
    effect: str
    requested: int
    placed: int
    count: int


@dataclass(frozen=True)
class EffectRemoved(GameEvent):
    """``removed`` ``effect`` Tokens taken off ``target``; ``count`` left."""

    involved = ("target",)

    target: str
    effect: str
    removed: int
    count: int


@dataclass(frozen=True)
class ShockResolved(GameEvent):
    """Shock on ``character``: Nanoshock Cube now at ``stress_limit``; ``hit_stress_cube`` -> Stress 0."""

    involved = ("character",)

    character: str
    stress_limit: int
    hit_stress_cube: bool


@dataclass(frozen=True)
class HackedRemovalRolled(GameEvent):
    """``character`` rolled Hacking dice ``dice`` against the Hacked Token (Defense 6): ``success``."""

    reveals = True  # Hacking dice rolled (nanolith.txt § Undoing Moves)
    involved = ("character",)

    character: str
    dice: list[int]
    success: bool


@dataclass(frozen=True)
class NanoshockActionPerformed(GameEvent):
    """``character`` flipped their Nanoshock Token and began their Nanoshock Action."""

    involved = ("character",)

    character: str


@dataclass(frozen=True)
class NanoshockActionEnded(GameEvent):
    """``character``'s Nanoshock Action ended; ``token_discarded`` when a Nanoshock came during it."""

    involved = ("character",)

    character: str
    token_discarded: bool


EVENTS: dict[str, type[GameEvent]] = {
    cls.__name__: cls for cls in [
        EncounterStarted, EncounterEnded, SpawnPoolSet, StressSpacesSet, RoundStarted, StressRelieved,
        ActionDiceRolled, StressGained, NanoshockTriggered, DamageTaken, Healed, FellUnconscious, Revived,
        InitiativeGiven, PhaseChanged, ActivationStarted, ActivationEnded, DiceSpent, DieManipulated,
        ReinforcementTokensPlaced, ReinforcementsBought, AttackRolled, EnemyPlaced, EnemyDamaged,
        EnemyEliminated, EffectGiven, EffectRemoved, ShockResolved, HackedRemovalRolled,
        NanoshockActionPerformed, NanoshockActionEnded, SidekickEntered, SidekickDamaged, SidekickEliminated,
        *ENCOUNTER_EVENTS,
    ]
}
"""Every Nanolith event class by its stored name."""

assert not any(f.name == "type" for cls in EVENTS.values() for f in fields(cls)), "'type' is GameEvent's stored name"
