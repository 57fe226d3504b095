"""Every event has a human history line and every view draws as text, with no Python repr reaching a player
(issue 19, item 9)."""

import re

import pytest

from cli.render import render
from domain.core.ruleset import get_ruleset
from domain.core.table import SeatTaken, TrackAdjusted
from domain.rulesets.nanolith.campaign.describe import LINES as NANOLITH_CAMPAIGN
from domain.rulesets.nanolith.describe import LINES as NANOLITH
from domain.rulesets.tamashii.describe import LINES as TAMASHII

REPR = re.compile(r"\w+\(\w+=|\{'|\['|None\b|True\b|False\b")


@pytest.mark.parametrize("game, lines", [("nanolith", {**NANOLITH, **NANOLITH_CAMPAIGN}), ("tamashii", TAMASHII)])
def test_every_event_of_a_ruleset_has_its_own_history_line(game, lines):
    assert sorted(set(get_ruleset(game).events) - set(lines)) == []


def test_the_cores_events_read_as_sentences():
    nanolith = get_ruleset("nanolith")
    assert nanolith.describe(SeatTaken(person="Mia", characters=["ashitaka", "cora"])) == "Mia runs ashitaka, cora"
    line = nanolith.describe(TrackAdjusted(path="characters.cora.stress", value=3, previous=1, reason="a 1 forgotten"))
    assert line == "characters.cora.stress set by hand to 3 (was 1): a 1 forgotten"


def test_views_draw_nested_records_in_words_and_keep_zeros():
    progress = {"played": [{"scenario": "prologue", "outcome": "lost", "card": "A07"}],
                "enemy_deck": [{"level": 1, "cards": None}], "boards": {"blue": {"trace": 0, "exp": 0, "vp": {"total": 0}}},
                "checked": False}
    text = render(progress)
    assert "played: (scenario prologue, outcome lost, card A07)" in text
    assert "enemy deck: (level 1, cards -)" in text and "checked: no" in text
    assert "trace" in text and "exp" in text and " 0" in text
    assert not REPR.search(text), text


def test_wide_records_keep_their_zero_values():
    row = {f"field_{i}": i % 2 for i in range(10)}
    text = render({"boards": {"blue": row}})
    assert "blue: field 0 0; field 1 1; field 2 0" in text
