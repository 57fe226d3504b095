"""Nemesis's domain events (past tense; class names are a persisted contract).

``reveals`` marks the events that carry a revealed random result (a Room tile flipped with its Exploration
token, a Noise roll, an Intruder token drawn); ``involved`` names the fields holding Character ids.
Room, corridor and place fields hold the layout's ids (``room-4``, ``c7``, ``technical``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from domain.core import GameEvent


@dataclass(frozen=True)
class GameStarted(GameEvent):
    """The ``characters`` were placed in ``room`` (the layout's start room); Round 1 begins."""

    involved = ("characters",)
    characters: list
    room: str


@dataclass(frozen=True)
class CharacterMoved(GameEvent):
    """``character`` moved from ``from_room`` to ``to_room`` through ``corridor`` ("" through the Technical
    Corridors with ``via`` the card or Item); ``escape``: the Escape rule was used (recorded); ``how``: a move with its
    own rules (``careful-movement``, ``reconnaissance``; "" a Movement Action)."""

    involved = ("character",)
    character: str
    from_room: str
    to_room: str
    corridor: str
    via: str = ""
    escape: bool = False
    how: str = ""


@dataclass(frozen=True)
class RoomExplored(GameEvent):
    """``character`` flipped ``room`` (a Room tile named ``name``) and revealed its Exploration token:
    ``token`` (effect) and ``items`` (the Item Counter; ``None`` in the Nest / a Room Covered in Slime)."""

    reveals = True
    involved = ("character",)
    character: str
    room: str
    name: str
    token: str
    items: int | None
    computer: bool = False


@dataclass(frozen=True)
class NoiseRollCalledFor(GameEvent):
    """``character`` entered ``room`` with no other Character or Intruder: a Noise roll is due."""

    involved = ("character",)
    character: str
    room: str


@dataclass(frozen=True)
class NoiseRollsCalledFor(GameEvent):
    """An event (``cause``) requires all Characters to make a Noise roll: ``characters`` owe one, in player order;
    ``excused`` were in Combat and do not roll."""

    involved = ("characters",)
    characters: list
    excused: list
    cause: str


@dataclass(frozen=True)
class NoiseRollsExcused(GameEvent):
    """``characters`` owed an event's Noise roll but are now in Combat (an Intruder came): they do not roll."""

    involved = ("characters",)
    characters: list


@dataclass(frozen=True)
class NoiseRolled(GameEvent):
    """``character`` rolled the Noise die in ``room``: ``result`` 1..4, ``danger`` or ``silence``;
    ``resolved_as`` ``danger`` when Slime turned Silence into Danger; ``event``: every Character rolled."""

    reveals = True
    involved = ("character",)
    character: str
    room: str
    result: str
    resolved_as: str
    event: bool = False


@dataclass(frozen=True)
class NoiseMarkerPlaced(GameEvent):
    """A Noise marker went into ``place`` (a corridor or the Technical Corridors space)."""

    place: str


@dataclass(frozen=True)
class EncounterCalled(GameEvent):
    """``place`` already had a Noise marker: ``character`` must resolve an Encounter in ``room``."""

    involved = ("character",)
    character: str
    room: str
    place: str


@dataclass(frozen=True)
class IntruderTokenDrawn(GameEvent):
    """Encounter: ``character`` drew ``token`` from the Intruder bag in ``room``; the players removed the
    Noise markers ``removed``."""

    reveals = True
    involved = ("character",)
    character: str
    room: str
    token: str
    removed: list


@dataclass(frozen=True)
class IntruderPlaced(GameEvent):
    """Intruder ``intruder`` (a ``kind`` model) was placed in ``room``."""

    intruder: str
    kind: str
    room: str


@dataclass(frozen=True)
class AdultsRetreated(GameEvent):
    """Eight Adult models were out: these Adults not in Combat retreated (models removed, tokens back in
    the Intruder bag)."""

    intruders: list


@dataclass(frozen=True)
class AdultNotPlaced(GameEvent):
    """Every Adult model is out and in Combat: no Adult model could be placed in ``room``."""

    room: str


@dataclass(frozen=True)
class IntruderMoved(GameEvent):
    """``intruder`` moved from ``from_room`` to ``to_room`` through ``corridor``."""

    intruder: str
    from_room: str
    to_room: str
    corridor: str


@dataclass(frozen=True)
class IntruderHid(GameEvent):
    """``intruder`` reached a Technical Corridors entrance in ``room`` and disappeared into the ducts: its
    ``injuries`` discarded, token back in the bag, model removed."""

    intruder: str
    room: str
    injuries: int


@dataclass(frozen=True)
class IntruderInjured(GameEvent):
    """``intruder`` took ``injuries`` Injury markers (recorded)."""

    intruder: str
    injuries: int


@dataclass(frozen=True)
class IntruderRemoved(GameEvent):
    """``intruder``'s model left the board (``reason`` as the players gave it)."""

    intruder: str
    reason: str


@dataclass(frozen=True)
class DoorClosed(GameEvent):
    """A Closed Door token stands in ``corridor``."""

    corridor: str


@dataclass(frozen=True)
class DoorOpened(GameEvent):
    """The Door token was removed from ``corridor``: the Door is open."""

    corridor: str


@dataclass(frozen=True)
class DoorDestroyed(GameEvent):
    """The Door in ``corridor`` was destroyed (by ``intruder``, when one tried to move through it)."""

    corridor: str
    intruder: str = ""


@dataclass(frozen=True)
class DoorRepaired(GameEvent):
    """``character`` (the Mechanic) repaired the destroyed Door in ``corridor`` with the Plasma Torch."""

    involved = ("character",)
    character: str
    corridor: str


@dataclass(frozen=True)
class SlimeGained(GameEvent):
    """``character`` got a Slime marker (``already``: they had one, nothing happened)."""

    involved = ("character",)
    character: str
    already: bool = False


@dataclass(frozen=True)
class SlimeRemoved(GameEvent):
    """``character``'s Slime marker was removed ``by`` the Clothes Item or the Shower Room."""

    involved = ("character",)
    character: str
    by: str


@dataclass(frozen=True)
class FirePlaced(GameEvent):
    """A Fire marker went into ``room`` (``already``: it had one, nothing happened)."""

    room: str
    already: bool = False


@dataclass(frozen=True)
class FireRemoved(GameEvent):
    """The Fire marker in ``room`` was removed (``by`` as recorded)."""

    room: str
    by: str


@dataclass(frozen=True)
class MalfunctionPlaced(GameEvent):
    """A Malfunction marker from the pool went into ``room``."""

    room: str


@dataclass(frozen=True)
class MalfunctionNotPlaced(GameEvent):
    """A Malfunction marker was called for in ``room`` but nothing was placed (``reason``)."""

    room: str
    reason: str


@dataclass(frozen=True)
class MalfunctionRepaired(GameEvent):
    """The Malfunction marker in ``room`` was discarded ``by`` a repair card or the Tools Item: back to the pool."""

    room: str
    by: str


@dataclass(frozen=True)
class WoundSuffered(GameEvent):
    """``character`` suffered ``count`` ``kind`` (light/serious) Wounds from ``cause``."""

    involved = ("character",)
    character: str
    kind: str
    count: int
    cause: str


@dataclass(frozen=True)
class ActionTaken(GameEvent):
    """``character`` took an Action in ``room``: ``action`` (``search``, a Room Action, a card's name)."""

    involved = ("character",)
    character: str
    room: str
    action: str
    kind: str = "action"


@dataclass(frozen=True)
class ItemsFound(GameEvent):
    """A Search in ``room`` took one Item from its Item Counter (``left`` remain)."""

    room: str
    left: int


@dataclass(frozen=True)
class CharacterHibernated(GameEvent):
    """``character`` entered Hibernation in the Hibernatorium."""

    involved = ("character",)
    character: str


@dataclass(frozen=True)
class TurnEnded(GameEvent):
    """``character``'s turn ended (``passed``: they passed)."""

    involved = ("character",)
    character: str
    passed: bool


@dataclass(frozen=True)
class RoundEnded(GameEvent):
    """Round ``round`` ended; the next begins."""

    round: int


@dataclass(frozen=True)
class GameEnded(GameEvent):
    """The game ended: ``reason`` (the ship lost hull integrity, or as the players recorded); ``winners`` the Characters
    the players say won (survived with their objective done), [] for none (events stored before it read as [])."""

    involved = ("winners",)
    reason: str
    winners: list = field(default_factory=list)
