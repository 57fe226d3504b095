"""Nîn-Gonost events of what the rules apply beyond the roll (issue 26): weapons moving between hand, sheath and
floor, AP gained or lost outside a turn's start, a mob's one target. The class names are a persisted contract,
like :mod:`.events`; older streams simply lack them and replay to the card's default (the highest-bonus weapon in
hand, nin-gonost.txt § Components In Nîn-Gonost: "They are assumed to be using their highest bonus weapon by default").
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.core import GameEvent

WHERE = ("hand", "sheathed", "lying", "broken", "lost")
"""Where a weapon of a figure's card is: in hand, sheathed / carried, lying in a space (thrown: the target's; dropped:
its own), broken (a thrown weapon broken on a Critical Failure "may not be retrieved"; a bow takes 4 AP to repair),
lost (knocked from the hand by a Disarm)."""


@dataclass(frozen=True)
class WeaponMoved(GameEvent):
    """``figure``'s ``weapon`` is now ``where`` (see :data:`WHERE`), lying in ``at``'s space when thrown or dropped;
    ``reason`` as the history shows it (drawn, sheathed, thrown at orc1, disarmed, picked up, repaired...)."""

    involved = ("figure",)
    figure: str
    weapon: str
    where: str
    at: str
    reason: str


@dataclass(frozen=True)
class APGained(GameEvent):
    """``figure`` gained ``ap`` Action Points to use this turn (Recover's Perfect Success, ``reason``)."""

    involved = ("figure",)
    figure: str
    ap: int
    reason: str


@dataclass(frozen=True)
class HeldAPLost(GameEvent):
    """``figure``'s ``ap`` held AP are lost: its mob's target fell (§ Mobs: "they may not choose another target")."""

    involved = ("figure",)
    figure: str
    ap: int
    reason: str


@dataclass(frozen=True)
class MobTargetChosen(GameEvent):
    """``warband``'s mob (the figures holding AP this turn) strikes ``target`` and no other (§ Mobs)."""

    warband: str
    target: str


@dataclass(frozen=True)
class BowRepaired(GameEvent):
    """``figure`` spent ``ap`` more AP repairing its broken ``weapon``: ``total`` of the 4 AP it takes (§ Ranged Attack)."""

    involved = ("figure",)
    figure: str
    weapon: str
    ap: int
    total: int


__all__ = ["WHERE", "APGained", "BowRepaired", "HeldAPLost", "MobTargetChosen", "WeaponMoved"]
