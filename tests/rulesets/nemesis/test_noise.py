"""The Noise roll (nemesis.txt § Noise Roll, § Technical Corridors, § Slime Marker, § Movement Action)."""

import pytest

from domain.core import BadInput, RuleViolation

CANTEEN = {"tile": "Canteen", "token": "silence", "items": 1}


def test_a_result_of_1_to_4_puts_noise_in_that_exits_corridor(table):
    t = table("scout")
    t.do("move", character="scout", room="room-1", tile="Laboratory", token="silence", items=2)
    t.do("noise-roll", character="scout", result="2")
    assert t.state["noise"] == ["c3"] and t.types() == ["NoiseRolled", "NoiseMarkerPlaced"]


def test_noise_into_a_corridor_that_has_a_marker_calls_an_encounter_instead(table):
    t = table("scout")
    t.do("place-noise-marker", place="c7")
    t.do("move", character="scout", room="room-1", tile="Laboratory", token="silence", items=2)
    t.do("noise-roll", character="scout", result="3")
    assert t.types() == ["NoiseRolled", "EncounterCalled"]
    assert t.state["noise"] == ["c7"] and t.state["characters"]["scout"]["pending"] == "encounter"


def test_a_result_naming_a_technical_corridors_entrance_goes_to_the_space_and_counts_for_every_entrance(table):
    t = table("scout", "soldier")
    t.do("move", character="soldier", room="room-2", tile="Storage", token="silence", items=1)
    t.do("noise-roll", character="soldier", result="4")
    assert t.state["noise"] == ["technical"]
    t.do("move", character="scout", room="room-5", tile="Armory", token="silence", items=1)
    t.do("noise-roll", character="scout", result="silence")
    t.do("move", character="scout", room="room-3", **CANTEEN)
    t.do("noise-roll", character="scout", result="4")
    assert t.types()[:2] == ["NoiseRolled", "EncounterCalled"]
    assert t.events[1].place == "technical"


def test_danger_without_intruders_fills_each_corridor_without_noise_technical_included(table):
    t = table("scout")
    t.do("place-noise-marker", place="c9")
    t.do("close-door", corridor="c23")
    t.do("move", character="scout", room="room-5", tile="Armory", token="silence", items=1)
    t.do("noise-roll", character="scout", result="silence")
    t.do("move", character="scout", room="room-3", **CANTEEN)
    t.do("noise-roll", character="scout", result="danger")
    assert [e.place for e in t.events[1:] if e.type == "NoiseMarkerPlaced"] == ["c2", "c23", "technical"]


def test_danger_brings_neighboring_intruders_not_in_combat_but_not_through_a_closed_door(table):
    t = table("soldier", "scout")
    t.do("place-intruder", kind="adult", room="room-5")
    t.do("place-intruder", kind="larva", room="room-1")
    t.do("place-intruder", kind="creeper", room="room-6")
    t.do("close-door", corridor="c7")
    t.do("move", character="scout", room="room-6", tile="Armory", token="silence", items=1)
    t.do("call-noise-rolls", cause="an Event card")
    assert t.events[0].characters == ["soldier"] and t.events[0].excused == ["scout"]  # in Combat with creeper-1
    t.do("noise-roll", character="soldier", result="danger", event=True)
    moved = {e.intruder: e.corridor for e in t.events if e.type == "IntruderMoved"}
    assert moved == {"adult-1": "c10"}
    assert t.state["intruders"]["larva-1"]["room"] == "room-1" and t.state["intruders"]["creeper-1"]["room"] == "room-6"
    assert t.state["noise"] == []


def test_silence_does_nothing_but_is_danger_with_slime(table):
    t = table("scout")
    t.do("move", character="scout", room="room-1", tile="Laboratory", token="silence", items=2)
    t.do("noise-roll", character="scout", result="quiet")
    assert t.types() == ["NoiseRolled"] and t.events[0].result == "silence"
    t.do("gain-slime", character="scout")
    t.do("call-noise-rolls")
    t.do("noise-roll", character="scout", result="silence", event=True)
    assert t.events[0].resolved_as == "danger" and t.state["noise"] == ["c1", "c3", "c7"]


def test_no_noise_roll_after_entering_an_occupied_room_but_an_event_makes_everyone_roll(table):
    t = table("scout", "soldier")
    t.do("move", character="scout", room="room-1", tile="Laboratory", token="silence", items=2)
    t.do("noise-roll", character="scout", result="silence")
    t.do("move", character="soldier", room="room-1")
    assert "NoiseRollCalledFor" not in t.types()
    with pytest.raises(RuleViolation) as exc:
        t.do("noise-roll", character="soldier", result="1")
    assert exc.value.rule == "nemesis.txt § Noise Roll" and "another Character or an Intruder" in exc.value.reason
    t.do("call-noise-rolls", cause="an Event card")
    t.do("noise-roll", character="scout", result="silence", event=True)
    t.do("noise-roll", character="soldier", result="1", event=True)
    assert t.state["noise"] == ["c1"] and t.state["owed"] == []


def test_a_noise_roll_is_a_reveal_and_moving_into_an_explored_room_is_not(nemesis, table):
    t = table("scout")
    moved = t.do("move", character="scout", room="room-1", tile="Laboratory", token="silence", items=2)
    assert any(e.reveals for e in moved)
    rolled = t.do("noise-roll", character="scout", result="silence")
    assert any(e.reveals for e in rolled)
    back = t.do("move", character="scout", room="hibernatorium")
    assert not any(e.reveals for e in back)


def test_a_noise_result_the_die_does_not_show_is_bad_input(nemesis):
    with pytest.raises(BadInput) as exc:
        nemesis.action("noise-roll").load({"character": "scout", "result": "5"})
    assert "1, 2, 3, 4, danger or silence" in exc.value.message
    assert nemesis.action("noise-roll").dice is None  # the faces are not printed: no --digital


def test_a_second_noise_marker_placed_directly_is_refused(table):
    t = table("scout")
    t.do("place-noise-marker", place="room-3:4")
    with pytest.raises(RuleViolation):
        t.do("place-noise-marker", place="technical")
