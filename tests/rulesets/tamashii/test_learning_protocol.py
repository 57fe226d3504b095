"""Learning Protocol steps are completed in order, 1 to 3 (tamashii.txt § Learning Protocol cards)."""


def _geohunt(box):
    box.play_prologue_and_lose("red")
    box.do("start-scenario", scenario="geohunt", boards=["red"])
    box.do("choose-learning-protocol", board="red", name="Bodyguard")


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
    _geohunt(box)
    box.refused("choose-learning-protocol", "Learning Protocol cards", board="red", name="Another")
