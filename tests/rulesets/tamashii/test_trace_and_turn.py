"""Trace and the turn's structure (tamashii.txt § Trace, § Turn order)."""

import pytest


def _to_action(table, *boards):
    for board in boards:
        table.do("refill-launcher", board=board, tokens=["red", "red"])
    table.do("end-phase")


def test_the_top_space_of_the_trace_track_attaches_2_enemies_and_sets_trace_to_0(box):
    box.geohunt("red", "blue", trace_top=8)
    box.do("increase-trace", board="red", amount=7)
    box.do("increase-trace", board="red", amount=3)
    red = box.board("red")
    assert (red["trace"], red["enemies_due"]) == (0, 2)
    refusal = box.refused("end-phase", "Attaching Enemies")
    assert "draw-enemies" in refusal.reason
    box.do("draw-enemies", board="red", enemies=["Firecleaner", "Catcher"])
    _to_action(box, "red", "blue")


def test_the_trace_roll_is_skipped_on_the_first_turn_then_each_basic_symbol_attaches_an_enemy(geohunt):
    geohunt.refused("trace-roll", "Planning phase", board="red", dice=["basic"])
    _to_action(geohunt, "red", "blue")
    geohunt.do("move", board="red", tile=5, entry=1)
    geohunt.do("end-phase")
    geohunt.do("stay", board="blue", stationary=2)
    geohunt.do("end-phase")  # the Combat phase, where nobody has an Enemy, passes by itself
    assert geohunt.view()["phase"] == "quest"
    geohunt.do("end-phase")
    assert geohunt.view()["turn"] == 2 and geohunt.view()["first_player"] == "blue"
    geohunt.do("increase-trace", board="red", amount=3)
    geohunt.do("trace-roll", board="blue", dice=["rare", "blank"])
    geohunt.do("trace-roll", board="red", dice=["basic", "rare", "basic"])
    red = geohunt.board("red")
    assert (red["trace"], red["enemies_due"]) == (0, 2)
    assert geohunt.board("blue")["trace"] == 2


def test_the_planning_steps_come_in_order(geohunt):
    geohunt.refused("program", "Planning phase", board="red", moves=2, pro=3)  # step 3 comes after step 2
    geohunt.do("refill-launcher", board="red", tokens=["red"])
    geohunt.do("program", board="red", moves=2, pro=3)
    geohunt.refused("refill-launcher", "Planning phase", board="red", tokens=["red"])


def test_action_and_combat_phases_go_in_order_from_the_first_player(geohunt):
    geohunt.refused("end-phase", "Planning phase")  # nobody refilled
    _to_action(geohunt, "red", "blue")
    geohunt.refused("move", "Turn order", board="blue", tile=1, entry=0)
    geohunt.do("move", board="red", tile=5, entry=1)
    geohunt.refused("move", "Action phase", board="red", tile=6, entry=1)
    geohunt.do("draw-enemies", board="red", enemies=["Catcher:8"], effect="a Scenario card")
    geohunt.do("end-phase")
    assert geohunt.view()["active"] == "blue"
    geohunt.do("stay", board="blue", stationary=2)
    assert geohunt.board("blue")["trace"] == 2
    geohunt.do("end-phase")
    assert (geohunt.view()["phase"], geohunt.view()["active"]) == ("combat", "red")
    geohunt.refused("end-phase", "Combat phase")  # red has an attached Enemy: the Attack Roll is owed
    geohunt.refused("attack-roll", "Turn order", board="blue", dice=["basic"], number="1", symbol="basic")


def test_a_face_down_tile_stops_you_and_is_revealed_with_its_exploration_token(box):
    box.do("start-scenario", scenario="prologue", boards=["red"], mode="coop")
    box.do("refill-launcher", board="red", tokens=["red"])
    box.do("end-phase")
    box.refused("move", "Movement & Revealing District tiles", board="red", tile=3)
    box.do("explore", board="red", tile=3, name="Damaged District", entry=1, stationary=2, exploration="power")
    assert box.board("red")["assets"]["power"] == 1 and box.board("red")["tile"] == 3
    assert box.view()["map"]["3"]["revealed"] is True


def test_the_solo_bot_spends_a_battery_per_step_and_leaves_at_0(box):
    box.play_prologue_and_lose("red")
    box.refused("start-scenario", "Solo Mode", scenario="geohunt", boards=["red", "blue"], mode="solo", trace_top=10)
    box.do("start-scenario", scenario="geohunt", boards=["red"], mode="solo", trace_top=10)
    assert box.view()["bot"]["battery"] == 5
    box.do("use-jordan-bot", board="red", step="upgrade")
    box.refused("use-jordan-bot", "Solo Mode", board="red", step="upgrade")
    for step in ("a", "b", "c"):
        box.do("use-jordan-bot", board="red", step=step)
    box.do("use-jordan-bot", board="red", step="d")
    assert box.view()["bot"]["removed"] is True
    box.refused("use-jordan-bot", "Solo Mode", board="red", step="e")
    assert box.view()["bot"]["tile"] is None  # "discard its card and J.O.R.D.A.N. Bot's Character from the map"


def test_evolve_never_mutates_its_input_and_an_event_that_does_not_fit_is_loud(prologue):
    import copy

    from domain.core import get_ruleset
    from domain.core.kit import EvolveError
    from domain.rulesets.tamashii import events as ev

    state = prologue.app.get_campaign(prologue.cid).state
    frozen = copy.deepcopy(state)
    after = get_ruleset("tamashii").evolve(state, ev.AssetChanged(board="red", asset="shield", how="gained", change=1, value=1))
    assert after["play"]["boards"]["red"]["assets"]["shield"] == 1
    with pytest.raises(EvolveError, match="applying TraceChanged failed: KeyError: 'nobody'"):
        get_ruleset("tamashii").evolve(state, ev.TraceChanged(board="nobody", trace=1, why="unknown board"))
    assert state == frozen
