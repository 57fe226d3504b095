"""Each Class once per game, Starting Augments of the chosen Class, and component codes as printed (tamashii.txt
§ Game setup 3c, § Classes, Factions, and Augment cards, § Locked vs Unlocked components)."""

import pytest

from domain.core.errors import BadInput

AUGMENTS = "Classes, Factions, and Augment cards"


def _geohunt_setup(box):
    box.play_prologue_and_lose("red", "blue")
    box.do("start-scenario", scenario="geohunt", boards=["red", "blue"], mode="coop", trace_top=10)


def test_a_class_another_player_took_is_refused_naming_who_took_it(box):
    """§ Game setup 3c: "each player chooses 1 of the 4 available Classes"; § Classes and Factions: "a unique deck
    of Class Augment cards, which is only accessible by you"."""
    _geohunt_setup(box)
    box.do("choose-class", board="red", name="reaper", starting=["Kinetic battery", "Reaper 2"])
    refusal = box.refused("choose-class", AUGMENTS, board="blue", name="reaper", starting=["Reaper 1", "Reaper 3"])
    assert "the Reaper Class is taken by red" in refusal.message
    assert "free: brawler, trickster, whisperer" in refusal.message
    assert box.board("blue")["class"] is None
    box.do("choose-class", board="blue", name="brawler", starting=["Brawler 1", "Brawler 2"])
    assert (box.board("red")["class"], box.board("blue")["class"]) == ("reaper", "brawler")


def test_a_starting_augment_printed_for_another_class_or_a_faction_is_refused(box):
    """§ Augment cards: the example cards print "Kinetic battery ... REAPER" and "Atomic power cable ... SPARTANS"
    ("5.Class/Faction: each Augment is assigned to a certain Class or may be acquired from a certain Faction")."""
    _geohunt_setup(box)
    brawler = box.refused("choose-class", AUGMENTS, board="red", name="brawler", starting=["Kinetic battery", "Brawler 2"])
    assert brawler.message.startswith("Kinetic battery is a Reaper Class Augment, not one of the Brawler Class deck")
    spartans = box.refused("choose-class", AUGMENTS, board="red", name="reaper", starting=["atomic power cable", "Reaper 2"])
    assert spartans.message.startswith("Atomic power cable is a Spartans Faction Augment")


@pytest.mark.parametrize("codes", [["ZZZ999"], ["P4-"], ["404"]])
def test_a_component_code_not_shaped_as_printed_is_refused_as_bad_input(box, codes):
    """The rulebook prints codes as 1-2 letters and 1-2 digits (A06, C08, EF1, P12, X00) and no list of them: a
    well-formed code is taken on the players' word, a malformed one is refused."""
    refusal = box.refused("unlock-components", BadInput.code, codes=codes)
    assert "is not a component code: 1 or 2 letters and 1 or 2 digits" in str(refusal.fields)
    assert box.view("unlocks") == {"locked": [], "unlocked": []}


def test_a_code_given_twice_in_one_action_is_refused(box):
    refusal = box.refused("unlock-components", BadInput.code, codes=["P04", "p04"])
    assert "P04 is given twice: each component code once" in str(refusal.fields)
    box.refused("draw-victory-card", BadInput.code, card="A06", unlock=["P01", "P01"])
    box.refused("lock-components", BadInput.code, codes=["E05", "E05"])


def test_an_already_unlocked_code_is_accepted_and_said_to_be_already_there(box):
    """Reading: § Ending the game: a card "tells you to" move components, and replaying a Scenario repeats its card;
    the rules never call a repeat meaningless, so it is recorded with the code under ``already``."""
    box.do("unlock-components", codes=["P04"])
    again = box.do("unlock-components", codes=["P04"]).events
    assert (again[0]["data"]["codes"], again[0]["data"]["already"]) == ([], ["P04"])
