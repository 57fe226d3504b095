"""Nîn-Gonost domain events (past tense; the class names are a persisted contract).

Events that carry a die the players rolled are ``reveals = True`` (they seal history). A ``resolution``
field holds the arithmetic the roll resolved to (see :mod:`.resolve`): the dice, each modifier's die step,
the Power and the outcome, with the steps as lines, so the ``roll`` view and history show the numbers the
table argued about, and a replay never recomputes them from a changed card.
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.core import GameEvent


@dataclass(frozen=True)
class PointLimitSet(GameEvent):
    """Each warband may field characters worth up to ``points`` VALUE (Basics § Choosing Sides)."""

    points: int


@dataclass(frozen=True)
class FigureRecruited(GameEvent):
    """``figure`` (a miniature with ``card``'s values, the players' values for unprinted ones) joined ``warband``."""

    involved = ("figure",)
    warband: str
    figure: str
    card: dict
    facing: str


@dataclass(frozen=True)
class CardValuesRead(GameEvent):
    """The players read unprinted ``values`` off ``figure``'s physical card."""

    involved = ("figure",)
    figure: str
    values: dict


@dataclass(frozen=True)
class ChooserDetermined(GameEvent):
    """Sides tied on miniatures and points: ``warband`` was determined randomly to choose the first player."""

    reveals = True
    warband: str


@dataclass(frozen=True)
class BattleStarted(GameEvent):
    """The battle began: ``chooser`` chose (``reason``), ``order`` lists the warbands' player turns."""

    order: list
    chooser: str
    reason: str


@dataclass(frozen=True)
class TurnStarted(GameEvent):
    """``figure`` began its turn with ``ap`` Action Points (its card's ACTIONS)."""

    involved = ("figure",)
    figure: str
    ap: int


@dataclass(frozen=True)
class APSpent(GameEvent):
    """``figure`` spent ``ap`` on ``action``; ``source`` is ``turn``, ``saved`` (a Saved AP) or ``held`` (a mob)."""

    involved = ("figure",)
    figure: str
    ap: int
    action: str
    source: str


@dataclass(frozen=True)
class TurnEnded(GameEvent):
    """``figure`` completed its turn, keeping ``saved`` (0/1) Saved AP and ``held`` AP for a mob attack."""

    involved = ("figure",)
    figure: str
    saved: int
    held: int


@dataclass(frozen=True)
class PlayerTurnEnded(GameEvent):
    """``warband``'s player turn ended; ``next`` plays turn ``turn``."""

    warband: str
    next: str
    turn: int


@dataclass(frozen=True)
class Concentrated(GameEvent):
    """``figure`` concentrated ``ap`` AP: its next Accuracy roll this turn is ``total`` die steps better."""

    involved = ("figure",)
    figure: str
    ap: int
    total: int


@dataclass(frozen=True)
class Moved(GameEvent):
    """``figure`` moved ``spaces`` by ``how`` (walk, run, sidestep, backstep, crawl); its speed is now ``speed``."""

    involved = ("figure",)
    figure: str
    how: str
    spaces: int
    speed: str


@dataclass(frozen=True)
class SpeedChanged(GameEvent):
    """``figure``'s speed became ``speed`` (a Charge's sudden stop, a Perilous stop, an obstacle)."""

    involved = ("figure",)
    figure: str
    speed: str
    reason: str


@dataclass(frozen=True)
class Rotated(GameEvent):
    """``figure`` turned ``turn`` (left, right, about, spin) and now faces ``facing``; ``free`` if it cost no AP."""

    involved = ("figure",)
    figure: str
    turn: str
    facing: str
    free: bool


@dataclass(frozen=True)
class ActionTaken(GameEvent):
    """``figure`` did ``action`` (Manipulate, Open Door...) with no roll; ``detail`` as the players said it."""

    involved = ("figure",)
    figure: str
    action: str
    detail: str


@dataclass(frozen=True)
class SkillRolled(GameEvent):
    """``figure`` rolled an Accuracy die for ``skill`` (against ``target`` if any): ``resolution``."""

    reveals = True
    involved = ("figure", "target")
    figure: str
    skill: str
    target: str
    resolution: dict


@dataclass(frozen=True)
class DuelRolled(GameEvent):
    """``attacker`` and ``defender`` rolled Duel dice (an attack, a charge or a Counter Strike): ``resolution``."""

    reveals = True
    involved = ("attacker", "defender")
    attacker: str
    defender: str
    resolution: dict


@dataclass(frozen=True)
class ShotRolled(GameEvent):
    """``attacker`` shot or threw at ``target``: ``resolution`` (a hit waits for the target's reaction)."""

    reveals = True
    involved = ("attacker", "target")
    attacker: str
    target: str
    resolution: dict


@dataclass(frozen=True)
class ReactionRolled(GameEvent):
    """``target`` tried to Dodge, Deflect or Catch (``reaction``) the incoming hit: ``resolution``."""

    reveals = True
    involved = ("target",)
    target: str
    reaction: str
    resolution: dict


@dataclass(frozen=True)
class HitTaken(GameEvent):
    """``target`` took the incoming hit without a reaction: ``resolution`` (Power against RES and CON)."""

    involved = ("target",)
    target: str
    resolution: dict


@dataclass(frozen=True)
class MannaLost(GameEvent):
    """``figure`` lost ``amount`` Manna (a wound, a spell's cost, Poison...) for ``reason``."""

    involved = ("figure",)
    figure: str
    amount: int
    reason: str


@dataclass(frozen=True)
class MannaGained(GameEvent):
    """``figure`` gained ``amount`` Manna (Recover, Heal Friend) for ``reason``."""

    involved = ("figure",)
    figure: str
    amount: int
    reason: str


@dataclass(frozen=True)
class FigureDefeated(GameEvent):
    """``figure`` was killed or defeated (``reason``) and lies face up."""

    involved = ("figure",)
    figure: str
    reason: str


@dataclass(frozen=True)
class Engaged(GameEvent):
    """``figures`` (two) rolled Duel dice against each other and are Engaged."""

    involved = ("figures",)
    figures: list


@dataclass(frozen=True)
class Disengaged(GameEvent):
    """``figures`` (two) are no longer Engaged (a Disengage won, a defeat)."""

    involved = ("figures",)
    figures: list


@dataclass(frozen=True)
class ConditionChanged(GameEvent):
    """``figure``'s ``condition`` (prone, knocked_out, poisoned, sneaking, nocked, held...) became ``on``."""

    involved = ("figure",)
    figure: str
    condition: str
    on: bool
    reason: str


@dataclass(frozen=True)
class MoraleChanged(GameEvent):
    """``figure``'s Morale went from ``before`` to ``morale`` for ``reason``."""

    involved = ("figure",)
    figure: str
    morale: str
    before: str
    reason: str


@dataclass(frozen=True)
class ObjectPlaced(GameEvent):
    """An object or door ``obj`` (``name``) is on the board with RES ``res``, Structural Points ``sp``, WGT ``wgt``."""

    obj: str
    name: str
    res: int
    sp: int
    wgt: int
    door: bool
    locked: bool


@dataclass(frozen=True)
class DoorChanged(GameEvent):
    """Door ``obj`` is now ``open`` / ``locked`` (``reason``: opened, closed, locked, picked, jammed)."""

    obj: str
    open: bool
    locked: bool
    jammed: bool
    reason: str


@dataclass(frozen=True)
class ObjectAttacked(GameEvent):
    """``attacker`` struck object ``obj`` (it rolls a 0 and no Fate): ``resolution``."""

    reveals = True
    involved = ("attacker",)
    attacker: str
    obj: str
    resolution: dict
