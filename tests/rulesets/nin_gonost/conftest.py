"""Helpers for the Nîn-Gonost tests: a battle decided and folded in memory with the ruleset itself."""

import pytest

from domain.core import Command, RuleViolation, get_ruleset

RULESET = get_ruleset("nin-gonost")


class Battle:
    """One campaign's state: ``do`` decides and applies an action (raw fields, as a client sends them);
    ``refused`` checks the refusal and that nothing changed."""

    def __init__(self, setup=None):
        self.state = RULESET.initial_state(setup or {})
        self.events = []

    def do(self, verb, **raw):
        fields = RULESET.action(verb).load(raw)
        events = RULESET.decide(self.state, Command(verb, fields))
        for event in events:
            self.state = RULESET.evolve(self.state, event)
        self.events = events
        return events

    def refused(self, verb, error=RuleViolation, **raw):
        before = self.state
        with pytest.raises(error) as caught:
            self.do(verb, **raw)
        assert self.state == before
        return caught.value

    def fig(self, fid):
        return RULESET.views["board"](self.state)["figures"][fid]

    @property
    def roll(self):
        return RULESET.views["roll"](self.state)


@pytest.fixture
def battle():
    """Galwen (Good) against the Detail Of Play's two orcs (Evil; the warrior's RES and CON read as 10 and 4)."""
    b = Battle()
    b.do("recruit", warband="knights", card_id="galwen", card=["alignment=good"])
    b.do("recruit", warband="orcs", card_id="orc-warrior", card=["alignment=evil", "res=10", "con=4", "fight_bonus=5", "manna=2", "walk=2", "run=5"])
    b.do("recruit", warband="orcs", card_id="orc-archer", card=["alignment=evil", "con=3", "manna=2", "dex=3", "wil=2"])
    b.do("start-battle", first="knights")
    return b
