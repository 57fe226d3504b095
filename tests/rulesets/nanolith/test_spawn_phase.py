"""The Spawn Pool and the Spawn Phase (nanolith.txt § The Spawn Pool, § Spawn Phase)."""

import pytest


from .conftest import types


@pytest.fixture
def spawning(table):
    table.do("set-spawn-pool", entries=["bio-mutant:1-3", "security-droid:1,2"])
    table.do("place-enemy", enemy_type="bio-mutant", standee=1, life=3)
    table.do("place-enemy", enemy_type="security-droid", standee=1, life=4)
    table.begin_round(initiative="cora")
    for c in ("cora", "ash", "vaa"):
        table.do("end-activation", character=c)
    table.do("spend-dice", character="ada", values=[4, 5, 3, 2, 6])  # her last die: 1 RT
    table.do("end-activation", character="ada")
    table.set("reinforcement_pool", 5)
    return table


def test_the_spawn_pool_lists_the_standees_off_the_map(spawning):
    assert spawning.board()["spawn_pool"] == {"bio-mutant": [2, 3], "security-droid": [2]}
    assert spawning.board()["phase"] == "spawn"


def test_reinforcements_enter_from_the_spawn_pool_and_leftover_tokens_become_stress(spawning):
    """§ Spawn Phase: "All RT accumulated in the Reinforcement Pool must have been used by the end of each
    Enemy Spawn Phase ... the player holding the Initiative Token will get as many Stress Points as excess RT"."""
    events = spawning.do("spawn", enemies=["bio-mutant:2", "security-droid:2"], tokens_spent=3)
    assert types(events) == ["ReinforcementsBought", "EnemyPlaced", "EnemyPlaced", "StressGained", "StressGained", "PhaseChanged"]
    board = spawning.board()
    assert (board["reinforcement_pool"], board["phase"], board["characters"]["cora"]["stress"]) == (0, "enemy-action", 2)
    assert board["enemies"]["bio-mutant-2"]["life"] == 3 and board["spawn_pool"] == {"bio-mutant": [3], "security-droid": []}


def test_leftover_tokens_can_bring_nanoshocks_and_unconsciousness(spawning):
    """§ Spawn Phase: "This may cause the player holding the Initiative Token to gain one or more Nanoshocks or even fall unconscious"."""
    spawning.set("characters.cora.stress", 4)
    spawning.set("characters.cora.damage", 8)
    spawning.do("spawn", enemies=[], tokens_spent=0)
    assert spawning.char("cora")["unconscious"] is True and spawning.char("cora")["nanoshocks"] == 1


def test_only_standees_in_the_spawn_pool_enter(spawning):
    """§ The Spawn Pool: "If an enemy type is no longer available in the Spawn Pool ... it can no longer come into play"."""
    assert spawning.refused("spawn", "The Spawn Pool", enemies=["bio-mutant:1"], tokens_spent=2).rule == "nanolith.txt § The Spawn Pool"
    assert spawning.refused("spawn", "The Spawn Pool", enemies=["bio-mutant:2", "bio-mutant:2"], tokens_spent=2).rule == "nanolith.txt § The Spawn Pool"
    spawning.refused("spawn", "invalid_input", enemies=["robot"], tokens_spent=0)  # no standee number


def test_tokens_spent_cannot_exceed_the_pool(spawning):
    """§ Spawn Phase: "Extra Reinforcements can only be purchased with Reinforcement Tokens accumulated in the Reinforcement Pool"."""
    assert spawning.refused("spawn", "Spawn Phase", enemies=[], tokens_spent=6).rule == "nanolith.txt § Spawn Phase"


def test_life_points_are_remembered_per_enemy_type(table):
    table.do("place-enemy", enemy_type="Bio Mutant", standee=1, life=3)
    table.do("place-enemy", enemy_type="bio-mutant", standee=2)
    assert table.board()["enemies"]["bio-mutant-2"]["life"] == 3
    table.refused("place-enemy", "invalid_input", enemy_type="boss", standee=1)
    assert table.refused("place-enemy", "The Spawn Pool", enemy_type="bio-mutant", standee=2).rule == "nanolith.txt § The Spawn Pool"
