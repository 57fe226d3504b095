"""An ``adjust`` (``TrackAdjusted``) changes one value: its evolve copies only the containers on the path and shares the
rest of the state with the state before, which stays as it was (states are values: nothing changes one in place)."""

from __future__ import annotations

from domain.core.table_events import TrackAdjusted, evolve_core


def _state():
    return {"characters": {"cora": {"stress": 1, "dice": [3, 4]}, "ada": {"stress": 0}}, "round": 2, "log": [["a", 1]]}


def test_an_adjustment_sets_the_value_and_leaves_the_state_before_as_it_was():
    before = _state()
    after = evolve_core(before, TrackAdjusted(path="characters.cora.stress", value=3, previous=1, reason="forgot a 1"))
    assert after["characters"]["cora"]["stress"] == 3
    assert before == _state()
    assert after == {**_state(), "characters": {"cora": {"stress": 3, "dice": [3, 4]}, "ada": {"stress": 0}}}


def test_only_the_containers_on_the_path_are_new():
    before = _state()
    after = evolve_core(before, TrackAdjusted(path="characters.cora.stress", value=3, previous=1, reason="r"))
    assert after is not before and after["characters"] is not before["characters"]
    assert after["characters"]["cora"] is not before["characters"]["cora"]
    assert after["characters"]["ada"] is before["characters"]["ada"] and after["log"] is before["log"]
    assert after["characters"]["cora"]["dice"] is before["characters"]["cora"]["dice"]


def test_a_list_index_on_the_path_and_a_list_value_are_copied_not_shared():
    before = _state()
    value = [5, 6]
    after = evolve_core(before, TrackAdjusted(path="log.0.1", value=value, previous=1, reason="r"))
    assert after["log"] == [["a", [5, 6]]] and before["log"] == [["a", 1]]
    value.append(7)  # the event's value is copied into the state: changing it afterwards changes no state
    assert after["log"][0][1] == [5, 6]
