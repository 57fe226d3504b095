"""``evolve``: apply one Tamashii event to a copy of the state. Pure and total: it never validates.

Each handler receives a deep copy of the state and the event, and edits the copy in place; an event
type without a handler (or a state without a play where one is needed) leaves the state unchanged.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from domain.core import GameEvent, State
from domain.core.ruleset import copy_state

from . import combat_events as ce
from . import events as ev
from .rules import add_tokens, empty_pile, take_tokens

Handler = Callable[[State, Any], None]
HANDLERS: dict[type[GameEvent], Handler] = {}


def applies(cls: type[GameEvent]) -> Callable[[Handler], Handler]:
    """Register the handler of ``cls``."""

    def wrap(fn: Handler) -> Handler:
        HANDLERS[cls] = fn
        return fn

    return wrap


def evolve(state: State, event: GameEvent) -> State:
    """The state after ``event`` (a new value; ``state`` is not touched)."""
    handler = HANDLERS.get(type(event))
    if handler is None:
        return state
    new = copy_state(state)
    try:
        handler(new, event)
    except (KeyError, TypeError, IndexError, AttributeError):
        return state  # total: an event that does not fit this state changes nothing
    return new


def _b(state: State, board: str) -> dict[str, Any]:
    return state["play"]["boards"][board]


# -- the box ---------------------------------------------------------------------------------------


@applies(ev.ProgressSheetStartedFromScratch)
def _scratch(s: State, e: Any) -> None:
    for endings in s["progress"].values():
        for code in endings:
            endings[code] = False
    s["locked"], s["unlocked"], s["played"] = [], [], []


@applies(ev.ComponentsUnlocked)
def _unlocked(s: State, e: Any) -> None:
    s["locked"] = sorted(set(s["locked"]) - set(e.codes))
    s["unlocked"] = sorted(set(s["unlocked"]) | set(e.codes))


@applies(ev.ComponentsLocked)
def _locked(s: State, e: Any) -> None:
    s["unlocked"] = sorted(set(s["unlocked"]) - set(e.codes))
    s["locked"] = sorted(set(s["locked"]) | set(e.codes))


@applies(ev.EndingTicked)
def _ticked(s: State, e: Any) -> None:
    s["progress"][e.scenario][e.code] = True


@applies(ev.ScenarioStarted)
def _started(s: State, e: Any) -> None:
    s["play"] = copy.deepcopy(e.play)


@applies(ev.ScenarioEnded)
def _ended(s: State, e: Any) -> None:
    s["played"].append({"scenario": e.scenario, "outcome": e.outcome, "card": e.card})
    if e.scores:
        s["last_scores"] = copy.deepcopy(e.scores)
    s["play"] = None


# -- flow ------------------------------------------------------------------------------------------


@applies(ev.PhaseBegan)
def _phase(s: State, e: Any) -> None:
    p = s["play"]
    p["turn"], p["phase"], p["active"] = e.turn, e.phase, e.active
    p["combat"] = None
    for b in p["boards"].values():
        b["steps"], b["launched"], b["step_details"] = [], [], {}


@applies(ev.FirstPlayerTokenPassed)
def _first(s: State, e: Any) -> None:
    s["play"]["first_player"] = e.board


@applies(ev.TimeSet)
def _time_set(s: State, e: Any) -> None:
    s["play"]["time"] = e.time


@applies(ev.TimeReduced)
def _time_reduced(s: State, e: Any) -> None:
    s["play"]["time"] = e.time


@applies(ev.ScenarioCardDrawn)
def _card(s: State, e: Any) -> None:
    p = s["play"]
    if e.special:
        p["special_cards"].append(e.code)
    else:
        p["scenario_card"], p["success_tokens"] = e.code, 0


@applies(ev.SuccessTokensChanged)
def _success(s: State, e: Any) -> None:
    s["play"]["success_tokens"] = e.count


@applies(ev.StepTaken)
def _step(s: State, e: Any) -> None:
    b = _b(s, e.board)
    b["steps"].append(e.step)
    b.setdefault("step_details", {})[e.step] = copy.deepcopy(e.detail)


# -- tracks ----------------------------------------------------------------------------------------


@applies(ev.AssetChanged)
def _asset(s: State, e: Any) -> None:
    _b(s, e.board)["assets"][e.asset] = e.value


@applies(ev.WoundsSuffered)
def _wounds(s: State, e: Any) -> None:
    b = _b(s, e.board)
    b["assets"]["shield"] -= e.shields
    b["integrity"] = e.integrity
    b["reset_due"] = e.integrity == 0


@applies(ev.IntegrityChanged)
def _integrity(s: State, e: Any) -> None:
    b = _b(s, e.board)
    b["integrity"], b["limiter"] = e.integrity, e.limiter
    b["reset_due"] = e.integrity == 0


@applies(ev.TraceChanged)
def _trace(s: State, e: Any) -> None:
    _b(s, e.board)["trace"] = e.trace


@applies(ev.EnemiesDue)
def _due(s: State, e: Any) -> None:
    _b(s, e.board)["enemies_due"] = e.count


@applies(ev.ExpChanged)
def _exp(s: State, e: Any) -> None:
    _b(s, e.board)["exp"] = e.exp


@applies(ev.LockTokenDiscarded)
def _lock(s: State, e: Any) -> None:
    _b(s, e.board)["locks"] = e.locks


# -- Data tokens -----------------------------------------------------------------------------------

_PILES = ("bag", "launcher", "dump")


@applies(ev.DataTokensMoved)
def _moved(s: State, e: Any) -> None:
    b, p = _b(s, e.board), s["play"]
    if e.source in _PILES:
        b[e.source] = take_tokens(b[e.source], e.tokens, e.source, "")
    elif e.source == "pool":
        p["corrupted_pool"] = (p["corrupted_pool"] or 0) - len(e.tokens)
    if e.target in _PILES:
        b[e.target] = add_tokens(b[e.target], e.tokens)


@applies(ev.DataBagRefilled)
def _bag_refilled(s: State, e: Any) -> None:
    b = _b(s, e.board)
    b["bag"] = add_tokens(b["bag"], e.tokens)
    b["dump"] = empty_pile()


@applies(ev.CorruptedDataPoolRanOut)
def _ran_out(s: State, e: Any) -> None:
    s["play"]["corrupted_pool_ran_out"] = True


@applies(ev.CoreDataChanged)
def _core(s: State, e: Any) -> None:
    _b(s, e.board)["core_data"] = e.core


# -- Bodies, Augments, Learning Protocol -----------------------------------------------------------


@applies(ev.BodyInhabited)
def _inhabit(s: State, e: Any) -> None:
    _b(s, e.board)["bodies"].insert(0, copy.deepcopy(e.body))


@applies(ev.BodiesSwapped)
def _swap(s: State, e: Any) -> None:
    b = _b(s, e.board)
    b["bodies"].reverse()


@applies(ev.BodyDiscarded)
def _body_discarded(s: State, e: Any) -> None:
    b = _b(s, e.board)
    b["bodies"] = [x for x in b["bodies"] if x["name"] != e.body]


@applies(ev.BodyMarketChanged)
def _market(s: State, e: Any) -> None:
    s["play"]["body_market"] = list(e.market)
    s["play"]["market_ready"] = True


@applies(ev.AugmentGained)
def _augment(s: State, e: Any) -> None:
    _b(s, e.board)["augments"].append(copy.deepcopy(e.augment))


@applies(ev.AugmentEquipped)
def _equip(s: State, e: Any) -> None:
    next(a for a in _b(s, e.board)["augments"] if a["name"] == e.name)["equipped"] = True


@applies(ev.AugmentTraded)
def _trade(s: State, e: Any) -> None:
    giver = _b(s, e.board)
    aug = next(a for a in giver["augments"] if a["name"] == e.name)
    giver["augments"].remove(aug)
    _b(s, e.to)["augments"].append({**aug, "equipped": False})


@applies(ev.AugmentBroken)
def _break(s: State, e: Any) -> None:
    b = _b(s, e.board)
    b["augments"] = [a for a in b["augments"] if a["name"] != e.name]


@applies(ev.LearningProtocolChosen)
def _protocol(s: State, e: Any) -> None:
    _b(s, e.board)["learning_protocol"] = {"name": e.name, "steps": 0}


@applies(ev.LearningStepCompleted)
def _lp_step(s: State, e: Any) -> None:
    _b(s, e.board)["learning_protocol"]["steps"] = e.step
