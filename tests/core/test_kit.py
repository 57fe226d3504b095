"""The ruleset kit (domain/core/kit.py): one way to declare actions and evolve handlers, loud totality."""

from dataclasses import dataclass

import pytest

from domain.core import Command, GameEvent, RuleViolation
from domain.core.decision import Decision
from domain.core.kit import EvolveError, Kit

from .toy import KIT, Counted, Toy, Tossed, TossCalledOff


@dataclass(frozen=True)
class Unhandled(GameEvent):
    note: str


def test_an_event_without_a_handler_is_a_loud_error_not_a_silent_no_op():
    with pytest.raises(EvolveError, match="no evolve handler for event Unhandled"):
        KIT.evolve({"counters": {}, "last": []}, Unhandled("x"))


def test_a_failing_handler_names_the_event_and_leaves_the_input_untouched():
    state = {"counters": {"alice": 0}, "last": []}
    with pytest.raises(EvolveError, match="applying Counted failed: KeyError"):
        KIT.evolve(state, Counted("carol", 1))
    assert state == {"counters": {"alice": 0}, "last": []}


def test_evolve_is_pure_and_applies_the_handler():
    state = Toy().initial_state({})
    after = KIT.evolve(state, Counted("alice", 2))
    assert after["counters"] == {"alice": 2, "bob": 0} and state["counters"] == {"alice": 0, "bob": 0}


def test_an_action_seals_only_when_one_of_its_events_revealed_something():
    toy = Toy()
    toss = Command("toss", {"character": "bob", "dice": [3, 4]})
    assert toy.seals(toss, [Tossed("bob", [3, 4])]) is True
    assert toy.seals(toss, [TossCalledOff("bob")]) is False
    assert toy.seals(Command("count", {"character": "bob", "amount": 1}), [Counted("bob", 1)]) is False


def test_the_legality_query_answers_without_storing_and_names_the_rule():
    toy = Toy()
    state = {"counters": {"alice": 9, "bob": 0}, "last": []}
    refusal = toy.legal(state, Command("count", {"character": "alice", "amount": 2}))
    assert isinstance(refusal, RuleViolation) and refusal.rule == "toy.txt § Counters"
    assert toy.legal(state, Command("count", {"character": "alice", "amount": 1})) is None


def test_involves_reads_the_fields_the_event_class_names():
    assert Toy().involves(Counted("alice", 1)) == {"alice"}


def test_composing_sub_modes_refuses_a_verb_declared_twice():
    other = Kit("toy.txt")
    other.action("count", object, "again", section="Counters")(lambda d, f: None)
    with pytest.raises(ValueError, match="'count' is declared by two sub-modes"):
        Kit("toy.txt").include(KIT).include(other)


def test_a_revealing_event_from_an_action_not_declared_a_reveal_is_refused_loudly():
    kit = Kit("toy.txt")
    kit.action("sneak", object, "emits a reveal", section="Tossing")(lambda d, f: d.emit(Tossed("bob", [1])))
    kit.evolves(Tossed)(lambda s, e: None)
    with pytest.raises(EvolveError, match="not declared reveal=True"):
        kit.decide({}, Command("sneak", {}))


def test_a_follower_applies_after_the_owner_and_composition_keeps_both():
    owner, follower = Kit("toy.txt"), Kit("toy.txt")
    owner.evolves(Counted)(lambda s, e: s["log"].append("owner"))
    follower.follows(Counted)(lambda s, e: s["log"].append("follower"))
    composed = Kit("toy.txt").include(owner).include(follower)
    assert composed.evolve({"log": []}, Counted("bob", 1)) == {"log": ["owner", "follower"]}
    with pytest.raises(EvolveError, match="no evolve handler for event Counted"):
        follower.evolve({"log": []}, Counted("bob", 1))  # a follower alone does not own the event


class NotingDecision(Decision):
    @property
    def note(self) -> str:
        return "campaign record"


def test_each_sub_mode_hands_its_deciders_its_own_decision_class():
    seen = []
    sub = Kit("toy.txt", decision=NotingDecision)
    sub.action("note", object, "sees its decision", section="Counters")(lambda d, f: seen.append(d.note))
    Kit("toy.txt").include(KIT).include(sub).decide({}, Command("note", {}))
    assert seen == ["campaign record"]


def test_a_kit_has_one_way_to_write_a_decider():
    with pytest.raises(TypeError):
        Kit("toy.txt", returns_events=True)  # the second decider style is gone (issue 31, item 11)


def test_a_kit_guards_before_every_decider_and_follows_up_on_the_state_its_events_left():
    kit = Kit("toy.txt")
    kit.evolves(Counted)(lambda s, e: s.__setitem__("total", s.get("total", 0) + e.amount))
    kit.action("count", object, "count", section="Counters")(lambda d, f: d.emit(Counted(f["character"], f["amount"])))

    @kit.guard
    def no_counting_past_ten(state, verb):
        if state.get("total", 0) >= 10:
            raise kit.refuse("Counters", "the counter is full")

    @kit.follow_up
    def bonus_at_five(state):
        return [Counted("bank", 1)] if state["total"] == 5 else []

    assert kit.decide({}, Command("count", {"character": "bob", "amount": 5})) == [Counted("bob", 5), Counted("bank", 1)]
    assert kit.decide({}, Command("count", {"character": "bob", "amount": 2})) == [Counted("bob", 2)]
    with pytest.raises(RuleViolation, match="the counter is full"):
        kit.decide({"total": 10}, Command("count", {"character": "bob", "amount": 1}))


def test_a_query_is_declared_on_the_kit_and_reaches_the_ruleset():
    kit = Kit("toy.txt")
    kit.query("peek", object, "look at the counters", section="Counters", files=("packs",))(lambda state, f: dict(state))
    spec = kit.queries["peek"]
    assert (spec.verb, spec.rule, spec.files, spec.run({"total": 3}, {})) == ("peek", "toy.txt § Counters", ("packs",), {"total": 3})
    with pytest.raises(ValueError, match="declared twice"):
        kit.query("peek", object, "again", section="Counters")(lambda state, f: {})


def test_involves_keeps_only_the_declared_characters():
    @dataclass(frozen=True)
    class Hit(GameEvent):
        involved = ("target",)
        target: str

    assert Toy().involves(Hit("bob")) == {"bob"} and Toy().involves(Hit("bio-mutant-1")) == frozenset()
