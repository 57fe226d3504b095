"""NanoBot Battle Arena's page declarations, turn view and phone board (issue 24; DESIGN.md § The table page): every
action has a label, every pick's options are values the deciders take (cells ``x,y``, Grow's ``x,y,F``...), the turn
owes the phase the example is in, and the grid draws tiles and open cells by the coordinates the actions take."""

from __future__ import annotations

import re

from domain.core.ruleset import get_ruleset
from domain.rulesets.nanobot_battle_arena.board_html import MIN_MAP_PX, board_html

from ..page_checks import fold, overflow_prone, pick_refusals, tappables

NINE = "examples/nanobot-battle-arena/chain-of-nine.ql"
TURN = "examples/nanobot-battle-arena/lightweight-turn.ql"
SAMPLES = {"count-charges": {"total": 3}, "choose-strain": {"name": "Cy"}, "set-up-arena": {"tiles": ["5,5,N,vex"]}}


def test_every_action_has_a_label_and_every_card_picks_its_targets_kind():
    ruleset = get_ruleset("nanobot-battle-arena")
    assert set(ruleset.kit.presentations) == set(ruleset.actions)
    assert ruleset.presentation("grow").label == "Play Grow (Echidna)"
    assert ruleset.presentation("grow").picks == {"scientist": "character", "charges": "charges", "targets": "placement"}
    assert ruleset.presentation("place-tile").picks == {"scientist": "character", "cell": "cell", "facing": "facing"}
    assert ruleset.taps("cell") == [("place-tile", "cell")]
    assert {v for v, _ in ruleset.taps("tile")} == {"burn", "infect", "petrify"}


def test_every_option_of_every_pick_is_accepted_or_refused_by_a_rule_never_as_bad_input():
    # § Making a Chain of NanoBots: ten Vex tiles and a Storm one on the arena, Bo's Reaction Card Phase
    ruleset = get_ruleset("nanobot-battle-arena")
    state = fold("nanobot-battle-arena", NINE, "pivot")
    assert all(ruleset.options(state, k) for k in ruleset.kinds())
    assert pick_refusals(ruleset, state, SAMPLES) == []


def test_cells_are_the_center_on_an_empty_arena_then_the_empty_cells_touching_a_tile():
    ruleset = get_ruleset("nanobot-battle-arena")
    empty = fold("nanobot-battle-arena", TURN, "discard")
    assert [o.value for o in ruleset.options(empty, "cell")] == ["0,0"]
    assert [o.value for o in ruleset.options(empty, "placement")] == ["0,0,N", "0,0,E", "0,0,S", "0,0,W"]
    one = fold("nanobot-battle-arena", TURN, "place-tile kitteh 0,1 E")
    assert [o.value for o in ruleset.options(one, "cell")] == ["0,-1", "-1,0", "1,0", "0,1"]
    assert [(o.value, o.label) for o in ruleset.options(one, "tile")] == [("0,0", "0,0 Relic N")]
    assert [o.value for o in ruleset.options(one, "turn-to")] == ["0,0,E", "0,0,S", "0,0,W"]


def test_the_turn_owes_the_active_scientists_phase_in_the_rulebooks_words():
    # § Reaction Card Phase, the example: Capt'n Kitteh discards, plays two tiles, two Reaction Cards, then draws
    ruleset = get_ruleset("nanobot-battle-arena")
    turn = ruleset.views["turn"](fold("nanobot-battle-arena", TURN, "!rule_violation \"phases must be played in order\" place-tile kitteh 0,0"))
    assert turn == {"match": 1, "stage": "playing", "turn": 1, "active": "relic", "phase": "Phase 1: Play 1 Reaction Card",
                    "owed": [{"text": "play or discard 1 Reaction Card (Phase 1: Play 1 Reaction Card)", "who": "relic",
                              "verbs": ["discard", "blink", "burn", "freeze", "grow", "infect", "petrify", "pivot", "surge"]}],
                    "next": "play or discard 1 Reaction Card (Phase 1: Play 1 Reaction Card)"}
    two = ruleset.owed(fold("nanobot-battle-arena", TURN, "!rule_violation \"the tile goes in the center\""))
    assert [(o.text, o.verbs) for o in two] == [("play 2 NanoBot tiles (Phase 2: Play 2 NanoBot Tiles)", ("place-tile",))]
    draw = ruleset.owed(fold("nanobot-battle-arena", TURN, "draw kitteh"))
    assert [o.text for o in draw] == ["draw back up to six (Phase 4: Draw 3 Reaction Cards)"]
    setup = ruleset.owed(fold("nanobot-battle-arena", TURN, "choose-strain Bo"))
    assert [o.text for o in setup] == ["seat the scientists: 1 of at least 2 have a Strain"]
    assert ruleset.owed(ruleset.initial_state({}))[0].verbs == ("start-match",)


def test_the_board_draws_tiles_and_open_cells_tappable_by_coordinate_with_counts_and_chains():
    ruleset = get_ruleset("nanobot-battle-arena")
    state = fold("nanobot-battle-arena", NINE, "pivot")
    html = board_html(ruleset.views["board"](state))
    tapped = tappables(html)
    assert {i for k, i in tapped if k == "tile"} == {o.value for o in ruleset.options(state, "tile")}
    assert {i for k, i in tapped if k == "cell"} == {o.value for o in ruleset.options(state, "cell")}
    assert {i for k, i in tapped if k == "character"} == {"vex", "storm"}
    # Bo: 15 - 11 tiles placed... the Cache after set-up-arena (10 Vex) and 0,-1: 4 left; the chain of 9
    assert 'data-scientist="vex" data-cache="4" data-hand="6" data-chain="9" data-scrapped="0"' in html
    assert "Cache 4 · hand 6 · chain 9 · Scrapyard 0" in html
    # the text alternative lists the tiles by coordinate, the chain's order included
    assert 'data-id="2,2">2,2</button> Vex, Base Edge east, Bo&#x27;s chain, number 9' in html
    assert 'data-id="-1,0">-1,0</button> Storm, Base Edge west</li>' in html and 'role="img"' in html  # 7 columns: a picture
    assert 'Battle Arena grid: columns x -2 to 4 (east), rows y -2 to 3 (north)' in html
    assert overflow_prone(html) == []


def test_the_grid_text_reads_at_12_px_or_more_whether_drawn_at_its_size_or_squeezed_to_a_phone():
    ruleset = get_ruleset("nanobot-battle-arena")
    for state in (fold("nanobot-battle-arena", TURN, "discard"), fold("nanobot-battle-arena", NINE, "pivot")):
        html = board_html(ruleset.views["board"](state))
        width = int(re.search(r'<svg[^>]*viewBox="0 0 (\d+) \d+"', html).group(1))
        size = min(int(s) for s in re.findall(r'font-size="(\d+)"', html))
        assert size >= 12.5 and size * min(1, MIN_MAP_PX / width) >= 12


def test_the_board_before_any_match_and_during_setup_stays_a_few_lines():
    ruleset = get_ruleset("nanobot-battle-arena")
    assert board_html(ruleset.views["board"](ruleset.initial_state({}))) == "<p>No match yet (0 played): start one.</p>"
    setup = board_html(ruleset.views["board"](fold("nanobot-battle-arena", TURN, "reveal-first-player")))
    assert "setting up" in setup and overflow_prone(setup) == [] and tappables(setup) >= {("cell", "0,0")}
