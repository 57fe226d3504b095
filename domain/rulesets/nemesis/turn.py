"""The round: each Character takes 2 Actions, or 1 Action and passes, or passes (nemesis.txt § Fire Marker),
and suffers 1 Light Wound when their turn ends in a Room with a Fire marker, a passed turn included.

Reading taken: nemesis.txt describes one turn per Character per round ("each round consists of 2 Actions
for your Character, or 1 Action and passing, or simply passing"), so a turn ends after the second Action
(once its Noise roll and Encounter are resolved) or when the Character passes; the Fire Wound comes then,
and no more that round because the turn is over until ``end-round``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import Schema, fields, validate

from domain.core.decision import Decision
from domain.core.errors import BadInput
from domain.core.fields import Character, WholeNumber, clean_text, distinct

from . import events as ev
from .rules import ACTIONS_PER_ROUND, CHARACTERS, FIRE, KIT, MOVEMENT, ROUND, acting, character, playing

SETTLES = {"noise-roll": ("noise-roll",), "encounter": ("encounter",)}


def owed(state: Mapping[str, Any]) -> list[dict[str, Any]]:
    """What is owed now, in order: each Character's Noise roll or Encounter left by their own move (``pending``), then
    the Noise rolls an event made owed, in player order (the first is next). Each entry: ``{"character", "owes"
    ("noise-roll" / "encounter"), "event" (true for an event's roll), "text", "verbs"}`` (the board view's ``owed``)."""
    out = [{"character": c, "owes": ch["pending"], "event": False, "verbs": list(SETTLES[ch["pending"]]),
            "text": f"{c}: {'roll the Noise die' if ch['pending'] == 'noise-roll' else 'resolve the Encounter'}"}
           for c, ch in state["characters"].items() if ch["pending"]]
    out += [{"character": c, "owes": "noise-roll", "event": True, "verbs": ["noise-roll"],
             "text": f"{c}: roll the Noise die for the event (noise-roll {c} RESULT --event)" + (" — next" if n == 0 else "")}
            for n, c in enumerate(state.get("owed", []))]
    return out


def finish_turn(d: Decision, who: str, passed: bool = False) -> None:
    """End ``who``'s turn if they passed or took their second Action with nothing left to resolve; a turn
    ending in a Room with a Fire marker costs 1 Light Wound (nemesis.txt § Fire Marker)."""
    ch = d.state["characters"][who]
    if ch["turn_over"] or ch["pending"] or d.state["ended"] or not (passed or ch["actions"] >= ACTIONS_PER_ROUND):
        return
    d.emit(ev.TurnEnded(who, passed))
    if d.state["rooms"][ch["room"]]["fire"]:
        d.emit(ev.WoundSuffered(who, "light", 1, "fire"))


class WhoSchema(Schema):
    """A Character (``pass``)."""
    character = Character(CHARACTERS, required=True)


@KIT.action("pass", WhoSchema, "pass: end your turn for this round (after 0 or 1 Action)", section=ROUND,
            args=("character",))
def pass_turn(d: Decision, f: Mapping[str, Any]) -> None:
    """Passing ends the turn; Fire in the Character's Room wounds them then (nemesis.txt § Fire Marker)."""
    acting(d.state, f["character"])
    finish_turn(d, f["character"], passed=True)


class EmptySchema(Schema):
    """No fields (``end-round``)."""


@KIT.action("end-round", EmptySchema, "end the round once every Character's turn is over; the next round begins",
            section=ROUND)
def end_round(d: Decision, f: Mapping[str, Any]) -> None:
    """Every Character has taken 2 Actions, or 1 and passed, or passed (nemesis.txt § Fire Marker), and no Noise roll
    or Encounter is owed (§ Movement Action: an event's rolls are all made)."""
    playing(d.state)
    due = owed(d.state)
    if due:
        raise KIT.refuse(MOVEMENT, "the round cannot end while " + "; ".join(o["text"] for o in due))
    waiting = [c for c, ch in d.state["characters"].items() if not ch["turn_over"]]
    if waiting:
        raise KIT.refuse(ROUND, f"{', '.join(waiting)} still to finish their turn (2 Actions, or 1 and pass, or pass)")
    d.emit(ev.RoundEnded(d.state["round"]))


class EndGameSchema(Schema):
    """Fields of ``end-game``: how the game ended."""
    reason = fields.String(required=True, metadata={"description": "how the game ended, as the players saw it"})
    winners = fields.List(Character(CHARACTERS), load_default=list, validate=distinct("Character"),
                          metadata={"description": "the Characters who won (survived with their objective done); none: nobody won"})


@KIT.action("end-game", EndGameSchema, "record the end of the game (e.g. 'the survivors escaped')",
            section="Malfunction Marker", args=("reason",))
def end_game(d: Decision, f: Mapping[str, Any]) -> None:
    """The game ends as the players record it (the hull-integrity ending is automatic: § Malfunction Marker)."""
    playing(d.state)
    missing = [c for c in f["winners"] if c not in d.state["characters"]]
    if missing:
        said = f"{', '.join(missing)} did not play this game; its Characters are {', '.join(d.state['characters'])}"
        raise BadInput(f"end-game: winners: {said}", {"winners": [said]})
    d.emit(ev.GameEnded(clean_text(f["reason"], "how the game ended", 200), list(f["winners"])))


class WoundSchema(Schema):
    """Fields of ``suffer-wound``: the Character, Light or Serious, how many, from what."""
    character = Character(CHARACTERS, required=True)
    kind = fields.String(required=True, validate=validate.OneOf(["light", "serious"]), metadata={"description": "light or serious"})
    count = WholeNumber(load_default=1, validate=validate.Range(1, 9), metadata={"description": "how many Wounds"})
    cause = fields.String(load_default="recorded", metadata={"description": "what dealt them (an attack, an event...)"})


@KIT.action("suffer-wound", WoundSchema, "a Character suffers Light or Serious Wounds (recorded as the table deals them)",
            section=FIRE, args=("character", "kind", "count"))
def suffer_wound(d: Decision, f: Mapping[str, Any]) -> None:
    """Wounds are recorded as dealt: nemesis.txt names Light Wounds (§ Fire Marker) but not what Wounds add up to,
    so Questlog applies no conversion between Light and Serious Wounds."""
    character(d.state, f["character"])
    d.emit(ev.WoundSuffered(f["character"], f["kind"], f["count"], clean_text(f["cause"], "a cause", 80)))
