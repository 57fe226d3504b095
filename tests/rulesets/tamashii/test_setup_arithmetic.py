"""Setup steps and the Player number icon (tamashii.txt § Game setup, § Scenario setup, § Enemy deck setup)."""

import pytest

from domain.rulesets.tamashii.vocabulary import player_number
from domain.rulesets.tamashii.setup import enemy_deck


def test_set_time_to_6_minus_players_in_a_2_player_game_gives_4(prologue):
    prologue.do("set-time", amount="6-P")
    assert prologue.view()["time"] == 4


def test_the_3_player_enemy_deck_is_9_lvl_1_on_top_6_lvl_2_then_all_lvl_3():
    assert enemy_deck(["1:3xP", "2:2xP", "3:all"], 3) == [
        {"level": 1, "cards": 9}, {"level": 2, "cards": 6}, {"level": 3, "cards": None}]


def test_2_x_players_of_lvl_1_reads_as_2_x_3_with_three_players_and_2_x_4_with_four():
    assert player_number("2xP", 3) == 6
    assert player_number("2xP", 4) == 8


@pytest.mark.parametrize("text", ["6 - players", "P**2", "__import__('os')", "2.5"])
def test_amounts_other_than_numbers_p_plus_minus_and_x_are_not_amounts(text):
    with pytest.raises((ValueError, SyntaxError)):
        player_number(text, 2)


def test_each_player_board_starts_as_setup_steps_2_to_4_say(box):
    box.play_prologue_and_lose("red")
    box.do("start-scenario", scenario="geohunt", boards=["red", "blue"], trace_top=10)
    red = box.board("red")
    assert (red["integrity"], red["limiter"], red["trace"], red["locks"], red["exp"]) == (5, 5, 0, 4, 0)
    assert red["assets"] == {"shield": 0, "memory": 0, "power": 0, "reroll": 0}
    assert red["data"]["bag"] == {"total": 13, "blue": 3, "green": 3, "yellow": 3, "red": 4}
    assert red["core_data"] == "red" and red["body"]["name"] == "Walker"
    assert box.view()["corrupted_pool"] == 8 and box.view()["scenario_card"] == "E01"


def test_the_prologue_skips_steps_2c_3c_3d_and_5(prologue):
    assert prologue.view()["skipped_steps"] == ["2c", "3c", "3d", "5"]
    assert prologue.board("red")["trace"] is None
    prologue.refused("choose-class", "Game setup", board="red", name="reaper", starting=["A", "B"])
    prologue.refused("choose-learning-protocol", "Game setup", board="red", name="Bodyguard")
    prologue.refused("set-up-body-market", "Game setup", cards=["Soldier", "Scout", "Tank"])
    prologue.refused("increase-trace", "Game setup", board="red", amount=1)


def test_the_body_market_draws_players_plus_1_cards(box):
    box.play_prologue_and_lose("red")
    box.do("start-scenario", scenario="geohunt", boards=["red", "blue"], trace_top=10)
    box.refused("set-up-body-market", "Game setup", cards=["Soldier", "Scout"])
    box.do("set-up-body-market", cards=["Soldier", "Scout", "Tank"])
    assert box.view()["body_market"] == ["Soldier", "Scout", "Tank"]


def test_a_scenario_without_printed_setup_needs_its_figures(box):
    box.play_prologue_and_lose("red")
    refusal = box.refused("start-scenario", "invalid_input", scenario="darkness", boards=["red"], mode="coop", trace_top=10)
    assert "--enemy-deck" in refusal.message
