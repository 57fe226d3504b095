"""What a Room allows (issue 27, items 2, 3, 6): a Malfunction marker stops every action in its Room but Search
(nemesis.txt § Malfunction Marker), the Shower Room's shower included (§ Slime Marker); no Room Action nor Search
in Combat (public rules answers); an instructed Noise marker into a marked corridor is an Encounter for the
Character whose effect placed it (§ Technical Corridors)."""

import pytest

from domain.core import RuleViolation
from domain.rulesets.nemesis.rules import COMBAT_ANSWER

SHOWER = {"tile": "Shower Room", "token": "malfunction", "items": 1}


def _in_the_shower(table, token="silence"):
    t = table("scientist", "pilot")
    t.do("gain-slime", character="scientist")
    t.do("move", character="scientist", room="room-1", **{**SHOWER, "token": token})
    return t


def test_a_malfunction_stops_the_shower_room_shower_but_not_search(table):
    t = _in_the_shower(table, "malfunction")
    t.do("noise-roll", character="scientist", result="silence")
    with pytest.raises(RuleViolation) as exc:
        t.do("remove-slime", character="scientist", by="shower-room")
    assert exc.value.rule == "nemesis.txt § Malfunction Marker" and "no shower there" in exc.value.reason
    with pytest.raises(RuleViolation) as exc:
        t.do("perform-action", character="scientist", action="Demolition")
    assert "no actions in that Room but Search" in exc.value.reason
    t.do("search", character="scientist")
    assert t.state["characters"]["scientist"]["slime"] and t.state["rooms"]["room-1"]["items"] == 0


def test_the_shower_is_a_room_action_of_the_characters_turn(table):
    t = _in_the_shower(table)
    t.do("noise-roll", character="scientist", result="silence")  # Silence with Slime is Danger: markers placed
    t.do("remove-slime", character="scientist", by="shower-room")
    assert t.types() == ["ActionTaken", "SlimeRemoved", "TurnEnded"] and t.events[0].action == "Shower"
    t.do("gain-slime", character="scientist")
    with pytest.raises(RuleViolation) as exc:  # the turn is over: no shower now
        t.do("remove-slime", character="scientist", by="shower-room")
    assert exc.value.rule == "nemesis.txt § Fire Marker (the round)"
    t.do("remove-slime", character="scientist", by="clothes")  # the Clothes Item is no Action of the Room
    assert not t.state["characters"]["scientist"]["slime"]


def test_a_malfunction_leaves_moving_out_and_the_repair_that_discards_it(table):
    t = table("mechanic")
    t.do("move", character="mechanic", room="room-1", tile="Laboratory", token="malfunction", items=2)
    t.do("noise-roll", character="mechanic", result="silence")
    t.do("repair-malfunction", room="room-1", by="repair-card", character="mechanic")
    assert t.types() == ["ActionTaken", "MalfunctionRepaired", "TurnEnded"] and t.state["malfunction_pool"] == 8
    t.do("end-round")
    t.do("place-malfunction", room="room-1")
    t.do("move", character="mechanic", room="hibernatorium")
    assert t.state["characters"]["mechanic"]["room"] == "hibernatorium"


def test_no_room_action_nor_search_in_combat(table):
    t = table("soldier")
    t.do("move", character="soldier", room="room-1", tile="Armory", token="silence", items=2)
    t.do("noise-roll", character="soldier", result="silence")
    t.do("place-intruder", kind="creeper", room="room-1")
    for verb in ("search", "room-action"):
        with pytest.raises(RuleViolation) as exc:
            t.do(verb, character="soldier")
        assert exc.value.rule == COMBAT_ANSWER and "soldier is in Combat in Armory" in exc.value.reason
    t.do("perform-action", character="soldier", action="Shoot")  # an Action card: recorded
    assert t.state["characters"]["soldier"]["actions"] == 2


def test_an_instructed_noise_marker_into_a_marked_corridor_is_an_encounter_for_who_placed_it(table):
    t = table("scout", "captain")
    t.do("place-noise-marker", place="c7")
    with pytest.raises(RuleViolation) as exc:
        t.do("place-noise-marker", place="c7")
    assert exc.value.rule == "nemesis.txt § Technical Corridors" and "--character WHO" in exc.value.reason
    t.do("place-noise-marker", place="hibernatorium:1", character="captain")
    assert t.types() == ["EncounterCalled"] and t.events[0].character == "captain" and t.events[0].room == "hibernatorium"
    assert t.state["characters"]["captain"]["pending"] == "encounter"
    t.do("encounter", character="captain", token="larva", removed=["c7"])
    assert t.state["intruders"]["larva-1"]["room"] == "hibernatorium" and t.state["noise"] == []
