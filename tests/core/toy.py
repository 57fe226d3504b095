"""A tiny ruleset used only by the core's tests, and the template for a new game (README § Adding a game).

A counter per character and a coin toss (a reveal), written with the one kit of ``domain.core.kit``:
events are frozen dataclasses (``reveals`` marks the ones that reveal randomness, ``involved`` names the
fields holding character ids), each action is a decorated decider, each event has one evolve handler.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from marshmallow import Schema, fields, validate

from domain.core import DiceRoll, GameEvent, State, Track
from domain.core.decision import Decision
from domain.core.declarations import Owed
from domain.core.fields import Character, DiceList
from domain.core.kit import Kit, KitRuleset

KIT = Kit("toy.txt")
CHARS = {"alice": ("al",), "bob": ()}


@dataclass(frozen=True)
class Counted(GameEvent):
    """``character``'s counter went up by ``amount``."""

    involved = ("character",)
    character: str
    amount: int


@dataclass(frozen=True)
class Tossed(GameEvent):
    """``character`` tossed ``dice`` (values in toss order): a reveal."""

    reveals = True
    involved = ("character",)
    character: str
    dice: list


@dataclass(frozen=True)
class TossCalledOff(GameEvent):
    """``character`` meant to toss but tossed nothing: recorded, reveals nothing (so it seals nothing)."""

    involved = ("character",)
    character: str


@dataclass(frozen=True)
class StartedFromPaper(GameEvent):
    """The campaign picks up a paper one: ``counters`` as the sheet gives them."""

    counters: dict


class PaperSchema(Schema):
    counters = fields.Dict(keys=fields.String(validate=validate.OneOf(list(CHARS))),
                           values=fields.Integer(validate=validate.Range(0, 10)), required=True)


class CountSchema(Schema):
    character = Character(CHARS, required=True)
    amount = fields.Integer(required=True, validate=validate.Range(1, 3))


class TossSchema(Schema):
    character = Character(CHARS, required=True)
    dice = DiceList(6, 0, 3, load_default=list)


@KIT.action("count", CountSchema, "add to a counter", section="Counters", args=("character", "amount"))
def count(d: Decision, f: Mapping[str, Any]) -> None:
    """A counter goes up by 1..3 and stops at 10 (toy.txt § Counters)."""
    if d.state["counters"][f["character"]] + f["amount"] > 10:
        raise KIT.refuse("Counters", "a counter stops at 10")
    d.emit(Counted(f["character"], f["amount"]))


@KIT.action("toss", TossSchema, "roll dice (none: the toss is called off)", section="Tossing", reveal=True,
            args=("character", "dice"), dice=lambda s, f: DiceRoll("dice", 2, 6))
def toss(d: Decision, f: Mapping[str, Any]) -> None:
    """A toss reveals its dice; a toss of no dice reveals nothing (toy.txt § Tossing)."""
    d.emit(Tossed(f["character"], list(f["dice"])) if f["dice"] else TossCalledOff(f["character"]))


@KIT.action("start-from-paper", PaperSchema, "start where the paper sheet stands", section="Counters")
def start_from_paper(d: Decision, f: Mapping[str, Any]) -> None:
    """A paper sheet's counters (toy.txt § Counters: 0..10), only before anything else was counted."""
    if any(d.state["counters"].values()):
        raise KIT.refuse("Counters", "a paper sheet starts a campaign: this one has already counted")
    d.emit(StartedFromPaper(dict(f["counters"])))


@KIT.evolves(StartedFromPaper)
def _from_paper(s: State, e: StartedFromPaper) -> None:
    s["counters"].update(e.counters)


@KIT.evolves(Counted)
def _counted(s: State, e: Counted) -> None:
    s["counters"][e.character] += e.amount


@KIT.evolves(Tossed)
def _tossed(s: State, e: Tossed) -> None:
    s["last"] = list(e.dice)


KIT.records(TossCalledOff)


# What the page and the statistics need (domain/core/declarations.py): the toy's coin is a die of two faces, its
# counters a curve, a toss a turning point; `count` is labelled for the page, `toss` picks how many from a source.
KIT.present("count", "Count up")
KIT.present("start-from-paper", "Start from a paper sheet", table_wide=True)
KIT.die_kind("coin", "Coin", faces=(1, 2, 3, 4, 5, 6))
KIT.rolls(Tossed, "dice", kind="coin", who="character")
KIT.series("counters", "Counters", lambda s: dict(s["counters"]))
KIT.turning_points(Tossed)


@KIT.owes
def _owed(s: State) -> list[Owed]:
    """Whoever has counted least owes a count (a toy's obligation, for the page's "owed now")."""
    low = min(s["counters"].values(), default=0)
    return [Owed(f"{c}: count", c, ("count",)) for c, v in s["counters"].items() if v == low and low < 10][:1]


class Toy(KitRuleset):
    """The toy game: registered for a test by the ``toy_game`` fixture (tests/conftest.py), never at import."""

    game = "toy"
    title = "Toy"
    rulebook = "toy.txt"
    kit = KIT
    characters = CHARS
    tracks = (Track("counters.*", 0, 10),)
    owned_paths = ("counters.*",)  # each counter is its character's (the seat check; adjust reads aliases there)
    views = {"board": lambda s: {"counters": s["counters"], "last": s["last"]}}
    default_view = "board"

    def initial_state(self, setup: Mapping[str, Any]) -> State:
        """Both counters at 0, nothing tossed."""
        return {"counters": {"alice": 0, "bob": 0}, "last": []}
