"""Solo mode (J.O.R.D.A.N. BOT) and the Scenario generator's Goal cards and Victory Points.

Rules (tamashii.txt): § Solo Mode (5 Battery slots, full at setup; discard 1 for each step in which the
BOT stands in for you; charging it is a Pattern, a Hack for all effects, refused when all 5 are full;
at 0 charges the card and Character leave the game), § Scenario generator (Goal cards taken face down),
§ Counting Victory Points. Readings where icons are missing:

- "Each 3 Assets = 1 VP" counts the four Asset tracks together: (Shield + Memory + Power + Reroll) // 3;
- "Each [icon] in your pool = 1 VP" is each Open Data token in your pool (Bag, Launcher and Dump);
- Unlocked Data slots are the Lock tokens discarded (4 − Locks);
- Corrupted Data penalty by count in your pool: 1: −1; 2-3: −2; 4-5: −3; 6+: −4;
- a draw goes to the player with fewer Corrupted Data; still equal: they share the win.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from domain.core import GameEvent, State
from domain.core.fields import WholeNumber

from . import combat_events as ce
from .catalogue import Board, Name, Tokens
from .kit import KIT
from .launch import launch
from .vocabulary import START_INTEGRITY, START_LOCKS, Mode, board_of, play_of, refuse

SOLO = "Solo Mode"
VP = "Counting Victory Points"
BATTERY_SLOTS = 5


def corrupted_penalty(count: int) -> int:
    """The Corrupted Data penalty: 0, −1, −2 (2-3), −3 (4-5), −4 (6+)."""
    return 0 if count == 0 else -1 if count == 1 else -2 if count <= 3 else -3 if count <= 5 else -4


def _pool(b: dict[str, Any], token: str) -> int:
    return sum(b[p][token] for p in ("bag", "launcher", "dump"))


def victory_points(b: dict[str, Any]) -> dict[str, int]:
    """One board's VP by line of the scoring table, and ``total``."""
    augments = [a for a in b["augments"] if a["equipped"]]
    lines = {
        "assets": sum(b["assets"].values()) // 3,
        "unlocked_data_slots": START_LOCKS - b["locks"],
        "open_data": _pool(b, "open"),
        "max_integrity": max(0, b["limiter"] - START_INTEGRITY),
        "faction_augments": sum(1 for a in augments if a["kind"] == "faction" and not a["break"]),
        "class_augments": 2 * sum(1 for a in augments if a["kind"] == "class" and not a["starting"]),
        "goals": sum(g["vp"] for g in b["goals"]),
        "corrupted_data": corrupted_penalty(_pool(b, "corrupted")),
    }
    return {**lines, "total": sum(lines.values())}


def final_scores(play: dict[str, Any]) -> dict[str, Any]:
    """``{"boards": {board: VP lines}, "winners": [boards]}``: most VP, then fewer Corrupted Data."""
    boards = {name: {**victory_points(b), "corrupted_tokens": _pool(b, "corrupted")} for name, b in play["boards"].items()}
    best = max((s["total"], -s["corrupted_tokens"]) for s in boards.values())
    winners = [n for n, s in boards.items() if (s["total"], -s["corrupted_tokens"]) == best]
    return {"boards": boards, "winners": winners}


def _bot(state: State) -> dict[str, Any]:
    play = play_of(state, SOLO)
    if play["mode"] != Mode.SOLO.value or not play["bot"] or play["bot"]["removed"]:
        raise refuse(SOLO, "J.O.R.D.A.N. BOT is not in play")
    return play["bot"]


class UseBotSchema(Schema):
    board = Board()
    step = Name(required=True, metadata={"description": "the step the BOT stands in for (district-effect, player-activity...)"})


@KIT.action("use-jordan-bot", UseBotSchema, "Discard 1 battery to use J.O.R.D.A.N. BOT's Character as yours for one step",
        section=SOLO, args=("board", "step"))
def use_jordan_bot(state: State, f: dict[str, Any]) -> list[GameEvent]:
    bot, play = _bot(state), play_of(state)
    key = f"turn {play['turn']} {play['phase']}: {f['step']}"
    if key in bot["used"]:
        raise refuse(SOLO, f"J.O.R.D.A.N. BOT already stands in for you in this step ({key})")
    left = bot["battery"] - 1
    return [ce.BotBatteryChanged(battery=left, why=key), *([ce.BotRemoved()] if left == 0 else [])]


class ChargeSchema(Schema):
    board = Board()
    tokens = Tokens(required=True)


@KIT.action("charge-jordan-bot", ChargeSchema, "Launch J.O.R.D.A.N. BOT's battery Pattern: 1 charge on an empty slot",
        section=SOLO, args=("board", "tokens"))
def charge_jordan_bot(state: State, f: dict[str, Any]) -> list[GameEvent]:
    bot = _bot(state)
    if bot["battery"] >= BATTERY_SLOTS:
        raise refuse(SOLO, "all 5 Battery slots are occupied: you cannot launch the battery anymore")
    return [*launch(state, f["board"], "hack", "J.O.R.D.A.N. battery", f["tokens"]),
            ce.BotBatteryChanged(battery=bot["battery"] + 1, why="charged")]


class GoalSchema(Schema):
    board = Board()
    goal = Name(required=True)
    vp = WholeNumber(required=True, validate=validate.Range(0, 20), metadata={"description": "the card's VP"})


@KIT.action("take-goal-card", GoalSchema, "Competitive: take a Goal card whose conditions you met (its VP stays hidden)",
        section="Scenario generator (competitive mode)", args=("board", "goal", "vp"))
def take_goal_card(state: State, f: dict[str, Any]) -> list[GameEvent]:
    play = play_of(state)
    board_of(state, f["board"])
    if play["mode"] != Mode.COMPETITIVE.value:
        raise refuse("Scenario generator (competitive mode)", "Goal cards are used only by the Scenario generator")
    return [ce.GoalCardTaken(board=f["board"], goal=f["goal"], vp=f["vp"])]
