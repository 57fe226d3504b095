"""Applying NanoBot Battle Arena's events to the state (pure: each handler changes a private copy in place).

State: ``{"matches": [finished match records], "match": None | match}``; a match is
``{"number", "division", "tiles", "decks", "stage": "setup"|"playing"|"counting"|"over", "scientists":
{strain: {"name", "cache", "hand", "frozen", "drawn", "charges"}}`` (seats clockwise in insertion order),
``"deck", "discard", "revealed", "first", "active", "turn", "phase", "done", "grid", "scrapyard", "ended",
"result"}``. Hands are counts: the cards' faces are the players' (only their number is ever enforced).
"""

from __future__ import annotations

from typing import Any

from domain.core import State

from . import events as ev
from .rules import KIT, phases


def new_match(e: ev.MatchStarted) -> dict[str, Any]:
    """A match in its setup stage: no scientists, no cards dealt, an empty Battle Arena."""
    return {"number": e.number, "division": e.division, "tiles": e.tiles, "decks": e.decks, "stage": "setup",
            "scientists": {}, "deck": 0, "discard": 0, "revealed": [], "first": None, "active": None, "turn": 0,
            "phase": 0, "done": 0, "grid": {}, "scrapyard": {}, "ended": None, "result": None}


@KIT.evolves(ev.MatchStarted)
def _started(s: State, e: ev.MatchStarted) -> None:
    s["match"] = new_match(e)


@KIT.evolves(ev.StrainChosen, ev.StrainDrawn)
def _seated(s: State, e: ev.StrainChosen) -> None:
    s["match"]["scientists"][e.strain] = {"name": e.name, "cache": s["match"]["tiles"], "hand": 0, "frozen": 0,
                                          "drawn": isinstance(e, ev.StrainDrawn), "charges": None}


@KIT.evolves(ev.HandsDealt)
def _dealt(s: State, e: ev.HandsDealt) -> None:
    m = s["match"]
    for strain, count in e.hands.items():
        m["scientists"][strain]["hand"] = count
    m["deck"], m["decks"] = e.deck, e.decks


@KIT.evolves(ev.FirstPlayerRevealed)
def _first(s: State, e: ev.FirstPlayerRevealed) -> None:
    m = s["match"]
    m.update(first=e.first, revealed=list(e.revealed), stage="playing")
    m["deck"] -= len(e.revealed)
    m["discard"] += len(e.revealed)


@KIT.evolves(ev.ArenaSetUp)
def _arena(s: State, e: ev.ArenaSetUp) -> None:
    m = s["match"]
    for t in e.tiles:
        m["grid"][t["cell"]] = {"strain": t["strain"], "facing": t["facing"], "petrified": t["petrified"]}
        m["scientists"][t["strain"]]["cache"] -= 1


@KIT.evolves(ev.TurnBegan)
def _turn(s: State, e: ev.TurnBegan) -> None:
    s["match"].update(active=e.scientist, turn=e.turn, phase=0, done=0)


@KIT.evolves(ev.PhaseBegan)
def _phase(s: State, e: ev.PhaseBegan) -> None:
    s["match"].update(phase=e.phase, done=0)


@KIT.evolves(ev.PhaseSkipped)
def _skipped(s: State, e: ev.PhaseSkipped) -> None:
    m = s["match"]
    m["done"] = phases(m["division"])[e.phase][1]


@KIT.evolves(ev.TilePlaced)
def _placed(s: State, e: ev.TilePlaced) -> None:
    m = s["match"]
    m["grid"][e.cell] = {"strain": e.scientist, "facing": e.facing, "petrified": False}
    m["scientists"][e.scientist]["cache"] -= 1
    if not e.grown:
        m["done"] += 1


@KIT.evolves(ev.ReactionCardPlayed)
def _played(s: State, e: ev.ReactionCardPlayed) -> None:
    m = s["match"]
    m["scientists"][e.scientist]["hand"] -= len(e.printed)
    m["discard"] += len(e.printed)
    m["done"] += len(e.printed)


@KIT.evolves(ev.ReactionCardDiscarded)
def _discarded(s: State, e: ev.ReactionCardDiscarded) -> None:
    m = s["match"]
    m["scientists"][e.scientist]["hand"] -= 1
    m["discard"] += 1
    m["done"] = phases(m["division"])[m["phase"]][1]


@KIT.evolves(ev.TileBlinked)
def _blinked(s: State, e: ev.TileBlinked) -> None:
    grid = s["match"]["grid"]
    grid[e.cell] = grid.pop(e.origin)


def _scrap(m: dict[str, Any], cell: str) -> None:
    owner = m["grid"].pop(cell)["strain"]
    m["scrapyard"][owner] = m["scrapyard"].get(owner, 0) + 1


@KIT.evolves(ev.TileBurned)
def _burned(s: State, e: ev.TileBurned) -> None:
    _scrap(s["match"], e.cell)


@KIT.evolves(ev.CardsFrozen)
def _frozen(s: State, e: ev.CardsFrozen) -> None:
    target = s["match"]["scientists"][e.target]
    target["hand"] -= e.count
    target["frozen"] += e.count


@KIT.evolves(ev.TileInfected)
def _infected(s: State, e: ev.TileInfected) -> None:
    m = s["match"]
    old = m["grid"][e.cell]
    _scrap(m, e.cell)
    m["grid"][e.cell] = {"strain": e.scientist, "facing": old["facing"], "petrified": False}
    m["scientists"][e.scientist]["cache"] -= 1


@KIT.evolves(ev.TileFlipped)
def _flipped(s: State, e: ev.TileFlipped) -> None:
    s["match"]["grid"][e.cell]["petrified"] = e.petrified


@KIT.evolves(ev.TilePivoted)
def _pivoted(s: State, e: ev.TilePivoted) -> None:
    s["match"]["grid"][e.cell]["facing"] = e.facing


@KIT.evolves(ev.TilesSurged)
def _surged(s: State, e: ev.TilesSurged) -> None:
    m = s["match"]
    for cell, owner in zip(e.cells, e.owners):
        del m["grid"][cell]
        m["scientists"][owner]["cache"] += 1


@KIT.evolves(ev.FrozenCardsReturned)
def _returned(s: State, e: ev.FrozenCardsReturned) -> None:
    sci = s["match"]["scientists"][e.scientist]
    sci["hand"] += e.count
    sci["frozen"] -= e.count


@KIT.evolves(ev.CardsDrawn)
def _drawn(s: State, e: ev.CardsDrawn) -> None:
    m = s["match"]
    m["scientists"][e.scientist]["hand"] += e.count
    m["deck"] -= e.count


@KIT.evolves(ev.DeckReshuffled)
def _reshuffled(s: State, e: ev.DeckReshuffled) -> None:
    m = s["match"]
    m["deck"] += e.cards
    m["discard"] -= e.cards


@KIT.evolves(ev.CacheEmptied)
def _emptied(s: State, e: ev.CacheEmptied) -> None:
    s["match"]["stage"] = "counting"


@KIT.evolves(ev.MatchEnded)
def _ended(s: State, e: ev.MatchEnded) -> None:
    s["match"]["ended"] = {"scores": dict(e.scores), "chains": dict(e.chains), "caches": dict(e.caches),
                           "leaders": list(e.leaders)}
    s["match"]["stage"] = "counting"


@KIT.evolves(ev.ChargesCounted)
def _counted(s: State, e: ev.ChargesCounted) -> None:
    s["match"]["scientists"][e.scientist]["charges"] = e.total


@KIT.evolves(ev.MatchDecided)
def _decided(s: State, e: ev.MatchDecided) -> None:
    m = s["match"]
    names = {strain: sci["name"] for strain, sci in m["scientists"].items()}
    m["stage"] = "over"
    m["result"] = {"winners": list(e.winners), "tie": e.tie, "by": e.by}
    s["matches"].append({"number": m["number"], "division": m["division"], "scientists": names,
                         "scores": {names[k]: v for k, v in m["ended"]["scores"].items()},
                         "winners": [names[w] for w in e.winners], "tie": e.tie, "by": e.by})


__all__ = ["new_match"]
