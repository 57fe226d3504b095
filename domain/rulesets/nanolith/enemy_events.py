"""Nanolith's domain events about enemies, attacks, reinforcements and Sidekick (see :mod:`.events`).

Class names and fields are a persisted contract (stored as ``{"type": class name, "data": fields}``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain.core.ruleset import GameEvent


@dataclass(frozen=True)
class ReinforcementsBought(GameEvent):
    """Spawn Phase: ``tokens_spent`` RT bought ``enemies``; ``leftover`` RT removed from the pool."""

    enemies: list[str]
    tokens_spent: int
    leftover: int
    spawn_rolls: list[int]


@dataclass(frozen=True)
class AttackRolled(GameEvent):
    """``attacker`` (a character or enemy id) rolled Combat Dice against ``target``.

    ``dice`` is the first roll, ``rerolls`` ``[[position, new value], ...]``, ``final`` the dice counted;
    ``defense`` is a number or ``"X"`` (immune); ``hits`` include ``forced`` Force Successes;
    ``damage`` is hits minus ``armor`` (never below 0).
    """

    reveals = True  # Combat Dice rolled (nanolith.txt § Undoing Moves)
    involved = ("attacker", "target")

    attacker: str
    target: str
    kind: str | None
    dice: list[int]
    rerolls: list[list[int]]
    final: list[int]
    defense: Any
    armor: int
    hits: int
    forced: int
    damage: int


@dataclass(frozen=True)
class EnemyPlaced(GameEvent):
    """Enemy ``enemy`` (``enemy_type`` standee ``standee``, ``life`` Life Points) entered the Encounter Map."""

    enemy: str
    enemy_type: str
    standee: int
    life: int
    figures: dict[str, Any] | None = None
    """The Enemy Card's figures from the content packs (class, defense, profile, program...), if known."""


@dataclass(frozen=True)
class EnemyDamaged(GameEvent):
    """Enemy ``enemy`` took ``amount`` Damage; it has ``damage`` in all."""

    enemy: str
    amount: int
    damage: int


@dataclass(frozen=True)
class EnemyEliminated(GameEvent):
    """Enemy ``enemy`` was eliminated and its standee went back to the Spawn Pool."""

    enemy: str
    enemy_type: str
    standee: int


@dataclass(frozen=True)
class SidekickEntered(GameEvent):
    """Sidekick entered the Encounter Map with ``life`` Life Points ("Go get 'em!")."""

    life: int


@dataclass(frozen=True)
class SidekickDamaged(GameEvent):
    """Sidekick took ``amount`` Damage; ``damage`` in all."""

    amount: int
    damage: int


@dataclass(frozen=True)
class SidekickEliminated(GameEvent):
    """Sidekick was eliminated and removed from the Encounter Map."""
