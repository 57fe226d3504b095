"""Intruders on the board and Encounters (nemesis.txt § Noise Roll and the paragraphs after it, § Technical
Corridors, the Door paragraphs after § Malfunction Marker)."""

import pytest

from domain.core import RuleViolation


def test_adults_not_in_combat_retreat_when_eight_models_are_out(table):
    t = table("soldier")
    rooms = ["hibernatorium", "room-1", "room-2", "room-3", "room-4", "room-5", "room-6", "room-7"]
    for room in rooms:
        t.do("place-intruder", kind="adult", room=room)
    t.do("place-intruder", kind="adult", room="room-8")
    assert t.types() == ["AdultsRetreated", "IntruderPlaced"]
    assert t.events[0].intruders == [f"adult-{n}" for n in range(2, 9)]
    assert sorted(t.state["intruders"]) == ["adult-1", "adult-9"]


def test_with_every_adult_in_combat_none_can_be_placed(table):
    t = table("soldier", "scout")
    t.do("move", character="scout", room="room-1", tile="Laboratory", token="silence", items=1)
    t.do("noise-roll", character="scout", result="silence")
    for n in range(8):
        t.do("place-intruder", kind="adult", room="hibernatorium" if n % 2 else "room-1")
    t.do("place-intruder", kind="adult", room="room-8")
    assert t.types() == ["AdultNotPlaced"] and len(t.state["intruders"]) == 8


def test_an_intruder_at_a_technical_corridors_entrance_disappears_and_the_noise_stays(table):
    t = table("scout")
    t.do("place-noise-marker", place="technical")
    t.do("place-intruder", kind="breeder", room="room-9")
    t.do("injure-intruder", intruder="breeder-1", injuries=3)
    t.do("move-intruder", intruder="breeder-1", to="technical")
    assert t.types() == ["IntruderHid"] and t.events[0].injuries == 3
    assert t.state["intruders"] == {} and t.state["noise"] == ["technical"]


def test_an_intruder_through_a_closed_door_destroys_it_and_stays(table):
    t = table("scout")
    t.do("place-intruder", kind="creeper", room="room-5")
    t.do("close-door", corridor="c13")
    t.do("move-intruder", intruder="creeper-1", to="room-7")
    assert t.types() == ["DoorDestroyed"] and t.state["intruders"]["creeper-1"]["room"] == "room-5"
    t.do("move-intruder", intruder="creeper-1", to="3")
    assert t.state["intruders"]["creeper-1"]["room"] == "room-7"
    assert not t.state["rooms"]["room-7"]["explored"]  # Intruders never explore


def test_an_encounter_places_the_drawn_intruder_and_removes_the_markers_the_players_name(table):
    t = table("scout")
    t.do("place-noise-marker", place="c7")
    t.do("place-noise-marker", place="c8")
    t.do("place-noise-marker", place="c7", character="scout")  # § Technical Corridors: an Encounter instead
    with pytest.raises(RuleViolation) as exc:
        t.do("encounter", character="scout", token="larva", removed=["c10"])
    assert "no Noise marker in c10" in exc.value.reason
    t.do("encounter", character="scout", token="larva", removed=["c7"])
    assert t.state["noise"] == ["c8"] and t.state["intruders"]["larva-1"]["room"] == "hibernatorium"
    assert t.events[0].reveals


def test_a_blank_token_places_no_intruder(table):
    t = table("scout")
    t.do("place-noise-marker", place="c7")
    t.do("place-noise-marker", place="c7", character="scout")
    t.do("encounter", character="scout", token="blank")
    assert t.types() == ["IntruderTokenDrawn"] and t.state["intruders"] == {}


def test_an_encounter_is_refused_where_none_is_due(table):
    """nemesis.txt § Noise Roll, § Technical Corridors: an Encounter comes only from a Noise marker called for in a
    corridor that already has one."""
    t = table("scout")
    with pytest.raises(RuleViolation) as exc:
        t.do("encounter", character="scout", token="adult")
    assert exc.value.rule == "nemesis.txt § Technical Corridors" and "no Encounter to resolve" in exc.value.reason
    assert t.state["intruders"] == {}


def test_an_encounter_removes_only_markers_of_its_rooms_corridors(table):
    """Answer 18 (markers leave through an Encounter) read with § Noise Roll: the Room's own corridors and space."""
    t = table("scout")
    for place in ("c7", "c13", "technical"):
        t.do("place-noise-marker", place=place)
    t.do("place-noise-marker", place="c7", character="scout")
    with pytest.raises(RuleViolation) as exc:
        t.do("encounter", character="scout", token="blank", removed=["c7", "c13"])
    assert "c13 is not a corridor of hibernatorium" in exc.value.reason
    with pytest.raises(RuleViolation):  # the Hibernatorium has no Technical Corridors entrance
        t.do("encounter", character="scout", token="blank", removed=["technical"])
    t.do("encounter", character="scout", token="blank", removed=["c7"])
    assert t.state["noise"] == ["c13", "technical"]
