"""``evolve`` handlers for :mod:`.rule_events` (see :mod:`.evolve`): setup choices, owed steps, figures
noted once, and the Scenario special rules."""

from __future__ import annotations

import copy
from typing import Any

from domain.core import State

from . import rule_events as rev
from .evolve import _b
from .kit import KIT
from .vocabulary import active_body


@KIT.evolves(rev.ClassChosen)
def _class(s: State, e: Any) -> None:
    _b(s, e.board)["class"] = e.name


@KIT.evolves(rev.ScenarioEndingDue)
def _ending_due(s: State, e: Any) -> None:
    s["play"]["ending_due"] = {"card": e.card, "why": e.why}


@KIT.evolves(rev.BodyMarketRefillDue)
def _market_due(s: State, e: Any) -> None:
    s["play"]["market_due"] = e.count


@KIT.evolves(rev.BodyFigureNoted)
def _figure(s: State, e: Any) -> None:
    active_body(_b(s, e.board))[e.figure] = e.value


@KIT.evolves(rev.AugmentDrawn)
def _drawn(s: State, e: Any) -> None:
    _b(s, e.board)["augments"].append(copy.deepcopy(e.augment))


@KIT.evolves(rev.DistrictTraceNoted)
def _noted(s: State, e: Any) -> None:
    tiles = s["play"]["map"]
    tile = tiles.setdefault(str(e.tile), {"name": None, "revealed": True, "entry": None, "stationary": None, "exploration": None})
    for key in ("entry", "stationary"):
        if getattr(e, key) is not None:
            tile[key] = getattr(e, key)


@KIT.evolves(rev.AscendTokensSpread)
def _spread(s: State, e: Any) -> None:
    ascend = s["play"]["ascend"]
    ascend["tiles"] = sorted({*ascend["tiles"], *(int(t) for t in e.tiles if t != "sheet")})
    ascend["sheet"] = e.sheet
    ascend["last_roll"] = list(e.dice)


@KIT.evolves(rev.AscendTokenDiscarded)
def _ascend_discarded(s: State, e: Any) -> None:
    ascend = s["play"]["ascend"]
    ascend["tiles"] = [t for t in ascend["tiles"] if t != e.tile]


@KIT.evolves(rev.SimulationErrorRolled)
def _simulation_error(s: State, e: Any) -> None:
    s["play"].setdefault("simulation_error", {})[e.board] = {"result": e.result, "effect": e.effect}


@KIT.evolves(rev.BossActivityRolled)
def _boss(s: State, e: Any) -> None:
    s["play"].setdefault("boss_activity", {})[e.boss] = {"number": e.number, "symbol": e.symbol, "card": e.card, "ignored": e.ignored}


@KIT.evolves(rev.TestContributionSkipped)
def _test_skipped(s: State, e: Any) -> None:
    s["play"]["test"].setdefault("skipped", []).append(e.board)
