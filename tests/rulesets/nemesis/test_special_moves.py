"""Moves with their own rules and Hibernating as a table plays it (issue 27, item 5): "There are some Actions that
allow you to move, but they have special rules. For example, Careful Movement and Reconnaissance" (nemesis.txt
§ Other Ways to Move): no Noise roll, the card's Noise markers entered by the players; Hibernating's Noise roll and
an Intruder arriving come after the attempt."""

import pytest

from domain.core import RuleViolation

LAB = {"tile": "Laboratory", "token": "silence", "items": 2}


def test_careful_movement_moves_explores_and_places_the_cards_marker_instead_of_a_noise_roll(table):
    t = table("scout")
    t.do("careful-movement", character="scout", room="room-1", noise=["room-1:2"], **LAB)
    assert t.types() == ["CharacterMoved", "RoomExplored", "NoiseMarkerPlaced"]
    assert t.events[0].how == "careful-movement" and t.events[2].place == "c3"
    assert t.state["characters"]["scout"]["pending"] is None and t.state["characters"]["scout"]["actions"] == 1
    assert t.ruleset.action("careful-movement").reveal  # a Room tile may be flipped
    assert t.ruleset.describe(t.events[0]) == "scout moved by Careful Movement (no Noise roll) from hibernatorium to room-1 through c7"


def test_reconnaissance_into_a_marked_corridor_calls_the_encounter_and_still_follows_the_movement_rules(table):
    t = table("scout")
    t.do("place-noise-marker", place="c7")
    with pytest.raises(RuleViolation) as exc:
        t.do("reconnaissance", character="scout", room="room-9", **LAB)
    assert exc.value.rule == "nemesis.txt § Movement Action" and "no corridor joins them" in exc.value.reason
    t.do("reconnaissance", character="scout", room="room-1", noise=["c7"], **LAB)
    assert t.types()[-1] == "EncounterCalled" and t.state["characters"]["scout"]["pending"] == "encounter"
    with pytest.raises(RuleViolation) as exc:
        t.do("noise-roll", character="scout", result="1")
    assert "no Noise roll due" in exc.value.reason


def test_hibernating_then_its_noise_roll_and_the_intruder_that_arrives(table):
    t = table("captain")
    t.do("place-noise-marker", place="c7")
    t.do("hibernate", character="captain", noise_roll=True)
    assert t.types() == ["ActionTaken", "CharacterHibernated", "NoiseRollCalledFor"]
    t.do("noise-roll", character="captain", result="1")  # exit 1 of the Hibernatorium: c7, which has a marker
    assert t.types() == ["NoiseRolled", "EncounterCalled"]
    t.do("encounter", character="captain", token="adult", removed=["c7"])
    assert t.state["intruders"]["adult-1"]["room"] == "hibernatorium"
    assert t.state["characters"]["captain"]["hibernated"] and t.state["characters"]["captain"]["pending"] is None
    with pytest.raises(RuleViolation) as exc:
        t.do("noise-roll", character="captain", result="2")
    assert "Hibernated and takes no more actions" in exc.value.reason
    t.do("end-round")


def test_hibernating_without_a_noise_roll_leaves_nothing_owed(table):
    t = table("captain")
    t.do("hibernate", character="captain")
    assert t.board()["owed"] == [] and t.types() == ["ActionTaken", "CharacterHibernated"]


@pytest.mark.parametrize("verb", ["move", "careful-movement", "reconnaissance"])
def test_a_move_to_the_room_the_character_is_in_is_refused(table, verb):
    """nemesis.txt § Movement Action: "you can move your character miniature to a neighboring room"; the Hibernatorium,
    where every Character starts (§ Game setup), is not its own neighbor, by its name or its id, nor through the
    Technical Corridors (a Mechanic's move)."""
    t = table("scout", "mechanic")
    for room in ("hibernatorium", "Hibernatorium"):
        with pytest.raises(RuleViolation) as exc:
            t.do(verb, character="scout", room=room, **LAB)
        assert exc.value.rule == "nemesis.txt § Movement Action"
        assert exc.value.reason == "scout is already in Hibernatorium: a move goes to a neighboring Room"
    with pytest.raises(RuleViolation) as exc:
        t.do("move", character="mechanic", room="hibernatorium", via="technical-corridors")
    assert exc.value.rule == "nemesis.txt § Technical Corridors" and "already in Hibernatorium" in exc.value.reason
    assert t.state["characters"]["scout"]["room"] == "hibernatorium"
