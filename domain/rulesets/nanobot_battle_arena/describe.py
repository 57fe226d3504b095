"""One history line per NanoBot Battle Arena event (scientists are named by their Strain in events)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.core.names import possessive, counted
from . import events as ev


def _charges(e: ev.ReactionCardPlayed) -> str:
    printed = "+".join(map(str, e.printed))
    meld = " (melded)" if len(e.printed) > 1 else ""
    against = f" against {', '.join(e.against)}" if e.against else ""
    return f"{e.scientist} played {e.card.title()} '{printed}'{meld}: {counted(e.charges, 'Charge')}{against}"


LINES: dict[type, Callable[[Any], str]] = {
    ev.MatchStarted: lambda e: f"Match {e.number} started: {e.division.title()} Division, {e.tiles} tiles per Cache",
    ev.StrainChosen: lambda e: f"{e.name} chose {e.strain}",
    ev.StrainDrawn: lambda e: f"{e.name} drew {e.strain} at random",
    ev.HandsDealt: lambda e: f"Starting hands dealt (three '1', two '2', one '3'); {counted(e.decks, 'deck')}, {counted(e.deck, 'card')} left",
    ev.FirstPlayerRevealed: lambda e: f"Revealed {', '.join(e.revealed)}: {e.first} goes first",
    ev.ArenaSetUp: lambda e: f"Tiles recorded as found: {len(e.tiles)} ({', '.join(e.strains)})",
    ev.TurnBegan: lambda e: f"Turn {e.turn}: {e.scientist}",
    ev.PhaseBegan: lambda e: f"{e.scientist}: {e.label}",
    ev.PhaseSkipped: lambda e: f"{e.scientist} has no cards: {e.label} skipped",
    ev.TilePlaced: lambda e: f"{e.scientist} placed a tile at {e.cell}, Base Edge {e.facing}" + (" (Grow)" if e.grown else ""),
    ev.ReactionCardPlayed: _charges,
    ev.ReactionCardDiscarded: lambda e: f"{e.scientist} discarded a Reaction Card",
    ev.TileBlinked: lambda e: f"Blink: {e.owner} tile {e.origin} → {e.cell}",
    ev.TileBurned: lambda e: f"Burn: {e.owner} tile at {e.cell} scrapped",
    ev.CardsFrozen: lambda e: f"Freeze: {e.count} of {possessive(e.target)} cards set aside face down",
    ev.TileInfected: lambda e: f"Infect: {e.owner} tile at {e.cell} replaced by {e.scientist}",
    ev.TileFlipped: lambda e: f"Petrify: {e.owner} tile at {e.cell} {'petrified' if e.petrified else 'unflipped'}",
    ev.TilePivoted: lambda e: f"Pivot: {e.owner} tile at {e.cell} turned {e.previous} → {e.facing}",
    ev.TilesSurged: lambda e: f"Surge from {e.attacker}: {', '.join(e.cells)} back to their Caches",
    ev.FrozenCardsReturned: lambda e: f"{counted(e.count, 'Frozen card')} back in {possessive(e.scientist)} hand",
    ev.CardsDrawn: lambda e: f"{e.scientist} drew {counted(e.count, 'card')}",
    ev.DeckReshuffled: lambda e: f"Deck ran out: {e.cards} discarded cards shuffled into a new deck",
    ev.CacheEmptied: lambda e: f"{possessive(e.scientist)} Cache is empty: the game ends",
    ev.MatchEnded: lambda e: "Final chains: " + ", ".join(f"{s} {n}" for s, n in e.scores.items()),
    ev.ChargesCounted: lambda e: f"{e.scientist} holds {counted(e.total, 'Charge')}",
    ev.MatchDecided: lambda e: (f"Tie between {' and '.join(e.winners)}" if e.tie else f"{e.winners[0]} wins (by {e.by})"),
}


def describe_event(event: Any) -> str | None:
    """The history line for ``event``, or ``None`` for an event of another game."""
    line = LINES.get(type(event))
    return line(event) if line else None
