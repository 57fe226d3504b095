"""The box level: the Progress sheet, the Locked and Unlocked Pools, starting and ending a Scenario.

State (campaign level)::

    {"progress": {scenario id: {ending code: ticked}}, "locked": [codes], "unlocked": [codes],
     "played": [{"scenario", "outcome", "card"}], "play": None | <play, see setup.py>, "last_scores": ...}

Rules: tamashii.txt § Before your first game ("the very first Scenario you play must always be the
Prologue"), the Progress sheet ("The Ascend Scenario may only be played if there is at least 1 checked
box next to each other Scenario"), § Locked vs Unlocked components, § Ending the game & using the
PROGRESS sheet. Readings:

- the Prologue counts as played once a Prologue play has ended, won or lost;
- the Scenario generator (competitive mode) is not a Scenario of the sheet: it is not gated;
- a component a card unlocks that is already Unlocked stays there (replaying a Scenario repeats its
  unlocks): no refusal, the event lists it under ``already``;
- codes ending in ``00`` ("X00") are never Locked: locking one is refused;
- starting from scratch clears every tick, the play record and both pools' records (the box goes back
  to its unboxing sort); it is refused while a Scenario is being played.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from domain.core.decision import Decision
from domain.core import BadInput, GameEvent, State
from domain.core.fields import Text, WholeNumber, Within
from domain.core.names import did_you_mean, quoted

from . import events as ev
from .catalogue import Boards, Codes, Name, PlayerAmount
from .flow import obligations
from .kit import KIT
from .vocabulary import Mode, Phase, play_of, refuse, scenarios
from .setup import competitive_play, scenario_play

PROGRESS = "Ending the game & using the PROGRESS sheet"
POOLS = "Locked vs Unlocked components"


def initial_box() -> State:
    """A fresh Progress sheet and empty pool records."""
    return {"progress": {sid: {code: False for code in s["endings"]} for sid, s in scenarios().items()},
            "locked": [], "unlocked": [], "played": [], "play": None, "last_scores": None}


def scenario_id(name: str) -> str:
    """The Scenario id for an id or a printed title (``"No Place like Home"`` -> ``no-place-like-home``)."""
    key = "-".join(name.strip().lower().replace("(final)", "").split())
    for sid, s in scenarios().items():
        if key in (sid, "-".join(s["title"].lower().replace("(final)", "").split())):
            return sid
    close = did_you_mean(name, [*scenarios(), *(s["title"] for s in scenarios().values())])
    raise refuse(PROGRESS, f"there is no Scenario {quoted(name)}{close} on the Progress sheet ({', '.join(scenarios())})")


def prologue_played(state: State) -> bool:
    """Whether a Prologue play has ended (won or lost)."""
    return any(p["scenario"] == "prologue" for p in state["played"])


def playable(state: State, sid: str) -> tuple[bool, str]:
    """Whether Scenario ``sid`` may start now, and why not."""
    if sid != "prologue" and not prologue_played(state):
        return False, "the very first Scenario you play must always be the Prologue"
    if scenarios()[sid].get("final"):
        missing = [scenarios()[o]["title"] for o, ticks in state["progress"].items() if o != sid and not any(ticks.values())]
        if missing:
            return False, f"The Ascend may only be played once every other Scenario has a checked box; none yet: {', '.join(missing)}"
    return True, ""


class StartScenarioSchema(Schema):
    scenario = Text(40, required=True, metadata={"description": "Scenario id or title"})
    boards = Boards(required=True, metadata={"description": "the Player Boards in play, clockwise from the First Player"})
    mode = fields.String(load_default=None, validate=validate.OneOf([Mode.COOP.value, Mode.SOLO.value]),
                         metadata={"description": "coop (default for 2-4 boards) or solo; one board must say which"})
    enemy_deck = fields.List(fields.String(), load_default=None, metadata={"description": "LEVEL:AMOUNT top to bottom, e.g. 1:2xP,2:3xP,3:all"})
    corrupted_data = PlayerAmount(load_default=None, metadata={"description": "the Corrupted Data pool, e.g. 4xP"})
    first_card = Name(load_default=None, metadata={"description": "the Scenario card drawn first"})
    start_tile = WholeNumber(load_default=None, validate=Within(1, 99))
    trace_top = WholeNumber(load_default=None, validate=Within(1, 30),
                               metadata={"description": "the top space of the Trace track, as printed on the Player Boards"})


@KIT.action("start-scenario", StartScenarioSchema, "Set up a Scenario (co-op or solo) for the named Player Boards",
        section="Scenario setup", reveal=True, args=("scenario", "boards"))
def start_scenario(d: Decision, f: dict[str, Any]) -> None:
    """ScenarioStarted, after the Progress-sheet gates. Raises RuleViolation / BadInput."""
    state = d.state
    if state.get("play"):
        raise refuse("Scenarios", f"{state['play']['title']} is still being played: win or lose it first")
    sid = scenario_id(f["scenario"])
    ok, why = playable(state, sid)
    if not ok:
        raise refuse("Before your first game" if "Prologue" in why else PROGRESS, why)
    f = {**f, "mode": _mode(f)}
    play = with_first_phase(scenario_play(sid, f))
    d.emit(ev.ScenarioStarted(scenario=sid, mode=f["mode"], play=play))


def _mode(f: dict[str, Any]) -> str:
    """The mode asked for; one board must choose (§ Solo Mode: J.O.R.D.A.N. BOT, or a 1-player co-op game)."""
    if f["mode"] == Mode.SOLO.value and len(f["boards"]) != 1:
        raise refuse("Solo Mode", "solo mode is one player with J.O.R.D.A.N. BOT")
    if f["mode"] is None and len(f["boards"]) == 1:
        raise BadInput("one Player Board: say --mode solo (with J.O.R.D.A.N. BOT, tamashii.txt § Solo Mode) or --mode coop "
                       "(a 1-player co-op game without the BOT)", {"mode": ["required with one Player Board: solo or coop"]})
    return f["mode"] or Mode.COOP.value


def with_first_phase(play: dict[str, Any]) -> dict[str, Any]:
    """The play in the Setup phase while setup choices are open (§ Game setup 3c, 3d, 5), else in turn 1's Planning."""
    return {**play, "phase": Phase.SETUP.value if obligations({**play, "phase": Phase.SETUP.value}) else Phase.PLANNING.value}


class GeneratorSchema(Schema):
    boards = fields.List(Boards().inner, required=True, validate=validate.Length(2, 4))
    length = fields.String(required=True, validate=validate.OneOf(["short", "medium", "long"]))
    enemy_deck = fields.List(fields.String(), required=True, metadata={"description": "from the Conditions card: LEVEL:AMOUNT,..."})
    trace_top = WholeNumber(load_default=None, validate=Within(1, 30))
    start_tiles = fields.List(WholeNumber(validate=Within(1, 99)), required=True, validate=validate.Length(2, 4),
                              metadata={"description": "each board's starting District tile, in board order (all different)"})


@KIT.action("start-scenario-generator", GeneratorSchema, "Set up the competitive Scenario Generator for 2-4 Player Boards",
        section="Scenario generator (competitive mode)", reveal=True, args=("length", "boards"))
def start_generator(d: Decision, f: dict[str, Any]) -> None:
    """ScenarioStarted in competitive mode (Time 5 / 7 / 9 by length)."""
    state = d.state
    if state.get("play"):
        raise refuse("Scenarios", f"{state['play']['title']} is still being played")
    if len(set(f["boards"])) != len(f["boards"]):
        raise refuse("Scenario generator (competitive mode)", "each Player Board may be named once")
    d.emit(ev.ScenarioStarted(scenario="generator", mode=Mode.COMPETITIVE.value, play=with_first_phase(competitive_play(f))))


class EndingSchema(Schema):
    card = Name(required=True, metadata={"description": "the Victory or Scenario Lost card's code"})
    unlock = Codes(metadata={"description": "components the card moves to the Unlocked Pool"})
    lock = Codes(metadata={"description": "components the card moves to the Locked Pool"})


def _pool_moves(state: State, f: dict[str, Any]) -> list[GameEvent]:
    out: list[GameEvent] = []
    for code in f["lock"]:
        if code.upper().endswith("00"):
            raise refuse(POOLS, f"{code} is an X00 component: those are never Locked")
    if f["unlock"]:
        codes = sorted({c.upper() for c in f["unlock"]})
        out.append(ev.ComponentsUnlocked(codes=[c for c in codes if c not in state["unlocked"]],
                                         already=[c for c in codes if c in state["unlocked"]], card=f["card"].upper()))
    if f["lock"]:
        codes = sorted({c.upper() for c in f["lock"]})
        out.append(ev.ComponentsLocked(codes=[c for c in codes if c not in state["locked"]],
                                       already=[c for c in codes if c in state["locked"]], card=f["card"].upper()))
    return out


@KIT.action("draw-victory-card", EndingSchema, "Draw the Victory card: tick its ending code and move the components it lists",
        section=PROGRESS, args=("card",))
def win(d: Decision, f: dict[str, Any]) -> None:
    """EndingTicked, the pool moves, ScenarioEnded(won). The card must be one of this Scenario's endings."""
    state = d.state
    play = play_of(state, PROGRESS)
    if play["mode"] == Mode.COMPETITIVE.value:
        raise refuse("Scenario generator (competitive mode)", "the Scenario generator ends when Time reaches 0, not on a Victory card")
    code, sid = f["card"].upper(), play["scenario"]
    if code not in state["progress"][sid]:
        raise refuse(PROGRESS, f"{code} is not an ending of {play['title']} (its endings: {', '.join(state['progress'][sid])})")
    d.emit(ev.EndingTicked(scenario=sid, code=code), *_pool_moves(state, f),
            ev.ScenarioEnded(scenario=sid, outcome="won", card=code, scores={}))


@KIT.action("draw-scenario-lost-card", EndingSchema, "Draw the Scenario Lost card and move the components it lists",
        section=PROGRESS, args=("card",))
def lose(d: Decision, f: dict[str, Any]) -> None:
    """The pool moves, ScenarioEnded(lost); nothing is ticked."""
    state = d.state
    play = play_of(state, PROGRESS)
    if play["mode"] == Mode.COMPETITIVE.value:
        raise refuse("Scenario generator (competitive mode)", "the Scenario generator cannot be lost")
    due = play.get("ending_due")
    if due and f["card"].upper() != due["card"]:
        raise refuse("Scenario sheets", f"{due['why']}: the card to draw is {due['card']}, not {f['card'].upper()}")
    d.emit(*_pool_moves(state, f), ev.ScenarioEnded(scenario=play["scenario"], outcome="lost", card=f["card"].upper(), scores={}))


class PoolSchema(Schema):
    codes = Codes(required=True, validate=validate.Length(1, 60))
    card = Name(load_default="by hand", metadata={"description": "the card (or guide) that moves them"})


@KIT.action("unlock-components", PoolSchema, "Move components (by code) from the Locked to the Unlocked Pool",
        section=POOLS, args=("codes",))
def unlock_components(d: Decision, f: dict[str, Any]) -> None:
    """ComponentsUnlocked."""
    state = d.state
    d.emit(*_pool_moves(state, {"card": f["card"], "unlock": f["codes"], "lock": []}))


@KIT.action("lock-components", PoolSchema, "Move components (by code) to the Locked Pool (a card's instruction, or the unboxing guide)",
        section=POOLS, args=("codes",))
def lock_components(d: Decision, f: dict[str, Any]) -> None:
    """ComponentsLocked; X00 codes are refused."""
    state = d.state
    d.emit(*_pool_moves(state, {"card": f["card"], "unlock": [], "lock": f["codes"]}))


class ScratchSchema(Schema):
    pass


@KIT.action("start-from-scratch", ScratchSchema, "Take a fresh Progress sheet: clear every tick and both pools' records",
        section=PROGRESS)
def start_from_scratch(d: Decision, f: dict[str, Any]) -> None:
    """ProgressSheetStartedFromScratch; refused during a play."""
    state = d.state
    if state.get("play"):
        raise refuse(PROGRESS, "finish the Scenario being played before starting from scratch")
    d.emit(ev.ProgressSheetStartedFromScratch())


def is_locked(state: State, code: str) -> bool:
    """Whether ``code`` is in the Locked Pool (setup draws only from Unlocked components)."""
    return str(code).upper() in state.get("locked", [])
