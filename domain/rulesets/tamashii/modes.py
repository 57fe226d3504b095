"""Solo mode (J.O.R.D.A.N. BOT) and the Scenario generator's Goal cards (Victory Points: :mod:`.scoring`).

Rules (tamashii.txt): § Solo Mode (5 Battery slots, full at setup; discard 1 for each step in which the
BOT stands in for you; charging it is a Pattern, a Hack for all effects, refused when all 5 are full;
at 0 charges the card and Character leave the game), § Scenario generator (Goal cards taken face down),
§ Counting Victory Points. Each Goal card is taken once; taking one turns the next Goal card face up
(rule 4), so it is a reveal.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from domain.core.decision import Decision
from domain.core import GameEvent, State
from domain.core.fields import WholeNumber, Within

from . import combat_events as ce
from . import events as ev
from .board import trace_increase
from .catalogue import Board, Name, Tokens
from .districts import LABEL, trace_value
from .kit import KIT
from .launch import launch
from .scoring import corrupted_penalty, final_scores, victory_points  # noqa: F401  (this module's former home)
from .vocabulary import Mode, Phase, board_of, play_of, refuse, require_phase, require_turn_of

SOLO = "Solo Mode"
VP = "Counting Victory Points"
BATTERY_SLOTS = 5


def _bot(state: State) -> dict[str, Any]:
    play = play_of(state, SOLO)
    if play["mode"] != Mode.SOLO.value or not play["bot"] or play["bot"]["removed"]:
        raise refuse(SOLO, "J.O.R.D.A.N. BOT is not in play")
    return play["bot"]


class UseBotSchema(Schema):
    board = Board()
    step = Name(required=True, metadata={"description": "the step the BOT stands in for (district-effect, player-activity...)"})
    value = WholeNumber(load_default=None, validate=validate.Range(0, 9),
                        metadata={"description": "district-effect: the BOT tile's Trace value (Entry if it moved, else Stationary), if not "
                                             "known; not asked in the Prologue, which has no Trace marker"})


@KIT.action("use-jordan-bot", UseBotSchema, "Discard 1 battery to use J.O.R.D.A.N. BOT's Character as yours for one step",
        section=SOLO, args=("board", "step"))
def use_jordan_bot(d: Decision, f: dict[str, Any]) -> None:
    state = d.state
    bot, play = _bot(state), play_of(state)
    key = f"turn {play['turn']} {play['phase']}: {f['step']}"
    if key in bot["used"]:
        raise refuse(SOLO, f"J.O.R.D.A.N. BOT already stands in for you in this step ({key})")
    left = bot["battery"] - 1
    district = _bot_district_effect(state, f["board"], f["value"]) if f["step"] == "district-effect" else []
    d.emit(*district, ce.BotBatteryChanged(battery=left, why=key), *([ce.BotRemoved()] if left == 0 else []))


def _bot_district_effect(state: State, board: str, given: int | None) -> list[GameEvent]:
    """The District Effect step resolved on the BOT's tile, whose Trace value replaces the one you applied in
    Move & Trace: its Entry value if the BOT moved this step, else its Stationary value (§ Solo Mode: "apply
    the District tiles' Trace value instead of the Trace value of the District tile where your main
    Character is located"). Reading: the difference is added (the top space rule applies) or taken off."""
    play = require_phase(state, Phase.ACTION, section=SOLO)
    b = require_turn_of(state, board, SOLO)
    if "move" not in b["steps"] or "district-effect" in b["steps"] or b["launched"]:
        raise refuse("Action phase", "the District Effect step comes once, after the Move & Trace step and before the Launch step")
    tile, key = play["bot"]["tile"], "entry" if "bot-move" in b["steps"] else "stationary"
    value, noted = trace_value(play, tile, given, key)
    out = [*noted, ev.StepTaken(board=board, step="district-effect", detail={"tile": tile, "bot": True})]
    if b["trace"] is None:  # the Prologue has no Trace marker (Game setup, 2c): the BOT tile's Trace value changes nothing
        return out
    if value is None:
        raise refuse(SOLO, f"give the {LABEL[key]} of tile {tile}, where J.O.R.D.A.N. BOT stands (--value)")
    change, why = value - (b["step_details"]["move"].get("trace") or 0), f"J.O.R.D.A.N. BOT's tile {tile}: its Trace value instead"
    if change > 0:
        return out + trace_increase(state, board, change, why)
    return out + ([ev.TraceChanged(board=board, trace=max(0, b["trace"] + change), why=why)] if change else [])


class ChargeSchema(Schema):
    board = Board()
    tokens = Tokens(required=True)


@KIT.action("charge-jordan-bot", ChargeSchema, "Launch J.O.R.D.A.N. BOT's battery Pattern: 1 charge on an empty slot",
        section=SOLO, args=("board", "tokens"))
def charge_jordan_bot(d: Decision, f: dict[str, Any]) -> None:
    state = d.state
    bot = _bot(state)
    if bot["battery"] >= BATTERY_SLOTS:
        raise refuse(SOLO, "all 5 Battery slots are occupied: you cannot launch the battery anymore")
    d.emit(*launch(state, f["board"], "hack", "J.O.R.D.A.N. battery", f["tokens"]),
            ce.BotBatteryChanged(battery=bot["battery"] + 1, why="charged"))


class GoalSchema(Schema):
    board = Board()
    goal = Name(required=True)
    vp = WholeNumber(required=True, validate=Within(0, 20), metadata={"description": "the card's VP"})


@KIT.action("take-goal-card", GoalSchema, "Competitive: take a Goal card whose conditions you met (its VP stays hidden)",
        section="Scenario generator (competitive mode)", reveal=True, args=("board", "goal", "vp"))
def take_goal_card(d: Decision, f: dict[str, Any]) -> None:
    state = d.state
    play = play_of(state)
    board_of(state, f["board"])
    if play["mode"] != Mode.COMPETITIVE.value:
        raise refuse("Scenario generator (competitive mode)", "Goal cards are used only by the Scenario generator")
    if f["goal"].upper() in play.get("goals_taken", []):
        raise refuse("Scenario generator (competitive mode)", f"Goal card {f['goal'].upper()} was already taken")
    d.emit(ce.GoalCardTaken(board=f["board"], goal=f["goal"], vp=f["vp"]))
