"""Slime, Fire, Malfunction markers and Doors (nemesis.txt § Slime Marker, § Fire Marker, § Malfunction
Marker and the Door paragraphs after it, § Technical Corridors)."""

import pytest

from domain.core import RuleViolation


def _nest(t, who="mechanic", name="Nest"):
    t.do("move", character=who, room="room-2", tile=name, token="silence", items=2)
    t.do("noise-roll", character=who, result="silence")


def test_eight_malfunction_markers_then_one_repaired_then_one_more_then_the_hull_fails(table):
    t = table("mechanic")
    rooms = ["engine-1", "engine-2", "engine-3", "room-1", "room-3", "room-4", "room-5", "room-6"]
    for room in rooms:
        t.do("place-malfunction", room=room)
    assert t.state["malfunction_pool"] == 0 and t.state["ended"] is None
    t.do("repair-malfunction", room="room-5", by="tools")
    assert t.state["malfunction_pool"] == 1
    t.do("place-malfunction", room="room-7")
    assert t.state["malfunction_pool"] == 0 and t.state["ended"] is None
    t.do("place-malfunction", room="room-8", event=True)
    assert t.types() == ["MalfunctionNotPlaced", "GameEnded"] and "hull integrity" in t.state["ended"]


def test_a_second_malfunction_in_a_room_does_nothing_and_keeps_the_pool(table):
    t = table("mechanic")
    t.do("place-malfunction", room="room-1")
    t.do("place-malfunction", room="room-1")
    assert t.types() == ["MalfunctionNotPlaced"] and t.state["malfunction_pool"] == 7


@pytest.mark.parametrize("name", ["Nest", "Room Covered in Slime"])
def test_malfunction_in_the_nest_or_a_room_covered_in_slime_refused_directly_and_nothing_from_an_event(table, name):
    t = table("mechanic")
    _nest(t, name=name)
    with pytest.raises(RuleViolation) as exc:
        t.do("place-malfunction", room="room-2")
    assert exc.value.rule == "nemesis.txt § Malfunction Marker"
    t.do("place-malfunction", room="room-2", event=True)
    assert t.types() == ["MalfunctionNotPlaced"] and t.state["malfunction_pool"] == 8
    assert t.state["rooms"]["room-2"]["items"] is None  # no Items counted there


def test_a_malfunction_exploration_token_in_the_nest_places_nothing(table):
    t = table("mechanic")
    t.do("move", character="mechanic", room="room-2", tile="Nest", token="malfunction", items=1)
    assert "MalfunctionNotPlaced" in t.types() and not t.state["rooms"]["room-2"]["malfunction"]


def test_a_malfunction_blocks_room_actions_and_the_computer_but_not_search(table):
    t = table("mechanic", "scout")
    t.do("move", character="mechanic", room="room-1", tile="Laboratory", token="malfunction", items=2, computer=True)
    assert t.board()["rooms"]["room-1"]["computer"] == "unavailable"
    t.do("noise-roll", character="mechanic", result="silence")
    with pytest.raises(RuleViolation) as exc:
        t.do("room-action", character="mechanic")
    assert exc.value.rule == "nemesis.txt § Malfunction Marker" and "no actions in that Room but Search" in exc.value.reason
    t.do("search", character="mechanic")
    assert t.state["rooms"]["room-1"]["items"] == 1


def test_a_malfunction_in_the_hibernatorium_stops_hibernating_but_not_those_already_hibernated(table):
    t = table("captain", "scout")
    t.do("hibernate", character="captain")
    t.do("place-malfunction", room="hibernatorium")
    assert t.state["characters"]["captain"]["hibernated"]
    with pytest.raises(RuleViolation):
        t.do("hibernate", character="scout")


def test_one_fire_per_room_and_one_slime_per_character(table):
    t = table("pilot")
    t.do("place-fire", room="room-1")
    t.do("place-fire", room="room-1")
    assert t.events[0].already and t.state["rooms"]["room-1"]["fire"]
    t.do("gain-slime", character="pilot")
    t.do("gain-slime", character="pilot")
    assert t.events[0].already and t.state["characters"]["pilot"]["slime"]


def test_the_shower_room_removes_slime_only_for_a_character_in_it(table):
    t = table("pilot")
    t.do("gain-slime", character="pilot")
    with pytest.raises(RuleViolation) as exc:
        t.do("remove-slime", character="pilot", by="shower-room")
    assert "not the Shower Room" in exc.value.reason
    t.do("remove-slime", character="pilot", by="clothes")
    assert not t.state["characters"]["pilot"]["slime"]


def test_doors_open_closed_destroyed(table):
    t = table("soldier", "mechanic")
    with pytest.raises(RuleViolation) as exc:
        t.do("close-door", corridor="technical")
    assert exc.value.rule == "nemesis.txt § Technical Corridors"
    t.do("close-door", corridor="hibernatorium:3")
    assert t.state["doors"] == {"c10": "closed"}
    t.do("destroy-door", corridor="c10")
    for verb in ("close-door", "open-door", "destroy-door"):
        with pytest.raises(RuleViolation):
            t.do(verb, corridor="c10")
    t.do("repair-door", character="mechanic", corridor="c10")
    assert t.state["doors"] == {"c10": "closed"}


def test_a_doors_exploration_token_closes_the_doors_the_players_enter(table):
    t = table("scout")
    t.do("move", character="scout", room="room-1", tile="Laboratory", token="doors", items=1, close=["c1", "room-1:2"])
    assert t.state["doors"] == {"c1": "closed", "c3": "closed"}
    with pytest.raises(RuleViolation):
        table("scout").do("move", character="scout", room="room-1", tile="Lab", token="silence", items=1, close=["c1"])
