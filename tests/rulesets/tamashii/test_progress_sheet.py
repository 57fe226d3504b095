"""The Progress sheet and the Locked / Unlocked Pools (tamashii.txt § Ending the game & using the PROGRESS
sheet, § Before your first game, § Locked vs Unlocked components)."""

from domain.core.errors import BadInput
from domain.rulesets.tamashii.vocabulary import scenarios


def test_the_sheet_lists_every_scenario_with_its_ending_codes(box):
    progress = box.view("progress")["scenarios"]
    assert progress["prologue"]["endings"] == {"A06": False}
    assert progress["shinigami"]["endings"] == {"S12": False, "S13": False, "S14": False, "S15": False}
    assert progress["the-ascend"]["endings"] == {"G18": False, "G19": False}
    assert len(progress) == 11


def test_a_scenario_before_the_prologue_is_refused_and_nothing_is_stored(box):
    refusal = box.refused("start-scenario", "Before your first game", scenario="geohunt", boards=["red"])
    assert refusal.rule == "tamashii.txt § Before your first game"
    assert box.view("progress")["playable"] == ["prologue"]


def test_the_ascend_is_refused_until_every_other_scenario_has_a_tick(box):
    box.play_prologue_and_lose("red")
    box.refused("start-scenario", "Before your first game", scenario="The Ascend (Final)", boards=["red"], mode="coop", trace_top=10)
    for sid, sheet in scenarios().items():
        if sid in ("the-ascend",):
            continue
        box.do("start-scenario", scenario=sid, boards=["red"], mode="coop", trace_top=10, enemy_deck=["1:2xP"], corrupted_data="4",
               first_card="X01")
        box.do("draw-victory-card", card=sheet["endings"][-1])
        if sid != "access-denied":
            assert box.view("progress")["scenarios"]["the-ascend"]["playable"] is False
    assert box.view("progress")["scenarios"]["the-ascend"]["playable"] is True
    box.do("start-scenario", scenario="the-ascend", boards=["red"], mode="coop", trace_top=10, enemy_deck=["3:all"],
           corrupted_data="2xP", first_card="G01")
    assert box.view()["title"] == "The Ascend (Final)"


def test_a_win_ticks_the_code_of_the_ending_reached_and_only_an_ending_of_that_scenario(prologue):
    prologue.refused("draw-victory-card", "Ending the game & using the PROGRESS sheet", card="E08")
    prologue.do("draw-victory-card", card="a06")
    assert prologue.view("progress")["scenarios"]["prologue"]["endings"] == {"A06": True}
    assert prologue.view("progress")["played"] == [{"scenario": "prologue", "outcome": "won", "card": "A06"}]


def test_a_lost_scenario_ticks_nothing_but_counts_as_played(prologue):
    prologue.do("draw-scenario-lost-card", card="A07", unlock=["B01"])
    progress = prologue.view("progress")
    assert progress["prologue_played"] is True and progress["scenarios"]["prologue"]["checked"] is False
    assert prologue.view("unlocks") == {"locked": [], "unlocked": ["B01"]}


def test_cards_move_components_between_the_pools_both_ways(box):
    box.do("lock-components", codes=["EF1", "P05"], card="unboxing guide")
    box.do("start-scenario", scenario="prologue", boards=["red"], mode="coop")
    box.do("draw-victory-card", card="A06", unlock=["EF1", "Z01"], lock=["C03"])
    assert box.view("unlocks") == {"locked": ["C03", "P05"], "unlocked": ["EF1", "Z01"]}


def test_unlocking_an_already_unlocked_component_repeats_harmlessly(box):
    box.do("unlock-components", codes=["EF1"])
    result = box.do("unlock-components", codes=["EF1", "EF2"])
    assert result.events[0]["data"] == {"codes": ["EF2"], "already": ["EF1"], "card": "BY HAND"}


def test_x00_components_are_never_locked(box):
    box.refused("lock-components", "Locked vs Unlocked components", codes=["A00"])


def test_setup_draws_only_unlocked_components(box):
    box.do("lock-components", codes=["E05"])
    box.geohunt("red")
    box.refused("draw-enemies", "Locked vs Unlocked components", board="red", enemies=["E05"], effect="E07")
    box.refused("draw-scenario-card", "Locked vs Unlocked components", code="E05")


def test_starting_from_scratch_clears_the_sheet_and_the_pools(box):
    box.do("start-scenario", scenario="prologue", boards=["red"], mode="coop")
    box.refused("start-from-scratch", "Ending the game & using the PROGRESS sheet")
    box.do("draw-victory-card", card="A06", unlock=["P01"])
    box.do("start-from-scratch")
    progress = box.view("progress")
    assert progress["scenarios"]["prologue"]["endings"] == {"A06": False}
    assert progress["playable"] == ["prologue"]
    assert box.view("unlocks") == {"locked": [], "unlocked": []}


def test_a_second_scenario_cannot_start_while_one_is_played(prologue):
    prologue.refused("start-scenario", "Scenarios", scenario="prologue", boards=["red"], mode="coop")


def test_one_board_must_say_solo_or_coop(box):
    """§ Solo Mode: one player plays with J.O.R.D.A.N. BOT, or a 1-player co-op game without it: ask."""
    box.play_prologue_and_lose("red")
    refusal = box.refused("start-scenario", "invalid_input", scenario="geohunt", boards=["red"], trace_top=10)
    assert "--mode solo" in refusal.message
    box.do("start-scenario", scenario="geohunt", boards=["red"], trace_top=10, mode="solo")
    assert box.view()["bot"]["battery"] == 5


def test_a_scenario_with_a_trace_track_needs_its_top_space(box):
    """§ Trace: the top space (printed on the Player Boards) attaches 2 Enemies: Questlog must know it."""
    box.play_prologue_and_lose("red", "blue")
    refusal = box.refused("start-scenario", "invalid_input", scenario="geohunt", boards=["red", "blue"])
    assert "--trace-top" in refusal.message
