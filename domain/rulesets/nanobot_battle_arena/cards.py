"""Playing a Reaction Card: one action per card name, its Charges after affinity, melding, the phase it fills.

nanobot-battle-arena.txt § Reaction Card Phase, § Reaction Card Affinity, § Melding Reaction Card Charges,
§ Reaction Card Charges. Every card action is ``VERB SCIENTIST CHARGES TARGET...``: ``CHARGES`` is the
printed number (``3``), or two numbers for a meld (``2+3``); the targets are what each Charge is used on
(fewer than the Charges allowed: Charges are a maximum, and may be split among targets). Each card's effect
on the grid lives in :mod:`.effects`: a planner that checks the targets against the Battle Arena as it
stands, one at a time, and returns the events plus the Strains the card is used against.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from marshmallow import Schema, fields, validate

from domain.core.decision import Decision

from . import events as ev
from .flow import after_play, on_turn
from .rules import CARDS, KIT, Charges, Scientist, effective_charges, phases, printed
from domain.core.names import counted

Planner = Callable[[Decision, str, list], tuple[list, set, int]]
"""``planner(sim, who, targets) -> (events, against, used)``: emits into the throwaway ``sim`` as it checks."""

MELD = "Melding Reaction Card Charges"


def card_schema(card: str, target: Callable[..., fields.Field], what: str) -> type[Schema]:
    """The schema ``scientist``, ``charges``, ``targets`` (a list of ``target`` fields, one per use)."""
    schema = Schema.from_dict(name=f"{card.title()}Schema", fields={
        "scientist": Scientist(required=True),
        "charges": Charges(required=True),
        "targets": fields.List(target(), load_default=list, validate=validate.Length(0, 12),
                               metadata={"description": what}),
    })
    schema.__module__ = __name__  # its OpenAPI component: nanobot_battle_arena.cards.Blink
    return schema


def check_meld(m: dict[str, Any], who: str, printed: list[int]) -> None:
    """Two cards at once are a meld: Lightweight and above, in a phase with two plays left, two in hand."""
    if len(printed) == 1:
        return
    if m["division"] == "basic":
        raise KIT.refuse(MELD, "melding is possible in the Lightweight Division and higher, not Basic")
    _, count = phases(m["division"])[m["phase"]]
    if count - m["done"] < 2:
        raise KIT.refuse(MELD, "a meld is the two cards of a phase that plays two; this phase has one play left")
    if m["scientists"][who]["hand"] < 2:
        raise KIT.refuse(MELD, f"{who} has {m['scientists'][who]['hand']} card in hand: a meld needs two")


def play_card(d: Decision, f: Mapping[str, Any], card: str, planner: Planner, decode: Callable[[str], Any]) -> None:
    """Check the turn and meld, plan the effect on a throwaway decision, check the Charges, then record."""
    who = on_turn(d, f["scientist"], "card")
    m = d.state["match"]
    cards = printed(f["charges"])
    check_meld(m, who, cards)
    sim = KIT.decision(d.state)
    sim.emit(ev.ReactionCardPlayed(who, card, cards, 0, []))
    effects, against, used = planner(sim, who, [decode(t) for t in f["targets"]])
    charges = effective_charges(cards, card, who, against)
    if used > charges:
        raise KIT.refuse("Reaction Card Affinity", _too_many(card, cards, who, against, charges, used))
    d.emit(ev.ReactionCardPlayed(who, card, cards, charges, sorted(against - {who})), *effects)
    after_play(d, who)


def _too_many(card: str, printed: list[int], who: str, against: set[str], charges: int, used: int) -> str:
    strain = CARDS[card]
    why = " (+1 per card: the player's own Strain)" if strain == who else \
        f" (-1 per card: used against the {strain} player)" if strain in against else ""
    return f"{card} {'+'.join(map(str, printed))} gives {counted(charges, 'Charge')}{why}; {used} {'was' if used == 1 else 'were'} asked for"


def declare(card: str, target: Callable[..., fields.Field], what: str, help: str, section: str) -> Callable[[Planner], Planner]:
    """Declare the ``card`` action (verb = the card's name) with its planner."""
    schema = card_schema(card, target, what)
    decode = target().decode
    help = f"{help}. CHARGES: as printed (3), or 2+3 for two melded cards; each TARGET like {target().example}"

    def wrap(planner: Planner) -> Planner:
        @KIT.action(card, schema, help, section=section, args=("scientist", "charges", "targets"))
        def decide(d: Decision, f: Mapping[str, Any]) -> None:
            play_card(d, f, card, planner, decode)
        decide.__doc__ = planner.__doc__
        return planner
    return wrap


def protected(tile: Mapping[str, Any], card: str) -> bool:
    """Literal reading of § NanoBot Tiles and § Reaction Card Explanations (Petrify): a petrified tile is
    protected from the cards of Strains other than its own, except Relic's."""
    return tile["petrified"] and CARDS[card] not in (tile["strain"], "relic")


def target_tile(sim: Decision, cell: str, card: str) -> dict[str, Any]:
    """The tile at ``cell`` a ``card`` may affect. Raises RuleViolation for an empty or protected cell."""
    tile = sim.state["match"]["grid"].get(cell)
    if tile is None:
        raise KIT.refuse("Reaction Card Explanations", f"{card}: no tile at {cell}")
    if protected(tile, card):
        raise KIT.refuse("NanoBot Tiles", f"{card}: the {tile['strain']} tile at {cell} is petrified, protected from "
                                          f"other Strains' Reaction Cards except Relic's")
    return tile


__all__ = ["MELD", "Planner", "declare", "play_card", "protected", "target_tile"]
