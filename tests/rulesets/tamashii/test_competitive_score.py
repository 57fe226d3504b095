"""Victory Points (tamashii.txt § Counting Victory Points). Readings: "each 3 Assets" counts the four tracks
together; "each [icon] in your pool" is each Open Data token; a draw goes to fewer Corrupted Data."""

import pytest

from domain.rulesets.tamashii.modes import corrupted_penalty, final_scores, victory_points
from domain.rulesets.tamashii.setup import new_board


@pytest.mark.parametrize("count, penalty", [(0, 0), (1, -1), (2, -2), (3, -2), (4, -3), (5, -3), (6, -4), (9, -4)])
def test_the_corrupted_data_penalty_follows_the_table(count, penalty):
    assert corrupted_penalty(count) == penalty


def test_each_line_of_the_formula():
    b = new_board("red", prologue=False, tile=1)
    b["assets"] = {"shield": 2, "memory": 2, "power": 1, "reroll": 3}  # 8 Assets together: 2 VP
    b["locks"], b["limiter"] = 1, 7
    b["dump"]["open"], b["bag"]["corrupted"], b["launcher"]["corrupted"] = 2, 1, 1
    b["augments"] = [
        {"name": "F1", "kind": "faction", "break": False, "starting": False, "equipped": True},
        {"name": "F2", "kind": "faction", "break": True, "starting": False, "equipped": True},
        {"name": "F3", "kind": "faction", "break": False, "starting": False, "equipped": False},
        {"name": "C1", "kind": "class", "break": False, "starting": True, "equipped": True},
        {"name": "C2", "kind": "class", "break": False, "starting": False, "equipped": True},
    ]
    b["goals"] = [{"goal": "G1", "vp": 4}]
    assert victory_points(b) == {"assets": 2, "unlocked_data_slots": 3, "open_data": 2, "max_integrity": 2,
                                 "faction_augments": 1, "class_augments": 2, "goals": 4, "corrupted_data": -2,
                                 "total": 14}


def test_a_draw_goes_to_the_player_with_fewer_corrupted_data():
    red, blue = new_board("red", prologue=False, tile=1), new_board("blue", prologue=False, tile=1)
    red["goals"], blue["goals"] = [{"goal": "G1", "vp": 3}], [{"goal": "G2", "vp": 4}]
    red["dump"]["corrupted"] = 1  # 3 - 1 = 2
    blue["dump"]["corrupted"] = 2  # 4 - 2 = 2
    assert final_scores({"boards": {"red": red, "blue": blue}})["winners"] == ["red"]


def _generator(box, start_tiles=(1, 2)):
    box.do("start-scenario-generator", length="short", boards=["red", "blue"], enemy_deck=["1:2xP"], trace_top=10,
           start_tiles=list(start_tiles))
    for board, klass in (("red", "reaper"), ("blue", "brawler")):  # setup 3c applies (each Class once); 3d is optional
        box.do("choose-class", board=board, name=klass, starting=["Solo/Pvp", f"{klass.title()} 2"])
    box.do("set-up-body-market", cards=["Soldier", "Scout", "Tank"])


def test_time_goes_down_after_each_quest_phase_and_the_game_ends_at_0(box):
    _generator(box)
    box.do("take-goal-card", board="blue", goal="G1", vp=2)
    box.refused("draw-scenario-card", "Scenario generator (competitive mode)", code="A01")
    box.do("adjust", path="play.time", value=1, reason="last turn")
    for board in ("red", "blue"):
        box.do("refill-launcher", board=board, tokens=["red"])
    box.do("end-phase")
    for board in ("red", "blue"):
        box.do("stay", board=board, stationary=1)
        box.do("end-phase")
    assert box.view()["phase"] == "quest"  # nobody has an Enemy: the Combat phase passed by itself
    box.do("end-phase")
    score = box.view("score")
    assert box.view()["play"] is None and score["final"] is True and score["winners"] == ["blue"]
    assert box.view("progress")["played"][-1]["outcome"] == "finished"


def test_each_player_must_start_on_a_different_district_tile(box):
    """§ Scenario generator, Game Setup 3: "Each player must start on a different District tile"."""
    box.refused("start-scenario-generator", "Scenario generator (competitive mode)", length="short", boards=["red", "blue"], enemy_deck=["1:2xP"], trace_top=10,
                start_tiles=[1, 1])
    _generator(box, start_tiles=[2, 1])
    assert (box.board("red")["tile"], box.board("blue")["tile"]) == (2, 1)


def test_a_goal_card_is_taken_once_and_its_vp_stays_hidden_until_the_end(box):
    """§ Scenario generator rules 3-4: taken face down, VP hidden and counted at the end; the next one is revealed."""
    _generator(box)
    box.do("take-goal-card", board="red", goal="G03", vp=3)
    box.refused("take-goal-card", "Scenario generator (competitive mode)", board="blue", goal="g03", vp=3)
    red = box.view("score")["boards"]["red"]
    assert (red["goals"], red["goal_cards"], red["total"]) == (None, 1, 0)
    assert box.app.get_campaign(box.cid).horizon()["seal"]["verb"] == "take-goal-card"
