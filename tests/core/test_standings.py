"""Standings per person (domain.statistics.standings, issue 30 item 4): co-operative and competitive records apart,
a tie counted for everyone tied (as BoardGamesCompanion users asked, #355 and #164), practice plays left out."""

from domain.plays import FinishedPlay
from domain.statistics import standings


def play(players, practice=False):
    return FinishedPlay("g", "G", None, "Match", "over", "2026-12-01T19:00:00+00:00", "2026-12-01T20:00:00+00:00", 9,
                        [{"name": n, "characters": [n], "score": s, "winner": w} for n, s, w in players], practice,
                        cooperative=all(s is None for _, s, _ in players))


def test_a_tie_is_a_win_and_a_tie_for_each_person_tied_and_co_op_plays_are_apart():
    plays = [play([("Ann", 13, True), ("Ben", 13, True), ("Cy", 4, False)]),   # a three-way match, Ann and Ben tied
             play([("Ann", 9, True), ("Ben", 2, False)]),
             play([("Ann", None, False), ("Cy", None, False)]),                  # a co-operative loss
             play([("Ben", None, True), ("Cy", None, True)]),                    # a co-operative win
             play([("Ann", 20, True), ("Ben", 0, False)], practice=True)]       # practice: not counted
    table = standings(plays)
    assert table["Ann"] == {"cooperative": {"plays": 1, "wins": 0, "losses": 1},
                            "competitive": {"plays": 2, "wins": 2, "ties": 1, "losses": 0, "score": 22}}
    assert table["Ben"]["competitive"] == {"plays": 2, "wins": 1, "ties": 1, "losses": 1, "score": 15}
    assert table["Cy"] == {"cooperative": {"plays": 2, "wins": 1, "losses": 1},
                           "competitive": {"plays": 1, "wins": 0, "ties": 0, "losses": 1, "score": 4}}
