"""The linear chain scorer against a brute-force longest-walk search on small random grids.

The brute force shares nothing with the scorer but the definition of a link (nanobot-battle-arena.txt
§ Making a Chain of NanoBots: a Base Edge touching a same-Strain tile's Standard Edge): it checks every
ordered pair of tiles for a link, then tries every simple directed path by depth-first search.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.rulesets.nanobot_battle_arena.grid import FACINGS, best_chains, cell, chain_lengths

STRAINS = ("vex", "storm")


def linked(grid, a, b):
    """Brute: a's Base Edge touches b, same Strain, and b's Base Edge is not the edge touching a."""
    (ax, ay), (bx, by) = (tuple(map(int, a.split(","))), tuple(map(int, b.split(","))))
    dx, dy = FACINGS[grid[a]["facing"]]
    ex, ey = FACINGS[grid[b]["facing"]]
    return (grid[a]["strain"] == grid[b]["strain"] and (ax + dx, ay + dy) == (bx, by)
            and (bx + ex, by + ey) != (ax, ay))


def brute_longest(grid, strain):
    tiles = [k for k in grid if grid[k]["strain"] == strain]
    edges = {a: [b for b in tiles if a != b and linked(grid, a, b)] for a in tiles}

    def longest(node, seen):
        return 1 + max((longest(n, seen | {n}) for n in edges[node] if n not in seen), default=0)

    return max((longest(t, {t}) for t in tiles), default=0)


@st.composite
def grids(draw):
    size = draw(st.integers(1, 4))
    cells = [cell(x, y) for x in range(size) for y in range(size)]
    chosen = draw(st.lists(st.sampled_from(cells), unique=True, max_size=len(cells)))
    return {k: {"strain": draw(st.sampled_from(STRAINS)), "facing": draw(st.sampled_from(sorted(FACINGS))),
                "petrified": draw(st.booleans())} for k in chosen}


@settings(max_examples=400, deadline=None)
@given(grids())
def test_the_linear_scorer_agrees_with_a_brute_force_longest_walk(grid):
    chains = best_chains(grid, STRAINS)
    succ, _ = chain_lengths(grid)
    for strain in STRAINS:
        chain = chains[strain]
        assert len(chain) == brute_longest(grid, strain)
        assert len(set(chain)) == len(chain), "a walk visits each tile once"
        assert all(succ[a] == b for a, b in zip(chain, chain[1:])), "the chain drawn is a real walk"
        assert all(grid[k]["strain"] == strain for k in chain)


def test_a_ring_of_four_vex_tiles_scores_four_and_a_tail_into_it_five():
    ring = {"0,0": "E", "1,0": "N", "1,1": "W", "0,1": "S"}
    grid = {k: {"strain": "vex", "facing": f, "petrified": False} for k, f in ring.items()}
    assert len(best_chains(grid, ["vex"])["vex"]) == 4
    grid["-1,0"] = {"strain": "vex", "facing": "E", "petrified": False}
    assert best_chains(grid, ["vex"])["vex"][0] == "-1,0"
    assert len(best_chains(grid, ["vex"])["vex"]) == 5
