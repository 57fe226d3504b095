"""The kit's declarations beside the rules (domain/core/declarations.py): what the page and statistics read."""

import pytest

from domain.core import Command
from domain.core.declarations import Option, Owed, Presentation
from domain.core.kit import Kit

from .toy import KIT, Counted, Toy, Tossed


def test_an_action_without_a_presentation_is_labelled_in_words_and_its_character_fields_pick_characters():
    shown = Toy().presentation("toss")
    assert shown == Presentation("toss", "Toss", {"character": "character"}, False, "Tossing")


def test_a_declared_presentation_keeps_its_label_and_table_wide_flag_and_gains_the_character_picks():
    assert Toy().presentation("count") == Presentation("count", "Count up", {"character": "character"}, False, "Counters")
    assert Toy().presentation("start-from-paper").table_wide is True


def test_a_tap_on_a_character_offers_every_action_with_a_character_field():
    assert Toy().taps("character") == [("count", "character"), ("toss", "character")]
    assert Toy().taps("room") == []


def test_the_built_in_character_source_lists_the_games_characters_and_unknown_kinds_are_loud():
    toy = Toy()
    assert toy.options({}, "character") == [Option("alice", "Alice"), Option("bob", "Bob")]
    assert toy.kinds() == {"character": "Character"}
    with pytest.raises(KeyError):
        toy.options({}, "room")


def test_a_declared_source_gives_options_from_the_state():
    kit = Kit("toy.txt")

    @kit.source("room", "Room")
    def rooms(state):
        return [("r1", "Canteen"), Option("r2", "Armory"), "r3"]

    assert kit.sources["room"].choices({}) == [Option("r1", "Canteen"), Option("r2", "Armory"), Option("r3", "r3")]
    with pytest.raises(ValueError, match="declared twice"):
        kit.source("room")(rooms)


def test_what_is_owed_comes_from_the_owes_declarations():
    state = Toy().initial_state({})
    assert Toy().owed(state) == [Owed("alice: count", "alice", ("count",))]
    assert Owed("x", None, ("a",)).to_data() == {"text": "x", "who": None, "verbs": ["a"]}


def test_rolls_name_the_dice_field_the_kind_and_who_rolled():
    (rolls,) = Toy().rolled
    event = Tossed("bob", [2, 6])
    assert (rolls.faces(event), rolls.kind_of(event), rolls.roller(event)) == ([2, 6], "coin", "bob")
    assert Toy().die_kinds["coin"].faces == (1, 2, 3, 4, 5, 6)
    assert Toy().curves["counters"].sample({"counters": {"alice": 3}}) == {"alice": 3}
    assert Toy().turning == [Tossed]


def test_a_rolls_declaration_naming_no_field_of_the_event_is_refused_at_import_time():
    with pytest.raises(ValueError, match="name a field of the event"):
        Kit("toy.txt").rolls(Counted, "dice", kind="coin")
    with pytest.raises(ValueError, match="name a field of the event"):
        Kit("toy.txt").rolls(Tossed, "dice")


def test_sub_modes_compose_their_declarations_and_refuse_a_name_declared_twice():
    a, b = Kit("toy.txt"), Kit("toy.txt")
    a.present("count", "Count")
    b.present("count", "Count again")
    with pytest.raises(ValueError, match="declared by two sub-modes"):
        Kit("toy.txt").include(a).include(b)
    c = Kit("toy.txt")
    c.die_kind("d6", "D6", range(1, 7))
    whole = Kit("toy.txt").include(a).include(c)
    assert whole.presentations["count"].label == "Count" and whole.die_kinds["d6"].faces == (1, 2, 3, 4, 5, 6)


def test_the_toy_still_decides_with_its_declarations_in_place():
    assert KIT.decide({"counters": {"alice": 0}}, Command("count", {"character": "alice", "amount": 2})) == [Counted("alice", 2)]


def test_a_kits_stylesheet_field_labels_and_shown_when_are_declared_and_composed(tmp_path):
    css = tmp_path / "board.css"
    css.write_text(".toy-board { gap: 1rem; }\n")
    encounter, campaign = Kit("toy.txt"), Kit("toy.txt")
    encounter.stylesheet(css)
    encounter.field_labels({"hp": "Hit Points (HP)", "move.token": "Exploration token"})
    campaign.shown_when("move", "token", "room", lambda state: [r for r, seen in state["rooms"].items() if not seen])
    campaign.include(encounter)
    assert campaign.styles == [css] and campaign.labels == {"hp": "Hit Points (HP)", "move.token": "Exploration token"}
    assert campaign.shown_whens[("move", "token")].values({"rooms": {"room-1": False, "hall": True}}) == ["room-1"]
    with pytest.raises(ValueError, match="differs"):
        campaign.field_labels({"hp": "Health"})
    with pytest.raises(ValueError, match="not a .css file"):
        campaign.stylesheet(tmp_path / "missing.css")
    with pytest.raises(ValueError, match="declared twice"):
        campaign.shown_when("move", "token", "room", lambda state: [])


def test_a_field_reads_as_its_declared_words_else_its_name_in_words():
    toy = Toy()
    assert toy.field_label("exit_icon") == "Exit icon"
    assert toy.field_label("person") == "Who (a person at the table)"  # the core's own fields
    assert toy.stylesheet() == ""
    assert toy.shown_when("toss", {}) == {}
