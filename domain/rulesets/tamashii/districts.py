"""The map's bookkeeping for Move & Trace: which tiles may be entered or revealed, the Trace values
printed on tiles (typed once, then stored), and J.O.R.D.A.N. BOT's one move per Move & Trace step.

Rules (tamashii.txt): § Movement & Revealing District tiles ("You cannot move through a face down tile";
"When you enter a face down District tile, you must immediately stop and reveal it"; "You cannot move
more than once in a single Move & Trace step"), § District tiles (3. Entry Trace value, 4. Stationary
Trace value), § Solo Mode ("You may move the J.O.R.D.A.N. BOT 2 tiles during the Move & Trace step ...
It reveals District tiles").

Readings: on a map its Scenario sheet gives (the Prologue, Geohunt), a tile that is not on it face up
can only be a face-down one (``explore``); Geohunt's "10 random District tiles, face down" have numbers
known only once revealed, so any number may be explored while some are left. Range (MOV) and
adjacency are the players' to judge. The BOT's MOV 2 is one move of up to 2 tiles that stops on a
face-down tile: one ``move --bot`` or ``explore --bot`` per Move & Trace step, before the District Effect.
"""

from __future__ import annotations

from typing import Any

from domain.core import GameEvent, State

from . import rule_events as rev
from .vocabulary import Phase, refuse, require_phase, require_turn_of

MOVEMENT = "Movement & Revealing District tiles"
LABEL = {"entry": "Entry Trace value", "stationary": "Stationary Trace value"}


def enterable(play: dict[str, Any], tile: int) -> None:
    """Refuse moving onto ``tile`` when it is face down or, on a map the sheet gives, not face up on it."""
    known = play["map"].get(str(tile))
    if known is not None and not known["revealed"]:
        raise refuse(MOVEMENT, f"tile {tile} is face down: entering it stops you and reveals it (use explore)")
    if known is None and play.get("map_known"):
        face_up = ", ".join(n for n, t in sorted(play["map"].items(), key=lambda x: int(x[0])) if t["revealed"])
        raise refuse(MOVEMENT, f"tile {tile} is not face up on the map (face up: {face_up}): a face-down tile is entered with explore")


def explorable(play: dict[str, Any], tile: int) -> None:
    """Refuse revealing ``tile`` when it is face up already or no face-down tile can carry its number."""
    known = play["map"].get(str(tile))
    if known is not None and known["revealed"]:
        raise refuse(MOVEMENT, f"tile {tile} is already revealed (use move)")
    if known is None and play.get("map_known") and not play.get("hidden_tiles"):
        raise refuse(MOVEMENT, f"tile {tile} is not on the map and no face-down tile of unknown number is left")


def trace_value(play: dict[str, Any], tile: int, given: int | None, key: str) -> tuple[int | None, list[GameEvent]]:
    """Tile ``tile``'s ``key`` (``entry`` or ``stationary``) Trace value and the event noting it the first time.

    The stored value wins; ``given`` fills an unknown one (noted once); a ``given`` that differs from the
    stored value is refused. ``(None, [])`` when neither is known.
    """
    known = (play["map"].get(str(tile)) or {}).get(key)
    if known is not None:
        if given is not None and given != known:
            raise refuse("District tiles", f"tile {tile}'s {LABEL[key]} is {known}, not {given}")
        return known, []
    if given is None:
        return None, []
    values = {"entry": None, "stationary": None, key: given}
    return given, [rev.DistrictTraceNoted(tile=tile, **values)]


def bot_step(state: State, board: str) -> dict[str, Any]:
    """J.O.R.D.A.N. BOT, if ``board`` may move it now: solo, in play, in its Move & Trace step, not moved yet."""
    play = require_phase(state, Phase.ACTION, section=MOVEMENT)
    b = require_turn_of(state, board, MOVEMENT)
    bot = play["bot"]
    if not bot or bot["removed"]:
        raise refuse("Solo Mode", "there is no J.O.R.D.A.N. BOT in play")
    if "bot-move" in b["steps"]:
        raise refuse("Solo Mode", "J.O.R.D.A.N. BOT already moved in this Move & Trace step (MOV 2 is one move of up to 2 "
                     "tiles, and entering a face-down tile stops it)")
    if "district-effect" in b["steps"] or b["launched"]:
        raise refuse("Solo Mode", "J.O.R.D.A.N. BOT moves during the Move & Trace step, before the District Effect and Launch steps")
    return bot
