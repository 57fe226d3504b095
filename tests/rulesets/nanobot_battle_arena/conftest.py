"""A match folded in memory with the ruleset's own decide/evolve (pure: no store needed for the rules)."""

import pytest

from domain.core import Command
from domain.core.errors import RuleViolation
from domain.core.ruleset import get_ruleset


class Arena:
    """``do(verb, **raw)`` validates with the action's schema, decides and folds; ``refused`` checks the refusal
    cites the rulebook and changes nothing."""

    def __init__(self):
        self.ruleset = get_ruleset("nanobot-battle-arena")
        self.state = self.ruleset.initial_state({})
        self.last = []

    def do(self, verb, **raw):
        fields = self.ruleset.action(verb).load(raw)
        self.last = self.ruleset.decide(self.state, Command(verb, fields))
        for event in self.last:
            self.state = self.ruleset.evolve(self.state, event)
        return self.last

    def refused(self, verb, text="", **raw):
        before = self.state
        with pytest.raises(RuleViolation) as caught:
            self.do(verb, **raw)
        assert self.state is before
        assert caught.value.rule.startswith("nanobot-battle-arena.txt § ")
        assert text in caught.value.message, caught.value.message
        return caught.value

    @property
    def match(self):
        return self.state["match"]

    def sci(self, strain):
        return self.match["scientists"][strain]

    def view(self, name="board"):
        return self.ruleset.views[name](self.state)

    def start(self, division="basic", *strains, first=None, tiles=()):
        self.do("start-match", division=division)
        for i, strain in enumerate(strains):
            self.do("choose-strain", name=f"P{i}{strain}", strain=strain)
        self.do("reveal-first-player", revealed=[first or strains[0]])
        if tiles:
            self.do("set-up-arena", tiles=list(tiles))
        return self


@pytest.fixture
def arena():
    return Arena()
