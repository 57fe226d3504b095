"""Turns, Action Points, Saved AP, Concentrate, speeds and facing through the ruleset's actions
(nin-gonost.txt § Turn Sequence, § Saved AP, § Mobs, § Concentrating, § Speeds, § Free Rotate, § Charge)."""

import pytest

from domain.core import BadInput, RuleViolation

from .conftest import Battle


def test_one_character_at_a_time_and_its_ap_by_the_cost_table(battle):
    battle.do("walk", figure="galwen", spaces=1)
    assert battle.fig("galwen")["ap_left"] == 3
    battle.do("place-object", obj="cellar", kind="wooden-door")
    battle.do("walk", figure="galwen", spaces=1)
    battle.do("walk", figure="galwen", spaces=1)
    err = battle.refused("open-door", figure="galwen", obj="cellar")
    assert "costs 2 AP; Sir Galwen has 1 left" in str(err) and "Action AP costs" in err.rule


def test_a_second_character_waits_for_the_first_to_finish(battle):
    battle.do("end-player-turn", warband="knights")
    battle.do("walk", figure="orc-warrior", spaces=2)
    assert "has not finished its turn" in str(battle.refused("walk", figure="orc-archer", spaces=1))
    battle.do("end-turn", figure="orc-warrior")
    battle.do("walk", figure="orc-archer", spaces=1)
    assert battle.state["battle"]["active"] == "orc-archer"


def test_a_saved_ap_acts_between_opponents_actions_and_is_lost_on_the_savers_turn(battle):
    battle.do("walk", figure="galwen", spaces=1)
    battle.do("end-turn", figure="galwen", save=True)
    assert battle.fig("galwen")["saved_ap"] == 1
    battle.do("end-player-turn", warband="knights")
    battle.do("walk", figure="orc-warrior", spaces=1)
    battle.do("u-turn", figure="galwen")                 # between the warrior's actions
    assert battle.fig("galwen")["saved_ap"] == 0
    assert "Saved AP" in battle.refused("u-turn", figure="galwen").rule
    battle.do("end-player-turn", warband="orcs")
    battle.do("walk", figure="galwen", spaces=1)
    battle.do("end-turn", figure="galwen", save=True)
    battle.do("end-player-turn", warband="knights")
    battle.do("end-player-turn", warband="orcs")
    assert battle.fig("galwen")["saved_ap"] == 0         # lost when the knights' turn came again


def test_concentrate_adds_to_the_next_accuracy_roll_at_most_wil_times(battle):
    battle.do("end-player-turn", warband="knights")
    battle.do("nock-arrow", figure="orc-archer")
    assert "at most WIL 2" in str(battle.refused("concentrate", figure="orc-archer", ap=3))
    battle.do("concentrate", figure="orc-archer", ap=2)
    battle.do("shoot", figure="orc-archer", target="galwen", face="0")
    assert battle.roll["die"] == 6 and ["Concentrating", 2] in battle.roll["modifiers"]
    assert battle.fig("orc-archer")["concentration"] == 0


def test_stop_to_run_needs_a_walk_first():
    b = Battle()
    b.do("recruit", warband="squires", card_id="squire", card=["alignment=good", "ap=4"])
    b.do("recruit", warband="orcs", card_id="orc", card=["alignment=evil", "ap=4"])
    b.do("start-battle", first="squires", chooser="squires")
    err = b.refused("run", figure="squire", spaces=6)
    assert "Stop to Run" in str(err) and err.rule == "nin-gonost.txt § Speeds"
    b.do("walk", figure="squire", spaces=3)
    assert "that is a Walk" in str(b.refused("run", figure="squire", spaces=3))
    b.do("run", figure="squire", spaces=6)
    assert b.fig("squire")["assumed_speed"] == 6


def test_a_runner_moves_first_next_turn_and_may_only_stop_perilously(battle):
    battle.do("walk", figure="galwen", spaces=1)
    battle.do("run", figure="galwen", spaces=3)
    battle.do("end-turn", figure="galwen")
    battle.do("end-player-turn", warband="knights")
    battle.do("end-player-turn", warband="orcs")
    assert "is running" in str(battle.refused("u-turn", figure="galwen"))
    assert "Perilous Movement" in str(battle.refused("rotate", figure="galwen", turn="left"))
    battle.do("perilous-movement", figure="galwen", manoeuvre="stop", face="broken")
    battle.do("perilous-movement", figure="galwen", manoeuvre="stop", face="1", fate=True)
    assert battle.roll["die"] == 3                        # DEX 4, -1 for the earlier attempt
    battle.do("perilous-movement", figure="galwen", manoeuvre="pass", face="1")
    assert battle.roll["die"] == 3                        # the Perfect Success did not count
    assert battle.fig("galwen")["speed"] == "stop"


def test_no_run_right_after_a_free_rotation(battle):
    battle.do("walk", figure="galwen", spaces=1)
    battle.do("rotate", figure="galwen", turn="right")
    assert battle.fig("galwen")["facing"] == "east" and battle.fig("galwen")["ap_left"] == 3
    assert "Free Rotate" in battle.refused("run", figure="galwen", spaces=3).rule
    battle.do("walk", figure="galwen", spaces=1)
    battle.do("run", figure="galwen", spaces=3)


def test_a_charge_ends_stopped_without_a_roll(battle):
    battle.do("walk", figure="galwen", spaces=1)
    battle.do("charge", attacker="galwen", defender="orc-warrior", speed="run", attacker_roll="8", defender_roll="7")
    assert battle.roll["power"] == 11 and battle.fig("orc-warrior")["defeated"]
    assert battle.fig("galwen")["speed"] == "stop"


def test_a_charge_from_a_stop_at_run_is_refused_and_not_against_an_engaged_opponent(battle):
    assert "Stop to Run" in str(battle.refused("charge", attacker="galwen", defender="orc-archer", speed="run", attacker_roll="1", defender_roll="1"))
    battle.do("charge", attacker="galwen", defender="orc-archer", speed="walk", attacker_roll="3", defender_roll="3")
    assert battle.roll["result"] == "parry" and battle.fig("galwen")["engaged"] == ["orc-archer"]
    assert "already engaged" in str(battle.refused("charge", attacker="galwen", defender="orc-archer", speed="walk", attacker_roll="1", defender_roll="1"))


def test_higher_action_point_total_is_plus_one_per_ap():
    b = Battle()
    b.do("recruit", warband="a", card_id="galwen", card=["alignment=good"])
    b.do("recruit", warband="b", card_id="kurtz", card=["name=Kurtz", "alignment=evil", "ap=2", "fight_die=4", "fight_bonus=3", "res=9", "con=3"])
    b.do("start-battle", first="a")                          # b chooses: lower total points
    b.do("attack", attacker="galwen", defender="kurtz", attacker_roll="6", defender_roll="6")
    assert b.roll["dice"]["galwen"]["die"] == 7 and b.roll["dice"]["kurtz"]["die"] == 4


def test_a_mob_holds_its_ap_and_attacks_after_the_others_moved(battle):
    battle.do("end-player-turn", warband="knights")
    battle.do("walk", figure="orc-warrior", spaces=1)
    battle.do("end-turn", figure="orc-warrior", hold=True)
    battle.do("walk", figure="orc-archer", spaces=1)
    battle.do("end-turn", figure="orc-archer", hold=True)
    battle.do("attack", attacker="orc-warrior", defender="galwen", attacker_roll="2", defender_roll="4", attacker_modifier=[])
    assert battle.fig("orc-warrior")["held_ap"] == 2
    battle.do("end-player-turn", warband="orcs")
    assert battle.fig("orc-warrior")["held_ap"] == 0


def test_bad_shapes_are_bad_input(battle):
    with pytest.raises(BadInput):
        battle.do("walk", figure="galwen", spaces="two")
    with pytest.raises(BadInput):
        battle.do("walk", figure="Sir Galwen!", spaces=1)
    with pytest.raises(RuleViolation):
        battle.do("walk", figure="galwen", spaces=2)
