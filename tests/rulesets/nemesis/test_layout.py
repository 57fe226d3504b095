"""The ship as data (nemesis.txt § Exploring the Ship, § Noise Roll, § Technical Corridors): the shipped
layout loads and is checked; broken layouts are refused naming the problem."""

import copy
from importlib import resources

import pytest
import yaml

from domain.rulesets.nemesis.layout_check import LAYOUTS, LayoutError, layout_from_data, shipped

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
