"""Tamashii's events about the map, Enemies, dice, Tests and the game modes (past tense, frozen)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain.core import GameEvent


@dataclass(frozen=True)
class CharacterMoved(GameEvent):
    """``board``'s Character now stands on District tile ``tile`` (``bot``: J.O.R.D.A.N. BOT's)."""

    involved = ("board",)

    board: str
    tile: int
    bot: bool


@dataclass(frozen=True)
class DistrictRevealed(GameEvent):
    """District tile ``tile`` was turned face up: ``name``, its Trace values and the Exploration token."""

    reveals = True

    tile: int
    name: str
    entry: int | None
    stationary: int | None
    exploration: str | None


@dataclass(frozen=True)
class EnemiesAttached(GameEvent):
    """``enemies`` (``{name, integrity, damage, level}``) drawn and attached under ``board``'s stack;
    ``deck`` is the Enemy deck afterwards."""

    reveals = True
    involved = ("board",)

    board: str
    enemies: list[dict[str, Any]]
    deck: list[dict[str, Any]]


@dataclass(frozen=True)
class EnemyDamaged(GameEvent):
    """``board``'s Top Enemy ``enemy`` took ``damage``: it now carries ``total`` Damage markers."""

    involved = ("board",)

    board: str
    enemy: str
    damage: int
    total: int


@dataclass(frozen=True)
class EnemyRemoved(GameEvent):
    """``board``'s Enemy at ``index`` (0 = Top) left: ``how`` is defeated, repelled or discarded."""

    involved = ("board",)

    board: str
    enemy: str
    index: int
    how: str


@dataclass(frozen=True)
class PlayerDiceRolled(GameEvent):
    """``board`` rolled Player dice ``dice`` (faces in roll order) for ``purpose``."""

    reveals = True
    involved = ("board",)

    board: str
    purpose: str
    dice: list[str]


@dataclass(frozen=True)
class DiceRerolled(GameEvent):
    """``board`` spent Reroll to reroll its dice at ``indexes``: the roll is now ``dice``."""

    reveals = True
    involved = ("board",)

    board: str
    indexes: list[int]
    dice: list[str]


@dataclass(frozen=True)
class CombatBegan(GameEvent):
    """``board``'s Attack Roll: ``dice`` (Player dice), the Enemy Number die ``number`` (None: blank),
    the Enemy Symbol ``symbol``; the Enemy Number die stands on Enemy ``die_at`` (0 = Top; None: none)."""

    reveals = True
    involved = ("board",)

    board: str
    dice: list[str]
    number: int | None
    symbol: str
    die_at: int | None


@dataclass(frozen=True)
class CombatFrameActivated(GameEvent):
    """``board`` activated the Combat Frame ``frame`` with its dice at ``indexes``."""

    involved = ("board",)

    board: str
    frame: str
    indexes: list[int]
    repeatable: bool


@dataclass(frozen=True)
class EnemyFrameActivated(GameEvent):
    """The Active Enemy ``enemy`` resolved its ``symbol`` Frame; the Enemy Number die moved to ``die_at``."""

    involved = ("board",)

    board: str
    enemy: str
    symbol: str
    die_at: int | None


@dataclass(frozen=True)
class ResetBegan(GameEvent):
    """``board`` resolved a reset; the Enemy Symbol die said ``result`` (discard-body / keep-body)."""

    reveals = True
    involved = ("board",)

    board: str
    result: str
    turn: int
    phase: str


@dataclass(frozen=True)
class PatternLaunched(GameEvent):
    """``board`` launched ``pattern`` from ``source`` with ``tokens`` (dumped)."""

    involved = ("board",)

    board: str
    source: str
    pattern: str
    tokens: list[str]


@dataclass(frozen=True)
class TestBegan(GameEvent):
    """``initiator`` began a Test of ``data`` needing ``required`` successes (``group``: a Group Test)."""

    involved = ("initiator",)

    initiator: str
    data: str
    required: int
    group: bool


@dataclass(frozen=True)
class TestContributed(GameEvent):
    """``board`` dumped ``tokens`` and rolled ``dice`` into the Test."""

    reveals = True
    involved = ("board",)

    board: str
    tokens: list[str]
    dice: list[str]


@dataclass(frozen=True)
class TestResolved(GameEvent):
    """The Test ended: ``successes`` of ``required``; ``passed``."""

    successes: int
    required: int
    passed: bool


@dataclass(frozen=True)
class BotBatteryChanged(GameEvent):
    """J.O.R.D.A.N. BOT has ``battery`` charges (``why``: a step it stood in for, or charged)."""

    battery: int
    why: str


@dataclass(frozen=True)
class BotRemoved(GameEvent):
    """J.O.R.D.A.N. BOT ran out of charges: its card and Character left the game."""


@dataclass(frozen=True)
class GoalCardTaken(GameEvent):
    """``board`` met and took Goal card ``goal`` worth ``vp`` (hidden until the end); the next Goal card was
    turned face up (a reveal)."""

    reveals = True
    involved = ("board",)

    board: str
    goal: str
    vp: int
