"""A tiny ruleset used only by the core's tests: a counter, a coin toss (a reveal)."""

from dataclasses import dataclass

from marshmallow import Schema, fields, validate

from domain.core import ActionSpec, DiceRoll, GameEvent, RuleViolation, Ruleset, Track
from domain.core.fields import Character, DiceList


@dataclass(frozen=True)
class Counted(GameEvent):
    character: str
    amount: int


@dataclass(frozen=True)
class Tossed(GameEvent):
    character: str
    dice: list


CHARS = {"alice": ("al",), "bob": ()}


class CountSchema(Schema):
    character = Character(CHARS, required=True)
    amount = fields.Integer(required=True, validate=validate.Range(1, 3))


class TossSchema(Schema):
    character = Character(CHARS, required=True)
    dice = DiceList(6, 1, 3, required=True)


class Toy(Ruleset):
    game = "toy"
    title = "Toy"
    rulebook = "none"
    characters = CHARS
    actions = {
        "count": ActionSpec("count", CountSchema, "add to a counter", args=("character", "amount")),
        "toss": ActionSpec("toss", TossSchema, "roll dice", reveal=True, args=("character", "dice"),
                           dice=lambda s, f: DiceRoll("dice", 2, 6)),
    }
    events = {"Counted": Counted, "Tossed": Tossed}
    tracks = (Track("counters.*", 0, 10),)
    views = {"board": lambda s: {"counters": s["counters"], "last": s["last"]}}

    def initial_state(self, setup):
        return {"counters": {"alice": 0, "bob": 0}, "last": []}

    def decide(self, state, command):
        f = command.fields
        if command.verb == "count":
            if state["counters"][f["character"]] + f["amount"] > 10:
                raise RuleViolation("toy § Counters", "a counter stops at 10")
            return [Counted(f["character"], f["amount"])]
        return [Tossed(f["character"], list(f["dice"]))]

    def evolve(self, state, event):
        counters = dict(state["counters"])
        if isinstance(event, Counted):
            counters[event.character] += event.amount
            return {**state, "counters": counters}
        return {**state, "last": list(event.dice)}
