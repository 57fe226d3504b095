"""A turn's plain actions: playing a tile, discarding a Reaction Card, drawing, and counting Charges at the end.

nanobot-battle-arena.txt § Quick Play Rules, § Placing in a Legal Location, § Reaction Card Phase,
§ Not Enough Reaction Cards, § 3. Separate Reaction Cards and Deal (the deck replenished from the discard
pile), § The End Game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import Schema, validate

from domain.core.decision import Decision
from domain.core.fields import WholeNumber

from . import events as ev
from .flow import after_play, count_charges, next_turn, on_turn
from .grid import placement_problem
from .rules import HAND_SIZE, KIT, Cell, Facing, Scientist


class PlaceSchema(Schema):
    scientist = Scientist(required=True)
    cell = Cell(required=True)
    facing = Facing(required=True)


class WhoSchema(Schema):
    scientist = Scientist(required=True)


class ChargesSchema(Schema):
    scientist = Scientist(required=True)
    total = WholeNumber(required=True, validate=validate.Range(0, 18), metadata={"description": "printed Charges in hand"})


@KIT.action("place-tile", PlaceSchema, "Play a NanoBot tile from your Cache: CELL x,y (x east, y north, the center is 0,0), FACING the Base Edge side N/E/S/W",
            section="Placing in a Legal Location", args=("scientist", "cell", "facing"))
def place_tile(d: Decision, f: Mapping[str, Any]) -> None:
    """A tile phase's tile, on a Legal Location (§ Placing in a Legal Location); the last tile of a Cache
    ends the game at once (§ The End Game)."""
    who = on_turn(d, f["scientist"], "tile")
    problem = placement_problem(d.state["match"]["grid"], f["cell"], who)
    if problem:
        raise KIT.refuse("Placing in a Legal Location", problem)
    d.emit(ev.TilePlaced(who, f["cell"], f["facing"]))
    after_play(d, who)


@KIT.action("discard", WhoSchema, "Discard a Reaction Card without its ability: it counts as this Reaction Card Phase's play",
            section="Reaction Card Phase", args=("scientist",))
def discard(d: Decision, f: Mapping[str, Any]) -> None:
    """Reading: a discard ends the Reaction Card Phase it is played in ("the player cannot play an extra
    Reaction Card after discarding", § Reaction Card Phase)."""
    who = on_turn(d, f["scientist"], "card")
    d.emit(ev.ReactionCardDiscarded(who))
    after_play(d, who)


@KIT.action("draw", WhoSchema, "Draw phase: Frozen cards come back, then draw back up to six (a reveal)",
            section="Quick Play Rules", reveal=True, args=("scientist",))
def draw(d: Decision, f: Mapping[str, Any]) -> None:
    """Frozen cards return before the draw phase (§ Reaction Card Explanations, Freeze); the hand is topped
    up to six (§ Quick Play Rules), reshuffling the discard pile into a new deck when the deck runs out
    (§ 3. Separate Reaction Cards and Deal). Then the turn passes clockwise."""
    who = on_turn(d, f["scientist"], "draw")
    sci = d.state["match"]["scientists"][who]
    if sci["frozen"]:
        d.emit(ev.FrozenCardsReturned(who, sci["frozen"]))
    need = HAND_SIZE - d.state["match"]["scientists"][who]["hand"]
    deck = d.state["match"]["deck"]
    if need > deck:
        if deck:
            d.emit(ev.CardsDrawn(who, deck))
        if d.state["match"]["discard"]:
            d.emit(ev.DeckReshuffled(d.state["match"]["discard"]))
        need -= deck
    take = min(need, d.state["match"]["deck"])
    if take:
        d.emit(ev.CardsDrawn(who, take))
    next_turn(d)


@KIT.action("count-charges", ChargesSchema, "At the end, a tied scientist enters the printed Charges in hand (Frozen cards excluded)",
            section="The End Game", args=("scientist", "total"))
def count(d: Decision, f: Mapping[str, Any]) -> None:
    """The second tie-break (§ The End Game)."""
    count_charges(d, f["scientist"], f["total"])

