"""Fixtures for the Nanolith tests: a table played through decide / evolve alone (no storage), and
campaigns through the application service on a SQLite file."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from domain.core.campaign import fold, initial_campaign_state
from domain.core.errors import QuestlogError
from domain.core.ruleset import Command, GameEvent, get_ruleset
from domain.core.table import CORE_ACTIONS, decide_core

from ..refusals import check_refusal

DICE = {"ashitaka": [3, 4, 5, 3, 6], "vaa-lith": [2, 4, 3, 5, 2], "cora": [2, 3, 4, 5, 6], "ada": [4, 5, 3, 2, 6]}
"""Action Dice without 1s, for characters whose roll an example does not print."""


class Table:
    """A Nanolith campaign played in memory: each action is loaded by its schema, decided and folded,
    checking on the way that ``evolve`` never mutates the state it is given."""

    def __init__(self, setup: dict[str, Any] | None = None) -> None:
        self.ruleset = get_ruleset("nanolith")
        self.state = initial_campaign_state(self.ruleset, setup or {})

    def do(self, verb: str, **raw: Any) -> list[GameEvent]:
        """Record ``verb`` with raw fields; returns its events. Raises BadInput / RuleViolation."""
        spec = CORE_ACTIONS.get(verb) or self.ruleset.action(verb)
        command = Command(verb=verb, fields=spec.load(raw))
        events = decide_core(self.ruleset, self.state, command) if verb in CORE_ACTIONS else self.ruleset.decide(self.state, command)
        before = copy.deepcopy(self.state)
        new = fold(self.ruleset, self.state, events)
        assert self.state == before, "evolve mutated its input"
        self.state = new
        return events

    def refused(self, verb: str, expected: str | None = None, /, **raw: Any) -> QuestlogError:
        """Assert ``verb`` is refused as ``expected`` (an error code, or the nanolith.txt section it cites; ``None``:
        any rule violation) and changes nothing; returns the refusal."""
        before = copy.deepcopy(self.state)
        with pytest.raises(QuestlogError) as info:
            self.do(verb, **raw)
        check_refusal(info.value, expected, "nanolith.txt")
        assert self.state == before
        return info.value

    def board(self) -> dict[str, Any]:
        return self.ruleset.views["board"](self.state)

    def char(self, character: str) -> dict[str, Any]:
        return self.board()["characters"][character]

    def set(self, path: str, value: Any) -> None:
        """The core manual adjustment, for starting states the examples give mid-Encounter."""
        self.do("adjust", path=path, value=value, reason="test setup")

    def begin_round(self, initiative: str = "ashitaka", **dice: list[int]) -> None:
        """start-round, every conscious character rolls (``dice`` overrides DICE), give-initiative."""
        self.do("start-round")
        rolls = {**DICE, **{k.replace("_", "-"): v for k, v in dice.items()}}
        for c, roll in rolls.items():
            if not self.state["characters"][c]["unconscious"]:
                self.do("roll-action-dice", character=c, dice=roll)
        self.do("give-initiative", character=initiative)

    def pass_round(self, tokens_spent: int = 0) -> None:
        """Everyone still to activate passes, the Spawn Phase buys what ``tokens_spent`` says."""
        if self.state["activating"]:
            self.do("end-activation", character=self.state["activating"])
        for c in self.ruleset.views["turn"](self.state)["to_activate"]:
            self.do("end-activation", character=c)
        self.do("spawn", enemies=[], tokens_spent=tokens_spent)


def types(events: list[GameEvent]) -> list[str]:
    """The events' stored names in order."""
    return [e.type for e in events]


@pytest.fixture
def table() -> Table:
    """A Nanolith campaign in memory with an Encounter started (phase "setup", Round 1)."""
    t = Table()
    t.do("start-encounter", name="Test Encounter")
    return t


@pytest.fixture
def acting(table: Table) -> Table:
    """Round 1's Character Action Phase: everyone rolled DICE, Ashitaka holds the Initiative Token."""
    table.begin_round()
    return table


@pytest.fixture
def campaign(app):
    """A Nanolith campaign on a SQLite file, Encounter started: (app, campaign id)."""
    cid = app.create_campaign("nanolith", "Tuesday group")
    app.record(cid, "start-encounter", {"name": "Chapter 1"})
    return app, cid
