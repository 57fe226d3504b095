"""Large models at the Spawn Points (nanolith.txt § Spawn Phase: "If a space is full, the D6 has to be rolled again,
unless the enemy is a large model (40 mm base)"; "small enemies can be placed within a range of A1 in line of sight
from any Spawn Points that are already occupied by a large model"; § Large Enemies: "If a Spawn Point is blocked by a
large model, the dice are not rerolled for enemies entering the Encounter Map; instead, the enemies are displaced")."""

import pytest

from domain.rulesets.nanolith.content import packs_from_files

from .conftest import Table

OURS = b"pack: ours\nversion: 1\nenemies:\n  crusher:\n    name: Crusher\n    life: 6\n    large: true\n"
"""A users' pack with a large enemy type (the shipped pack marks none: nanolith.txt prints no large enemy's card)."""


def _to_spawn(table, pool):
    table.do("set-spawn-pool", entries=pool)
    table.begin_round(initiative="cora")
    for c in ("cora", "ashitaka", "vaa-lith", "ada"):
        table.do("end-activation", character=c)
    assert table.board()["phase"] == "spawn"


@pytest.fixture
def packed():
    """An Encounter whose content packs say the Crusher is a large model; no Crusher placed yet."""
    t = Table({"content": packs_from_files([("ours.yaml", OURS)])})
    t.do("start-encounter", name="Large")
    _to_spawn(t, ["crusher:1-2", "bio-mutant:1-3"])
    return t


@pytest.fixture
def declared(table):
    """An Encounter whose rules name the Crusher large (set-encounter-rules --large)."""
    table.do("set-encounter-rules", large=["Crusher"])
    _to_spawn(table, ["crusher:1-2", "bio-mutant:1-3"])
    return table


@pytest.mark.parametrize("fixture", ["packed", "declared"])
def test_the_first_large_model_of_an_encounter_is_not_rolled_again(fixture, request):
    """§ Spawn Phase: "unless the enemy is a large model": the Crusher's 4 that hit a full space stands, even though no
    Crusher was placed before in this Encounter (the figures come from the pack, or the Encounter's rules)."""
    t = request.getfixturevalue(fixture)
    refusal = t.refused("spawn", "Spawn Phase", enemies=["crusher:1:6"], tokens_spent=0, spawn_rolls=[4, 2], rerolled=[1])
    assert "crusher-1 is a large model" in refusal.message and "placed on Spawn Point 4" in refusal.message
    events = t.do("spawn", enemies=["crusher:1:6"], tokens_spent=0, spawn_rolls=[4])
    assert events[-1].placements == {"crusher-1": 4} and events[-1].large == ["crusher-1"]
    assert t.board()["enemies"]["crusher-1"]["on_spawn_point"] == 4


def test_a_standard_enemy_on_a_large_models_spawn_point_is_placed_nearby_not_rolled_again(packed):
    """§ Large Enemies: the Crusher placed on 3 in this Spawn Phase blocks 3; the Bio-Mutant's 3 is not rerolled."""
    refusal = packed.refused("spawn", "Large Enemies", enemies=["crusher:1:6", "bio-mutant:1:3"], tokens_spent=0,
                             spawn_rolls=[3, 3, 5], rerolled=[2])
    assert "Spawn Point 3 is blocked by the large model crusher-1" in refusal.message and "bio-mutant-1" in refusal.message
    events = packed.do("spawn", enemies=["crusher:1:6", "bio-mutant:1:3"], tokens_spent=0, spawn_rolls=[3, 3])
    assert (events[-1].large, events[-1].displaced) == (["crusher-1"], ["bio-mutant-1"])
    enemies = packed.board()["enemies"]
    assert (enemies["crusher-1"]["spawn_point"], enemies["bio-mutant-1"]["spawn_point"]) == (3, 3)
    # "the enemies are displaced to a space within a range of A1": the Bio-Mutant entered by 3 but does not stand on it
    assert (enemies["crusher-1"]["on_spawn_point"], enemies["bio-mutant-1"]["on_spawn_point"]) == (3, None)
    assert packed.ruleset.describe(events[-1]) == "Spawn Points: crusher-1 on 3, bio-mutant-1 within A1 of 3"


def test_a_large_model_from_an_earlier_round_still_on_its_spawn_point_blocks_it(packed):
    """The Crusher entered on 2 in Round 1 and was Paralyzed (it never activated): in Round 2 a Bio-Mutant's 2 is not
    rolled again. A model on a full space that is not a large model's is rolled again (§ Spawn Phase)."""
    packed.do("spawn", enemies=["crusher:1:6", "bio-mutant:1:3"], tokens_spent=0, spawn_rolls=[2, 5])
    packed.do("give-effect", target="crusher-1", effect="paralyzed")
    packed.do("activate-enemy", enemy="crusher-1")
    packed.do("activate-enemy", enemy="bio-mutant-1", target="cora", candidates=["cora:2"])
    _next_spawn(packed)
    assert packed.board()["enemies"]["crusher-1"]["on_spawn_point"] == 2
    assert packed.board()["enemies"]["bio-mutant-1"]["on_spawn_point"] is None  # it activated: perhaps moved
    packed.refused("spawn", "Large Enemies", enemies=["bio-mutant:2:3"], tokens_spent=0, spawn_rolls=[2, 6], rerolled=[1])
    events = packed.do("spawn", enemies=["bio-mutant:2:3"], tokens_spent=0, spawn_rolls=[5, 6], rerolled=[1])
    assert events[-1].placements == {"bio-mutant-2": 6} and events[-1].displaced == []


def test_a_large_model_placed_on_a_spawn_point_displaces_the_models_there(packed):
    """§ Spawn Phase: "A large model may be placed in the space and all other models (including large models) will
    then be displaced to adjacent spaces": the Bio-Mutant on 4 no longer stands on it."""
    packed.do("spawn", enemies=["bio-mutant:1:3", "crusher:1:6"], tokens_spent=0, spawn_rolls=[4, 4])
    enemies = packed.board()["enemies"]
    assert (enemies["bio-mutant-1"]["on_spawn_point"], enemies["crusher-1"]["on_spawn_point"]) == (None, 4)
    assert enemies["bio-mutant-1"]["spawn_point"] == 4


def _next_spawn(t):
    t.begin_round(initiative="cora")
    for c in ("cora", "ashitaka", "vaa-lith", "ada"):
        t.do("end-activation", character=c)


def test_events_stored_before_large_models_were_recorded_still_replay(table):
    """A persisted contract: SpawnPointsRolled and EncounterRulesSet stored without ``large`` load with none."""
    ruleset = table.ruleset
    rolled = ruleset.event_from_data("SpawnPointsRolled", {"placements": {"bio-mutant-1": 4}, "rerolled": [2]})
    rules = ruleset.event_from_data("EncounterRulesSet", {"encounter": None, "special_rules": None, "victory": None,
                                                          "game_over": None, "bleeding_defense": {}, "hacked_profile": None,
                                                          "reinforcements": None})
    assert rolled.large == [] and rolled.displaced == [] and rules.large == [] and rules.bosses == {}
    table.do("place-enemy", enemy_type="bio-mutant", standee=1, life=3)
    after = ruleset.evolve(table.state, rolled)
    assert (after["enemies"]["bio-mutant-1"]["spawn_point"], after["enemies"]["bio-mutant-1"]["on_spawn_point"]) == (4, 4)
