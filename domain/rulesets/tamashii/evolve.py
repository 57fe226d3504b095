"""Tamashii's evolve handlers for the box and the Player Boards, on the kit (:data:`.kit.KIT`); those of
the play's Enemies, dice, Tests and modes are in :mod:`.evolve_play`. Pure and total: they never validate.

Each handler receives a private copy of the state (the kit makes it) and edits it in place; an event that
does not fit the state is a loud ``EvolveError`` (a bug), never a silently dropped event.
"""

from __future__ import annotations

import copy
from typing import Any

from domain.core import State

from . import combat_events as ce
from . import events as ev
from .kit import KIT
from .vocabulary import add_tokens, empty_pile, take_tokens


def _b(state: State, board: str) -> dict[str, Any]:
    return state["play"]["boards"][board]


# -- the box ---------------------------------------------------------------------------------------


@KIT.evolves(ev.ProgressSheetStartedFromScratch)
def _scratch(s: State, e: Any) -> None:
    for endings in s["progress"].values():
        for code in endings:
            endings[code] = False
    s["locked"], s["unlocked"], s["played"] = [], [], []


@KIT.evolves(ev.ComponentsUnlocked)
def _unlocked(s: State, e: Any) -> None:
    s["locked"] = sorted(set(s["locked"]) - set(e.codes))
    s["unlocked"] = sorted(set(s["unlocked"]) | set(e.codes))


@KIT.evolves(ev.ComponentsLocked)
def _locked(s: State, e: Any) -> None:
    s["unlocked"] = sorted(set(s["unlocked"]) - set(e.codes))
    s["locked"] = sorted(set(s["locked"]) | set(e.codes))


@KIT.evolves(ev.EndingTicked)
def _ticked(s: State, e: Any) -> None:
    s["progress"][e.scenario][e.code] = True


@KIT.evolves(ev.ScenarioStarted)
def _started(s: State, e: Any) -> None:
    s["play"] = copy.deepcopy(e.play)


@KIT.evolves(ev.ScenarioEnded)
def _ended(s: State, e: Any) -> None:
    s["played"].append({"scenario": e.scenario, "outcome": e.outcome, "card": e.card})
    if e.scores:
        s["last_scores"] = copy.deepcopy(e.scores)
    s["play"] = None


# -- flow ------------------------------------------------------------------------------------------


@KIT.evolves(ev.PhaseBegan)
def _phase(s: State, e: Any) -> None:
    p = s["play"]
    p["turn"], p["phase"], p["active"] = e.turn, e.phase, e.active
    p["combat"] = None
    for b in p["boards"].values():
        b["steps"], b["launched"], b["step_details"] = [], [], {}


@KIT.evolves(ev.FirstPlayerTokenPassed)
def _first(s: State, e: Any) -> None:
    s["play"]["first_player"] = e.board


@KIT.evolves(ev.TimeSet)
def _time_set(s: State, e: Any) -> None:
    s["play"]["time"] = e.time


@KIT.evolves(ev.TimeReduced)
def _time_reduced(s: State, e: Any) -> None:
    s["play"]["time"] = e.time


@KIT.evolves(ev.ScenarioCardDrawn)
def _card(s: State, e: Any) -> None:
    p = s["play"]
    if e.special:
        p["special_cards"].append(e.code)
    else:
        p["scenario_card"], p["success_tokens"] = e.code, 0


@KIT.evolves(ev.SuccessTokensChanged)
def _success(s: State, e: Any) -> None:
    s["play"]["success_tokens"] = e.count


@KIT.evolves(ev.StepTaken)
def _step(s: State, e: Any) -> None:
    b = _b(s, e.board)
    b["steps"].append(e.step)
    b.setdefault("step_details", {})[e.step] = copy.deepcopy(e.detail)


# -- tracks ----------------------------------------------------------------------------------------


@KIT.evolves(ev.AssetChanged)
def _asset(s: State, e: Any) -> None:
    _b(s, e.board)["assets"][e.asset] = e.value


@KIT.evolves(ev.WoundsSuffered)
def _wounds(s: State, e: Any) -> None:
    b = _b(s, e.board)
    b["assets"]["shield"] -= e.shields
    b["integrity"] = e.integrity
    b["reset_due"] = e.integrity == 0


@KIT.evolves(ev.IntegrityChanged)
def _integrity(s: State, e: Any) -> None:
    b = _b(s, e.board)
    b["integrity"], b["limiter"] = e.integrity, e.limiter
    b["reset_due"] = e.integrity == 0


@KIT.evolves(ev.TraceChanged)
def _trace(s: State, e: Any) -> None:
    _b(s, e.board)["trace"] = e.trace


@KIT.evolves(ev.EnemiesDue)
def _due(s: State, e: Any) -> None:
    _b(s, e.board)["enemies_due"] = e.count


@KIT.evolves(ev.ExpChanged)
def _exp(s: State, e: Any) -> None:
    _b(s, e.board)["exp"] = e.exp


@KIT.evolves(ev.LockTokenDiscarded)
def _lock(s: State, e: Any) -> None:
    _b(s, e.board)["locks"] = e.locks


# -- Data tokens -----------------------------------------------------------------------------------

_PILES = ("bag", "launcher", "dump")


@KIT.evolves(ev.DataTokensMoved)
def _moved(s: State, e: Any) -> None:
    b, p = _b(s, e.board), s["play"]
    if e.source in _PILES:
        b[e.source] = take_tokens(b[e.source], e.tokens, e.source, "")
    elif e.source == "pool":
        p["corrupted_pool"] = (p["corrupted_pool"] or 0) - len(e.tokens)
    if e.target in _PILES:
        b[e.target] = add_tokens(b[e.target], e.tokens)


@KIT.evolves(ev.DataBagRefilled)
def _bag_refilled(s: State, e: Any) -> None:
    b = _b(s, e.board)
    b["bag"] = add_tokens(b["bag"], e.tokens)
    b["dump"] = empty_pile()


@KIT.evolves(ev.CorruptedDataPoolRanOut)
def _ran_out(s: State, e: Any) -> None:
    s["play"]["corrupted_pool_ran_out"] = True


@KIT.evolves(ev.CoreDataChanged)
def _core(s: State, e: Any) -> None:
    _b(s, e.board)["core_data"] = e.core


# -- Bodies, Augments, Learning Protocol -----------------------------------------------------------


@KIT.evolves(ev.BodyInhabited)
def _inhabit(s: State, e: Any) -> None:
    _b(s, e.board)["bodies"].insert(0, copy.deepcopy(e.body))


@KIT.evolves(ev.BodiesSwapped)
def _swap(s: State, e: Any) -> None:
    b = _b(s, e.board)
    b["bodies"].reverse()


@KIT.evolves(ev.BodyDiscarded)
def _body_discarded(s: State, e: Any) -> None:
    b = _b(s, e.board)
    b["bodies"] = [x for x in b["bodies"] if x["name"] != e.body]


@KIT.evolves(ev.BodyMarketChanged)
def _market(s: State, e: Any) -> None:
    s["play"]["body_market"] = list(e.market)
    s["play"]["market_ready"] = True


@KIT.evolves(ev.AugmentGained)
def _augment(s: State, e: Any) -> None:
    _b(s, e.board)["augments"].append(copy.deepcopy(e.augment))


@KIT.evolves(ev.AugmentEquipped)
def _equip(s: State, e: Any) -> None:
    next(a for a in _b(s, e.board)["augments"] if a["name"] == e.name)["equipped"] = True


@KIT.evolves(ev.AugmentTraded)
def _trade(s: State, e: Any) -> None:
    giver = _b(s, e.board)
    aug = next(a for a in giver["augments"] if a["name"] == e.name)
    giver["augments"].remove(aug)
    _b(s, e.to)["augments"].append({**aug, "equipped": False})


@KIT.evolves(ev.AugmentBroken)
def _break(s: State, e: Any) -> None:
    b = _b(s, e.board)
    b["augments"] = [a for a in b["augments"] if a["name"] != e.name]
    s["play"].setdefault("broken_augments", []).append(e.name)  # § Breaking Augments: not again this Scenario


@KIT.evolves(ev.LearningProtocolChosen)
def _protocol(s: State, e: Any) -> None:
    _b(s, e.board)["learning_protocol"] = {"name": e.name, "steps": 0}


@KIT.evolves(ev.LearningStepCompleted)
def _lp_step(s: State, e: Any) -> None:
    _b(s, e.board)["learning_protocol"]["steps"] = e.step
