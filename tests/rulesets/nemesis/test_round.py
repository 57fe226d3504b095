"""The round and Fire's Wound (nemesis.txt § Fire Marker): 2 Actions, or 1 Action and passing, or passing;
1 Light Wound when a turn ends in a Room with a Fire marker, a passed turn included, no more that round."""

import pytest

from domain.core import RuleViolation


def test_passing_in_a_room_on_fire_costs_one_light_wound_and_no_more_that_round(table):
    t = table("pilot", "captain")
    t.do("place-fire", room="hibernatorium")
    t.do("pass", character="pilot")
    assert t.types() == ["TurnEnded", "WoundSuffered"] and t.state["characters"]["pilot"]["light_wounds"] == 1
    t.do("search", character="captain")
    t.do("search", character="captain")
    assert t.state["characters"]["pilot"]["light_wounds"] == 1
    assert t.state["characters"]["captain"]["light_wounds"] == 1
    with pytest.raises(RuleViolation):
        t.do("pass", character="pilot")


def test_a_third_action_is_refused_citing_the_round(table):
    t = table("captain")
    t.do("perform-action", character="captain", action="Careful Movement")
    t.do("perform-action", character="captain", action="Reconnaissance")
    with pytest.raises(RuleViolation) as exc:
        t.do("perform-action", character="captain", action="Shoot")
    assert exc.value.rule == "nemesis.txt § Fire Marker (the round)"


def test_the_turn_ends_only_after_the_second_actions_noise_roll(table):
    t = table("scout")
    t.do("search", character="scout")
    t.do("move", character="scout", room="room-1", tile="Laboratory", token="silence", items=1)
    assert not t.state["characters"]["scout"]["turn_over"]
    with pytest.raises(RuleViolation):
        t.do("end-round")
    t.do("noise-roll", character="scout", result="silence")
    assert t.types() == ["NoiseRolled", "TurnEnded"]
    t.do("end-round")
    assert t.state["round"] == 2 and t.state["characters"]["scout"]["actions"] == 0


def test_wounds_are_recorded_as_dealt(table):
    t = table("soldier")
    t.do("suffer-wound", character="soldier", kind="serious", count=1, cause="an Adult's attack")
    t.do("suffer-wound", character="soldier", kind="light", count=3)
    ch = t.state["characters"]["soldier"]
    assert (ch["light_wounds"], ch["serious_wounds"]) == (3, 1)


def test_nothing_before_the_game_starts_and_no_character_twice(table):
    t = table()
    with pytest.raises(RuleViolation):
        t.do("place-fire", room="room-1")
    with pytest.raises(RuleViolation):
        t.do("start-game", characters=["scout", "scout"])


def test_setup_takes_only_a_known_layout(nemesis):
    from domain.core import BadInput

    with pytest.raises(BadInput):
        nemesis.initial_state({"layout": "ship-of-theseus"})
    assert nemesis.initial_state({"layout": "nemesis"})["malfunction_pool"] == 8
