"""The ship as data (nemesis.txt § Exploring the Ship, § Noise Roll, § Technical Corridors): the shipped
layout loads and is checked; broken layouts are refused naming the problem."""

import copy
from importlib import resources

import pytest
import yaml

from domain.rulesets.nemesis.layout_check import LayoutError, layout_from_data
from domain.rulesets.nemesis.ships import shipped

SHIPPED = yaml.safe_load(resources.files("domain.rulesets.nemesis").joinpath("ship.yaml").read_text())


def test_the_shipped_ship_has_its_rooms_corridors_and_technical_corridors():
    ship = shipped("nemesis")
    assert len(ship.rooms) == 16 and len(ship.corridors) == 24 and ship.spaces == ("technical",)
    assert ship.start == "hibernatorium"
    assert {r.name for r in ship.rooms.values() if r.name} == {"Engine 1", "Engine 2", "Engine 3", "Hibernatorium", "Cockpit"}


def test_every_room_numbers_its_exits_one_to_four():
    assert all(sorted(r.exits) == [1, 2, 3, 4] for r in shipped("nemesis").rooms.values())


def test_the_canteen_slot_has_three_corridors_and_a_technical_corridors_entrance_as_exit_4():
    ship = shipped("nemesis")
    assert dict(ship.rooms["room-3"].exits) == {1: "c2", 2: "c9", 3: "c23", 4: "technical"}
    assert ship.corridors_of("room-3") == ("c2", "c9", "c23")
    assert ship.entrance("room-3") == "technical" and ship.entrance("hibernatorium") is None


def test_rooms_sharing_a_corridor_under_two_numbers_list_it_once():
    assert shipped("nemesis").corridors_of("engine-2") == ("c3", "c4")


def _broken(change):
    data = copy.deepcopy(SHIPPED)
    change(data)
    with pytest.raises(LayoutError) as exc:
        layout_from_data(data)
    return str(exc.value)


def test_a_room_missing_an_exit_number_is_refused():
    assert "numbers its exits [1, 2, 3], not 1..4" in _broken(lambda d: d["rooms"]["room-1"]["exits"].pop(4))


def test_an_exit_to_a_corridor_of_other_rooms_is_refused():
    def change(d):
        d["rooms"]["room-1"]["exits"][4] = "c24"
    assert "corridor 'c24' joins ['room-4', 'room-9'] but rooms ['room-1', 'room-4', 'room-9'] number it" in _broken(change)


def test_a_corridor_that_no_exit_numbers_is_refused():
    def change(d):
        d["corridors"]["c25"] = ["room-1", "room-9"]
    assert "corridor 'c25' is not numbered among the exits of room 'room-1'" in _broken(change)


def test_a_room_cut_off_from_the_start_is_refused():
    def change(d):
        d["rooms"]["island"] = {"at": [9, 9], "exits": {1: "c99", 2: "c99", 3: "c99", 4: "c99"}}
        d["rooms"]["island2"] = {"at": [9, 8], "exits": {1: "c99", 2: "c99", 3: "c99", 4: "c99"}}
        d["corridors"]["c99"] = ["island", "island2"]
    assert "rooms ['island', 'island2'] cannot be reached from 'hibernatorium'" in _broken(change)


def test_a_corridor_joining_a_room_to_itself_and_a_missing_start_are_refused():
    assert "must join two different rooms" in _broken(lambda d: d["corridors"].update(c1=["room-1", "room-1"]))
    assert "start room 'bridge' is not a room" in _broken(lambda d: d.update(start="bridge"))


# -- a layout entered from a file (issue 27, item 1) ---------------------------------------------------------------

from pathlib import Path  # noqa: E402

from domain.rulesets.nemesis.layout_check import layout_from_files  # noqa: E402

OURS = Path(__file__).resolve().parents[3] / "examples" / "nemesis" / "our-board.yaml"


def _file(text: str) -> str:
    with pytest.raises(LayoutError) as exc:
        layout_from_files([("board.yaml", text.encode())])
    return exc.value.message


def test_the_example_board_file_reads_to_the_data_a_campaign_records():
    data = layout_from_files([(OURS.name, OURS.read_bytes())])
    assert data["name"] == "Our ship" and data["technical_corridors"] == ["ducts"]
    assert data["rooms"]["cockpit"] == {"name": "Cockpit", "at": [2, 1], "exits": {"1": "k4", "2": "k10", "3": "k11", "4": "k4"}}
    assert data["corridors"]["k10"] == ["cockpit", "slot-d"] and len(data["corridors"]) == 12
    assert layout_from_data(data).to_data() == data  # the recorded data checks again to itself


def test_an_exit_number_used_twice_in_a_file_is_refused_with_its_line():
    text = "start: a\nrooms:\n  a: {exits: {1: c1, 2: c1, 3: c1, 4: c1}}\n  b:\n    exits:\n      1: c1\n      1: c1\n"
    assert _file(text) == ("board layout: board.yaml: line 7: 1 is given twice in one mapping (first on line 6; "
                           "each exit number, room and corridor once)")


def test_a_corridor_to_nowhere_is_refused():
    text = "start: a\nrooms:\n  a: {exits: {1: c1, 2: c1, 3: c1, 4: c9}}\n  b: {exits: {1: c1, 2: c1, 3: c1, 4: c1}}\n"
    assert "corridor 'c9' leads nowhere: only room 'a' numbers it among its exits" in _file(text)
    listed = text + "corridors: {c1: [a, b], c9: [a, bridge]}\n"
    assert "corridor 'c9' leads to 'bridge', which is not a room (a corridor to nowhere)" in _file(listed)


def test_a_file_that_is_not_yaml_or_has_a_fifth_exit_is_refused():
    assert "board.yaml is not YAML or JSON" in _file("rooms: [unclosed")
    text = "start: a\nrooms:\n  a: {exits: {1: c1, 2: c1, 3: c1, 4: c1, 5: c1}}\n  b: {exits: {1: c1, 2: c1, 3: c1, 4: c1}}\n"
    assert "room 'a' has an exit numbered 5: exits are numbered 1..4 (the Noise die)" in _file(text)
    with pytest.raises(LayoutError, match="one layout file, not 2"):
        layout_from_files([("a.yaml", b""), ("b.yaml", b"")])


def test_a_json_file_is_read_too_and_rooms_without_at_are_placed_by_distance_from_the_start():
    text = ('{"start": "a", "technical_corridors": ["t"], "rooms": {"a": {"exits": {"1": "c1", "2": "c1", "3": "t", '
            '"4": "c1"}}, "b": {"exits": {"1": "c1", "2": "c2", "3": "c2", "4": "c2"}}, "c": {"exits": '
            '{"1": "c2", "2": "c2", "3": "c2", "4": "t"}}}}')
    data = layout_from_files([("board.json", text.encode())])
    assert [data["rooms"][r]["at"] for r in "abc"] == [[0, 0], [1, 0], [2, 0]]
    assert layout_from_data(data).entrances == {"a": "t", "c": "t"}


def test_rooms_drawn_at_one_place_a_space_with_no_entrance_and_two_entrances_in_one_room_are_refused():
    def twice(d):
        d["rooms"]["room-1"]["at"] = [0, 0]
    assert "rooms 'engine-1' and 'room-1' are both drawn at [0, 0]" in _broken(twice)
    assert "Technical Corridors space 'vents' has no entrance" in _broken(lambda d: d["technical_corridors"].append("vents"))

    def two(d):
        d["technical_corridors"].append("vents")
        d["rooms"]["engine-1"]["exits"][4] = "vents"
    assert "room 'engine-1' has entrances to two Technical Corridors spaces ['technical', 'vents']" in _broken(two)


def test_the_other_side_has_two_separate_technical_corridors_circles():
    side = shipped("nemesis-b")
    assert side.spaces == ("technical-fore", "technical-aft") and len(side.rooms) == 16
    fore = sorted(r for r, s in side.entrances.items() if s == "technical-fore")
    assert fore == ["cockpit", "room-1", "room-2", "room-3", "room-5"]
    assert side.entrance("engine-2") == "technical-aft"


def test_a_key_that_is_a_list_or_mapping_is_refused_not_a_crash():
    assert _file("rooms: {? [a, b] : 1}") == "board layout: board.yaml: line 1: a key must be a word or a number, not ['a', 'b']"
