"""J.O.R.D.A.N. BOT's move and District Effect (tamashii.txt § Solo Mode) and the rolls Scenario sheets and
cards print: Geohunt's Spread and Ascend tokens (§ Scenario sheets), the Simulation Error die (card C12),
a Boss Activity roll (§ Boss sheet). Each roll is a reveal: nothing before it can be undone."""

import pytest

from domain.core.errors import BadInput, SealedHistory


@pytest.fixture
def solo(box):
    """Solo Geohunt (red and J.O.R.D.A.N. BOT on the Shelter), red's Move & Trace step of turn 1."""
    box.geohunt("red", mode="solo")
    box.do("refill-launcher", board="red", tokens=["red", "red"])
    box.do("end-phase")
    return box


def _sealed(table):
    with pytest.raises(SealedHistory):
        table.app.undo(table.cid)


def test_the_bot_moves_once_per_move_and_trace_step(solo):
    """MOV 2 is one move of up to 2 tiles; entering a face-down tile stops it."""
    solo.do("explore", board="red", tile=7, name="Market", entry=1, stationary=2, exploration="power", bot=True)
    assert (solo.view()["bot"]["tile"], solo.board("red")["assets"]["power"]) == (7, 1)
    solo.refused("move", "Solo Mode", board="red", tile=5, bot=True)
    solo.refused("explore", "Solo Mode", board="red", tile=8, name="Bank", entry=1, stationary=1, bot=True)
    assert solo.board("red")["trace"] == 0  # "The BOT movement is free and does not affect players' Trace"


def test_the_bots_district_effect_applies_the_bots_tile_trace_value(solo):
    """"apply the District tiles' Trace value instead of the Trace value of the District tile where your main
    Character is located": red entered tile 5 (Entry 1), the BOT entered tile 6 (Entry 3): Trace 3, not 1."""
    solo.do("move", board="red", tile=5, entry=1)
    solo.do("move", board="red", tile=6, bot=True)
    solo.refused("use-jordan-bot", "Solo Mode", board="red", step="district-effect")  # tile 6's Entry value is not known yet
    solo.do("use-jordan-bot", board="red", step="district-effect", value=3)
    red = solo.board("red")
    assert (red["trace"], solo.view()["bot"]["battery"], solo.view()["map"]["6"]["entry"]) == (3, 4, 3)
    solo.refused("use-district-effect", "Action phase", board="red")


def test_a_bot_that_stayed_gives_its_tiles_stationary_value(solo):
    solo.do("move", board="red", tile=5, entry=2)
    solo.do("use-jordan-bot", board="red", step="district-effect", value=1)  # the Shelter's Stationary value
    assert (solo.board("red")["trace"], solo.view()["map"]["1"]["stationary"]) == (1, 1)


@pytest.fixture
def geohunt2(box):
    box.geohunt("red", "blue")
    return box


def test_spread_places_one_ascend_token_per_die_and_3_on_the_sheet_lose_the_scenario(geohunt2):
    geohunt2.refused("spread", "Scenario sheets", amount="P", dice=["1"], tiles=["7"])  # Spread P rolls 2 dice with 2 players
    geohunt2.refused("spread", "Scenario sheets", amount="P", dice=["1", "2"], tiles=["1", "7"])  # never on the Shelter
    geohunt2.refused("spread", "Scenario sheets", amount="P", dice=["1", "2"], tiles=["7", "7"])  # 1 per District tile
    geohunt2.do("spread", amount="P", dice=["1", "2"], tiles=["7", "sheet"])
    _sealed(geohunt2)
    assert geohunt2.view()["ascend"] == {"tiles": [7], "sheet": 1, "last_roll": ["1", "2"]}
    geohunt2.refused("spread", "Scenario sheets", amount="P", dice=["1", "2"], tiles=["7", "9"])
    geohunt2.do("discard-ascend-token", tile=7, why="Removing GPRs")
    geohunt2.refused("discard-ascend-token", "Scenario sheets", tile=7)
    geohunt2.do("spread", amount="P", dice=["3", "3"], tiles=["sheet", "sheet"])
    assert geohunt2.view()["ending_due"]["card"] == "E11"
    geohunt2.refused("refill-launcher", "Ending the game & using the PROGRESS sheet", board="red", tokens=["red"])
    geohunt2.refused("draw-scenario-lost-card", "Scenario sheets", card="E10")
    geohunt2.do("draw-scenario-lost-card", card="E11")
    assert geohunt2.view("progress")["played"][-1] == {"scenario": "geohunt", "outcome": "lost", "card": "E11"}


def test_the_prologue_has_no_ascend_tokens(box):
    box.do("start-scenario", scenario="prologue", boards=["red", "blue"])
    box.refused("spread", "Scenario sheets", amount="P", dice=["1", "2"], tiles=["7", "8"])


def test_the_simulation_error_die_is_recorded_with_its_effect_and_seals(geohunt2):
    geohunt2.refused("roll-simulation-error", "invalid_input", board="red", result="4")
    geohunt2.do("roll-simulation-error", board="red", result="2")
    _sealed(geohunt2)
    assert geohunt2.view()["simulation_error"]["red"] == {"result": "2", "effect": "discard 1 Data token from your Launcher"}


def test_a_boss_activity_roll_reveals_the_top_boss_attack_card_and_seals(geohunt2):
    geohunt2.do("boss-activity", boss="Shinigami", number="blank", symbol="special", card="sx17")
    _sealed(geohunt2)
    assert geohunt2.view()["boss_activity"]["Shinigami"] == {"number": None, "symbol": "special", "card": "SX17", "ignored": True}
