"""Nîn-Gonost's page declarations, turn view and phone board (issue 24; DESIGN.md § The table page): every action has
a label, every pick's options are values the deciders take, the turn owes what the Detail Of Play owes, and the board
is a card per figure, grouped by warband, each figure tappable by the id the actions take."""

from __future__ import annotations

import re

from domain.core.ruleset import Command, get_ruleset
from domain.rulesets.nin_gonost.board_cards import board_cards

from ..page_checks import fold, overflow_prone, pick_refusals, tappables

DUEL = "examples/nin-gonost/duel-difference.ql"
SAMPLES = {"attack": {"attacker_roll": 7, "defender_roll": 5}, "charge": {"attacker_roll": 7, "defender_roll": 5},
           "counter-strike": {"attacker_roll": 7, "defender_roll": 5}, "concentrate": {"ap": 1}, "walk": {"spaces": 1},
           "run": {"spaces": 1}, "crawl": {"spaces": 1}, "weave-manna": {"manna": 1, "skill": "heal"},
           "set-point-limit": {"points": 100}, "read-card": {"card": ["res=8"]}, "throw": {"distance": 2},
           "attack-object": {"roll": 3}, "place-object": {"obj": "door-2", "wgt": 20},
           "recruit": {"warband": "knights"}, "break-hold": {"roll": 5, "holder_roll": 4}}


def _with_door(state):
    ruleset = get_ruleset("nin-gonost")
    _, state = ruleset.decide_folded(state, Command("place-object", ruleset.action("place-object").load({"obj": "door-1", "door": True, "wgt": 20})))
    return state


def test_every_action_has_a_label_and_the_duel_picks_figures_modes_and_options():
    ruleset = get_ruleset("nin-gonost")
    assert set(ruleset.kit.presentations) == set(ruleset.actions)
    duel = ruleset.presentation("attack")
    assert duel.label == "Attack (Duel)" and duel.picks["attacker"] == duel.picks["defender"] == "character"
    assert duel.picks["mode"] == "fight-mode" and duel.picks["option"] == "combat-option"
    assert ("attack", "attacker") in ruleset.taps("character") and ("end-turn", "figure") in ruleset.taps("character")


def test_every_option_of_every_pick_is_accepted_or_refused_by_a_rule_never_as_bad_input():
    # § The Duel Dice Difference: Sir Galwen and the orc archer, the battle started, a door on the board
    ruleset = get_ruleset("nin-gonost")
    state = _with_door(fold("nin-gonost", DUEL, "attack"))
    assert all(ruleset.options(state, k) for k in ruleset.kinds())
    assert pick_refusals(ruleset, state, SAMPLES) == []
    assert [(o.value, o.label) for o in ruleset.options(state, "character")] == [("galwen", "Sir Galwen (knights)"),
                                                                               ("orc-archer", "Orc archer (orcs)")]
    assert [o.value for o in ruleset.options(state, "warband")] == ["knights", "orcs"]


def test_the_turn_owes_the_side_to_move_the_acting_figure_and_then_nothing_once_the_field_is_held():
    ruleset = get_ruleset("nin-gonost")
    assert [o.text for o in ruleset.owed(fold("nin-gonost", DUEL, "recruit orcs"))] == ["recruit the warbands (1 of at least 2)"]
    assert [o.verbs for o in ruleset.owed(fold("nin-gonost", DUEL, "start-battle"))] == [("start-battle",)]
    turn = ruleset.views["turn"](fold("nin-gonost", DUEL, "attack"))
    assert turn == {"turn": 1, "player": "knights", "active": None, "waiting": ["galwen"],
                    "owed": [{"text": "knights to move (turn 1): a character acts, or end the side's turn", "who": None,
                              "verbs": ["end-player-turn"]}],
                    "next": "knights to move (turn 1): a character acts, or end the side's turn"}
    # the archer is killed: the knights hold the field, nothing is owed
    assert ruleset.views["turn"](fold("nin-gonost", DUEL))["owed"] == []


def test_a_counter_strike_is_owed_first_after_a_tie_with_one_fate():
    # § Combat Roll, the Detail Of Play: 7 and Fate against 7: a Counter Strike, Galwen at +1 die
    ruleset = get_ruleset("nin-gonost")
    state = fold("nin-gonost", DUEL, "attack")
    _, state = ruleset.decide_folded(state, Command("attack", ruleset.action("attack").load(
        {"attacker": "galwen", "defender": "orc-archer", "attacker_roll": 7, "defender_roll": 7, "attacker_fate": True})))
    assert [(o.text, o.who, o.verbs) for o in ruleset.owed(state)] == [
        ("roll a Counter Strike (Sir Galwen at +1 die): both Duel dice again", None, ("counter-strike",))]


def test_the_board_is_a_card_per_figure_grouped_by_warband_never_showing_none():
    ruleset = get_ruleset("nin-gonost")
    state = fold("nin-gonost", DUEL, "attack")
    html = board_cards(ruleset.views["board"](state))
    assert {i for k, i in tappables(html) if k == "character"} == {o.value for o in ruleset.options(state, "character")}
    galwen = re.search(r'<li class="card" data-figure="galwen".*?</dl></li>', html).group(0)
    # Components In Nîn-Gonost § The Cards: Sir Galwen, 4 ACTIONS, Manna 5, Walk 1
    for term, value in [("AP", "0 of 4"), ("Speed", "Stopped"), ("Facing", "North"), ("Manna", "5 of 5"), ("Morale", "Normal"),
                        ("Fatigue", "no"), ("Conditions", "none")]:
        assert f"<dt>{term}</dt><dd>{value}</dd>" in galwen
    assert '<section data-warband="knights"><h3>knights · 55 points, 1 miniature</h3>' in html
    archer = re.search(r'<li class="card" data-figure="orc-archer".*?</dl></li>', html).group(0)
    assert "None" not in html and "<dt>Manna</dt><dd>not known yet (read the card)</dd>" in archer
    assert overflow_prone(html) == []


def test_the_board_escapes_every_text_it_shows():
    ruleset = get_ruleset("nin-gonost")
    state = fold("nin-gonost", DUEL, "attack")
    state["figures"]["galwen"]["card"]["name"] = "<i>Sir</i>"
    html = board_cards(ruleset.views["board"](state))
    assert "<i>Sir" not in html and "&lt;i&gt;Sir&lt;/i&gt;" in html
