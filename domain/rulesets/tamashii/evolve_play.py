"""``evolve`` handlers for the map, Enemies, dice, Tests and the game modes (see :mod:`.evolve`)."""

from __future__ import annotations

import copy
from typing import Any

from domain.core import State

from . import combat_events as ce
from .evolve import _b
from .kit import KIT


@KIT.evolves(ce.CharacterMoved)
def _moved(s: State, e: Any) -> None:
    if e.bot:
        s["play"]["bot"]["tile"] = e.tile
    else:
        _b(s, e.board)["tile"] = e.tile


@KIT.evolves(ce.DistrictRevealed)
def _revealed(s: State, e: Any) -> None:
    play = s["play"]
    if str(e.tile) not in play["map"] and play.get("hidden_tiles"):
        play["hidden_tiles"] -= 1
    play["map"][str(e.tile)] = {"name": e.name, "revealed": True, "entry": e.entry, "stationary": e.stationary,
                                     "exploration": None, "exploration_found": e.exploration}


@KIT.evolves(ce.EnemiesAttached)
def _attached(s: State, e: Any) -> None:
    b = _b(s, e.board)
    b["enemies"].extend(copy.deepcopy(e.enemies))
    b["enemies_due"] = max(0, b["enemies_due"] - len(e.enemies))
    s["play"]["enemy_deck"] = copy.deepcopy(e.deck)


@KIT.evolves(ce.EnemyDamaged)
def _damaged(s: State, e: Any) -> None:
    _b(s, e.board)["enemies"][0]["damage"] = e.total


@KIT.evolves(ce.EnemyRemoved)
def _removed(s: State, e: Any) -> None:
    play, b = s["play"], _b(s, e.board)
    card = b["enemies"].pop(e.index)
    play["enemy_discard"].append(card["name"])
    combat = play.get("combat")
    if combat and combat["board"] == e.board and combat["die_at"] is not None and combat["die_at"] >= e.index:
        combat["die_at"] = None if combat["die_at"] == 0 else combat["die_at"] - 1


@KIT.evolves(ce.PlayerDiceRolled)
def _rolled(s: State, e: Any) -> None:
    _b(s, e.board)["last_roll"] = {"purpose": e.purpose, "dice": list(e.dice), "rerolled": False}


@KIT.evolves(ce.DiceRerolled)
def _rerolled(s: State, e: Any) -> None:
    b = _b(s, e.board)
    b["last_roll"].update(dice=list(e.dice), rerolled=True)
    play = s["play"]
    if play.get("combat") and play["combat"]["board"] == e.board and b["last_roll"]["purpose"] == "attack":
        play["combat"]["dice"] = list(e.dice)
    if play.get("test") and b["last_roll"]["purpose"] == "test":
        play["test"]["dice"][e.board] = list(e.dice)


@KIT.evolves(ce.CombatBegan)
def _combat(s: State, e: Any) -> None:
    s["play"]["combat"] = {"board": e.board, "dice": list(e.dice), "used": [], "frames": [], "symbol": e.symbol,
                           "number": e.number, "die_at": e.die_at, "next": "player"}
    _b(s, e.board)["last_roll"] = {"purpose": "attack", "dice": list(e.dice), "rerolled": False}


@KIT.evolves(ce.CombatFrameActivated)
def _frame(s: State, e: Any) -> None:
    combat = s["play"]["combat"]
    combat["used"].extend(e.indexes)
    combat["frames"].append(e.frame)
    combat["next"] = "enemy"


@KIT.evolves(ce.EnemyFrameActivated)
def _enemy_frame(s: State, e: Any) -> None:
    combat = s["play"]["combat"]
    combat["die_at"], combat["next"] = e.die_at, "player"


@KIT.evolves(ce.ResetBegan)
def _reset(s: State, e: Any) -> None:
    b = _b(s, e.board)
    b["reset_due"], b["reset_in"], b["enemies_due"] = False, [e.turn, e.phase], 0
    combat = s["play"].get("combat")
    if combat and combat["board"] == e.board:
        s["play"]["combat"] = None


@KIT.evolves(ce.PatternLaunched)
def _launched(s: State, e: Any) -> None:
    _b(s, e.board)["launched"].append(f"{e.source}:{e.pattern}")


@KIT.evolves(ce.TestBegan)
def _test(s: State, e: Any) -> None:
    s["play"]["test"] = {"initiator": e.initiator, "data": e.data, "required": e.required, "group": e.group,
                         "tokens": {}, "dice": {}}


@KIT.evolves(ce.TestContributed)
def _contributed(s: State, e: Any) -> None:
    test = s["play"]["test"]
    test["tokens"][e.board] = list(e.tokens)
    test["dice"][e.board] = list(e.dice)
    _b(s, e.board)["last_roll"] = {"purpose": "test", "dice": list(e.dice), "rerolled": False}


@KIT.evolves(ce.TestResolved)
def _test_resolved(s: State, e: Any) -> None:
    s["play"]["test"] = None
    s["play"]["last_test"] = {"successes": e.successes, "required": e.required, "passed": e.passed}


@KIT.evolves(ce.BotBatteryChanged)
def _battery(s: State, e: Any) -> None:
    bot = s["play"]["bot"]
    bot["battery"] = e.battery
    if e.why != "charged":
        bot["used"].append(e.why)


@KIT.evolves(ce.BotRemoved)
def _bot_removed(s: State, e: Any) -> None:
    s["play"]["bot"].update(removed=True, tile=None)


@KIT.evolves(ce.GoalCardTaken)
def _goal(s: State, e: Any) -> None:
    _b(s, e.board)["goals"].append({"goal": e.goal, "vp": e.vp})
    s["play"].setdefault("goals_taken", []).append(e.goal.upper())
