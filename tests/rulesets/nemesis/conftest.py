"""Fixtures for the Nemesis tests: a fresh state, a decide/evolve helper, and a CLI session on a SQLite file."""

from __future__ import annotations

from typing import Any

import pytest

from cli.context import Session
from domain.core.decision import Decision
from domain.core.ruleset import Command, get_ruleset


@pytest.fixture
def nemesis():
    return get_ruleset("nemesis")


class Table:
    """A game in memory: ``do(verb, **fields)`` validates like the CLI, decides, and folds the events."""

    def __init__(self, ruleset: Any, *characters: str, layout: Any = None) -> None:
        self.ruleset = ruleset
        self.state = ruleset.initial_state({} if layout is None else {"layout": layout})
        self.events: list = []
        if characters:
            self.do("start-game", characters=list(characters))

    def do(self, verb: str, **raw: Any) -> list:
        fields = self.ruleset.action(verb).load(raw)
        events = self.ruleset.decide(self.state, Command(verb, fields))
        d = Decision(self.state, self.ruleset.evolve)
        d.emit(*events)
        self.state, self.events = d.state, events
        return events

    def types(self) -> list[str]:
        return [e.type for e in self.events]

    def board(self) -> dict[str, Any]:
        return self.ruleset.views["board"](self.state)


@pytest.fixture
def table(nemesis):
    return lambda *characters, layout=None: Table(nemesis, *characters, layout=layout)


@pytest.fixture
def session(tmp_path):
    return Session(db=str(tmp_path / "nemesis.sqlite"))
