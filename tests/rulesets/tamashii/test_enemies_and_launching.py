"""Attached Enemies, Damage, Hacks and Repels (tamashii.txt § Attaching Enemies, § Damaging and defeating
Enemies, § Launching Patterns)."""

import pytest


@pytest.fixture
def launching(box):
    """Geohunt, red alone, in its Launch step with red red blue blue green on the Launcher and 2 Enemies."""
    box.play_prologue_and_lose("red")
    box.do("start-scenario", scenario="geohunt", boards=["red"])
    box.do("refill-launcher", board="red", tokens=["red", "red", "blue", "blue", "green"])
    box.do("draw-enemies", board="red", enemies=["Firecleaner", "Catcher:8"])
    box.do("end-phase")
    box.do("move", board="red", tile=5, entry=1)
    return box


def test_new_enemies_go_under_the_stack_and_the_first_is_the_top_enemy(launching):
    launching.do("draw-enemies", board="red", enemies=["Z.O.E.:8"])
    assert [e["name"] for e in launching.board("red")["enemies"]] == ["Firecleaner", "Catcher", "Z.O.E."]
    assert launching.board("red")["top_enemy"] == "Firecleaner"


def test_launching_from_an_enemy_that_is_not_the_top_enemy_is_refused(launching):
    refusal = launching.refused("launch-hack", board="red", tokens=["red"], enemy="Catcher", damage=2)
    assert "Top Enemy" in refusal.reason


def test_a_hack_damages_the_top_enemy_and_the_markers_stay(launching):
    launching.do("launch-hack", board="red", tokens=["red"], enemy="Firecleaner", damage=4)
    assert launching.board("red")["enemies"][0]["damage"] == 4
    launching.refused("launch-hack", "Launching Patterns", board="red", tokens=["red"], damage=1)  # that Hack was launched this step
    launching.do("launch-hack", board="red", tokens=["red"], hack="second", damage=1)
    assert launching.board("red")["enemies"][0]["damage"] == 5


def test_defeat_gives_1_exp_and_excess_damage_is_lost(launching):
    launching.do("deal-damage", board="red", amount=15)
    red = launching.board("red")
    assert red["exp"] == 1 and red["top_enemy"] == "Catcher" and red["enemies"][0]["damage"] == 0
    assert launching.view()["enemy_discard"] == ["Firecleaner"]


def test_repel_discards_the_top_enemy_without_exp_and_may_give_corrupted_data(launching):
    launching.do("launch-repel", board="red", tokens=["blue", "blue"], corrupted=1)
    red = launching.board("red")
    assert red["exp"] == 0 and red["top_enemy"] == "Catcher" and red["data"]["dump"]["corrupted"] == 1
    assert launching.view()["corrupted_pool"] == 3


def test_patterns_need_their_tokens_on_the_launcher_and_never_corrupted_data(launching):
    launching.refused("launch-basic-pattern", "Launching Patterns", board="red", pattern="power", tokens=["yellow"])
    launching.do("gain-data", board="red", tokens=["corrupted"])
    launching.refused("launch-basic-pattern", "Launching Patterns", board="red", pattern="power", tokens=["corrupted"])


def test_a_longer_and_a_regular_asset_pattern_count_as_one_pattern_per_launch_step(launching):
    launching.do("launch-basic-pattern", board="red", pattern="memory", tokens=["red", "red", "blue"], longer=True)
    assert launching.board("red")["assets"]["memory"] == 2
    launching.refused("launch-basic-pattern", "Launching Patterns", board="red", pattern="memory", tokens=["blue"])
    launching.do("launch-basic-pattern", board="red", pattern="exp", tokens=["blue", "green"])


def test_corrupted_data_on_the_launcher_is_dumped_at_the_end_of_the_launch_step(launching):
    launching.do("gain-data", board="red", tokens=["corrupted"])
    bag = ["blue", "green", "green", "yellow", "yellow", "yellow", "red", "red"]
    launching.do("prepare", board="red", tokens=[*bag, "corrupted"])  # the 9th comes from the refilled Bag
    assert launching.board("red")["data"]["launcher"]["corrupted"] == 1
    launching.do("end-phase")
    red = launching.board("red")
    assert "corrupted" not in red["data"]["launcher"] and red["data"]["dump"]["corrupted"] == 1


def test_launching_needs_the_move_and_trace_step_first(box):
    box.play_prologue_and_lose("red")
    box.do("start-scenario", scenario="geohunt", boards=["red"])
    box.do("refill-launcher", board="red", tokens=["red", "red"])
    box.do("end-phase")
    box.refused("launch-basic-pattern", "Action phase", board="red", pattern="shield", tokens=["red"])
    box.refused("use-district-effect", "Action phase", board="red")
