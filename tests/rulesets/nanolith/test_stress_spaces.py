"""The Stress Icon spaces of the Inactive Index (nanolith.txt § Spending Action Dice) are "not set" until the
group reads them off the Player Boards, once for all at ``start-encounter --stress-spaces`` or per board
(issue 19, item 6): a table following the README then gets Stress from spending dice."""

from domain.rulesets.nanolith.text import board_text

from .conftest import Table


def test_unset_stress_spaces_show_as_not_set_on_the_board(table):
    assert table.board()["characters"]["ashitaka"]["stress_spaces"] is None
    assert "Ashitaka not set" in board_text(table.board()) and "start-encounter --stress-spaces" in board_text(table.board())


def test_start_encounter_sets_every_player_boards_stress_spaces_and_spending_dice_on_them_gives_stress():
    t = Table()
    t.do("start-encounter", name="Encounter 1", stress_spaces=[4, 5])
    assert {c: t.char(c)["stress_spaces"] for c in ("ashitaka", "vaa-lith", "cora", "ada")} == \
        {"ashitaka": [4, 5], "vaa-lith": [4, 5], "cora": [4, 5], "ada": [4, 5]}
    t.begin_round()
    t.do("spend-dice", character="ash", values=[3, 4, 5])  # spaces 1, 2, 3: no Stress Icon
    assert t.char("ashitaka")["stress"] == 0
    t.do("spend-dice", character="ash", values=[3, 6])  # spaces 4 and 5: 1 Stress each
    assert t.char("ashitaka")["stress"] == 2
    assert "Stress spaces on the Inactive Index: Ashitaka 4 5, Vaa-Lith 4 5, Cora 4 5, Ada 4 5" in board_text(t.board())
    assert "not set" not in board_text(t.board())


def test_a_board_with_no_stress_space_is_set_as_none(table):
    table.do("set-stress-spaces", character="cora", slots=[])
    assert table.char("cora")["stress_spaces"] == [] and "Cora none" in board_text(table.board())
