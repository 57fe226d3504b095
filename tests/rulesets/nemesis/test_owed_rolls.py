"""Owed Noise rolls (issue 27, item 4): "Some events in the game will require all Characters to make a Noise roll"
(nemesis.txt § Movement Action). The event records who owes one, in player order, leaving out the Characters in
Combat (public rules answers); each rolls once, in that order; the round cannot end with one owed; an Encounter
is resolved only where one is due."""

import pytest

from domain.core import RuleViolation


def test_an_event_owes_a_roll_from_each_character_in_player_order_but_those_in_combat(table):
    t = table("captain", "scout", "soldier")
    t.do("move", character="scout", room="room-1", tile="Laboratory", token="silence", items=2)
    t.do("noise-roll", character="scout", result="silence")
    t.do("place-intruder", kind="larva", room="room-1")
    t.do("call-noise-rolls", cause="Event card: Noises in the Ducts")
    assert t.types() == ["NoiseRollsCalledFor"]
    assert t.events[0].characters == ["captain", "soldier"] and t.events[0].excused == ["scout"]
    owed = t.board()["owed"]
    assert [(o["character"], o["owes"], o["event"], o["verbs"]) for o in owed] == [
        ("captain", "noise-roll", True, ["noise-roll"]), ("soldier", "noise-roll", True, ["noise-roll"])]
    assert owed[0]["text"].endswith("— next")


def test_the_owed_rolls_go_in_player_order_once_each(table):
    t = table("captain", "soldier")
    t.do("call-noise-rolls")
    with pytest.raises(RuleViolation) as exc:
        t.do("noise-roll", character="soldier", result="1", event=True)
    assert exc.value.rule == "nemesis.txt § Movement Action" and "captain rolls before soldier" in exc.value.reason
    t.do("noise-roll", character="captain", result="1", event=True)  # the Hibernatorium's exit 1: c7
    assert t.state["noise"] == ["c7"] and t.state["owed"] == ["soldier"]
    with pytest.raises(RuleViolation) as exc:
        t.do("noise-roll", character="captain", result="2", event=True)
    assert "captain owes no event Noise roll" in exc.value.reason
    with pytest.raises(RuleViolation) as exc:
        t.do("call-noise-rolls")  # a second event while the first's rolls are owed
    assert "still owed by soldier" in exc.value.reason


def test_a_shared_room_rolls_twice_and_the_second_1_is_an_encounter(table):
    """§ Movement Action's hint: "If you're in a big group sharing a Room, this could spell trouble"."""
    t = table("captain", "soldier")
    t.do("call-noise-rolls")
    t.do("noise-roll", character="captain", result="1", event=True)
    t.do("noise-roll", character="soldier", result="1", event=True)
    assert t.types() == ["NoiseRolled", "EncounterCalled"] and t.state["characters"]["soldier"]["pending"] == "encounter"
    assert [o["owes"] for o in t.board()["owed"]] == ["encounter"]


def test_the_round_cannot_end_with_a_roll_or_an_encounter_owed(table):
    t = table("captain", "soldier")
    t.do("pass", character="captain")
    t.do("pass", character="soldier")
    t.do("call-noise-rolls")
    with pytest.raises(RuleViolation) as exc:
        t.do("end-round")
    assert exc.value.rule == "nemesis.txt § Movement Action" and "captain: roll the Noise die for the event" in exc.value.reason
    t.do("noise-roll", character="captain", result="1", event=True)
    t.do("noise-roll", character="soldier", result="1", event=True)
    with pytest.raises(RuleViolation) as exc:
        t.do("end-round")
    assert "soldier: resolve the Encounter" in exc.value.reason
    t.do("encounter", character="soldier", token="blank", removed=["c7"])
    t.do("end-round")
    assert t.state["round"] == 2


def test_a_character_who_comes_to_be_in_combat_before_their_roll_is_excused(table):
    t = table("captain", "soldier", "scout")
    t.do("move", character="scout", room="room-1", tile="Laboratory", token="silence", items=2)
    t.do("noise-roll", character="scout", result="silence")
    t.do("call-noise-rolls")
    assert t.state["owed"] == ["captain", "soldier", "scout"]
    t.do("noise-roll", character="captain", result="1", event=True)
    t.do("noise-roll", character="soldier", result="1", event=True)
    t.do("encounter", character="soldier", token="adult", removed=["c7"])
    # the Adult is in the Hibernatorium with the Captain and the Soldier, not with the Scout: the Scout still rolls
    assert "NoiseRollsExcused" not in t.types() and t.state["owed"] == ["scout"]
    t.do("place-intruder", kind="larva", room="room-1")
    assert t.types() == ["IntruderPlaced", "NoiseRollsExcused"] and t.state["owed"] == []


def test_an_event_roll_without_an_event_and_an_encounter_without_one_due_are_refused(table):
    t = table("scout")
    with pytest.raises(RuleViolation) as exc:
        t.do("noise-roll", character="scout", result="danger", event=True)
    assert "no event has called for Noise rolls" in exc.value.reason
    with pytest.raises(RuleViolation):
        t.do("encounter", character="scout", token="queen")
    assert t.state["noise"] == [] and t.state["intruders"] == {}
