"""Tamashii's views: ``progress``, ``unlocks``, ``board`` and ``score`` (plain JSON data).

- ``progress``: ``{"scenarios": {id: {"title", "endings": {code: ticked}, "checked", "playable", "why"}},
  "prologue_played", "playable": [ids], "played": [...], "playing": id | None}``
- ``unlocks``: ``{"locked": [codes], "unlocked": [codes]}``
- ``board``: ``{"play": None}`` between Scenarios, else the play: ``scenario``, ``mode``, ``turn``,
  ``phase``, ``active``, ``first_player``, ``time``, ``corrupted_pool``, ``scenario_card``, ``enemy_deck``,
  ``map``, ``boards`` (each with ``body`` = the active Body, ``enemies`` Top first, ``top_enemy``,
  ``data`` = bag/launcher/dump), ``bot``, ``test``...
- ``score``: competitive VP per board (live: Goal VP hidden until the end, § Scenario generator rule 3),
  or the last competitive game's final scores.
- ``turn``: who must do what next: the open obligations (:mod:`.flow`) and the next command.
"""

from __future__ import annotations

import copy
from typing import Any

from domain.core import State

from .scoring import live_scores
from .progress import playable, prologue_played
from .quest import test_successes
from .flow import clockwise, obligations
from .vocabulary import Mode, Phase, active_body, scenarios, token_count


def progress_view(state: State) -> dict[str, Any]:
    out = {}
    for sid, ticks in state["progress"].items():
        ok, why = playable(state, sid)
        out[sid] = {"title": scenarios()[sid]["title"], "endings": dict(ticks), "checked": any(ticks.values()),
                    "playable": ok and not state["play"], "why": why}
    return {"scenarios": out, "prologue_played": prologue_played(state),
            "playable": [sid for sid, s in out.items() if s["playable"]], "played": copy.deepcopy(state["played"]),
            "playing": state["play"]["scenario"] if state["play"] else None}


def unlocks_view(state: State) -> dict[str, Any]:
    return {"locked": list(state["locked"]), "unlocked": list(state["unlocked"])}


def _board(b: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(b)
    out["body"] = copy.deepcopy(active_body(b))
    out["top_enemy"] = b["enemies"][0]["name"] if b["enemies"] else None
    out["data"] = {p: {"total": token_count(b[p]), **{k: n for k, n in b[p].items() if n}} for p in ("bag", "launcher", "dump")}
    out["unlocked_data_slots"] = 4 - b["locks"]
    return out


def board_view(state: State) -> dict[str, Any]:
    play = state["play"]
    if not play:
        return {"play": None}
    out = copy.deepcopy(play)
    out["play"] = play["title"]
    out["boards"] = {name: _board(b) for name, b in play["boards"].items()}
    if play["test"]:
        out["test"]["successes"] = test_successes(play["test"])
    return out


def score_view(state: State) -> dict[str, Any]:
    play = state["play"]
    if play and play["mode"] == Mode.COMPETITIVE.value:
        return {"final": False, "time": play["time"], **live_scores(play)}
    if state.get("last_scores"):
        return {"final": True, **copy.deepcopy(state["last_scores"])}
    return {"final": False, "boards": {}, "winners": []}


_FREE = {
    Phase.PLANNING.value: "program and Upgrade as you like, then end-phase",
    Phase.ACTION.value: "{active}: use-district-effect and launch Patterns as you like, then end-phase",
    Phase.COMBAT.value: "{active}: activate-frame as you like, then end-phase",
    Phase.QUEST.value: "Player Activity and World Activity as the Scenario card says (reduce-time, draw-scenario-card...), then end-phase",
}
COMPETITIVE_QUEST = "Tests and Goal cards in order from the First Player, then end-phase (Time goes down by 1)"


def turn_view(state: State) -> dict[str, Any]:
    """Who must do what next: ``{"play", "turn", "phase", "active", "first_player", "order", "obligations":
    [{"board", "do", "why", "rule"}], "next"}`` (§ Turn order; obligations from :func:`.flow.obligations`)."""
    play = state["play"]
    if not play:
        return {"play": None, "obligations": [], "next": "start-scenario SCENARIO BOARD... (or start-scenario-generator)"}
    open_ = obligations(play)
    return {"play": play["title"], "turn": play["turn"], "phase": play["phase"], "active": play["active"],
            "first_player": play["first_player"], "order": clockwise(play), "obligations": open_, "next": _next(play, open_)}


def _next(play: dict[str, Any], open_: list[dict[str, Any]]) -> str:
    if open_:
        first = open_[0]
        return f"{first['board'] + ': ' if first['board'] else ''}{first['do']} ({first['why']})"
    if play["phase"] == Phase.QUEST.value and play["mode"] == Mode.COMPETITIVE.value:
        return COMPETITIVE_QUEST
    return _FREE[play["phase"]].format(active=play["active"])


VIEWS = {"progress": progress_view, "unlocks": unlocks_view, "board": board_view, "score": score_view, "turn": turn_view}
