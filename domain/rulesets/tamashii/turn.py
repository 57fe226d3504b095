"""The turn: phases in order, the Planning steps, and the Action phase's Move & Trace and District Effect.

Rules (tamashii.txt § Turn order): Planning (simultaneous): 1 Trace Roll (skipped on the first turn; for
each basic symbol draw and attach 1 Enemy, then Trace to 0 if any was drawn), 2 Refill Launcher (Bag
draws, a reveal), 3 Program (up to PRO moves), Upgrade any time. Action (in order from the First
Player): 1 Move & Trace (once: the Entry Trace value of the tile entered, or the Stationary value when
staying; a face-down tile stops you and is revealed with its Exploration token), 2 District Effect
(optional), 3 Launch (see launch.py; Corrupted Data is dumped at its end). Combat (in order). Quest
(simultaneous), then the First Player token passes clockwise (solo: you are always the First Player).

``end-phase`` ends a simultaneous phase, or the active player's part of an ordered one, once its
obligations are met (:mod:`.flow`); parts with nothing to do pass by themselves. Figures the text cannot
give (a tile's Trace values, a Body's PRO) are typed once, stored, and a different value is refused.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from domain.core.decision import Decision
from domain.core import GameEvent, State

from . import combat_events as ce
from . import events as ev
from . import rule_events as rev
from .board import asset_change, draw_from_bag, gain_from_neutral, trace_increase, trace_roll_result
from .catalogue import Amount, Board, BasicType, Name, PlayerDice, Tokens
from .districts import bot_step, enterable, explorable, trace_value
from .flow import advance, require_done, trace_roll_owed
from .kit import KIT
from .vocabulary import Phase, active_body, board_of, play_of, refuse, require_phase, require_turn_of, resolve_token

PLANNING = "Planning phase"
ACTION = "Action phase"
MOVEMENT = "Movement & Revealing District tiles"


class EndPhaseSchema(Schema):
    pass


@KIT.action("end-phase", EndPhaseSchema, "End the phase (or, in the Action and Combat phases, the active player's part of it)",
        section="Turn order")
def end_phase(d: Decision, f: dict[str, Any]) -> None:
    """PhaseBegan for the next position with something to do (empty Combat parts pass by themselves); at
    the end of the Quest phase the First Player token passes. Refused while an obligation is open
    (:func:`.flow.obligations`: a reset, owed Enemies, a Trace Roll, a Refill, a Move & Trace, an Attack Roll...)."""
    state = d.state
    play = play_of(state, "Turn order")
    require_done(play)
    out: list[GameEvent] = []
    if play["phase"] == Phase.ACTION.value and play["active"]:
        corrupted = play["boards"][play["active"]]["launcher"]["corrupted"]
        if corrupted:
            out.append(ev.DataTokensMoved(board=play["active"], tokens=["corrupted"] * corrupted, source="launcher", target="dump"))
    d.emit(*out, *advance(state))


def _planning_step(state: State, board: str, step: str, before: tuple[str, ...]) -> dict[str, Any]:
    """The board, if it may take Planning ``step`` now: once, before the ``before`` steps, after the owed ones."""
    play = require_phase(state, Phase.PLANNING, section=PLANNING)
    b = require_turn_of(state, board, PLANNING)
    if step in b["steps"]:
        raise refuse(PLANNING, f"{board} already resolved the {step} step this turn")
    later = [s for s in before if s in b["steps"]]
    if later:
        raise refuse(PLANNING, f"the {step} step comes before the {later[0]} step")
    if step != "trace-roll" and trace_roll_owed(play, board):
        raise refuse(PLANNING, f"{board} rolls the Trace dice first (step 1: Trace {b['trace']})")
    if step == "program" and "refill" not in b["steps"]:
        raise refuse(PLANNING, f"{board} refills the Launcher first (step 2, then step 3: Program)")
    return b


class TraceRollSchema(Schema):
    board = Board()
    dice = PlayerDice(required=True)


@KIT.action("trace-roll", TraceRollSchema, "Planning 1: roll the Trace dice; each basic symbol attaches 1 Enemy",
        section=PLANNING, reveal=True, args=("board", "dice"))
def trace_roll(d: Decision, f: dict[str, Any]) -> None:
    """StepTaken (remembering Trace and owed Enemies before the roll, for a Reroll), the roll, and per basic
    symbol 1 Enemy owed with Trace to 0. Refused on turn 1, in the Prologue, and at Trace 0 (no dice)."""
    state = d.state
    play = play_of(state)
    b = _planning_step(state, f["board"], "trace-roll", ("refill", "program"))
    if play["turn"] == 1:
        raise refuse(PLANNING, "skip the Trace Roll step during your first turn of the game")
    if b["trace"] is None:
        raise refuse("Game setup", "the Prologue skips setup step 2c: there is no Trace marker to roll for")
    if b["trace"] == 0:
        raise refuse(PLANNING, f"{f['board']}'s Trace is 0: the Trace track shows no dice to roll")
    before = {"trace": b["trace"], "due": b["enemies_due"]}
    d.emit(ev.StepTaken(board=f["board"], step="trace-roll", detail=before),
            ce.PlayerDiceRolled(board=f["board"], purpose="trace", dice=list(f["dice"])),
            *(trace_roll_result(f["board"], before, f["dice"]) if "basic" in f["dice"] else []))


class RefillSchema(Schema):
    board = Board()
    tokens = Tokens(0, required=True, metadata={"description": "the tokens drawn, in order (none when no Highlighted slot is empty)"})


@KIT.action("refill-launcher", RefillSchema, "Planning 2: draw Data tokens from your Bag onto the empty Highlighted slots",
        section=PLANNING, reveal=True, args=("board", "tokens"))
def refill_launcher(d: Decision, f: dict[str, Any]) -> None:
    state = d.state
    b = _planning_step(state, f["board"], "refill", ("program",))
    tokens = [resolve_token(b, t) for t in f["tokens"]]
    d.emit(ev.StepTaken(board=f["board"], step="refill", detail={}), *draw_from_bag(state, f["board"], tokens, PLANNING))


class ProgramSchema(Schema):
    board = Board()
    moves = Amount(0, 20, required=True)
    pro = Amount(0, 20, load_default=None, metadata={"description": "your active Body's PRO as printed, if not given before"})


@KIT.action("program", ProgramSchema, "Planning 3: move (slide or switch) Data tokens up to your Body's PRO",
        section=PLANNING, args=("board", "moves"))
def program(d: Decision, f: dict[str, Any]) -> None:
    """StepTaken; at most PRO moves. A PRO the content pack does not know (the Walker's is printed on the
    Player Board) is given once with ``--pro`` and stored; a different value later is refused."""
    state = d.state
    b = _planning_step(state, f["board"], "program", ())
    body = active_body(b)
    pro, noted = body["pro"], []
    if pro is not None and f["pro"] is not None and f["pro"] != pro:
        raise refuse("Body cards", f"{body['name']} has PRO {pro}, not {f['pro']}")
    if pro is None:
        if f["pro"] is None:
            raise refuse("Body cards", f"give {body['name']}'s PRO (--pro), printed on it: the Program step allows that many moves")
        pro, noted = f["pro"], [rev.BodyFigureNoted(board=f["board"], body=body["name"], figure="pro", value=f["pro"])]
    if f["moves"] > pro:
        raise refuse(PLANNING, f"{body['name']} has PRO {pro}: at most {pro} moves, not {f['moves']}")
    d.emit(*noted, ev.StepTaken(board=f["board"], step="program", detail={"moves": f["moves"]}))


def _action_step(state: State, board: str, step: str) -> dict[str, Any]:
    require_phase(state, Phase.ACTION, section=ACTION)
    b = require_turn_of(state, board, ACTION)
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


@KIT.action("move", MoveSchema, "Move & Trace: move to a revealed District tile and add its Entry Trace value",
        section=MOVEMENT, args=("board", "tile"))
def move(d: Decision, f: dict[str, Any]) -> None:
    """StepTaken(move, with the Trace value applied), CharacterMoved, the Trace increase (§ Movement)."""
    state = d.state
    play, board = play_of(state), f["board"]
    if f["bot"]:
        bot_step(state, board)
        enterable(play, f["tile"])
        d.emit(ev.StepTaken(board=board, step="bot-move", detail={"tile": f["tile"]}), ce.CharacterMoved(board=board, tile=f["tile"], bot=True))
        return
    b = _action_step(state, board, "move")
    enterable(play, f["tile"])
    entry, noted = trace_value(play, f["tile"], f["entry"], "entry")
    if entry is None and b["trace"] is not None:
        raise refuse(MOVEMENT, f"give tile {f['tile']}'s Entry Trace value (--entry), printed on it")
    d.emit(*noted, ev.StepTaken(board=board, step="move", detail={"tile": f["tile"], "trace": entry}),
            ce.CharacterMoved(board=board, tile=f["tile"], bot=False),
            *(trace_increase(state, board, entry, f"entered tile {f['tile']}") if b["trace"] is not None else []))


class StaySchema(Schema):
    board = Board()
    stationary = Amount(0, 9, load_default=None, metadata={"description": "the tile's Stationary Trace value, if not known yet"})


@KIT.action("stay", StaySchema, "Move & Trace: do not move, add your tile's Stationary Trace value", section=MOVEMENT, args=("board",))
def stay(d: Decision, f: dict[str, Any]) -> None:
    """StepTaken(move, stayed), the Trace increase by the tile's Stationary Trace value (stored once known)."""
    state = d.state
    play, board = play_of(state), f["board"]
    b = _action_step(state, board, "move")
    value, noted = trace_value(play, b["tile"], f["stationary"], "stationary")
    if value is None and b["trace"] is not None:
        raise refuse(MOVEMENT, f"give tile {b['tile']}'s Stationary Trace value (--stationary), printed on it")
    d.emit(*noted, ev.StepTaken(board=board, step="move", detail={"tile": b["tile"], "stayed": True, "trace": value}),
            *(trace_increase(state, board, value, "stayed") if b["trace"] is not None else []))


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
def explore(d: Decision, f: dict[str, Any]) -> None:
    """The move (yours, or the BOT's), the Exploration token's reward, DistrictRevealed, your Trace increase."""
    state = d.state
    play, board = play_of(state), f["board"]
    if f["bot"]:
        bot_step(state, board)
    b = board_of(state, board) if f["bot"] else _action_step(state, board, "move")
    explorable(play, f["tile"])
    step = "bot-move" if f["bot"] else "move"
    moved = [ev.StepTaken(board=board, step=step, detail={"tile": f["tile"], "trace": None if f["bot"] else f["entry"]}),
             ce.CharacterMoved(board=board, tile=f["tile"], bot=f["bot"])]
    out = [*moved, *_exploration(state, board, f), ce.DistrictRevealed(
        tile=f["tile"], name=f["name"], entry=f["entry"], stationary=f["stationary"], exploration=f["exploration"])]
    if not f["bot"] and b["trace"] is not None:
        out += trace_increase(state, board, f["entry"], f"entered tile {f['tile']}")
    d.emit(*out)


def _exploration(state: State, board: str, f: dict[str, Any]) -> list[GameEvent]:
    token = f["exploration"]
    if token is None:
        return []
    if token == "exp":
        return [ev.ExpChanged(board=board, change=1, exp=board_of(state, board)["exp"] + 1, why="Exploration token")]
    if token == "data":
        if not f["data"]:
            raise refuse("Exploration tokens", "the data Exploration token gains 1 chosen Basic Data token: give --data")
        return gain_from_neutral(state, board, [f["data"]], strict=False)  # revealed: a depleted pool gives nothing
    return [asset_change(state, board, token, "gained", 1)]


class DistrictSchema(Schema):
    board = Board()


@KIT.action("use-district-effect", DistrictSchema, "District Effect step: resolve your current tile's effect (record its gains separately)",
        section=ACTION, args=("board",))
def use_district_effect(d: Decision, f: dict[str, Any]) -> None:
    state = d.state
    b = _action_step(state, f["board"], "district-effect")
    d.emit(ev.StepTaken(board=f["board"], step="district-effect", detail={"tile": b["tile"]}))
