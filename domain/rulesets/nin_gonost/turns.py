"""Turns and Action Points (nin-gonost.txt § Turn Sequence, § Saved AP, § Mobs, Playsheet § Action AP costs).

One character acts at a time and completes its turn before another of its side starts: its first action
starts its turn with its card's ACTIONS; it ends with ``end-turn`` or when its AP run out. A character may
end its turn keeping one Saved AP to act between an opponent's actions (lost when its own side's turn comes
again), or hold its AP for a mob attack later in its side's turn. ``end-player-turn`` passes to the next side.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import Schema, fields, validate

from domain.core import State
from domain.core.decision import Decision
from domain.core.fields import WholeNumber

from .book import KIT, refuse
from .cards import need
from .events import (ActionTaken, APSpent, Concentrated, PlayerTurnEnded, TurnEnded, TurnStarted)
from .fields import FigureId
from .state import alive, name

AP_COSTS = {"attack": 1, "disengage": 1, "nock-arrow": 1, "sidestep": 1, "backstep": 1, "jump": 1, "throw": 1,
            "manipulate": 1, "shoot": 1, "walk": 1, "run": 1, "u-turn": 1, "stand": 1, "search": 1, "sneak": 1,
            "intimidate": 1, "transcend": 1, "pick-up-weapon": 1, "drop-prone": 1, "examine-fight": 1,
            "spot-weakness": 1, "leadership": 1, "move-object": 1, "attack-object": 1, "open-door": 2,
            "close-door": 2, "crawl": 2, "lock-pick": 2, "heal-friend": 2, "charge": 1, "break-hold": 1}
"""Playsheet § Action AP costs and the sections they come from; Recover and Morale Boost take all AP."""
MOVES = ("walk", "run", "charge", "jump", "perilous-movement")
"""Actions that keep a runner moving (§ Speeds: a runner must move; stopping from a Run is Perilous)."""
ENGAGED_OK = ("attack", "disengage", "charge", "weave-manna", "heal-friend", "stand", "rotate", "break-hold")
"""What an engaged character may still do (§ Fighting: it MUST fight and may turn in its space; § Manna Skills
may be used while engaged). A STAND while engaged is combined with its fight: the players add
``--modifier combined=1`` (Advanced Options § Combined Actions; recorded, not enforced)."""


HELD_MAY_NOT = ("attack", "disengage", "charge", "walk", "run", "sidestep", "backstep", "crawl", "jump", "attack-object", "u-turn")
"""What a held figure "may not fight or move" refuses (§ Combat Options: Grab); ``break-hold`` frees it."""


def act(d: Decision, figure_id: str, action: str, ap: int | None = None, *, mob: bool = False) -> dict[str, Any]:
    """Check that ``figure_id`` may spend ``ap`` (default: the Playsheet's cost of ``action``) now, start its
    turn if this is its first action, and emit :class:`APSpent`. Returns the figure as it now stands."""
    s = d.state
    cost = AP_COSTS[action] if ap is None else ap
    fig = _ready(s, figure_id, action)
    battle = s["battle"]
    if fig["warband"] == battle["player"]:
        source = _own_turn(d, figure_id, action, mob)
    else:
        source = _saved(s, figure_id, cost)
    have = d.state["figures"][figure_id][{"turn": "ap_left", "saved": "saved_ap", "held": "held_ap"}[source]]
    if cost > have:
        raise refuse("Action AP costs", f"{action} costs {cost} AP; {name(s, figure_id)} has {have} left")
    d.emit(APSpent(figure_id, cost, action, source))
    return d.state["figures"][figure_id]


def _ready(s: State, figure_id: str, action: str) -> dict[str, Any]:
    """The figure, if the battle is on and nothing else must happen first."""
    if not s["battle"]["started"]:
        raise refuse("Turn Sequence", "the battle has not started: start-battle first")
    pending = s["battle"]["pending"]
    if pending:
        raise refuse(pending["section"], f"{pending['what']} must be resolved first ({pending['how']})")
    fig = alive(s, figure_id)
    if fig["knocked_out"]:
        raise refuse("Combat Options", f"{name(s, figure_id)} is knocked out: only a CON roll to wake up (regain-consciousness)")
    if fig["poison_due"]:
        raise refuse("Poison", f"{name(s, figure_id)} is poisoned: the CON roll comes at the start of its turn (poison-roll)")
    if fig.get("held") and action in HELD_MAY_NOT:
        holders = [h for h, on in (fig.get("held_by") or {}).items() if on]
        raise refuse("Combat Options", f"{name(s, figure_id)} is held and may not fight or move until free: "
                     f"break-hold {figure_id} {holders[0] if holders else 'HOLDER'} ROLL HOLDER_ROLL (a STR v STR duel)")
    if fig["speed"] == "run" and action not in MOVES:
        raise refuse("Speeds", f"{name(s, figure_id)} is running: it must move with its next AP (stopping or turning "
                     f"after a Run is a Perilous Movement: perilous-movement {figure_id} stop|turn-left|turn-right FACE)")
    if fig["engaged"] and action not in ENGAGED_OK:
        raise refuse("Fighting", f"{name(s, figure_id)} is engaged with {', '.join(name(s, x) for x in fig['engaged'])}: "
                     f"it must fight (attack, or attack --option disengage), not {action}")
    return fig


def _own_turn(d: Decision, figure_id: str, action: str, mob: bool) -> str:
    """The AP source on the figure's own side's turn; starts its turn when it is its first action."""
    s, battle = d.state, d.state["battle"]
    fig = s["figures"][figure_id]
    if fig["done"]:
        if mob and fig["held_ap"] and battle["active"] is None:
            return "held"
        raise refuse("Turn Sequence", f"{name(s, figure_id)} has completed its turn")
    active = battle["active"]
    if active not in (None, figure_id):
        raise refuse("Turn Sequence", f"{name(s, active)} has not finished its turn: each character completes its turn "
                     f"before another starts (end-turn {active})")
    if active is None:
        d.emit(TurnStarted(figure_id, need(fig["card"], "ap", "a turn starts with the card's ACTIONS")))
    return "turn"


def _saved(s: State, figure_id: str, cost: int) -> str:
    """Acting on an opponent's turn needs a Saved AP: one non-combined action (§ Saved AP)."""
    fig = s["figures"][figure_id]
    if fig["saved_ap"] < 1 or cost != 1:
        raise refuse("Saved AP", f"it is {s['battle']['player']}'s turn: {name(s, figure_id)} may act only with a Saved AP "
                     f"(one 1-AP action between the opponent's actions), and has {fig['saved_ap']}")
    return "saved"


def finish(d: Decision, figure_id: str) -> None:
    """End the active character's turn once its AP are spent (nothing is left to do with them)."""
    battle, fig = d.state["battle"], d.state["figures"][figure_id]
    if battle["active"] == figure_id and fig["ap_left"] == 0 and not battle["pending"]:
        d.emit(TurnEnded(figure_id, 0, 0))


class EndTurnSchema(Schema):
    figure = FigureId(required=True)
    save = fields.Boolean(load_default=False, metadata={"description": "keep one Saved AP for the opponent's turn"})
    hold = fields.Boolean(load_default=False, metadata={"description": "hold the AP left for a mob attack later this turn"})


class EndPlayerSchema(Schema):
    warband = fields.String(required=True, validate=validate.Length(1, 30))


class ConcentrateSchema(Schema):
    figure = FigureId(required=True)
    ap = WholeNumber(required=True, validate=validate.Range(1, 20), metadata={"description": "AP spent, +1 per AP"})


class SimpleSchema(Schema):
    figure = FigureId(required=True)
    detail = fields.String(load_default="", validate=validate.Length(0, 120), metadata={"description": "what, as the players say it"})


@KIT.action("end-turn", EndTurnSchema, "The character completes its turn (--save keeps 1 AP, --hold keeps AP for a mob)",
            section="Turn Sequence", args=("figure",))
def end_turn(d: Decision, f: Mapping[str, Any]) -> None:
    """Only the active character ends its turn; a Saved AP needs one AP left (§ Saved AP, § Mobs)."""
    s = d.state
    fig = alive(s, f["figure"])
    if s["battle"]["active"] != f["figure"]:
        raise refuse("Turn Sequence", f"{name(s, f['figure'])} is not taking its turn")
    if f["save"] and f["hold"]:
        raise refuse("Saved AP", "an AP is either saved for the opponent's turn or held for a mob, not both")
    if (f["save"] or f["hold"]) and fig["ap_left"] < 1:
        raise refuse("Saved AP", f"{name(s, f['figure'])} has no AP left to keep")
    d.emit(TurnEnded(f["figure"], 1 if f["save"] else 0, fig["ap_left"] if f["hold"] else 0))


@KIT.action("end-player-turn", EndPlayerSchema, "The side has moved its team: the next side's turn begins",
            section="Turn Sequence", args=("warband",))
def end_player_turn(d: Decision, f: Mapping[str, Any]) -> None:
    """Move all your team before the opponent goes (§ Turn Sequence Core Rule #1)."""
    battle = d.state["battle"]
    if not battle["started"] or battle["player"] != f["warband"]:
        raise refuse("Turn Sequence", f"it is not {f['warband']}'s turn (now: {battle['player']})")
    if battle["pending"]:
        raise refuse(battle["pending"]["section"], f"{battle['pending']['what']} must be resolved first")
    if battle["active"]:
        d.emit(TurnEnded(battle["active"], 0, 0))
    order = battle["order"]
    nxt = order[(order.index(f["warband"]) + 1) % len(order)]
    d.emit(PlayerTurnEnded(f["warband"], nxt, battle["turn"] + 1))


@KIT.action("concentrate", ConcentrateSchema, "Spend AP for +1 die per AP on the next Accuracy roll (at most WIL a turn)",
            section="Concentrating", args=("figure", "ap"))
def concentrate(d: Decision, f: Mapping[str, Any]) -> None:
    """1 AP per +1, at most WIL times a turn, not when engaged, not saved from turn to turn (§ Concentrating)."""
    fig = alive(d.state, f["figure"])
    wil = fig["card"].get("wil")
    done = fig["concentrated_ap"]
    if wil is not None and done + f["ap"] > wil:
        raise refuse("Concentrating", f"{name(d.state, f['figure'])} may concentrate at most WIL {wil} times a turn ({done} already)")
    fig = act(d, f["figure"], "concentrate", f["ap"])
    d.emit(Concentrated(f["figure"], f["ap"], fig["concentration"] + f["ap"]))
    finish(d, f["figure"])


def simple(verb: str, help_text: str, section: str) -> None:
    """Declare a no-roll 1-AP action (Manipulate, Pick up a weapon...) that is recorded as the players say it."""
    @KIT.action(verb, SimpleSchema, help_text, section=section, args=("figure",))
    def decide(d: Decision, f: Mapping[str, Any]) -> None:
        act(d, f["figure"], verb)
        d.emit(ActionTaken(f["figure"], verb, f["detail"]))
        finish(d, f["figure"])


AP_COSTS["concentrate"] = 1


@KIT.evolves(TurnStarted)
def _turn_started(s: State, e: TurnStarted) -> None:
    fig = s["figures"][e.figure]
    fig.update(ap_left=e.ap, concentration=0, concentrated_ap=0, perilous=0, rotated=False, transcend_str=False, transcend_run=False)
    s["battle"]["active"] = e.figure


@KIT.evolves(APSpent)
def _spent(s: State, e: APSpent) -> None:
    fig = s["figures"][e.figure]
    fig[{"turn": "ap_left", "saved": "saved_ap", "held": "held_ap"}[e.source]] -= e.ap
    fig["attacked"] = False
    s["battle"]["last_miss"] = None
    if e.action == "rotate":
        return
    fig["last"] = e.action
    if e.action not in ("walk", "run", "charge", "crawl", "jump"):
        fig["rotated"] = False
    if e.action not in ("walk", "run", "charge", "crawl", "jump", "sidestep", "backstep"):
        fig["speed"] = "stop"


@KIT.evolves(TurnEnded)
def _turn_ended(s: State, e: TurnEnded) -> None:
    fig = s["figures"][e.figure]
    fig.update(saved_ap=e.saved, held_ap=e.held, ap_left=0, done=True, concentration=0)
    s["battle"]["active"] = None


@KIT.evolves(PlayerTurnEnded)
def _player_turn(s: State, e: PlayerTurnEnded) -> None:
    s["battle"].update(player=e.next, turn=e.turn, active=None, mob_target=None)
    for fig in s["figures"].values():
        if fig["warband"] == e.warband:
            fig["held_ap"] = 0
        if fig["warband"] == e.next:
            fig.update(saved_ap=0, done=False, poison_due=fig["poisoned"] and not fig["defeated"])


@KIT.evolves(Concentrated)
def _concentrated(s: State, e: Concentrated) -> None:
    fig = s["figures"][e.figure]
    fig["concentration"] = e.total
    fig["concentrated_ap"] += e.ap


KIT.records(ActionTaken)
