"""Speeds, facing and the moves between them (nin-gonost.txt § Moving, § Other Movement, § Perilous Movement).

- § Speeds: Stop, Walk (1..WALK spaces for 1 AP), Run (over WALK up to RUN). A character cannot change from
  Stop to Run without first moving at Walk speed. The same section later lists "Stop to Run without penalty"
  among free changes; this ruleset follows the first sentence and Core Rule #2 ("You must Walk before Run")
  and refuses Stop to Run. Run to Stop is a Perilous Movement; a runner must move with its next AP.
- § Free Rotate: 90 degrees for no AP, not right after a Run nor before one (so a Run right after a free
  rotation is refused: the Detail Of Play's "Galwen must walk, being he just made his free 1/4 turn").
- § U-Turn (1 AP, Walk or Stopped), § Sidestep/Backstep (1 AP, not running), § Crawl (2 AP, prone), dropping
  prone (1 AP), § Stand Up and § Jump (DEX rolls), § Hitting Obstacles (WGT + Assumed Speed against RES).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import Schema, fields, validate

from domain.core import State
from domain.core.decision import Decision
from domain.core.fields import WholeNumber

from .book import KIT, refuse
from .events import ConditionChanged, MannaLost, Moved, Rotated, SkillRolled, SpeedChanged, TurnEnded
from .fields import FigureId
from .ladder import Outcome, Shift
from .resolve import obstacle_impact
from .rolls import AccuracySchema, accuracy_roll
from .state import FACINGS, alive, assumed_speed, name, turned
from .turns import act, finish
from .cards import need
from .arms import run_speed
from .positions import acrobat


class MoveSchema(Schema):
    figure = FigureId(required=True)
    spaces = WholeNumber(required=True, validate=validate.Range(1, 40), metadata={"description": "spaces moved straight out"})


class FigureSchema(Schema):
    figure = FigureId(required=True)


class RotateSchema(Schema):
    figure = FigureId(required=True)
    turn = fields.String(required=True, validate=validate.OneOf(("left", "right")), metadata={"description": "a quarter turn left or right"})


class SpinSchema(Schema):
    figure = FigureId(required=True)
    facing = fields.String(required=True, validate=validate.OneOf(FACINGS))


class PerilousSchema(AccuracySchema):
    manoeuvre = fields.String(required=True, validate=validate.OneOf(("stop", "turn-left", "turn-right", "pass")),
                              metadata={"description": "what breaks the movement rules: stop, turn-left, turn-right, pass (through a friend)"})


class JumpSchema(AccuracySchema):
    distance = WholeNumber(validate=validate.Range(1, 20), metadata={"description": "spaces jumped over (furniture +1, a character +2)"})


def _move(d: Decision, f: Mapping[str, Any], how: str, speed: str) -> None:
    d.emit(Moved(f["figure"], how, f["spaces"], speed))
    fig = d.state["figures"][f["figure"]]
    if how == "run" and fig["sneaking"]:
        d.emit(ConditionChanged(f["figure"], "sneaking", False, "ran (§ Sneak)"))
    finish(d, f["figure"])


@KIT.action("walk", MoveSchema, "Walk up to the WALK speed for 1 AP", section="Speeds", args=("figure", "spaces"))
def walk(d: Decision, f: Mapping[str, Any]) -> None:
    """1..WALK spaces (§ Speeds); a prone character crawls instead."""
    fig = alive(d.state, f["figure"])
    if fig["prone"]:
        raise refuse("Crawl", f"{name(d.state, f['figure'])} is prone: crawl (2 AP) or stand first")
    top = fig["card"].get("walk")
    if top is not None and f["spaces"] > top:
        raise refuse("Speeds", f"{f['spaces']} spaces is over {name(d.state, f['figure'])}'s Walk speed {top}: that is a Run")
    act(d, f["figure"], "walk")
    _move(d, f, "walk", "walk")


@KIT.action("run", MoveSchema, "Run (over WALK, up to RUN spaces) for 1 AP; only from Walk or Run", section="Speeds", args=("figure", "spaces"))
def run(d: Decision, f: Mapping[str, Any]) -> None:
    """No Stop to Run (§ Speeds, Core Rule #2), no Run right after a free rotation (§ Free Rotate)."""
    s, fid = d.state, f["figure"]
    fig = alive(s, fid)
    if fig["prone"]:
        raise refuse("Crawl", f"{name(s, fid)} is prone: it cannot run")
    if fig["speed"] == "stop":
        raise refuse("Speeds", f"{name(s, fid)} is Stopped: a character cannot change from Stop to Run without first "
                     "moving at Walk speed (Core Rule #2: you must Walk before Run; the same section's 'Stop to Run "
                     "without penalty' is not followed)")
    if fig["rotated"]:
        raise refuse("Free Rotate", f"{name(s, fid)} just made a free rotation: it must not Run on its next action (walk)")
    walk_top, run_top = fig["card"].get("walk"), run_speed(fig)
    if walk_top is not None and f["spaces"] <= walk_top:
        raise refuse("Speeds", f"{f['spaces']} spaces is within the Walk speed {walk_top}: that is a Walk")
    if run_top is not None and f["spaces"] > run_top:
        raise refuse("Speeds", f"{f['spaces']} spaces is over {name(s, fid)}'s Run speed {run_top}" + (" (with Transcend's +1)" if fig.get("transcend_run") else ""))
    act(d, fid, "run")
    _move(d, f, "run", "run")


@KIT.action("sidestep", FigureSchema, "Step to any adjacent square keeping the facing (1 AP, not running)", section="Other Movement", args=("figure",))
def sidestep(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Other Movement: Sidestep/Backstep (1 AP)."""
    act(d, f["figure"], "sidestep")
    _move(d, {"figure": f["figure"], "spaces": 1}, "sidestep", "walk")


@KIT.action("crawl", MoveSchema, "A prone character crawls at Walk speed (2 AP)", section="Other Movement", args=("figure", "spaces"))
def crawl(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Crawl: only when knocked down; crawling characters count as prone."""
    fig = alive(d.state, f["figure"])
    if not fig["prone"]:
        raise refuse("Other Movement", f"{name(d.state, f['figure'])} is standing: drop-prone first (1 AP)")
    top = fig["card"].get("walk")
    if top is not None and f["spaces"] > top:
        raise refuse("Other Movement", f"a crawl goes at Walk speed, at most {top}")
    act(d, f["figure"], "crawl")
    _move(d, f, "crawl", "walk")


@KIT.action("drop-prone", FigureSchema, "Drop to crawling position (1 AP)", section="Other Movement", args=("figure",))
def drop_prone(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Crawl: to drop to crawling position from a stand costs 1 AP."""
    if alive(d.state, f["figure"])["prone"]:
        raise refuse("Other Movement", f"{name(d.state, f['figure'])} is already prone")
    act(d, f["figure"], "drop-prone")
    d.emit(ConditionChanged(f["figure"], "prone", True, "dropped to crawl"))
    finish(d, f["figure"])


@KIT.action("u-turn", FigureSchema, "Turn 180 degrees at Walk speed or Stopped (1 AP)", section="Other Movement", args=("figure",))
def u_turn(d: Decision, f: Mapping[str, Any]) -> None:
    """§ U-Turn (1 AP); a runner is refused by the runner's rule (§ Speeds)."""
    fig = act(d, f["figure"], "u-turn")
    d.emit(Rotated(f["figure"], "about", turned(fig["facing"], "about"), False))
    finish(d, f["figure"])


@KIT.action("rotate", RotateSchema, "A free quarter turn before or after an action (never around a Run)", section="Free Rotate", args=("figure", "turn"))
def rotate(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Free Rotate: no AP; refused right after a Run (a Perilous Movement instead), also when the Run ended at an
    obstacle or in a Perilous stop (§ Hitting Obstacles: "he may not get a free rotate, since his last action had a Run speed")."""
    fig = d.state["figures"].get(f["figure"])
    if fig and fig.get("last") == "run" and fig["speed"] != "run":
        raise refuse("Free Rotate", f"{name(d.state, f['figure'])}'s prior action was a Run: no free rotate right after a Run, "
                     "even one stopped at an obstacle (§ Hitting Obstacles)")
    fig = act(d, f["figure"], "rotate", 0)
    d.emit(Rotated(f["figure"], f["turn"], turned(fig["facing"], f["turn"]), True))


@KIT.action("spin", SpinSchema, "After being attacked, spin to face the attacker (free)", section="Fighting", args=("figure", "facing"))
def spin(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Fighting: after a character has been attacked it may Free Spin to face the attacker."""
    fig = alive(d.state, f["figure"])
    if not fig.get("attacked"):
        raise refuse("Fighting", f"{name(d.state, f['figure'])} has not just been attacked: no Free Spin")
    d.emit(Rotated(f["figure"], "spin", f["facing"], True))


def _free(s: State, fid: str) -> dict[str, Any]:
    """A roll that costs no AP (part of a move): the battle is on and nothing else is pending."""
    if not s["battle"]["started"]:
        raise refuse("Turn Sequence", "the battle has not started")
    if s["battle"]["pending"]:
        raise refuse(s["battle"]["pending"]["section"], f"{s['battle']['pending']['what']} must be resolved first")
    return alive(s, fid)


@KIT.action("perilous-movement", PerilousSchema, "Roll DEX to stop from a Run, turn while running or pass a friend (no AP)",
            section="Perilous Movement", reveal=True, args=("figure", "manoeuvre", "face"))
def perilous(d: Decision, f: Mapping[str, Any]) -> None:
    """DEX die, -1 per earlier attempt this turn (a Perfect Success does not count). Success: the manoeuvre
    happens; Failure: it does not (continue as if not attempted); Critical Failure: falls, 1 Manna."""
    s, fid = d.state, f["figure"]
    fig = _free(s, fid)
    if f["manoeuvre"] != "pass" and fig["speed"] != "run":
        raise refuse("Perilous Movement", f"{name(s, fid)} is not running: a {f['manoeuvre']} needs no Perilous roll")
    extra = [Shift("earlier Perilous moves this turn", -fig["perilous"])] if fig["perilous"] else []
    f, bonus = acrobat(fig, f, "Perilous Movement")
    outcome, _, res = accuracy_roll(s, fid, need(fig["card"], "dex", "Perilous Movement is a DEX roll"), "DEX", f, extra + bonus, aim=False)
    res["kind"], res["manoeuvre"] = "perilous-movement", f["manoeuvre"]
    d.emit(SkillRolled(fid, "perilous-movement", "", res))
    if outcome.succeeded and f["manoeuvre"] == "stop":
        d.emit(SpeedChanged(fid, "stop", "a Perilous stop"))
    elif outcome.succeeded and f["manoeuvre"].startswith("turn-"):
        turn = f["manoeuvre"].split("-")[1]
        d.emit(Rotated(fid, turn, turned(fig["facing"], turn), False))
    elif outcome is Outcome.CRITICAL_FAILURE:
        _fall(d, fid, "fell (Perilous Movement, Critical Failure)")
        d.emit(MannaLost(fid, 1, "Perilous Movement, Critical Failure"))


def _fall(d: Decision, fid: str, why: str) -> None:
    d.emit(ConditionChanged(fid, "prone", True, why), SpeedChanged(fid, "stop", why))


@KIT.action("hit-obstacle", AccuracySchema, "Roll DEX on hitting an obstacle (a Manna if WGT + Assumed Speed > RES on a failure)",
            section="Hitting Obstacles", reveal=True, args=("figure", "face"))
def hit_obstacle(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Hitting Obstacles: Success stops facing the obstacle; Failure falls (a Manna if WGT + Assumed Speed
    exceeds RES); Critical Failure falls, a Manna and the turn's remaining AP."""
    s, fid = d.state, f["figure"]
    fig = _free(s, fid)
    card = fig["card"]
    speed = assumed_speed(fig)
    outcome, _, res = accuracy_roll(s, fid, need(card, "dex", "a DEX roll"), "DEX", f, aim=False)
    res["kind"] = "hit-obstacle"
    if outcome is Outcome.FAILURE:
        hurt, line = obstacle_impact(need(card, "wgt", "WGT + Assumed Speed"), speed or 0, need(card, "res", "against RES"))
        res["steps"].append(line)
    d.emit(SkillRolled(fid, "hit-obstacle", "", res))
    if outcome.succeeded:
        d.emit(SpeedChanged(fid, "stop", "stopped at the obstacle"))
        return
    _fall(d, fid, "fell at the obstacle")
    if outcome is Outcome.CRITICAL_FAILURE or hurt:
        d.emit(MannaLost(fid, 1, "hit an obstacle"))
    if outcome is Outcome.CRITICAL_FAILURE and s["battle"]["active"] == fid:
        d.emit(TurnEnded(fid, 0, 0))


@KIT.action("stand", AccuracySchema, "A prone character tries to stand: DEX roll (1 AP, 0 on a Perfect Success)",
            section="Other Movement", reveal=True, args=("figure", "face"))
def stand(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Stand Up: Success stands; Perfect Success stands for 0 AP; Critical Failure loses the turn's AP."""
    s, fid = d.state, f["figure"]
    fig = alive(s, fid)
    if not fig["prone"]:
        raise refuse("Other Movement", f"{name(s, fid)} is not prone")
    f, bonus = acrobat(fig, f, "Other Movement")
    outcome, _, res = accuracy_roll(s, fid, need(fig["card"], "dex", "Stand Up is a DEX roll"), "DEX", f, bonus)
    act(d, fid, "stand", 0 if outcome is Outcome.PERFECT_SUCCESS else 1)
    d.emit(SkillRolled(fid, "stand", "", dict(res, kind="stand")))
    if outcome.succeeded:
        d.emit(ConditionChanged(fid, "prone", False, "stood up"))
    if outcome is Outcome.CRITICAL_FAILURE and d.state["battle"]["active"] == fid:
        d.emit(TurnEnded(fid, 0, 0))
    finish(d, fid)


@KIT.action("jump", JumpSchema, "Jump over a gap or obstacle: DEX roll (1 AP)", section="Other Movement", reveal=True, args=("figure", "face"))
def jump(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Jump: at most WALK-2 spaces from a stop, WALK-1 after a walk, WALK after a run; Critical Failure: 1 Manna."""
    s, fid = d.state, f["figure"]
    fig = alive(s, fid)
    top = fig["card"].get("walk")
    if top is not None and f.get("distance") is not None:
        most = top + {"stop": -2, "walk": -1, "run": 0}[fig["speed"]]
        if f["distance"] > most:
            raise refuse("Other Movement", f"from {fig['speed']} {name(s, fid)} jumps at most {most} (Walk {top})")
    f, bonus = acrobat(fig, f, "Other Movement")
    outcome, _, res = accuracy_roll(s, fid, need(fig["card"], "dex", "Jump is a DEX roll"), "DEX", f, bonus)
    act(d, fid, "jump")
    d.emit(SkillRolled(fid, "jump", "", dict(res, kind="jump")))
    if outcome is Outcome.CRITICAL_FAILURE:
        d.emit(MannaLost(fid, 1, "Jump, Critical Failure"))
    finish(d, fid)


@KIT.evolves(Moved)
def _moved(s: State, e: Moved) -> None:
    fig = s["figures"][e.figure]
    fig["speed"] = e.speed
    fig["rotated"] = False


@KIT.evolves(SpeedChanged)
def _speed(s: State, e: SpeedChanged) -> None:
    s["figures"][e.figure]["speed"] = e.speed


@KIT.evolves(Rotated)
def _rotated(s: State, e: Rotated) -> None:
    fig = s["figures"][e.figure]
    fig["facing"] = e.facing
    fig["rotated"] = e.free and e.turn in ("left", "right")
    fig["attacked"] = False if e.turn == "spin" else fig.get("attacked", False)
