"""The views drawn: the terminal board with arrows, the scoring chain, the league table, the SVG (escaped)."""

from domain.rulesets.nanobot_battle_arena.drawing import HTML_VIEWS, TEXT_VIEWS


def test_the_board_is_drawn_with_arrows_towards_each_base_edge_and_brackets_for_petrified_tiles(arena):
    arena.start("basic", "vex", "storm", tiles=["0,0,E,vex", "1,0,N,vex,petrified", "0,1,W,storm"])
    text = TEXT_VIEWS["board"](arena.view("board"))
    assert "   1  S←  ·  " in text
    assert "   0  V→ [V↑]" in text
    assert "P0vex (vex): Cache 13, hand 6, chain 2" in text


def test_the_score_lists_and_draws_only_the_scoring_chains(arena):
    arena.start("basic", "vex", "storm", tiles=["0,0,E,vex", "1,0,E,vex", "2,0,W,vex", "0,1,N,storm"])
    view = arena.view("score")
    assert view["scientists"]["vex"] == {"name": "P0vex", "chain": 2, "cells": ["0,0", "1,0"]}
    text = TEXT_VIEWS["score"](view)
    assert "* P0vex (vex): 2  0,0 → 1,0" in text
    assert "   0  V→  V→  ·  " in text


def test_the_svg_escapes_names_and_numbers_the_scoring_chain(arena):
    arena.do("start-match", division="basic")
    arena.do("choose-strain", name="<b>Bo</b>", strain="vex")
    arena.do("choose-strain", name="Ada", strain="storm")
    arena.do("reveal-first-player", revealed=["vex"])
    arena.do("set-up-arena", tiles=["0,0,E,vex", "1,0,E,vex"])
    html = HTML_VIEWS["board"](arena.view("board"))
    assert "&lt;b&gt;Bo&lt;/b&gt;" in html and "<b>Bo" not in html
    assert html.count("<rect") == 2
    score = HTML_VIEWS["score"](arena.view("score"))
    assert ">1</text>" in score and ">2</text>" in score


def test_standings_before_any_match_are_empty(arena):
    assert arena.view("standings") == {"matches": 0, "standings": [], "head_to_head": {}, "results": []}
    assert TEXT_VIEWS["standings"](arena.view("standings")).startswith("League: 0 matches")


def test_the_score_drawing_says_it_shows_only_the_scoring_chains_tiles():
    """issue 31, item 9: the terminal's score drew only the chain tiles without saying so."""
    from domain.rulesets.nanobot_battle_arena.drawing import score_text

    view = {"match": 1, "final": False, "leaders": ["ghost"], "result": None,
            "scientists": {"ghost": {"name": "Gus", "chain": 2, "cells": ["1,0", "2,0"]},
                           "vex": {"name": "Bo", "chain": 1, "cells": ["3,0"]}},
            "grid": {"1,0": {"strain": "ghost", "facing": "E", "petrified": False},
                     "2,0": {"strain": "ghost", "facing": "E", "petrified": False},
                     "3,0": {"strain": "vex", "facing": "W", "petrified": False},
                     "1,1": {"strain": "ghost", "facing": "E", "petrified": False}}}
    assert "the scoring chains' 3 of 4 tiles (the whole arena: questlog view board)" in score_text(view).splitlines()
