"""Once a battle ended the board says so, with its result, and nobody is acting (nin-gonost.txt § Choosing Sides: a
scenario is fought "until one side holds the field"; the players record the end with end-battle)."""

from domain.rulesets.nin_gonost.board_cards import board_cards

from .conftest import RULESET


def _ended(battle):
    battle.do("walk", figure="galwen", spaces=1)
    assert RULESET.views["board"](battle.state)["active"] == "galwen"
    battle.do("end-battle", winners=["knights"], reason="the orcs fled the field")
    return RULESET.views["board"](battle.state)


def test_the_board_view_names_the_result_and_nobody_acting(battle):
    board = _ended(battle)
    assert board["active"] is None and board["pending"] is None
    assert board["ended"] == {"winners": ["knights"], "reason": "the orcs fled the field",
                              "text": "won by knights (the orcs fled the field)"}


def test_the_text_board_says_the_battle_is_over_not_whose_turn_it_is(battle):
    text = RULESET.text_views["board"](_ended(battle))
    assert text.splitlines()[0] == "Battle over after turn 1: won by knights (the orcs fled the field)"
    assert "acting" not in text and "to play" not in text


def test_the_drawn_board_has_no_acting_badge_after_the_end(battle):
    html = board_cards(_ended(battle))
    assert html.startswith("<p>Battle over after turn 1: won by knights (the orcs fled the field)</p>")
    assert ">acting<" not in html and "to move" not in html


def test_a_draw_is_said_as_a_draw_and_nothing_is_owed(battle):
    battle.do("end-battle")
    board = RULESET.views["board"](battle.state)
    assert board["ended"]["text"] == "a draw (as the players agreed)"
    turn = RULESET.views["turn"](battle.state)
    assert (turn["active"], turn["waiting"], turn["owed"], turn["next"]) == (None, [], [], None)
