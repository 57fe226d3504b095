"""Learning Protocol steps are completed in order, 1 to 3 (tamashii.txt § Learning Protocol cards)."""


def _geohunt(box):
    box.geohunt("red")


def test_steps_are_completed_in_order(box):
    _geohunt(box)
    box.refused("complete-learning-step", "Learning Protocol cards", board="red", step=2)
    box.do("complete-learning-step", board="red", step=1)
    box.refused("complete-learning-step", "Learning Protocol cards", board="red", step=1)
    box.refused("complete-learning-step", "Learning Protocol cards", board="red", step=3)
    box.do("complete-learning-step", board="red", step=2)
    box.do("complete-learning-step", board="red", step=3)
    assert box.board("red")["learning_protocol"] == {"name": "Bodyguard", "steps": 3}


def test_only_one_learning_protocol_per_player(box):
    box.play_prologue_and_lose("red")
    box.do("start-scenario", scenario="geohunt", boards=["red"], mode="coop", trace_top=10)
    box.do("choose-learning-protocol", board="red", name="Bodyguard")
    box.refused("choose-learning-protocol", "Learning Protocol cards", board="red", name="Another")


def test_setup_choices_are_made_before_the_first_turn_and_turn_1_waits_for_them(box):
    """§ Game setup 3c, 3d, 5: made during the Setup; turn 1 begins once they are all made."""
    box.play_prologue_and_lose("red", "blue")
    box.do("start-scenario", scenario="geohunt", boards=["red", "blue"], trace_top=10)
    assert box.view()["phase"] == "setup"
    box.refused("refill-launcher", "Planning phase", board="red", tokens=["red"])
    assert [o["do"] for o in box.view("turn")["obligations"]] == [
        "choose-class", "choose-learning-protocol", "choose-class", "choose-learning-protocol", "set-up-body-market"]
    box.finish_setup("red", "blue")
    assert (box.view()["turn"], box.view()["phase"]) == (1, "planning")
    box.refused("choose-class", "Game setup", board="red", name="brawler", starting=["A", "B"])
    box.refused("choose-learning-protocol", "Game setup", board="blue", name="Another")
    box.refused("set-up-body-market", "Game setup", cards=["Soldier", "Scout", "Tank"])
