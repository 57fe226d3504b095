"""The grid's rules: links, Legal Locations, chain ends, lines of sight (nanobot-battle-arena.txt § Making a Chain
of NanoBots, § Placing in a Legal Location, § Looping Chains, § Reaction Card Explanations)."""

from domain.rulesets.nanobot_battle_arena.grid import (best_chains, chain_end, line_of_sight, placement_problem,
                                                       successor)


def grid(*tiles):
    """``"x,y F strain [P]"`` per tile (P: petrified)."""
    out = {}
    for tile in tiles:
        cell, facing, strain, *rest = tile.split()
        out[cell] = {"strain": strain, "facing": facing, "petrified": rest == ["P"]}
    return out


def test_a_base_edge_links_to_a_same_strain_standard_edge_only():
    g = grid("0,0 E vex", "1,0 E vex", "2,0 W vex", "3,0 N storm")
    assert successor(g, "0,0") == "1,0"
    assert successor(g, "1,0") is None  # two Base Edges facing: two separate chains
    assert successor(g, "2,0") is None
    assert best_chains(g, ["vex"])["vex"] == ["0,0", "1,0"]


def test_the_first_tile_goes_in_the_center():
    assert placement_problem({}, "0,0", "vex") is None
    assert "center" in placement_problem({}, "1,0", "vex")


def test_tiles_touch_orthogonally_never_diagonally():
    g = grid("0,0 N vex")
    assert placement_problem(g, "1,0", "storm") is None
    assert "orthogonally" in placement_problem(g, "1,1", "storm")
    assert "already holds" in placement_problem(g, "0,0", "storm")


def test_only_the_owner_plays_off_a_base_edge_and_two_owners_close_the_cell_to_both():
    g = grid("0,0 E vex")
    assert "vex" in placement_problem(g, "1,0", "storm")
    assert placement_problem(g, "1,0", "vex") is None
    g.update(grid("2,0 W storm"))
    assert "storm" in placement_problem(g, "1,0", "vex")
    assert "vex" in placement_problem(g, "1,0", "storm")


def test_blink_and_grow_may_take_a_competing_space_but_never_a_cell_only_opponents_touch():
    """§ Blink: "Tiles can be blinked into a competing space"; § Competing for a Space: "(even with Blink or Grow
    Reaction Cards)". A competing space touches the placer's own Base Edge and an opponent's."""
    g = grid("0,0 E vex")
    g.update(grid("2,0 W storm"))
    assert placement_problem(g, "1,0", "vex", competing=True) is None
    assert placement_problem(g, "1,0", "storm", competing=True) is None
    assert "vex" in placement_problem(g, "1,0", "ghost", competing=True)  # neither Base Edge is the placer's
    assert "storm" in placement_problem(g, "1,0", "vex")  # a plain placement stays refused


def test_a_v_scores_the_longer_arm_plus_the_shared_tile_and_the_trunk():
    g = grid("0,0 E vex", "1,0 E vex", "2,0 N vex", "2,-1 N vex", "2,1 N vex", "2,2 N vex")
    assert len(best_chains(g, ["vex"])["vex"]) == 5  # arm 0,0 1,0 (2) beats arm 2,-1 (1); + 2,0 2,1 2,2


def test_loop_tiles_are_no_chain_end_but_a_tail_start_is():
    g = grid("0,0 E vex", "1,0 N vex", "1,1 W vex", "0,1 S vex", "-1,0 E vex")
    assert not any(chain_end(g, c) for c in ("0,0", "1,0", "1,1", "0,1"))
    assert chain_end(g, "-1,0")
    assert len(best_chains(g, ["vex"])["vex"]) == 5


def test_a_line_of_sight_stops_at_an_empty_cell_or_a_petrified_tile():
    g = grid("0,0 E storm", "1,0 N vex", "2,0 S vex", "3,0 S vex P", "4,0 S vex")
    assert line_of_sight(g, "0,0") == ["1,0", "2,0"]
    g = grid("0,0 E storm", "1,0 N vex", "3,0 S vex")
    assert line_of_sight(g, "0,0") == ["1,0"]
