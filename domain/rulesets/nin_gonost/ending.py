"""How a battle ends: ``end-battle`` records the winning warbands (nin-gonost.txt § Choosing Sides: a Free Form
scenario is fought until one side holds the field; "Special Scenarios ... will have uneven forces and victory
conditions", which the players judge and record).

Reading taken (docs/games/nin-gonost.md): the rulebook names no end of its own beyond the scenario's, so the players
record it; with no winner named, the side still standing wins when only one has figures standing, else the battle
is a draw. Once ended, the battle takes no more actions (a new battle is a new campaign or a branch).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from marshmallow import Schema, fields, validate

from domain.core import GameEvent, State
from domain.core.decision import Decision
from domain.core.fields import Text, distinct
from domain.core.names import did_you_mean

from .book import KIT, refuse

SECTION = "Choosing Sides"


@dataclass(frozen=True)
class BattleEnded(GameEvent):
    """The battle ended: ``winners`` (warbands; [] for a draw), ``reason`` as the players give it."""

    winners: list
    reason: str


class EndBattleSchema(Schema):
    """Fields of ``end-battle``: the winning warbands (none: the side still standing, if only one is) and why."""

    winners = fields.List(fields.String(validate=validate.Length(1, 30)), load_default=list, validate=distinct("warband"),
                          metadata={"description": "the winning warbands (none: the only side with figures standing, else a draw)"})
    reason = Text(200, load_default="", metadata={"description": "why it ended, e.g. the scenario's victory condition"})


def standing(s: State) -> list[str]:
    """The warbands with a figure not defeated, in the order they were recruited."""
    return [w for w, ids in s["warbands"].items() if any(not s["figures"][f]["defeated"] for f in ids)]


@KIT.action("end-battle", EndBattleSchema, "End the battle: the winning warbands (default: the side still standing)",
            section=SECTION, args=("winners",))
def end_battle(d: Decision, f: Mapping[str, Any]) -> None:
    """The battle ends with the winners the players name, or the only side still standing, or a draw."""
    s = d.state
    if not s["battle"]["started"]:
        raise refuse("Turn Sequence", "no battle is under way: start one with start-battle")
    unknown = [w for w in f["winners"] if w not in s["warbands"]]
    if unknown:
        raise refuse(SECTION, f"no warband {', '.join(unknown)}{did_you_mean(unknown[0], s['warbands'])}; the warbands are {', '.join(s['warbands'])}")
    up = standing(s)
    winners = list(f["winners"]) or (up if len(up) == 1 else [])
    reason = f["reason"] or (f"{winners[0]} holds the field" if winners and not f["winners"] else "as the players agreed")
    d.emit(BattleEnded(winners, reason))


@KIT.evolves(BattleEnded)
def _ended(s: State, e: BattleEnded) -> None:
    s["battle"]["ended"] = {"winners": list(e.winners), "reason": e.reason}


def outcome(ended: Mapping[str, Any]) -> str:
    """``"won by knights (knights holds the field)"`` or ``"a draw (as the players agreed)"``: an ended battle's
    result, from ``battle.ended`` (``{"winners", "reason"}``)."""
    who = f"won by {' and '.join(ended['winners'])}" if ended["winners"] else "a draw"
    return f"{who} ({ended['reason']})"


@KIT.guard
def _battle_over(s: State, verb: str) -> None:
    """Nothing happens on a battlefield after the battle ended."""
    ended = s["battle"].get("ended")
    if ended:
        who = " and ".join(ended["winners"]) or "nobody (a draw)"
        raise refuse(SECTION, f"the battle is over ({ended['reason']}; won by {who}): start a new campaign or branch for the next")


def result(event: BattleEnded, s: State) -> dict[str, Any]:
    """The play result of an ended battle: each warband plays for its player; its figures win with it."""
    return {"title": "Battle", "outcome": event.reason, "cooperative": False, "won": False, "scores": {},
            "winners": [f for w in event.winners for f in s["warbands"].get(w, [])],
            "players": {w: list(ids) for w, ids in s["warbands"].items()}}


__all__ = ["BattleEnded", "EndBattleSchema", "end_battle", "outcome", "result", "standing"]
