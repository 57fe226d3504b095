"""Each game's statistics declarations (domain/rulesets/<game>/stats.py) on its own example script (issue 30, Done
when 2): the recap of the play (finished where the ruleset reports a result), its turning points, dice and curves,
with the values the script's own lines give."""

from __future__ import annotations

import contextlib
import io
import re
from collections import Counter
from pathlib import Path

import pytest

from cli.context import Session
from cli.script import play_file
from projections.statistics import campaign_stats, recap

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture
def played(sqlite_url):
    """``played(game, script)``: the script played into a fresh store; returns the session and the campaign id."""
    sessions = []

    def run(game: str, script: str):
        s = Session(db=sqlite_url)
        sessions.append(s)
        with contextlib.redirect_stdout(io.StringIO()):
            play_file(s, EXAMPLES / game / script)
        return s.app, s.campaign_id()
    yield run
    for s in sessions:
        s.app.close()


def ends(curve):
    """``{key: (first value, last value, highest)}`` of a series."""
    return {k: (v[0][1], v[-1][1], max(p[1] for p in v)) for k, v in curve["lines"].items()}


def test_nanolith_encounter_recap_counts_every_action_die_the_script_rolled(played):
    app, cid = played("nanolith", "encounter-full.ql")
    r = recap(app, cid, 1)
    assert (r["play"]["title"], r["play"]["finished"], r["play"]["outcome"], r["play"]["actions"]) == (
        "Encounter 'Encounter X: The Overseer'", True, "victory", 106)
    assert [(p["name"], p["winner"]) for p in r["play"]["players"]] == [("Mia", True), ("Tom", True)]
    assert [t["type"] for t in r["turning_points"]] == ["EnemyEliminated", "BossCardDrawn", "BossCardDrawn", "EnemyEliminated",
                                                       "EncounterEnded"]
    script = (EXAMPLES / "nanolith" / "encounter-full.ql").read_text()
    typed = Counter(int(d) for line in re.findall(r"^roll-action-dice \S+ ([\d ]+)$", script, re.M) for d in line.split())
    [action] = [g for g in r["dice"]["kind"] if g["kind"] == "action-die"]
    assert action["counts"] == [[f, typed[f]] for f in range(1, 7)] == [[1, 1], [2, 14], [3, 15], [4, 18], [5, 15], [6, 17]]
    assert f"{action['chi2']:.3g} {action['p']:.3g}" == "14.5 0.0127"  # expected 80/6 each face
    assert ends(r["curves"]["damage"])["ada"] == (0, 0, 8)  # Ada took 8 Damage, then was healed
    assert ends(r["curves"]["round"])[""] == (1, 4, 4) and ends(r["curves"]["reinforcement-pool"])[""] == (0, 2, 2)
    assert set(r["curves"]) == {"stress", "damage", "nanoshocks", "reinforcement-pool", "round"}
    assert campaign_stats(app, cid)["latest_play"]["curves"] == r["curves"]  # the read model's rows give the same curves


def test_tamashii_prologue_recap_is_won_on_its_victory_card(played):
    app, cid = played("tamashii", "prologue.ql")
    r = recap(app, cid)
    assert (r["play"]["title"], r["play"]["outcome"], r["play"]["actions"]) == ("prologue", "won", 30)
    assert [t["text"] for t in r["turning_points"]] == ["red attached Firecleaner", "red's Firecleaner discarded", "prologue won on A06"]
    assert ends(r["curves"]["integrity"]) == {"red": (5, 5, 5), "blue": (5, 5, 5)}
    assert r["curves"]["trace"]["lines"] == {}  # no Trace track in the Prologue (Setup step 2c skipped)
    assert ends(r["curves"]["turn"])[""] == (1, 2, 2)


def test_tamashii_competitive_scenario_counts_player_dice_without_a_fairness_test(played):
    app, cid = played("tamashii", "competitive.ql")
    r = recap(app, cid)
    assert (r["play"]["outcome"], [(p["name"], p["score"], p["winner"]) for p in r["play"]["players"]]) == (
        "finished", [("red", 7, True), ("blue", 1, False)])
    [dice] = r["dice"]["kind"]
    assert (dice["kind"], dice["counts"], dice["tested"]) == ("player-die", [["blank", 1], ["rare", 1]], False)
    assert ends(r["curves"]["trace"]) == {"red": (0, 2, 2), "blue": (0, 4, 4)}
    assert ends(r["curves"]["vp"]) == {"red": (0, 4, 6), "blue": (0, -1, 0)}


def test_nemesis_full_game_noise_rolls_and_markers(played):
    app, cid = played("nemesis", "full-game.ql")
    r = recap(app, cid)
    assert (r["play"]["title"], r["play"]["outcome"], r["play"]["actions"]) == ("Nemesis game", "every survivor is Hibernated", 34)
    assert [(p["name"], p["winner"]) for p in r["play"]["players"]] == [("captain", False), ("scout", True), ("mechanic", False)]
    assert r["turning_points"][-1]["text"] == "the game ended: every survivor is Hibernated; won by scout"
    [noise] = r["dice"]["kind"]
    assert noise["counts"] == [["1", 1], ["2", 2], ["3", 1], ["4", 1], ["danger", 1], ["silence", 4]] and not noise["tested"]
    assert ends(r["curves"]["noise-markers"])[""] == (0, 9, 10) and ends(r["curves"]["malfunctions"])[""] == (0, 0, 1)
    assert ends(r["curves"]["round"])[""] == (1, 4, 4)


def test_nin_gonost_full_game_wounds_and_figures_standing(played):
    app, cid = played("nin-gonost", "full-game.ql")
    r = recap(app, cid)
    assert (r["play"]["title"], r["play"]["outcome"], r["play"]["actions"]) == ("Battle", "knights holds the field", 18)
    assert [(p["name"], p["winner"]) for p in r["play"]["players"]] == [("knights", True), ("orcs", False)]
    assert [t["type"] for t in r["turning_points"]] == ["HitTaken", "FigureDefeated", "FigureDefeated"]
    assert ends(r["curves"]["standing"]) == {"knights": (1, 1, 1), "orcs": (2, 0, 2)}
    assert ends(r["curves"]["wounds"]) == {"knights": (0, 2, 2), "orcs": (0, 0, 0)}
    assert ends(r["curves"]["ap-spent"]) == {"knights": (0, 2, 4), "orcs": (0, 0, 8)}
    assert [(g["kind"], g["counts"]) for g in r["dice"]["kind"]] == [("Accuracy die #4 (red)", [[2, 1]]),
                                                                     ("Accuracy die #5 (dark yellow)", [[1, 1]])]


def test_nanobot_battle_arena_full_game_chains_and_caches(played):
    app, cid = played("nanobot-battle-arena", "full-game.ql")
    r = recap(app, cid)
    assert (r["play"]["title"], r["play"]["outcome"]) == ("Match 1 (basic)", "won by chain")
    assert [(p["name"], p["score"], p["winner"]) for p in r["play"]["players"]] == [("Ada", 13, True), ("Bo", 4, False)]
    assert [t["text"] for t in r["turning_points"]][-2:] == ["Final chains: echidna 13, vex 4", "echidna wins (by chain)"]
    assert ends(r["curves"]["longest-chain"]) == {"Ada": (0, 13, 13), "Bo": (0, 4, 4)}  # the End Game's count
    assert ends(r["curves"]["cache"]) == {"Ada": (15, 0, 15), "Bo": (15, 11, 15)}
    assert r["dice"]["kind"] == []  # cards, no dice
