"""The turn: phases in order, the Planning steps, and the Action phase's Move & Trace and District Effect.

Rules (tamashii.txt § Turn order): Planning (simultaneous): 1 Trace Roll (skipped on the first turn; for
each basic symbol draw and attach 1 Enemy, then Trace to 0 if any was drawn), 2 Refill Launcher (Bag
draws, a reveal), 3 Program (up to PRO moves), Upgrade any time. Action (in order from the First
Player): 1 Move & Trace (once: the Entry Trace value of the tile entered, or the Stationary value when
staying; a face-down tile stops you and is revealed with its Exploration token), 2 District Effect
(optional), 3 Launch (see launch.py; Corrupted Data is dumped at its end). Combat (in order). Quest
(simultaneous), then the First Player token passes clockwise (solo: you are always the First Player).

``end-phase`` ends a simultaneous phase, or the active player's part of an ordered one. It is refused
while a board must still reset or draw Enemies it owes.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from domain.core import GameEvent, State

from . import combat_events as ce
from . import events as ev
from .board import asset_change, draw_from_bag, trace_increase
from .catalogue import Amount, Board, BasicType, Name, PlayerDice, Tokens
from .kit import KIT
from .modes import final_scores
from .vocabulary import (ORDERED_PHASES, PHASE_ORDER, Mode, Phase, active_body, board_of, play_of, refuse, require_phase,
                    require_turn_of, resolve_token)

PLANNING = "Planning phase"
ACTION = "Action phase"
MOVEMENT = "Movement & Revealing District tiles"


def clockwise(play: dict[str, Any]) -> list[str]:
    """The boards in turn order, starting with the First Player."""
    players, first = play["players"], play["first_player"]
    i = players.index(first)
    return players[i:] + players[:i]


class EndPhaseSchema(Schema):
    pass


@KIT.action("end-phase", EndPhaseSchema, "End the phase (or, in the Action and Combat phases, the active player's part of it)",
        section="Turn order")
def end_phase(state: State, f: dict[str, Any]) -> list[GameEvent]:
    """PhaseBegan for what comes next; at the end of the Quest phase the First Player token passes."""
    play = play_of(state, "Turn order")
    for name, b in play["boards"].items():
        if b["reset_due"]:
            raise refuse("RESET", f"{name}'s Integrity is 0: resolve the reset first")
        if b["enemies_due"]:
            raise refuse("Trace", f"{name} must still draw and attach {b['enemies_due']} Enemies")
    if play["test"]:
        raise refuse("TESTS", "resolve the Test in progress first")
    phase, order = Phase(play["phase"]), clockwise(play)
    out: list[GameEvent] = []
    if phase == Phase.ACTION:
        corrupted = play["boards"][play["active"]]["launcher"]["corrupted"]
        if corrupted:
            out.append(ev.DataTokensMoved(board=play["active"], tokens=["corrupted"] * corrupted, source="launcher", target="dump"))
    if phase in ORDERED_PHASES and play["active"] != order[-1]:
        return [*out, ev.PhaseBegan(turn=play["turn"], phase=phase.value, active=order[order.index(play["active"]) + 1])]
    if phase != Phase.QUEST:
        following = PHASE_ORDER[PHASE_ORDER.index(phase) + 1]
        return [*out, ev.PhaseBegan(turn=play["turn"], phase=following.value, active=order[0] if following in ORDERED_PHASES else None)]
    return _next_turn(state, play, order)


def _next_turn(state: State, play: dict[str, Any], order: list[str]) -> list[GameEvent]:
    out: list[GameEvent] = []
    if len(order) > 1:
        out.append(ev.FirstPlayerTokenPassed(board=order[1]))
    if play["mode"] == Mode.COMPETITIVE.value:
        time = max(0, play["time"] - 1)
        out.append(ev.TimeReduced(amount=1, time=time))
        if time == 0:
            return [*out, ev.ScenarioEnded(scenario="generator", outcome="finished", card="", scores=final_scores(play))]
    return [*out, ev.PhaseBegan(turn=play["turn"] + 1, phase=Phase.PLANNING.value, active=None)]


def _planning_step(state: State, board: str, step: str, before: tuple[str, ...]) -> dict[str, Any]:
    require_phase(state, Phase.PLANNING, section=PLANNING)
    b = require_turn_of(state, board, PLANNING)
    if step in b["steps"]:
        raise refuse(PLANNING, f"{board} already resolved the {step} step this turn")
    later = [s for s in before if s in b["steps"]]
    if later:
        raise refuse(PLANNING, f"the {step} step comes before the {later[0]} step")
    return b


class TraceRollSchema(Schema):
    board = Board()
    dice = PlayerDice(required=True)


@KIT.action("trace-roll", TraceRollSchema, "Planning 1: roll the Trace dice; each basic symbol attaches 1 Enemy",
        section=PLANNING, reveal=True, args=("board", "dice"))
def trace_roll(state: State, f: dict[str, Any]) -> list[GameEvent]:
    play = play_of(state)
    b = _planning_step(state, f["board"], "trace-roll", ("refill", "program"))
    if play["turn"] == 1:
        raise refuse(PLANNING, "skip the Trace Roll step during your first turn of the game")
    if b["trace"] is None:
        raise refuse("Game setup", "the Prologue skips setup step 2c: there is no Trace marker to roll for")
    hits = f["dice"].count("basic")
    out: list[GameEvent] = [ev.StepTaken(board=f["board"], step="trace-roll", detail={}),
                            ce.PlayerDiceRolled(board=f["board"], purpose="trace", dice=list(f["dice"]))]
    if hits:
        out += [ev.EnemiesDue(board=f["board"], count=b["enemies_due"] + hits, why="Trace Roll"),
                ev.TraceChanged(board=f["board"], trace=0, why="Enemies drawn in the Trace Roll")]
    return out


class RefillSchema(Schema):
    board = Board()
    tokens = Tokens(required=True)


@KIT.action("refill-launcher", RefillSchema, "Planning 2: draw Data tokens from your Bag onto the empty Highlighted slots",
        section=PLANNING, reveal=True, args=("board", "tokens"))
def refill_launcher(state: State, f: dict[str, Any]) -> list[GameEvent]:
    b = _planning_step(state, f["board"], "refill", ("program",))
    tokens = [resolve_token(b, t) for t in f["tokens"]]
    return [ev.StepTaken(board=f["board"], step="refill", detail={}), *draw_from_bag(state, f["board"], tokens, PLANNING)]


class ProgramSchema(Schema):
    board = Board()
    moves = Amount(0, 20, required=True)


@KIT.action("program", ProgramSchema, "Planning 3: move (slide or switch) Data tokens up to your Body's PRO",
        section=PLANNING, args=("board", "moves"))
def program(state: State, f: dict[str, Any]) -> list[GameEvent]:
    b = _planning_step(state, f["board"], "program", ())
    pro = active_body(b)["pro"]
    if pro is not None and f["moves"] > pro:
        raise refuse(PLANNING, f"{active_body(b)['name']} has PRO {pro}: at most {pro} moves, not {f['moves']}")
    return [ev.StepTaken(board=f["board"], step="program", detail={"moves": f["moves"]})]


def _action_step(state: State, board: str, step: str, bot: bool = False) -> dict[str, Any]:
    require_phase(state, Phase.ACTION, section=ACTION)
    b = require_turn_of(state, board, ACTION)
    if bot:
        return b
    if step == "move" and "move" in b["steps"]:
        raise refuse(ACTION, "you cannot move more than once in a single Move & Trace step")
    if step == "district-effect":
        if "move" not in b["steps"]:
            raise refuse(ACTION, "the District Effect step comes after the Move & Trace step")
        if step in b["steps"] or b["launched"]:
            raise refuse(ACTION, "the District Effect step is resolved once, before the Launch step")
    return b


class MoveSchema(Schema):
    board = Board()
    tile = Amount(1, 99, required=True)
    entry = Amount(0, 9, load_default=None, metadata={"description": "the tile's Entry Trace value, if not known yet"})
    bot = fields.Boolean(load_default=False, metadata={"description": "move J.O.R.D.A.N. BOT instead (solo)"})


def _entry(play: dict[str, Any], tile: int, given: int | None, key: str) -> int | None:
    known = (play["map"].get(str(tile)) or {}).get(key)
    return given if given is not None else known


@KIT.action("move", MoveSchema, "Move & Trace: move to a revealed District tile and add its Entry Trace value",
        section=MOVEMENT, args=("board", "tile"))
def move(state: State, f: dict[str, Any]) -> list[GameEvent]:
    play, board = play_of(state), f["board"]
    b = _action_step(state, board, "move", f["bot"])
    tile = play["map"].get(str(f["tile"]))
    if tile is not None and not tile["revealed"]:
        raise refuse(MOVEMENT, f"tile {f['tile']} is face down: entering it stops you and reveals it (use explore)")
    if f["bot"]:
        return _bot_moved(play, board, f["tile"])
    entry = _entry(play, f["tile"], f["entry"], "entry")
    if entry is None and b["trace"] is not None:
        raise refuse(MOVEMENT, f"give tile {f['tile']}'s Entry Trace value (--entry), printed on it")
    return [ev.StepTaken(board=board, step="move", detail={"tile": f["tile"]}), ce.CharacterMoved(board=board, tile=f["tile"], bot=False),
            *(trace_increase(state, board, entry, f"entered tile {f['tile']}") if b["trace"] is not None else [])]


def _bot_moved(play: dict[str, Any], board: str, tile: int) -> list[GameEvent]:
    bot = play["bot"]
    if not bot or bot["removed"]:
        raise refuse("Solo Mode", "there is no J.O.R.D.A.N. BOT in play")
    return [ce.CharacterMoved(board=board, tile=tile, bot=True)]


class StaySchema(Schema):
    board = Board()
    stationary = Amount(0, 9, load_default=None, metadata={"description": "the tile's Stationary Trace value, if not known yet"})


@KIT.action("stay", StaySchema, "Move & Trace: do not move, add your tile's Stationary Trace value", section=MOVEMENT, args=("board",))
def stay(state: State, f: dict[str, Any]) -> list[GameEvent]:
    play, board = play_of(state), f["board"]
    b = _action_step(state, board, "move")
    value = _entry(play, b["tile"], f["stationary"], "stationary")
    if value is None and b["trace"] is not None:
        raise refuse(MOVEMENT, f"give tile {b['tile']}'s Stationary Trace value (--stationary), printed on it")
    return [ev.StepTaken(board=board, step="move", detail={"tile": b["tile"], "stayed": True}),
            *(trace_increase(state, board, value, "stayed") if b["trace"] is not None else [])]


EXPLORATION = ("exp", "data", "power", "shield", "reroll", "memory")


class ExploreSchema(Schema):
    board = Board()
    tile = Amount(1, 99, required=True)
    name = Name(required=True)
    entry = Amount(0, 9, required=True)
    stationary = Amount(0, 9, required=True)
    exploration = fields.String(load_default=None, validate=validate.OneOf(EXPLORATION))
    data = BasicType(load_default=None, metadata={"description": "the Basic Data token chosen from a data Exploration token"})
    bot = fields.Boolean(load_default=False)


@KIT.action("explore", ExploreSchema, "Move & Trace into a face-down tile: stop, reveal its Exploration token, then the tile",
        section=MOVEMENT, reveal=True, args=("board", "tile", "name"))
def explore(state: State, f: dict[str, Any]) -> list[GameEvent]:
    play, board = play_of(state), f["board"]
    b = _action_step(state, board, "move", f["bot"])
    tile = play["map"].get(str(f["tile"]))
    if tile is not None and tile["revealed"]:
        raise refuse(MOVEMENT, f"tile {f['tile']} is already revealed (use move)")
    moved = _bot_moved(play, board, f["tile"]) if f["bot"] else [
        ev.StepTaken(board=board, step="move", detail={"tile": f["tile"]}), ce.CharacterMoved(board=board, tile=f["tile"], bot=False)]
    out = [*moved, *_exploration(state, board, f), ce.DistrictRevealed(
        tile=f["tile"], name=f["name"], entry=f["entry"], stationary=f["stationary"], exploration=f["exploration"])]
    if not f["bot"] and b["trace"] is not None:
        out += trace_increase(state, board, f["entry"], f"entered tile {f['tile']}")
    return out


def _exploration(state: State, board: str, f: dict[str, Any]) -> list[GameEvent]:
    token = f["exploration"]
    if token is None:
        return []
    if token == "exp":
        return [ev.ExpChanged(board=board, change=1, exp=board_of(state, board)["exp"] + 1, why="Exploration token")]
    if token == "data":
        if not f["data"]:
            raise refuse("Exploration tokens", "the data Exploration token gains 1 chosen Basic Data token: give --data")
        return [ev.DataTokensMoved(board=board, tokens=[f["data"]], source="neutral", target="dump")]
    return [asset_change(state, board, token, "gained", 1)]


class DistrictSchema(Schema):
    board = Board()


@KIT.action("use-district-effect", DistrictSchema, "District Effect step: resolve your current tile's effect (record its gains separately)",
        section=ACTION, args=("board",))
def use_district_effect(state: State, f: dict[str, Any]) -> list[GameEvent]:
    b = _action_step(state, f["board"], "district-effect")
    return [ev.StepTaken(board=f["board"], step="district-effect", detail={"tile": b["tile"]})]
