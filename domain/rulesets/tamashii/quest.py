"""The Quest phase's bookkeeping: Time, the active Scenario card, Success tokens, and Tests.

Rules (tamashii.txt): § Quest phase (Player Activity, World Activity: Time usually reduced, new Scenario
cards drawn by code, the old one discarded with its tokens), § Important icons (the Player number icon:
"Set Time to 6 − P" is 4 in a 2-player game), § TESTS (dump tokens of the required type, roll that many
Player dice; basic gives 1 success, the less common symbol 2; Open Data stands in for any Basic Data; a
Group Test adds every contributor's successes, each player rolls their own part, "in order, starting
from the player who initiates the Test"; contributing is optional, so a player may pass; solo: Individual).
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from domain.core.decision import Decision
from domain.core import GameEvent, State
from domain.core.fields import WholeNumber, Within

from . import combat_events as ce
from . import events as ev
from . import rule_events as rev
from .catalogue import Amount, Board, Name, PlayerAmount, PlayerDice
from .kit import KIT
from .vocabulary import BASIC, Mode, board_of, play_of, player_number, refuse, take_tokens

QUEST = "Quest phase"
TIME_TRACK = "Time track"
TESTS = "TESTS"
SUCCESSES = {"basic": 1, "rare": 2, "blank": 0}


def _coop(state: State, what: str) -> dict[str, Any]:
    play = play_of(state, QUEST)
    if play["mode"] == Mode.COMPETITIVE.value:
        raise refuse("Scenario generator (competitive mode)", f"the Scenario generator has no {what}: Time goes down by 1 after each Quest phase")
    return play


TIME_TOP = 15
"""The highest Time (``set-time``) accepted. The rulebook prints no length for the Time track; the highest it ever
sets is 9 (tamashii.txt § Scenario generator (competitive mode), a long game) and Scenario cards set 6-P and the
like, so Questlog reads the track as slots 0..15 and refuses more (a ``set-time 99`` is a typo, not a Scenario)."""


class SetTimeSchema(Schema):
    amount = PlayerAmount(required=True, metadata={"description": "the new Time, e.g. 6-P"})


@KIT.action("set-time", SetTimeSchema, "Set the Time track (P is the Player number: 6-P)", section="Important icon", args=("amount",))
def set_time(d: Decision, f: dict[str, Any]) -> None:
    state = d.state
    play = _coop(state, "Scenario cards")
    time = player_number(f["amount"], len(play["players"]))
    if not 0 <= time <= TIME_TOP:
        raise refuse("Important icon", f"{f['amount']} is {time} with {len(play['players'])} players: the Time track "
                                       f"runs from slot 0 to {TIME_TOP}")
    d.emit(ev.TimeSet(time=time, expression=f["amount"]))


class ReduceTimeSchema(Schema):
    amount = Amount(1, 20, load_default=1)


@KIT.action("reduce-time", ReduceTimeSchema, "World Activity: reduce Time (not below 0)", section=QUEST, args=("amount",))
def reduce_time(d: Decision, f: dict[str, Any]) -> None:
    state = d.state
    play = _coop(state, "World Activity")
    if play["time"] == 0:
        # § Time track: space 0 is where "you may fail to fulfill the objective and lose the game" (or a Scenario card set
        # it to 0 for a mission other conditions govern): there is no lower space, and a reduction that moves nothing is a typo
        raise refuse(TIME_TRACK, "Time is already 0, the Time track's last space: there is nothing left to reduce "
                                 "(check the Scenario card: at 0 the objective may be failed)")
    d.emit(ev.TimeReduced(amount=f["amount"], time=max(0, play["time"] - f["amount"])))


class CardSchema(Schema):
    code = Name(required=True)
    special = fields.Boolean(load_default=False, metadata={"description": "a Special Scenario card, set aside for reference"})


@KIT.action("draw-scenario-card", CardSchema, "Draw the Scenario card with this code (it becomes the active card)",
        section="Scenario cards, types, and Scenario progression", args=("code",))
def draw_scenario_card(d: Decision, f: dict[str, Any]) -> None:
    state = d.state
    play = _coop(state, "Scenario cards")
    code = f["code"].upper()
    if code in state["locked"]:
        raise refuse("Locked vs Unlocked components", f"{code} is in the Locked Pool")
    d.emit(ev.ScenarioCardDrawn(code=code, previous=play["scenario_card"], special=f["special"]))


class SuccessSchema(Schema):
    amount = WholeNumber(load_default=1, validate=Within(-8, 8))


@KIT.action("place-success-token", SuccessSchema, "Mark the active Scenario card with Success tokens (negative: remove)",
        section="Scenario cards, types, and Scenario progression", args=("amount",))
def place_success_token(d: Decision, f: dict[str, Any]) -> None:
    state = d.state
    play = _coop(state, "Scenario cards")
    count = play["success_tokens"] + f["amount"]
    if not 0 <= count <= 8:
        raise refuse("List of all Components", f"there are 8 Success tokens; the card would hold {count}")
    d.emit(ev.SuccessTokensChanged(count=count))


class TestSchema(Schema):
    board = Board()
    data = fields.String(required=True, validate=validate.OneOf([*BASIC, "core"]))
    successes = PlayerAmount(required=True, metadata={"description": "successes needed, e.g. 3xP"})
    group = fields.Boolean(load_default=False)


@KIT.action("perform-test", TestSchema, "Begin a Test (or a Group Test) of a Data type needing a number of successes",
        section=TESTS, args=("board", "data", "successes"))
def perform_test(d: Decision, f: dict[str, Any]) -> None:
    state = d.state
    play = play_of(state, TESTS)
    board_of(state, f["board"])
    if play["test"]:
        raise refuse(TESTS, "a Test is already in progress")
    group = f["group"] and play["mode"] != Mode.SOLO.value and len(play["players"]) > 1
    d.emit(ce.TestBegan(initiator=f["board"], data=f["data"], required=player_number(f["successes"], len(play["players"])), group=group))


class ContributeSchema(Schema):
    board = Board()
    dice = PlayerDice(0, required=True, metadata={"description": "one die per dumped token, in roll order (none: pass)"})
    open = Amount(0, 20, load_default=0, metadata={"description": "how many of the dumped tokens are Open Data"})


@KIT.action("contribute-to-test", ContributeSchema, "Dump Data tokens of the Test's type and roll one Player die per token",
        section=TESTS, reveal=True, args=("board", "dice"))
def contribute_to_test(d: Decision, f: dict[str, Any]) -> None:
    state = d.state
    play, board = play_of(state, TESTS), f["board"]
    b, test = board_of(state, board), play["test"]
    if not test:
        raise refuse(TESTS, "no Test is in progress: perform-test first")
    if not test["group"] and board != test["initiator"]:
        raise refuse(TESTS, f"this is an Individual Test of {test['initiator']}")
    if board in test["dice"] or board in test.get("skipped", []):
        raise refuse(TESTS, f"{board} already contributed to this Test")
    turn = _next_contributor(play, test)
    if test["group"] and board != turn:
        raise refuse(TESTS, f"a Group Test is contributed to in order, starting from the player who initiates it: {turn} first")
    if not f["dice"]:
        d.emit(rev.TestContributionSkipped(board=board))
        return
    if f["open"] > len(f["dice"]):
        raise refuse(TESTS, "more Open Data than dice rolled")
    kind = b["core_data"] if test["data"] == "core" else test["data"]
    tokens = [kind] * (len(f["dice"]) - f["open"]) + ["open"] * f["open"]
    take_tokens(b["launcher"], tokens, f"on {board}'s Launcher", TESTS)
    d.emit(ev.DataTokensMoved(board=board, tokens=tokens, source="launcher", target="dump"),
            ce.TestContributed(board=board, tokens=tokens, dice=list(f["dice"])))


class ResolveSchema(Schema):
    pass


@KIT.action("resolve-test", ResolveSchema, "Count the Test's successes: passed or failed", section=TESTS)
def resolve_test(d: Decision, f: dict[str, Any]) -> None:
    state = d.state
    test = play_of(state, TESTS)["test"]
    if not test:
        raise refuse(TESTS, "no Test is in progress")
    total = test_successes(test)
    d.emit(ce.TestResolved(successes=total, required=test["required"], passed=total >= test["required"]))


def _next_contributor(play: dict[str, Any], test: dict[str, Any]) -> str | None:
    """Whose turn it is to contribute: clockwise from the initiator, skipping those who contributed or passed."""
    players, done = play["players"], {*test["dice"], *test.get("skipped", [])}
    i = players.index(test["initiator"])
    return next((b for b in players[i:] + players[:i] if b not in done), None)


def test_successes(test: dict[str, Any]) -> int:
    """Successes so far: 1 per basic symbol, 2 per less common symbol, over every contributor's dice."""
    return sum(SUCCESSES[d] for dice in test["dice"].values() for d in dice)
