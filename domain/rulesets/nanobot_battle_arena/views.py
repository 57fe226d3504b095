"""NanoBot Battle Arena's views as JSON data: ``board``, ``score`` and ``standings``.

- ``board``: ``{"match": None, "matches_played"}`` before the first match, else ``{"match": number,
  "division", "tiles", "stage", "turn", "active", "phase", "scientists": {strain: {"name", "cache", "hand",
  "frozen", "scrapped", "chain"}}, "seating", "deck", "discard", "decks", "suggested_decks", "first",
  "revealed", "grid": {"x,y": {"strain", "facing", "petrified"}}, "scrapyard", "result"}``.
- ``score``: ``{"match", "final", "scientists": {strain: {"name", "chain", "cells"}}, "leaders", "result"}``
  (``cells``: the scoring chain in order, Base Edge end last; live during play, frozen at the end).
- ``standings`` (the league, a Questlog addition): ``{"matches", "standings": [{"name", "played", "won",
  "tied", "lost", "best_chain"}], "head_to_head": {name: {other: wins over other}}, "results": [...]}``.
"""

from __future__ import annotations

import copy
from typing import Any

from domain.core import State

from .grid import best_chains
from .rules import phase_label, suggested_decks


def board_view(state: State) -> dict[str, Any]:
    """The match as it stands (or the last one, finished)."""
    m = state["match"]
    if m is None:
        return {"match": None, "matches_played": len(state["matches"])}
    chains = _chains(m)
    scientists = {s: {"name": v["name"], "cache": v["cache"], "hand": v["hand"], "frozen": v["frozen"],
                      "scrapped": m["scrapyard"].get(s, 0), "chain": len(chains[s])} for s, v in m["scientists"].items()}
    playing = m["stage"] == "playing"
    return {"match": m["number"], "division": m["division"], "tiles": m["tiles"], "stage": m["stage"],
            "turn": m["turn"] if playing else None, "active": m["active"] if playing else None,
            "phase": phase_label(m["division"], m["phase"]) if playing else None,
            "scientists": scientists, "seating": list(m["scientists"]), "deck": m["deck"], "discard": m["discard"],
            "decks": m["decks"] or None,
            "suggested_decks": suggested_decks(m["division"], max(2, len(m["scientists"]))),
            "first": m["first"], "revealed": list(m["revealed"]), "grid": copy.deepcopy(m["grid"]),
            "scrapyard": dict(m["scrapyard"]), "result": copy.deepcopy(m["result"])}


def _chains(m: dict[str, Any]) -> dict[str, list[str]]:
    if m["ended"]:
        return m["ended"]["chains"]
    return best_chains(m["grid"], list(m["scientists"]))


def score_view(state: State) -> dict[str, Any]:
    """Every scientist's longest chain and the cells that make it (§ The End Game)."""
    m = state["match"]
    if m is None:
        return {"match": None, "final": False, "scientists": {}, "leaders": [], "result": None}
    chains = _chains(m)
    best = max((len(c) for c in chains.values()), default=0)
    return {"match": m["number"], "final": m["ended"] is not None, "grid": copy.deepcopy(m["grid"]),
            "scientists": {s: {"name": v["name"], "chain": len(chains[s]), "cells": list(chains[s])}
                           for s, v in m["scientists"].items()},
            "leaders": m["ended"]["leaders"] if m["ended"] else [s for s in chains if len(chains[s]) == best and best],
            "result": copy.deepcopy(m["result"])}


def standings_view(state: State) -> dict[str, Any]:
    """The league table over finished matches: wins (a tie counts as tied for each tied winner), head to head."""
    table: dict[str, dict[str, Any]] = {}
    h2h: dict[str, dict[str, int]] = {}
    for r in state["matches"]:
        for name in r["scientists"].values():
            row = table.setdefault(name, {"name": name, "played": 0, "won": 0, "tied": 0, "lost": 0, "best_chain": 0})
            row["played"] += 1
            row["best_chain"] = max(row["best_chain"], r["scores"][name])
            row["won" if name in r["winners"] and not r["tie"] else "tied" if name in r["winners"] else "lost"] += 1
            h2h.setdefault(name, {})
        for winner in r["winners"]:
            for other in r["scientists"].values():
                if other not in r["winners"]:
                    h2h[winner][other] = h2h[winner].get(other, 0) + 1
    ranked = sorted(table.values(), key=lambda row: (-row["won"], -row["tied"], row["lost"], -row["best_chain"], row["name"]))
    return {"matches": len(state["matches"]), "standings": ranked, "head_to_head": h2h,
            "results": copy.deepcopy(state["matches"])}


VIEWS = {"board": board_view, "score": score_view, "standings": standings_view}
