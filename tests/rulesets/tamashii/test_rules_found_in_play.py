"""Rules a group broke in play (issue 20), each reproduction with the value the rulebook gives
(tamashii.txt § Turn order, § Trace, § RESET, § Solo Mode, § Scenario sheets, § TESTS...)."""

import pytest

from domain.core.errors import BadInput, SealedHistory


@pytest.fixture
def turn1(box):
    """2-player Geohunt after a won Prologue, setup done, both Launchers refilled: red's Move & Trace."""
    box.do("start-scenario", scenario="prologue", boards=["red", "blue"])
    box.do("draw-victory-card", card="A06")
    box.do("start-scenario", scenario="geohunt", boards=["red", "blue"], trace_top=10)
    box.finish_setup("red", "blue")
    for board in ("red", "blue"):
        box.do("refill-launcher", board=board, tokens=["red", "red", "blue"])
    box.do("end-phase")
    return box


def _to_turn_2(table, red_tile=5):
    table.do("move", board="red", tile=red_tile, entry=1)
    table.do("end-phase")
    table.do("stay", board="blue", stationary=2)
    table.do("end-phase")
    table.do("end-phase")


def test_a_player_at_integrity_0_does_nothing_until_the_reset(turn1):
    """§ Combat phase 3b-II: "The player's ITG drops to 0. When this happens, resolve reset immediately"."""
    turn1.do("move", board="red", tile=5, entry=1)
    turn1.do("draw-enemies", board="red", enemies=["Catcher:8"], effect="E07")
    turn1.do("end-phase")
    turn1.do("stay", board="blue", stationary=2)
    turn1.do("end-phase")
    turn1.do("attack-roll", board="red", number="1", symbol="basic", dice=["basic", "basic"])
    turn1.do("activate-frame", board="red", frame="Walker 1", indexes=[0], damage=1)
    turn1.do("activate-enemy-frame", board="red", wounds=5)
    turn1.refused("activate-frame", "RESET", board="red", frame="Walker 2", indexes=[1], damage=5)
    assert turn1.board("red")["enemies"][0]["damage"] == 1 and turn1.board("red")["exp"] == 0
    turn1.do("reset", board="red", result="keep-body")
    assert (turn1.view()["phase"], turn1.board("red")["integrity"]) == ("quest", 5)


def test_a_reroll_in_the_trace_roll_step_counts(turn1):
    """§ Reroll: usable in "Your Trace Roll step"; the rerolled blank attaches nothing, Trace stays."""
    _to_turn_2(turn1)
    turn1.do("gain", board="red", asset="reroll", amount=1)
    turn1.do("trace-roll", board="blue", dice=["blank", "blank"])
    turn1.do("trace-roll", board="red", dice=["basic"])
    assert (turn1.board("red")["enemies_due"], turn1.board("red")["trace"]) == (1, 0)
    turn1.do("reroll", board="red", dice=["blank"], indexes=[0])
    assert (turn1.board("red")["enemies_due"], turn1.board("red")["trace"]) == (0, 1)


def test_enemies_are_drawn_from_the_first_player_and_only_as_many_as_owed(turn1):
    """§ Planning phase: "you should draw Enemies starting with the First Player"; § Trace: 1 per symbol."""
    _to_turn_2(turn1)
    assert turn1.view()["first_player"] == "blue"
    turn1.do("trace-roll", board="blue", dice=["basic", "blank"])
    turn1.do("trace-roll", board="red", dice=["basic"])
    turn1.refused("draw-enemies", "Planning phase", board="red", enemies=["Z.O.E.:8"])
    turn1.refused("draw-enemies", "Trace", board="blue", enemies=["Catcher:8", "Hunter:6"])
    turn1.do("draw-enemies", board="blue", enemies=["Catcher:8"])
    turn1.do("draw-enemies", board="red", enemies=["Z.O.E.:8"])
    turn1.refused("draw-enemies", "Attaching Enemies", board="red", enemies=["Hunter:6"])
    assert [len(turn1.board(b)["enemies"]) for b in ("blue", "red")] == [1, 1]


def test_a_turn_takes_no_end_phase_for_a_phase_with_nothing_to_do(turn1):
    """§ Combat phase: "If a player doesn't have any attached Enemies, they must skip the Combat phase"."""
    turn1.refused("end-phase", "Movement & Revealing District tiles")  # red's Move & Trace is owed: "you are obliged to increase your Trace"
    turn1.do("move", board="red", tile=5, entry=1)
    turn1.do("end-phase")
    turn1.do("stay", board="blue", stationary=2)
    turn1.do("end-phase")
    assert turn1.view()["phase"] == "quest"
    turn1.do("end-phase")
    turn1.refused("refill-launcher", "Planning phase", board="blue", tokens=["red"])  # the Trace Roll at Trace 2 comes first
    assert [o["do"] for o in turn1.view("turn")["obligations"]] == ["trace-roll", "refill-launcher", "trace-roll", "refill-launcher"]


def test_tile_trace_values_are_typed_once_and_a_different_value_is_refused(turn1):
    """§ District tiles: each tile prints one Entry and one Stationary Trace value."""
    turn1.do("move", board="red", tile=5, entry=1)
    turn1.do("end-phase")
    turn1.do("stay", board="blue", stationary=2)
    turn1.do("end-phase")
    turn1.do("end-phase")
    assert turn1.view()["map"]["1"]["stationary"] == 2 and turn1.view()["map"]["5"]["entry"] == 1
    for board in ("blue", "red"):
        turn1.do("trace-roll", board=board, dice=["blank"])
        turn1.do("refill-launcher", board=board, tokens=[])
    turn1.do("end-phase")
    turn1.refused("stay", "District tiles", board="blue", stationary=1)
    turn1.do("stay", board="blue")
    assert turn1.board("blue")["trace"] == 4


def test_a_faction_augment_drawn_at_a_hideout_seals(turn1):
    """§ Acquiring Augments: "draw 1 Augment from the respective Faction's Augment deck" (a shuffled deck)."""
    turn1.do("move", board="red", tile=5, entry=1)
    turn1.do("use-district-effect", board="red")
    turn1.do("gain-augment", board="red", kind="faction", name="Seeker stim")
    with pytest.raises(SealedHistory):
        turn1.app.undo(turn1.cid)
    assert turn1.board("red")["augments"][-1]["name"] == "Seeker stim"


def test_a_group_test_is_contributed_to_in_order_from_its_initiator(box):
    """§ TESTS: "in order, starting from the player who initiates the Test"; taking part is optional."""
    box.do("start-scenario", scenario="prologue", boards=["red", "blue", "green"])
    for board in ("red", "blue", "green"):
        box.do("refill-launcher", board=board, tokens=["red", "blue", "green"])
    box.do("perform-test", board="blue", data="green", successes="3", group=True)
    box.refused("contribute-to-test", "TESTS", board="red", dice=["basic"])
    box.do("contribute-to-test", board="blue", dice=["rare"])
    box.refused("contribute-to-test", "TESTS", board="red", dice=["basic"])
    box.do("contribute-to-test", board="green", dice=[])  # green passes
    box.do("contribute-to-test", board="red", dice=["basic"])
    assert box.view()["test"]["successes"] == 3


def test_the_turn_view_says_who_must_do_what(turn1):
    turn = turn1.view("turn")
    assert (turn["phase"], turn["active"], turn["order"]) == ("action", "red", ["red", "blue"])
    assert turn["obligations"][0]["do"] == "move / stay / explore"
    assert turn["next"].startswith("red: move / stay / explore")


def test_the_enemy_number_die_accepts_no_ninth_face(turn1):
    turn1.do("move", board="red", tile=5, entry=1)
    turn1.do("draw-enemies", board="red", enemies=["Catcher:8"], effect="E07")
    turn1.do("end-phase")
    turn1.do("stay", board="blue", stationary=2)
    turn1.do("end-phase")
    turn1.refused("attack-roll", "invalid_input", board="red", number="8", symbol="basic", dice=["basic"])


def test_only_an_action_that_revealed_something_seals(turn1):
    """DESIGN § Undo 9: a Refill that drew nothing, or a Class Augment a card names, seals nothing."""
    turn1.do("move", board="red", tile=5, entry=1)
    turn1.do("end-phase")
    turn1.do("stay", board="blue", stationary=2)
    turn1.do("end-phase")
    turn1.do("end-phase")
    turn1.do("trace-roll", board="blue", dice=["blank"])
    turn1.do("gain-augment", board="blue", kind="class", name="Whisperer 3")
    turn1.do("refill-launcher", board="blue", tokens=[])
    turn1.app.undo(turn1.cid)
    turn1.app.undo(turn1.cid)
    assert turn1.board("blue")["augments"][-1]["name"] != "Whisperer 3"
    with pytest.raises(SealedHistory):
        turn1.app.undo(turn1.cid)  # the Trace Roll


def test_a_player_who_reset_skips_the_rest_of_the_phase_and_their_part_passes_by_itself(turn1):
    """§ RESET: "The player who resolved reset skips all other activities for the current Turn phase"."""
    turn1.do("move", board="red", tile=5, entry=1)
    turn1.do("lose-integrity", board="blue", amount=5)  # an effect brings blue to 0 in red's Action part
    turn1.refused("end-phase", "RESET")
    turn1.do("reset", board="blue", result="keep-body")
    turn1.do("end-phase")  # blue's Action part and the empty Combat phase pass by themselves
    assert (turn1.view()["phase"], turn1.board("blue")["tile"]) == ("quest", 1)
