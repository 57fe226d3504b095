"""What a refusal before and after the game cites: nemesis.txt § Exploring the Ship before start-game places anyone
("character miniatures can only be placed and perform actions in rooms"), § Malfunction Marker after the hull ending
("the ship loses hull integrity and the game ends"), and the players' own record after end-game (the text states no
other end of the game)."""

import pytest

from domain.core import RuleViolation
from domain.rulesets.nemesis.rules import HULL_ENDING, RECORDED_END

ROOMS = ["engine-1", "engine-2", "engine-3", "room-1", "room-3", "room-4", "room-5", "room-6"]


def _refused(t, verb, **raw):
    with pytest.raises(RuleViolation) as caught:
        t.do(verb, **raw)
    return caught.value


def test_an_action_before_the_game_started_cites_exploring_the_ship(table):
    refusal = _refused(table(), "place-fire", room="room-1")
    assert (refusal.rule, refusal.reason) == ("nemesis.txt § Exploring the Ship", "the game has not started: start-game first")


def test_after_the_hull_ending_an_action_cites_the_malfunction_marker(table):
    t = table("mechanic")
    for room in [*ROOMS, "room-7"]:
        t.do("place-malfunction", room=room)
    assert t.state["ended"] == HULL_ENDING
    refusal = _refused(t, "place-fire", room="room-1")
    assert refusal.rule == "nemesis.txt § Malfunction Marker" and refusal.reason.startswith("the game has ended (the ship lost hull")


def test_after_the_players_ended_the_game_an_action_cites_their_record_not_the_malfunction_marker(table):
    t = table("mechanic")
    t.do("end-game", reason="the survivors escaped")
    refusal = _refused(t, "place-fire", room="room-1")
    assert (refusal.rule, refusal.reason) == (RECORDED_END, "the game has ended (the survivors escaped)")
    assert not refusal.rule.startswith("nemesis.txt § Malfunction Marker")
