"""Attached Enemies, Damage, Hacks and Repels (tamashii.txt § Attaching Enemies, § Damaging and defeating
Enemies, § Launching Patterns)."""

import pytest

from domain.core.errors import BadInput


@pytest.fixture
def launching(box):
    """Geohunt, red alone, in its Launch step with red red blue blue green on the Launcher and 2 Enemies."""
    box.geohunt("red")
    box.do("refill-launcher", board="red", tokens=["red", "red", "blue", "blue", "green"])
    box.do("draw-enemies", board="red", enemies=["Firecleaner", "Catcher:8"], effect="E01")
    box.do("end-phase")
    box.do("move", board="red", tile=5, entry=1)
    return box


def test_new_enemies_go_under_the_stack_and_the_first_is_the_top_enemy(launching):
    launching.do("draw-enemies", board="red", enemies=["Z.O.E.:8"], effect="E07")
    assert [e["name"] for e in launching.board("red")["enemies"]] == ["Firecleaner", "Catcher", "Z.O.E."]
    assert launching.board("red")["top_enemy"] == "Firecleaner"


def test_launching_from_an_enemy_that_is_not_the_top_enemy_is_refused(launching):
    refusal = launching.refused("launch-hack", "Attaching Enemies", board="red", tokens=["red", "red"], enemy="Catcher", damage=2)
    assert "Top Enemy" in refusal.reason


def test_a_hack_damages_the_top_enemy_and_the_markers_stay(launching):
    launching.do("launch-hack", board="red", tokens=["red", "red"], enemy="Firecleaner", damage=4)
    assert launching.board("red")["enemies"][0]["damage"] == 4
    launching.refused("launch-hack", "Launching Patterns", board="red", tokens=["blue", "blue"], damage=1)  # that Hack was launched this step
    launching.do("launch-hack", board="red", tokens=["blue", "blue"], hack="second", damage=1)
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
    launching.refused("launch-basic-pattern", "Launching Patterns", board="red", pattern="power", tokens=["yellow", "yellow"])
    launching.do("gain-data", board="red", tokens=["corrupted"])
    launching.refused("launch-basic-pattern", "Launching Patterns", board="red", pattern="power", tokens=["corrupted", "red"])


def test_a_longer_and_a_regular_asset_pattern_count_as_one_pattern_per_launch_step(launching):
    launching.do("launch-basic-pattern", board="red", pattern="memory", tokens=["red", "red", "blue"], longer=True)
    assert launching.board("red")["assets"]["memory"] == 2
    launching.refused("launch-basic-pattern", "Launching Patterns", board="red", pattern="memory", tokens=["blue", "green"])
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
    box.geohunt("red")
    box.do("refill-launcher", board="red", tokens=["red", "red"])
    box.do("end-phase")
    box.refused("launch-basic-pattern", "Action phase", board="red", pattern="shield", tokens=["red", "red"])
    box.refused("use-district-effect", "Action phase", board="red")


def test_a_pattern_is_an_arrangement_of_2_tokens_or_more_and_a_longer_one_of_3_or_more(launching):
    """§ Programming, Patterns & Launching ("These arrangements are called Patterns"); § Basic Patterns."""
    launching.refused("launch-basic-pattern", "Programming, Patterns & Launching", board="red", pattern="memory", tokens=["red"])
    launching.refused("launch-basic-pattern", "Basic Patterns", board="red", pattern="memory", tokens=["red", "red"], longer=True)
    launching.do("launch-basic-pattern", board="red", pattern="memory", tokens=["red", "red"])
    assert launching.board("red")["assets"]["memory"] == 1


def test_enemies_drawn_carry_the_level_of_the_deck_segment_they_came_from(box):
    """§ Enemy deck setup: Geohunt with 2 players is 4 LVL 1 on top, then 6 LVL 2, then all LVL 3."""
    box.geohunt("red", "blue")
    box.do("draw-enemies", board="red", enemies=["Firecleaner", "Catcher:8", "Hunter:6"], effect="E07")
    box.do("draw-enemies", board="blue", enemies=["Z.O.E.:8", "Scanning bot:5"], effect="E07")
    assert [e["level"] for e in box.board("red")["enemies"]] == [1, 1, 1]
    assert [e["level"] for e in box.board("blue")["enemies"]] == [1, 2]
    assert box.view()["enemy_deck"] == [{"level": 2, "cards": 5}, {"level": 3, "cards": None}]


def test_an_enemy_needs_an_integrity_of_at_least_1(launching):
    launching.refused("draw-enemies", "invalid_input", board="red", enemies=["X:0"], effect="E07")


def test_the_enemy_number_die_shows_1_2_3_or_blank(box):
    """§ Most important icons (eight-sided), card C12 (results 1, 2, 3, blank)."""
    box.geohunt("red")
    box.do("refill-launcher", board="red", tokens=["red", "red"])
    box.do("draw-enemies", board="red", enemies=["Catcher:8"], effect="E07")
    box.do("end-phase")
    box.do("move", board="red", tile=5, entry=1)
    box.do("end-phase")
    box.refused("attack-roll", "invalid_input", board="red", number="4", symbol="basic", dice=["basic"])
    box.refused("attack-roll", "invalid_input", board="red", number="8", symbol="basic", dice=["basic"])
