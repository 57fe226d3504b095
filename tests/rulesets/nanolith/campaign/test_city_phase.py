"""The City Phase and what it touches: Quest Items and the Persistent Icon, Item Cards returned, Mission Tokens,
the Exit Icon (nanolith.txt § Neo-Eden and the City Phase, § Persistent Icon, § Mission Token, § Exit Icon)."""

from ..conftest import types

CITY = "nanolith.txt § Neo-Eden and the City Phase"


def _chapter_one(group):
    group.do("take-hidden-card", code="Q1", character="cora", name="Hitome's Amulet", quest_item=True, persistent=True)
    group.do("take-hidden-card", code="Q2", character="ashitaka", name="Nano-Accumulator", quest_item=True)


def _hold_item_cards(group, **held):
    """An Encounter in which the Storybook hands the characters Item Cards (names assumed), then won."""
    group.do("start-encounter", name="Chapter 1")
    for character, items in held.items():
        for item in items:
            group.do("take-card", character=character, item=item, source="Storybook")
    group.do("end-encounter", outcome="victory")


def test_the_city_phase_example(group):
    """§ Neo-Eden and the City Phase, example: the Amulet kept, the Nano-Accumulator discarded, 4 Item Cards
    returned give Vaa-Lith 1 Nanofragment, a Mission Token chosen ends the City Phase."""
    _chapter_one(group)
    _hold_item_cards(group, ashitaka=["stim-1", "stim-2"], vaa=["scanner"], ada=["medpack"])
    events = group.do("start-city-phase")
    assert types(events) == ["CityPhaseStarted", "QuestCardsDiscarded"]
    assert events[1].discarded == ["Q2"] and events[1].kept == ["Q1"]
    group.do("place-mission-token", token="hitomes-trail", page="42", reason="Hitome's Amulet")
    events = group.do("return-item-cards", count=4, nanofragment_to="vaa")
    assert types(events) == ["ItemCardsReturned", "NanofragmentsGained"] and events[1].character == "vaa-lith"
    group.do("choose-mission-token", token="hitomes-trail")
    assert group.progress()["city_phase"] is None
    assert group.unlocks()["quest_items"] == {"persistent": ["Q1"], "other": [], "discarded": ["Q2"]}


def test_the_steps_go_in_order(group):
    assert group.refused("return-item-cards", "Neo-Eden and the City Phase", count=3).rule == CITY
    group.do("start-city-phase")
    group.do("place-mission-token", token="t")
    assert group.refused("choose-mission-token", "Neo-Eden and the City Phase", token="t").rule == CITY
    assert group.refused("start-city-phase", "Neo-Eden and the City Phase").rule == CITY


def test_fewer_than_three_item_cards_give_no_nanofragment(group):
    group.do("start-city-phase")
    assert group.refused("return-item-cards", "Neo-Eden and the City Phase", count=2, nanofragment_to="ada").rule == CITY


def test_a_lobby_without_an_exit_icon_cannot_be_exited(group):
    group.do("enter-lobby", name="Sealed Vault", disk=True)
    assert group.refused("start-city-phase", "Exit Icon").rule == "nanolith.txt § Exit Icon"


def test_a_persistent_card_stays_until_a_text_discards_it(group):
    _chapter_one(group)
    group.do("discard-quest-item", code="Q1", reason="Storybook p. 80")
    assert group.unlocks()["quest_items"]["discarded"] == ["Q1"]
    assert group.refused("discard-quest-item", "Persistent Icon", code="Q1").rule == "nanolith.txt § Persistent Icon"


def test_a_defragmented_text_needs_its_quest_item_in_its_lobby(group):
    group.do("take-hidden-card", code="Q5", character="ada", quest_item=True, defragments=["D4"], lobby="Clinic")
    assert group.refused("read-defragmented-text", "Defragmented Files", text="D4").rule == "nanolith.txt § Defragmented Files"
    group.do("enter-lobby", name="Clinic")
    assert types(group.do("read-defragmented-text", text="d4")) == ["DefragmentedTextRead"]
    assert group.refused("read-defragmented-text", "Open and Hidden Texts", text="D9").rule == "nanolith.txt § Open and Hidden Texts"


def test_a_hidden_card_is_held_by_one_character_and_traded_between_encounters(group):
    group.do("take-hidden-card", code="Q7", character="ada")
    assert group.refused("take-hidden-card", "Hidden Cards and Quest Items", code="Q7", character="cora").rule == "nanolith.txt § Hidden Cards and Quest Items"
    group.do("pass-hidden-card", code="Q7", character="cora")
    assert group.unlocks()["hidden_cards"]["Q7"]["holder"] == "cora"


def test_a_mission_token_is_stuck_once(group):
    group.do("place-mission-token", token="babel-tower", page="57")
    assert group.refused("place-mission-token", "Mission Token", token="babel-tower").rule == "nanolith.txt § Mission Token"


def test_only_the_item_cards_held_are_returned(group):
    """§ Neo-Eden and the City Phase, 2: "Return all of the characters' Item Cards (except for Start Items) to the
    Item Deck. If 3 or more cards are discarded in this way, one character in the group may obtain 1
    Nanofragment": with 2 Item Cards held, a return of 3 (and its Nanofragment) is refused, and so is 1."""
    group.do("give-start-items", character="ada", items=["nano-heal", "cool-down", "nanophoenix"])
    _hold_item_cards(group, cora=["stim-1", "stim-2"])
    group.do("enter-lobby", name="Neon Market", disk=True, exit_icon=True)
    group.do("start-city-phase")
    refusal = group.refused("return-item-cards", "Neo-Eden and the City Phase", count=3, nanofragment_to="ada")
    assert "they hold 2 (cora: stim-1, stim-2), not 3" in refusal.message
    assert "they hold 2" in group.refused("return-item-cards", "Neo-Eden and the City Phase", count=1).message
    group.do("return-item-cards", count=2)
    assert group.char("cora")["items"] == [] and group.divider("ada")["unconscious"] == 0
    assert sorted(group.char("ada")["start_items"]) == ["cool-down-lv-1", "nano-heal-lv-1", "nanophoenix-lv-1"]


def test_four_held_are_returned_and_not_five(group):
    """§ Neo-Eden and the City Phase, example: "As they discard 4 Item Cards, they obtain 1 Nanofragment"."""
    _hold_item_cards(group, ashitaka=["stim-1", "stim-2"], vaa=["scanner"], ada=["medpack"])
    group.do("enter-lobby", name="Neon Market", disk=True, exit_icon=True)
    group.do("start-city-phase")
    assert "they hold 4" in group.refused("return-item-cards", "Neo-Eden and the City Phase", count=5, nanofragment_to="vaa").message
    group.do("return-item-cards", count=4, nanofragment_to="vaa")
    assert group.divider("vaa-lith")["unconscious"] == 1
