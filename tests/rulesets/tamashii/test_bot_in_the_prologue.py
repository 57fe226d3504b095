"""J.O.R.D.A.N. BOT's District Effect in the Prologue (issue 31, item 8): the Prologue skips setup step 2c ("Place 1
Universal marker on slot 0 of the Trace track", tamashii.txt § Game setup), so the BOT tile's Trace value that
§ Solo Mode applies "instead of the Trace value of the District tile where your main Character is located" changes
nothing there: ``use-jordan-bot ... district-effect`` does not ask for ``--value``. In a Scenario with a Trace track
it still does (test_solo_and_scenario_rules.py)."""

import pytest


@pytest.fixture
def solo_prologue(box):
    """A solo Prologue (red, the BOT on tile 2): red moved to tile 2 in turn 1's Action phase."""
    box.do("start-scenario", scenario="prologue", boards=["red"], mode="solo")
    box.do("refill-launcher", board="red", tokens=["red", "red", "red"])
    box.do("end-phase")
    box.do("move", board="red", tile=2)
    return box


def test_the_bots_district_effect_in_the_prologue_needs_no_trace_value(solo_prologue):
    table = solo_prologue
    assert table.board("red")["trace"] is None  # no Trace marker in the Prologue
    table.do("use-jordan-bot", board="red", step="district-effect")
    assert table.view()["bot"]["battery"] == 4  # one battery discarded (§ Solo Mode)
    assert table.board("red")["trace"] is None
    assert "district-effect" in table.board("red")["steps"]
    table.refused("use-district-effect", "Action phase", board="red")  # the step is done, once


def test_a_value_given_in_the_prologue_is_noted_for_the_tile_and_changes_no_trace(solo_prologue):
    table = solo_prologue
    table.do("use-jordan-bot", board="red", step="district-effect", value=2)
    assert table.view()["map"]["2"]["stationary"] == 2 and table.board("red")["trace"] is None
