"""Whatever a client sends to any Nîn-Gonost action, in the middle of a battle, is accepted or refused as bad
input or a rule violation: never another exception (DESIGN.md § Quality: no traceback, no 500)."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.core import BadInput, Command, QuestlogError, RuleViolation

from .conftest import RULESET, Battle

VALUES = st.sampled_from(["galwen", "orc-archer", "orc-warrior", "nobody", "knights", "orcs", "3", "0", "-1", "?",
                          "broken", "run", "walk", "stop", "left", "cautious", "knock-out", "wooden-door", "cellar",
                          True, False, 7, [], ["close"], ["los=9"], ["res=3"], ["alignment=evil", "value=5"], None])


def _battle():
    b = Battle()
    b.do("recruit", warband="knights", card_id="galwen", card=["alignment=good"])
    b.do("recruit", warband="orcs", card_id="orc-warrior", card=["alignment=evil"])
    b.do("recruit", warband="orcs", card_id="orc-archer", card=["alignment=evil"])
    b.do("start-battle", first="knights")
    b.do("place-object", obj="cellar", kind="wooden-door")
    b.do("walk", figure="galwen", spaces=1)
    return b


STATE = _battle().state


@settings(max_examples=1500, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(verb=st.sampled_from(sorted(RULESET.actions)), data=st.data())
def test_any_fields_are_accepted_or_refused_cleanly(verb, data):
    spec = RULESET.action(verb)
    schema_fields = spec.schema().fields
    raw = {n: data.draw(VALUES) for n, f in schema_fields.items() if f.required or data.draw(st.booleans())}
    raw = {k: v for k, v in raw.items() if v is not None}
    try:
        fields = spec.load(raw)
    except BadInput:
        return
    outcome = RULESET.legal(STATE, Command(verb, fields))
    assert outcome is None or isinstance(outcome, (BadInput, RuleViolation, QuestlogError))
