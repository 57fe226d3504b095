"""A match's setup, phases, cards and end, decided and folded in memory (nanobot-battle-arena.txt)."""

import pytest

from domain.core import Command
from domain.rulesets.nanobot_battle_arena import events as ev


def test_strains_are_never_chosen_twice_and_a_match_seats_two_to_eight(arena):
    arena.do("start-match", division="30")
    assert arena.match["division"] == "lightweight" and arena.match["tiles"] == 30
    arena.do("choose-strain", name="Ada", strain="vex")
    arena.refused("choose-strain", "cannot choose the same Strain", name="Bo", strain="vex")
    arena.refused("reveal-first-player", "2-8 scientists", revealed=["vex"])
    for name, strain in zip("BCDEFGH", ["blight", "chronos", "inferno", "ghost", "storm", "relic", "echidna"]):
        arena.do("choose-strain", name=name, strain=strain)
    arena.refused("choose-strain", "2-8", name="Zed", strain="storm")


def test_the_first_player_is_the_first_revealed_strain_of_a_player(arena):
    arena.do("start-match", division="heavyweight")
    for name, strain in (("Ada", "vex"), ("Bo", "storm"), ("Cy", "relic"), ("Di", "ghost"), ("Ed", "blight")):
        arena.do("choose-strain", name=name, strain=strain)
    arena.refused("reveal-first-player", "stops at the first storm", revealed=["storm", "vex"])
    arena.refused("reveal-first-player", "must bear a player's Strain", revealed=["inferno"])
    events = arena.do("reveal-first-player", revealed=["inferno", "relic"])
    assert any(e.reveals for e in events)
    # 5 players, Heavyweight: 4 decks suggested; 4 x 96 - 5 x 6 dealt - 2 revealed
    assert arena.match["decks"] == 4 and arena.match["deck"] == 4 * 96 - 30 - 2 and arena.match["discard"] == 2
    assert arena.match["active"] == "relic"
    assert arena.view()["phase"] == "Phase 1: Play 1 Reaction Card"


def test_basic_phases_run_tile_card_draw_and_the_turn_passes_clockwise(arena):
    arena.start("basic", "vex", "storm", "relic", first="storm")
    arena.refused("discard", "phases must be played in order", scientist="storm")
    arena.refused("place-tile", "turn", scientist="vex", cell="0,0", facing="N")
    arena.do("place-tile", scientist="storm", cell="0,0", facing="N")
    arena.refused("place-tile", "phases must be played in order", scientist="storm", cell="0,1", facing="N")
    arena.do("discard", scientist="storm")
    drawn = arena.do("draw", scientist="storm")
    assert [type(e) for e in drawn] == [ev.CardsDrawn, ev.TurnBegan]
    assert arena.sci("storm")["hand"] == 6 and arena.match["active"] == "relic"


def test_a_discard_ends_a_two_card_phase_and_a_meld_plays_both(arena):
    arena.start("lightweight", "vex", "storm", tiles=["0,0,E,vex"])
    arena.do("discard", scientist="vex")
    arena.do("place-tile", scientist="vex", cell="1,0", facing="E")
    arena.do("place-tile", scientist="vex", cell="2,0", facing="E")
    arena.do("discard", scientist="vex")
    assert arena.view()["phase"] == "Phase 4: Draw 3 Reaction Cards"
    assert arena.sci("vex")["hand"] == 4


def test_melding_needs_lightweight_or_above(arena):
    arena.start("basic", "vex", "storm", tiles=["0,0,E,vex", "1,0,N,storm"])
    arena.do("place-tile", scientist="vex", cell="0,1", facing="N")
    arena.refused("pivot", "not Basic", scientist="vex", charges="1+1", targets=["1,0,E"])


def test_charges_are_a_maximum_and_may_be_split(arena):
    arena.start("basic", "vex", "storm", "relic", tiles=["0,0,E,vex", "1,0,N,storm", "2,0,N,relic"])
    arena.do("place-tile", scientist="vex", cell="0,1", facing="N")
    events = arena.do("freeze", scientist="vex", charges="3", targets=["storm:1", "relic:2"])
    frozen = [(e.target, e.count) for e in events if isinstance(e, ev.CardsFrozen)]
    assert frozen == [("storm", 1), ("relic", 2)]
    assert not any(e.reveals for e in events), "Freeze takes cards unseen: not a reveal"


def test_blink_moves_one_tile_at_a_time_even_the_same_tile_twice_and_onto_ones_own_base_edge(arena):
    arena.start("basic", "ghost", "vex", tiles=["0,0,E,ghost", "0,1,N,vex", "0,2,N,vex"])
    arena.do("place-tile", scientist="ghost", cell="0,-1", facing="S")
    arena.refused("blink", "only its owner plays off it", scientist="ghost", charges="1", targets=["0,1>0,3"])
    arena.do("blink", scientist="ghost", charges="1", targets=["0,2>1,0", "1,0>1,-1"])
    assert arena.match["grid"]["1,-1"] == {"strain": "vex", "facing": "N", "petrified": False}


def test_infect_is_simultaneous_never_down_a_chain_and_spends_the_cache(arena):
    arena.start("basic", "blight", "vex", tiles=["0,0,E,blight", "1,0,E,vex", "2,0,E,vex"])
    arena.do("place-tile", scientist="blight", cell="0,1", facing="N")
    arena.refused("infect", "not orthogonally adjacent", scientist="blight", charges="2", targets=["1,0", "2,0"])
    arena.do("infect", scientist="blight", charges="2", targets=["1,0"])
    assert arena.match["grid"]["1,0"] == {"strain": "blight", "facing": "E", "petrified": False}
    assert arena.match["scrapyard"] == {"vex": 1} and arena.sci("blight")["cache"] == 15 - 3


def test_an_infect_that_empties_the_cache_ends_the_game_mid_phase(arena):
    arena.start("basic", "blight", "vex", tiles=[f"{x},5,N,blight" for x in range(12)] + ["0,0,E,blight", "1,0,N,vex"])
    arena.do("place-tile", scientist="blight", cell="-1,0", facing="W")
    assert arena.sci("blight")["cache"] == 1
    events = arena.do("infect", scientist="blight", charges="1", targets=["1,0"])
    assert [type(e) for e in events][-3:] == [ev.CacheEmptied, ev.MatchEnded, ev.MatchDecided]
    assert arena.match["stage"] == "over" and arena.match["result"]["winners"] == ["blight"]


def test_surge_charges_split_among_attacking_tiles_stop_at_petrified_tiles(arena):
    arena.start("basic", "storm", "vex", tiles=["0,0,E,storm", "1,0,N,vex", "2,0,N,vex,petrified", "0,1,N,storm",
                                                "0,2,N,vex", "0,3,N,vex"])
    arena.do("place-tile", scientist="storm", cell="-1,0", facing="W")
    arena.refused("surge", "holds 1 tile", scientist="storm", charges="2", targets=["0,0:2"])
    arena.do("surge", scientist="storm", charges="2", targets=["0,0:1", "0,1:2"])
    assert arena.sci("vex")["cache"] == 15 - 4 + 3


def test_the_draw_brings_frozen_cards_back_then_reshuffles_the_discard_pile_when_the_deck_runs_out(arena):
    arena.start("basic", "vex", "storm", tiles=["0,0,E,vex"])
    arena.match["deck"], arena.match["discard"] = 0, 10  # a long game's piles
    arena.do("place-tile", scientist="vex", cell="1,0", facing="E")
    arena.do("discard", scientist="vex")
    events = arena.do("draw", scientist="vex")
    assert [type(e) for e in events] == [ev.DeckReshuffled, ev.CardsDrawn, ev.TurnBegan]
    assert arena.match["deck"] == 10 and arena.sci("vex")["hand"] == 6


def test_only_a_draw_that_draws_seals(arena):
    ruleset = arena.ruleset
    command = Command("draw", {"scientist": "vex"})
    assert not ruleset.seals(command, [ev.FrozenCardsReturned("vex", 6), ev.TurnBegan("storm", 2)])
    assert ruleset.seals(command, [ev.CardsDrawn("vex", 1)])


@pytest.mark.parametrize("counts, winners, tie", [((10, 9), ["vex"], False), ((9, 9), ["vex", "storm"], True)])
def test_ties_go_to_the_fewest_tiles_in_the_cache_then_the_most_charges(arena, counts, winners, tie):
    pairs = ["0,0,E,vex", "1,0,E,vex", "0,-1,E,storm", "1,-1,E,storm"]
    arena.start("basic", "relic", "vex", "storm", tiles=[f"{x},5,N,relic" for x in range(14)] + pairs)
    arena.do("place-tile", scientist="relic", cell="0,4", facing="S")
    assert arena.match["ended"] == {"scores": {"relic": 1, "vex": 2, "storm": 2}, "leaders": ["vex", "storm"],
                                    "caches": {"relic": 0, "vex": 13, "storm": 13}, "chains": arena.match["ended"]["chains"]}
    arena.do("count-charges", scientist="vex", total=counts[0])
    arena.do("count-charges", scientist="storm", total=counts[1])
    assert arena.match["result"] == {"winners": winners, "tie": tie, "by": "tie" if tie else "charges"}
