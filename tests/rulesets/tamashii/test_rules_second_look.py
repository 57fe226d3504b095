"""Rules a second look found open (issue 32), each with the rulebook's words and numbers (tamashii.txt § Scenario
generator, § Body cards, § Bag building & Data tokens mechanics, § List of all Components, § Breaking Augments,
§ Most important keywords and phrases)."""

import pytest

GENERATOR = dict(length="short", boards=["red", "blue"], enemy_deck=["1:2xP"], trace_top=10)
RECOMMENDATION = "we recommend skipping setup step 3 d), as Learning Protocols may interfere with the final scoring"


@pytest.mark.parametrize("tiles", [[1, 5], [4, 2], [3, 11]])
def test_competitive_characters_start_on_the_shelter_or_a_damaged_district(box, tiles):
    """§ Scenario generator, Game Setup 3: "place your Characters on the chosen starting District tiles (Shelter or
    Damaged District)": tiles 1, 2 and 3, not the Seekers' Hideout (5) or any other."""
    refusal = box.refused("start-scenario-generator", "Scenario generator (competitive mode)", start_tiles=tiles, **GENERATOR)
    assert "Shelter (1), Damaged District (2), Damaged District (3)" in refusal.message


def test_competitive_characters_may_start_on_tiles_2_and_3(box):
    box.do("start-scenario-generator", start_tiles=[3, 2], **GENERATOR)
    assert (box.board("red")["tile"], box.board("blue")["tile"]) == (3, 2)


def _generator(box):
    box.do("start-scenario-generator", start_tiles=[1, 2], **GENERATOR)
    box.do("choose-class", board="red", name="reaper", starting=["Solo/Pvp", "Reaper 2"])


def test_a_competitive_learning_protocol_is_allowed_with_the_recommendation_said(box):
    """§ Scenario generator, Game Setup: "Setup step 3 d): we recommend skipping this step": a recommendation, not a
    rule. red takes one, the response's history line says the recommendation; blue takes none and owes nothing."""
    _generator(box)
    events = box.do("choose-learning-protocol", board="red", name="Bodyguard").events
    assert RECOMMENDATION in events[0]["data"]["note"]
    line = box.view("history")["actions"][-1]["events"][0]["text"]
    assert line.startswith("red took the Learning Protocol Bodyguard (tamashii.txt § Scenario generator (competitive mode)")
    assert RECOMMENDATION in line
    box.refused("choose-learning-protocol", "Learning Protocol cards", board="red", name="Spartans")
    box.do("choose-class", board="blue", name="brawler", starting=["Solo/Pvp", "Brawler 2"])
    box.do("set-up-body-market", cards=["Soldier", "Scout", "Tank"])
    assert box.view()["phase"] == "planning" and box.board("blue")["learning_protocol"] is None
    assert box.board("red")["learning_protocol"] == {"name": "Bodyguard", "steps": 0}


def test_a_coop_learning_protocol_has_no_note(box):
    box.play_prologue_and_lose("red")
    box.do("start-scenario", scenario="geohunt", boards=["red"], mode="coop", trace_top=10)
    events = box.do("choose-learning-protocol", board="red", name="Bodyguard").events
    assert events[0]["data"]["note"] == ""
    assert box.view("history")["actions"][-1]["events"][0]["text"] == "red took the Learning Protocol Bodyguard"


def _launch_step(box):
    """Geohunt for red, turn 1: Launcher refilled, red moved: its Launch step."""
    box.geohunt("red")
    box.do("refill-launcher", board="red", tokens=["red", "red", "blue", "blue"])
    box.do("end-phase")
    box.do("move", board="red", tile=5, entry=1)


def test_a_body_is_inhabited_only_from_the_body_market(box):
    """§ Body cards: "7. Cost: The Pattern you must launch in order to inhabit this Body from the Body Market": the
    market is Soldier and Scout; a Tank (still in the Body deck) cannot be inhabited, a Soldier can."""
    _launch_step(box)
    assert box.view()["body_market"] == ["Soldier", "Scout"]
    refusal = box.refused("inhabit", "Body cards", board="red", body="Tank", tokens=["red", "red"])
    assert "Tank is not in the Body Market (face up: Soldier, Scout)" in refusal.message
    box.do("inhabit", board="red", body="Soldier", tokens=["red", "red"])
    assert box.view()["body_market"] == ["Scout"] and box.view()["market_due"] == 1


def test_a_body_a_reset_sent_to_the_bottom_of_the_deck_cannot_be_inhabited(box):
    """§ RESET: the discarded active Body goes "on the bottom of the Bodies deck": not back into the Market."""
    _launch_step(box)
    box.do("inhabit", board="red", body="Soldier", tokens=["red", "red"])
    box.do("refill-body-market", card="Tank")
    box.do("lose-integrity", board="red", amount=5)
    box.do("reset", board="red", result="discard-body")
    assert box.board("red")["bodies"] == [] and box.view()["body_market"] == ["Scout", "Tank"]
    assert "Soldier is not in the Body Market" in box.refused("inhabit", "Body cards", board="red", body="Soldier",
                                                             tokens=["blue", "blue"]).message


def test_a_17th_open_data_token_cannot_be_gained(prologue):
    """§ List of all Components: "16 Open Data tokens"; § Bag building & Data tokens mechanics: "When the neutral pool
    of a particular Data token is depleted, it is impossible to gain that token". Both boards' tokens count."""
    prologue.do("gain-data", board="red", tokens=["open"] * 10)
    prologue.do("gain-data", board="blue", tokens=["open"] * 6)
    refusal = prologue.refused("gain-data", "Bag building & Data tokens mechanics", board="red", tokens=["open"])
    assert "the box has 16, the Player Boards hold 16, so 0 can be gained, not 1" in refusal.message
    assert prologue.board("red")["data"]["dump"]["open"] == 10


def test_each_basic_type_has_32_tokens_in_the_box(prologue):
    """§ List of all Components: "128 Basic Data tokens (4 types)": 32 red. red's Bag holds 4 (3 + its Core Data
    type), blue's 3: 25 are left in the neutral pool."""
    refusal = prologue.refused("gain-data", "Bag building & Data tokens mechanics", board="blue", tokens=["red"] * 26)
    assert "the box has 32, the Player Boards hold 7, so 25 can be gained, not 26" in refusal.message
    prologue.do("gain-data", board="blue", tokens=["red"] * 25)
    prologue.refused("gain-data", "Bag building & Data tokens mechanics", board="red", tokens=["core"])
    prologue.do("gain-data", board="red", tokens=["green"])


def test_an_upgrade_for_an_open_data_token_the_pool_lacks_is_refused_before_paying(geohunt):
    """§ UPGRADE: 2 EXP for 1 Open Data, but with all 16 held there is none to gain: nothing is paid."""
    geohunt.do("gain-data", board="blue", tokens=["open"] * 16)
    geohunt.do("gain-exp", board="red", amount=2)
    geohunt.refused("upgrade", "Bag building & Data tokens mechanics", board="red", option="open-data")
    assert geohunt.board("red")["exp"] == 2


def test_a_class_augment_cannot_have_the_break_keyword(geohunt):
    """§ Most important keywords and phrases: "Break: only on Faction Augments"."""
    refusal = geohunt.refused("gain-augment", "Most important keywords and phrases", board="red", kind="class",
                              name="Reaper 5", breaks=True)
    assert "Break: only on Faction Augments" in refusal.message


def test_a_broken_augment_is_not_gained_again_in_the_same_scenario(box):
    """§ Breaking Augments: "its card should be removed from the game after resolving it ... This Augment will not
    appear again during the same game"; § Most important keywords: "it may not be gained or used again in this
    scenario". In the next Scenario it may be gained again ("this component is still Unlocked")."""
    _launch_step(box)
    box.do("gain-augment", board="red", kind="faction", name="Atomic power cable", memory=0, breaks=True)
    box.do("end-phase")  # the Combat phase passes (no Enemy); the Quest phase
    while box.view()["phase"] != "planning":
        box.do("end-phase")
    box.do("trace-roll", board="red", dice=["blank"])
    box.do("equip", board="red", name="Atomic power cable")
    box.do("refill-launcher", board="red", tokens=["green", "yellow"])
    box.do("end-phase")
    box.do("stay", board="red", stationary=1)
    box.do("launch-augment", board="red", name="Atomic power cable", tokens=["blue", "blue"])
    assert box.board("red")["augments"][-1]["name"] != "Atomic power cable"
    refusal = box.refused("gain-augment", "Breaking Augments", board="red", kind="faction", name="atomic power cable")
    assert "may not be gained or used again during the same game" in refusal.message
    box.refused("gain-augment", "Breaking Augments", board="red", kind="faction", name=" Atomic  Power cable ", breaks=True)
    box.do("draw-scenario-lost-card", card="E10")
    box.do("start-scenario", scenario="geohunt", boards=["red"], mode="coop", trace_top=10)
    box.finish_setup("red")  # § Acquiring Augments: never during the Setup
    box.do("gain-augment", board="red", kind="faction", name="Atomic power cable", breaks=True)
    assert box.board("red")["augments"][-1]["name"] == "Atomic power cable"


def test_events_and_plays_stored_before_these_rules_still_replay():
    """A persisted contract: a LearningProtocolChosen stored without ``note`` loads with none, and a play stored
    without ``broken_augments`` takes a Break (its evolve adds the list)."""
    from domain.core.ruleset import get_ruleset

    tamashii = get_ruleset("tamashii")
    old = tamashii.event_from_data("LearningProtocolChosen", {"board": "red", "name": "Bodyguard"})
    assert old.note == "" and tamashii.describe(old) == "red took the Learning Protocol Bodyguard"
    play = {"boards": {"red": {"augments": [{"name": "Atomic power cable"}]}}}
    after = tamashii.evolve({"play": play}, tamashii.event_from_data("AugmentBroken", {"board": "red", "name": "Atomic power cable"}))
    assert after["play"]["broken_augments"] == ["Atomic power cable"] and after["play"]["boards"]["red"]["augments"] == []


def test_a_four_player_competitive_game_starts_with_the_fourth_on_a_tile_of_the_map_setup_card(box):
    """§ Scenario generator, Game Setup 7: Goals for "a 3 or 4 – player game", so four players must be able to start
    though the book names three starting tiles: three on 1, 2, 3, the fourth anywhere else (docs/games/tamashii.md)."""
    four = {**GENERATOR, "boards": ["red", "blue", "green", "yellow"], "enemy_deck": ["1:2xP", "2:all"]}
    refusal = box.refused("start-scenario-generator", "Scenario generator (competitive mode)", start_tiles=[1, 2, 7, 8], **four)
    assert "not on tile 7, 8" in refusal.message
    box.do("start-scenario-generator", start_tiles=[1, 2, 3, 7], **four)
    assert [box.board(b)["tile"] for b in four["boards"]] == [1, 2, 3, 7]
