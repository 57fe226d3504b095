"""The flow of a Scenario: what the table must still do (its open obligations), what comes next, and the
phases (and players' parts of a phase) that pass by themselves because nobody has anything to do in them.

Rules (tamashii.txt): § Game setup (steps 3c, 3d and 5 are choices the players make before the first
turn); § Turn order (Planning: "1. Trace Roll step: [skip this step during your first turn]", "2. Refill
Launcher step: All players simultaneously refill their Launchers", 3. Program, optional; Action, in order:
"a player needs to perform all three steps"; Combat, in order: "If a player doesn't have any attached
Enemies, they must skip the Combat phase", and it ends for a player when they stop activating Frames
"and Enemy Number die is not on any Enemy card"); § Movement & Revealing District tiles ("Regardless of
your choice, you are obliged to increase your Trace"); § RESET ("resolve reset immediately"; "The player
who resolved reset skips all other activities for the current Turn phase"); § Inhabiting a Body ("draw
a new card from the Body deck to refill the Body Market"); § Trace (draw and attach the Enemies owed).

Readings:

- Trace 0 rolls no dice (the first turn is skipped because "all players will have their Trace on 0!"):
  from turn 2 a Trace Roll is owed by each board whose Trace is above 0 (none in the Prologue: step 2c).
- Planning, Action and Quest always offer something optional (Program, Upgrade, District Effect, Launch,
  Player and World Activity), so each ends with ``end-phase`` once its obligations are met. A Combat part
  of a player with no attached Enemies passes by itself (a Combat phase where nobody has Enemies passes
  whole), as does the rest of a phase for a player who reset, and the Setup once its choices are made.
"""

from __future__ import annotations

from typing import Any

from domain.core import GameEvent, RuleViolation, State

from . import events as ev
from .kit import KIT
from .scoring import final_scores
from .vocabulary import ORDERED_PHASES, PHASE_ORDER, Mode, Phase, refuse, rule
from domain.core.names import counted

Obligation = dict[str, Any]


def clockwise(play: dict[str, Any]) -> list[str]:
    """The boards in turn order, starting with the First Player."""
    players, first = play["players"], play["first_player"]
    i = players.index(first)
    return players[i:] + players[:i]


def _owe(board: str | None, do: str, why: str, section: str) -> Obligation:
    return {"board": board, "do": do, "why": why, "rule": rule(section)}


def skipped_this_phase(play: dict[str, Any], board: str) -> bool:
    """Whether ``board`` reset during the current phase and so skips the rest of it (§ RESET)."""
    return play["boards"][board]["reset_in"] == [play["turn"], play["phase"]]


def obligations(play: dict[str, Any]) -> list[Obligation]:
    """What must be done before play moves on, most urgent first: ``[{"board", "do", "why", "rule"}]``.

    ``board`` is None for what the table does together; ``do`` names the action (a verb, or verbs with "/").
    """
    out = _table_duties(play)
    order = clockwise(play)
    out += [_owe(n, "reset", "Integrity is 0: resolve a reset immediately", "RESET") for n in order if play["boards"][n]["reset_due"]]
    out += [_owe(n, "draw-enemies", f"draw and attach {play['boards'][n]['enemies_due']} owed Enemies", "Attaching Enemies")
            for n in order if play["boards"][n]["enemies_due"]]
    return out + _PHASE_DUTIES[play["phase"]](play, order)


def _table_duties(play: dict[str, Any]) -> list[Obligation]:
    out = []
    if play.get("ending_due"):
        due = play["ending_due"]
        out.append(_owe(None, f"draw-scenario-lost-card {due['card']}", due["why"], "Scenarios"))
    if play.get("market_due"):
        out.append(_owe(None, "refill-body-market", f"draw {counted(play['market_due'], 'Body card')} to refill the Body Market", "Body cards"))
    if play["test"]:
        out.append(_owe(None, "contribute-to-test / resolve-test", f"the Test of {play['test']['initiator']} is in progress", "TESTS"))
    return out


def _setup_duties(play: dict[str, Any], order: list[str]) -> list[Obligation]:
    skipped, out = play["skipped_steps"], []
    for n in order:
        b = play["boards"][n]
        if "3c" not in skipped and not b.get("class"):
            out.append(_owe(n, "choose-class", "setup 3c: choose a Class and place its 2 Starting Augments", "Game setup"))
        if "3d" not in skipped and "3d" not in play.get("optional_steps", []) and not b["learning_protocol"]:
            out.append(_owe(n, "choose-learning-protocol", "setup 3d: keep 1 of 2 random Learning Protocol cards", "Game setup"))
    if "5" not in skipped and not play.get("market_ready"):
        out.append(_owe(None, "set-up-body-market", f"setup 5: draw {len(order) + 1} Body cards face up", "Game setup"))
    return out


def trace_roll_owed(play: dict[str, Any], board: str) -> bool:
    """Whether ``board`` still owes this turn's Trace Roll (turn 2 on, Trace above 0, not rolled yet)."""
    b = play["boards"][board]
    return (play["phase"] == Phase.PLANNING.value and play["turn"] > 1 and bool(b["trace"])
            and "trace-roll" not in b["steps"] and not skipped_this_phase(play, board))


def _planning_duties(play: dict[str, Any], order: list[str]) -> list[Obligation]:
    out = []
    for n in order:
        if skipped_this_phase(play, n):
            continue
        if trace_roll_owed(play, n):
            out.append(_owe(n, "trace-roll", f"Planning 1: roll the Trace dice at Trace {play['boards'][n]['trace']}", "Planning phase"))
        if "refill" not in play["boards"][n]["steps"]:
            out.append(_owe(n, "refill-launcher", "Planning 2: refill the empty Highlighted Data slots", "Planning phase"))
    return out


def _action_duties(play: dict[str, Any], order: list[str]) -> list[Obligation]:
    active = play["active"]
    if active is None or skipped_this_phase(play, active) or "move" in play["boards"][active]["steps"]:
        return []
    return [_owe(active, "move / stay / explore", "Move & Trace: you are obliged to increase your Trace", "Movement & Revealing District tiles")]


def _combat_duties(play: dict[str, Any], order: list[str]) -> list[Obligation]:
    active, combat = play["active"], play["combat"]
    if active is None or skipped_this_phase(play, active) or not play["boards"][active]["enemies"] and not combat:
        return []
    if not combat:
        return [_owe(active, "attack-roll", "Attack Roll: a player with attached Enemies fights", "Combat phase")]
    if combat["die_at"] is not None:
        enemy = play["boards"][active]["enemies"][combat["die_at"]]["name"]
        return [_owe(active, "activate-frame / activate-enemy-frame",
                     f"the Enemy Number die is on {enemy}: it resolves its Frame before the Combat ends", "Combat phase")]
    return []


_PHASE_DUTIES = {Phase.SETUP.value: _setup_duties, Phase.PLANNING.value: _planning_duties, Phase.ACTION.value: _action_duties,
                 Phase.COMBAT.value: _combat_duties, Phase.QUEST.value: lambda play, order: []}


def require_done(play: dict[str, Any]) -> None:
    """Refuse to end the phase (or the active player's part) while an obligation is open."""
    open_ = obligations(play)
    if open_:
        first = open_[0]
        who = f"{first['board']}: " if first["board"] else ""
        raise RuleViolation(first["rule"], f"the phase cannot end yet: {who}{first['do']} ({first['why']})")


# -- what comes next ---------------------------------------------------------------------------------


def _empty(play: dict[str, Any], phase: Phase, active: str | None) -> bool:
    """A player's part of an ordered phase with nothing to do: Combat without Enemies, or a phase they reset in."""
    if active is None:
        return False
    b = play["boards"][active]
    return (phase == Phase.COMBAT and not b["enemies"]) or b["reset_in"] == [play["turn"], phase.value]


def advance(state: State) -> list[GameEvent]:
    """The events beginning the next position with something to do: the next player's part of an ordered
    phase, the next phase, or the next turn (First Player token, competitive Time). Empty parts are skipped."""
    play = state["play"]
    order = clockwise(play)
    phase, active = Phase(play["phase"]), play["active"]
    while True:
        if phase in ORDERED_PHASES and active is not None and active != order[-1]:
            active = order[order.index(active) + 1]
        elif phase == Phase.QUEST:
            return _next_turn(play, order)
        else:
            phase = Phase.PLANNING if phase == Phase.SETUP else PHASE_ORDER[PHASE_ORDER.index(phase) + 1]
            active = order[0] if phase in ORDERED_PHASES else None
        if not _empty(play, phase, active):
            return [ev.PhaseBegan(turn=play["turn"], phase=phase.value, active=active)]


def _next_turn(play: dict[str, Any], order: list[str]) -> list[GameEvent]:
    out: list[GameEvent] = []
    if len(order) > 1:
        out.append(ev.FirstPlayerTokenPassed(board=order[1]))
    if play["mode"] == Mode.COMPETITIVE.value:
        time = max(0, play["time"] - 1)
        out.append(ev.TimeReduced(amount=1, time=time))
        if time == 0:
            return [*out, ev.ScenarioEnded(scenario="generator", outcome="finished", card="", scores=final_scores(play))]
    return [*out, ev.PhaseBegan(turn=play["turn"] + 1, phase=Phase.PLANNING.value, active=None)]


@KIT.follow_up
def follow_up(state: State) -> list[GameEvent]:
    """What passes by itself after an action: the Setup once its choices are made, and the rest of an ordered
    phase for an active player who reset in it (when nothing else is open)."""
    play = state.get("play")
    if not play or obligations(play):
        return []
    if play["phase"] == Phase.SETUP.value:
        return advance(state)
    if play["phase"] in [p.value for p in ORDERED_PHASES] and play["active"] and skipped_this_phase(play, play["active"]):
        return advance(state)
    return []


@KIT.guard
def guard(state: State, verb: str) -> None:
    """Refuse any action but the one owed while a reset (§ RESET: "resolve reset immediately") or a
    Scenario ending is due (§ Ending the game: the Scenario ends when its card is drawn)."""
    play = state.get("play")
    if not play:
        return
    due = play.get("ending_due")
    if due and verb != "draw-scenario-lost-card":
        raise refuse("Ending the game & using the PROGRESS sheet", f"{due['why']}: draw card {due['card']} first")
    resetting = [n for n in clockwise(play) if play["boards"][n]["reset_due"]]
    if resetting and verb != "reset":
        raise refuse("RESET", f"{resetting[0]}'s Integrity is 0: resolve the reset immediately, before anything else")
