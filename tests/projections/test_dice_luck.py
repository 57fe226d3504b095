"""Dice luck from the statistics read model (issue 30, Done when 1): a campaign fed known Action Dice.

600 Action Dice (nanolith.txt § Action Dice: D6), 100 of each face, are perfectly fair: chi-square 0, p 1. A loaded
die, 200 sixes in 600 (80 of every other face), gives chi-square (5 * 20^2 + 100^2) / 100 = 120 with 5 degrees of
freedom, p 3.14e-24. An undone roll never counts; a corrected roll counts as corrected. Both stores, and a rebuild of
the read models gives the same rows as the writes built one by one.
"""

from __future__ import annotations

import pytest

from domain.core.errors import SealedHistory

from projections.statistics import campaign_stats

HEROES = ("ashitaka", "vaa-lith", "cora", "ada")


def play_rounds(app, cid, faces):
    """Record Rounds in which each hero rolls the next five of ``faces`` (Stress set back to 0 after each Round, so
    nobody gets a Nanoshock and every hero keeps rolling); returns the action results of the rolls."""
    rolls, i = [], 0
    while i < len(faces):
        app.record(cid, "start-round", {})
        for hero in HEROES:
            rolls.append(app.record(cid, "roll-action-dice", {"character": hero, "dice": faces[i:i + 5]}))
            i += 5
        app.record(cid, "give-initiative", {"character": "ashitaka"})
        for hero in HEROES:
            app.record(cid, "end-activation", {"character": hero})
        app.record(cid, "spawn", {"tokens_spent": 0, "enemies": []})
        for hero in HEROES:
            app.record(cid, "adjust", {"path": f"characters.{hero}.stress", "value": 0, "reason": "a fresh table"})
    return rolls


def new_encounter(app, name):
    cid = app.create_campaign("nanolith", name)
    app.record(cid, "seat", {"person": "Mia", "characters": ["ashitaka", "cora"]})
    app.record(cid, "seat", {"person": "Tom", "characters": ["vaa-lith", "ada"]})
    app.record(cid, "start-encounter", {"name": name})
    return cid


def action_die(stats, grouping="kind"):
    return [g for g in stats["dice"][grouping] if g["kind"] == "action-die"]


def sig3(x):
    return f"{x:.3g}"


def test_600_fair_action_dice_are_100_of_each_face_chi_square_0_p_1(app):
    cid = new_encounter(app, "Fair")
    play_rounds(app, cid, [k % 6 + 1 for k in range(600)])
    [fair] = action_die(campaign_stats(app, cid))
    assert fair["rolls"] == 600
    assert fair["counts"] == [[1, 100], [2, 100], [3, 100], [4, 100], [5, 100], [6, 100]]
    assert (fair["expected"], fair["dof"], fair["chi2"], fair["p"]) == (100.0, 5, 0.0, 1.0)
    assert fair["meaningful"] and fair["needs"] == 30
    by_person = {g["person"]: g["rolls"] for g in action_die(campaign_stats(app, cid), "person")}
    assert by_person == {"Mia": 300, "Tom": 300}
    assert {g["digital"] for g in action_die(campaign_stats(app, cid), "digital")} == {False}


LOADED = [6, 6, 6, 6, 6, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5] * 40
"""600 faces, 200 sixes and 80 of each other face: blocks of 15 (five sixes, two of each other face)."""


def test_a_loaded_die_200_sixes_in_600_with_a_corrected_roll(any_app):
    app = any_app
    cid = new_encounter(app, "Loaded")
    typo = LOADED[:-5] + [5, 2, 3, 4, 5]  # the last roll typed with a 5 where the die showed 1
    rolls = play_rounds(app, cid, typo)
    before = dict(map(tuple, action_die(campaign_stats(app, cid))[0]["counts"]))
    assert (before[1], before[5], before[6]) == (79, 81, 200)
    app.undo(cid)  # the last Round's Stress adjustments, after the roll: undone, no die changes
    app.undo(cid)
    app.correct(cid, rolls[-1].action_id, {"dice": [1, 2, 3, 4, 5]}, "the first die showed 1")
    [loaded] = action_die(campaign_stats(app, cid))
    assert loaded["counts"] == [[1, 80], [2, 80], [3, 80], [4, 80], [5, 80], [6, 200]]
    assert sig3(loaded["chi2"]) == "120" and sig3(loaded["p"]) == "3.14e-24" and loaded["dof"] == 5
    by_hero = {g["who"]: g["rolls"] for g in action_die(campaign_stats(app, cid), "character")}
    assert by_hero == {"ashitaka": 150, "vaa-lith": 150, "cora": 150, "ada": 150}
    with pytest.raises(SealedHistory):  # undo stops at the roll (nanolith.txt § Undoing Moves): it stays counted
        for _ in range(12):
            app.undo(cid)
    assert action_die(campaign_stats(app, cid))[0]["counts"] == loaded["counts"]

    incremental = app.read_models.dump()
    app.read_models.rebuild(batch=97)  # batches that cut actions in two
    rebuilt = app.read_models.dump()
    assert rebuilt["ql_dice"] == incremental["ql_dice"] and rebuilt["ql_audit"] == incremental["ql_audit"]
    corrected = [r for r in rebuilt["ql_audit"] if r["action_id"] == rolls[-1].action_id and r["kind"] == "action"]
    assert [(r["faces"], r["counted"], r["digital"]) for r in corrected] == [(
        '[["ada","action-die","1",1],["ada","action-die","2",1],["ada","action-die","3",1],'
        '["ada","action-die","4",1],["ada","action-die","5",1]]', 1, 0)]
    assert action_die(campaign_stats(app, cid))[0]["counts"] == loaded["counts"]


def test_a_fair_encounter_then_a_loaded_one_per_play_and_over_the_campaign(app):
    """The Done-when case in one campaign: Encounter 1, 600 Action Dice, 100 of each face (chi-square 0, p 1); then
    Encounter 2, a loaded die, 200 sixes in 600 (chi-square 120, p 3.14e-24). Each play's recap has its own dice; the
    campaign's 1200 (180 of faces 1-5, 300 sixes, 200 expected each) give (5 * 20^2 + 100^2) / 200 = 60, p 1.22e-11.
    A digital roll (Questlog rolling for the table) is counted apart from the physical ones."""
    import random

    from projections.statistics import recap

    cid = new_encounter(app, "Fair night")
    play_rounds(app, cid, [k % 6 + 1 for k in range(600)])
    app.record(cid, "end-encounter", {"outcome": "victory"})
    app.record(cid, "start-encounter", {"name": "Loaded night"})
    play_rounds(app, cid, LOADED)
    app.record(cid, "start-round", {})
    app.record(cid, "roll-action-dice", {"character": "cora"}, digital=True, rng=random.Random(30))

    first, second = ([g for g in recap(app, cid, n)["dice"]["kind"] if g["kind"] == "action-die"] for n in (1, 2))
    assert first[0]["counts"] == [[f, 100] for f in range(1, 7)] and (first[0]["chi2"], first[0]["p"]) == (0.0, 1.0)
    physical = {g["digital"]: g for g in recap(app, cid, 2)["dice"]["digital"] if g["kind"] == "action-die"}
    assert physical[False]["counts"] == [[1, 80], [2, 80], [3, 80], [4, 80], [5, 80], [6, 200]]
    assert (sig3(physical[False]["chi2"]), sig3(physical[False]["p"])) == ("120", "3.14e-24") and physical[True]["rolls"] == 5
    assert second[0]["rolls"] == 605  # the play's dice by kind: physical and digital together

    stats = campaign_stats(app, cid)
    apart = {g["digital"]: g for g in action_die(stats, "digital")}
    assert apart[False]["counts"] == [[1, 180], [2, 180], [3, 180], [4, 180], [5, 180], [6, 300]]
    assert (sig3(apart[False]["chi2"]), sig3(apart[False]["p"]), apart[False]["dof"]) == ("60", "1.22e-11", 5)
    assert apart[True]["counts"] == physical[True]["counts"] and apart[True]["rolls"] == 5 and not apart[True]["meaningful"]
    assert action_die(stats)[0]["rolls"] == 1205


@pytest.fixture
def counted_dice(toy_game):
    """The toy game (tests/core/toy.py) with its ``count`` amount declared a die: an action that records a face
    without revealing anything, so it can be undone and redone."""
    from domain.core.kit import Kit
    from domain.core.ruleset import register, unregister
    from tests.core import toy

    counting = Kit("toy.txt").include(toy.KIT)
    counting.rolls(toy.Counted, "amount", kind="coin", who="character")

    class Counting(toy.Toy):
        game = "toy-counting"
        kit = counting

    register(Counting)
    yield Counting
    unregister("toy-counting")


def test_an_undone_face_never_counts_and_a_redone_one_counts_again(app, counted_dice):
    cid = app.create_campaign("toy-counting", "Undo")
    app.record(cid, "count", {"character": "alice", "amount": 3})
    app.record(cid, "count", {"character": "bob", "amount": 2})
    coin = lambda: {g["who"]: g["counts"] for g in campaign_stats(app, cid)["dice"]["character"]}  # noqa: E731
    assert coin() == {"alice": [[1, 0], [2, 0], [3, 1], [4, 0], [5, 0], [6, 0]], "bob": [[1, 0], [2, 1], [3, 0], [4, 0], [5, 0], [6, 0]]}
    app.undo(cid)
    assert list(coin()) == ["alice"]
    app.redo(cid)
    app.undo(cid)
    app.undo(cid)
    assert coin() == {}
    app.redo(cid)
    assert coin()["alice"][2] == [3, 1] and "bob" not in coin()
    incremental = app.read_models.dump()
    app.read_models.rebuild(batch=3)
    assert app.read_models.dump()["ql_dice"] == incremental["ql_dice"]


@pytest.mark.parametrize("faces, chi2, p", [((1, 2, 3, 4, 5, 6), None, None)])
def test_no_roll_has_no_test(faces, chi2, p):
    from projections.luck import fit

    assert fit(faces, {})["chi2"] is chi2 and fit(faces, {})["p"] is p
    assert fit(None, {"?": 3})["tested"] is False
    assert fit((1, 2), {1: 2, 3: 1})["p"] == 0.0  # a face the die does not have


def _totals(writes):
    """A batch's totals expanded as :func:`projections.dice.write` writes them: ``(cid, digital, who, kind, face) -> n``."""
    out = {}
    for (cid, digital), sums in writes.totals.items():
        for rolls, counts in sums.values():
            for (who, kind, face), n in counts:
                out[(cid, digital, who, kind, face)] = out.get((cid, digital, who, kind, face), 0) + rolls * n
    return out


def test_rolls_of_the_same_faces_in_any_order_share_one_text_and_count_exactly():
    """A roll's faces are counted once per multiset of faces (projections.dice._ROLLED): 6, 1, 6 and 1, 6, 6 give one
    text, and 1,000 rolls' totals are exactly what counting each roll gives (domain.statistics.dice_of)."""
    import random
    from collections import Counter

    from domain.core.ruleset import get_ruleset
    from domain.statistics import dice_of
    from projections import dice

    nanolith = get_ruleset("nanolith")

    def roll(hero, faces):
        return [{"type": "ActionDiceRolled", "data": {"character": hero, "dice": faces}}]

    writes = dice.new_writes()
    one = dice.action(writes, nanolith, "c", {"digital": False}, roll("cora", [6, 1, 6]))
    other = dice.action(writes, nanolith, "c", {"digital": False}, roll("cora", [1, 6, 6]))
    assert one == other == (0, '[["cora","action-die","1",1],["cora","action-die","6",2]]', 1)
    assert dice.action(writes, nanolith, "c", {"digital": True}, roll("ada", [2]))[:2] == (1, '[["ada","action-die","2",1]]')
    assert dice.action(writes, nanolith, "c", {}, [{"type": "StressGained", "data": {"character": "ada"}}]) == (0, None, None)
    assert _totals(writes) == {("c", 0, "cora", "action-die", "1"): 2, ("c", 0, "cora", "action-die", "6"): 4,
                               ("c", 1, "ada", "action-die", "2"): 1}

    rng, writes, expected = random.Random(30), dice.new_writes(), Counter()
    for _ in range(1000):
        hero, faces = rng.choice(HEROES), [rng.randint(1, 6) for _ in range(rng.randint(1, 6))]
        digital = rng.random() < 0.3
        dice.action(writes, nanolith, "c", {"digital": digital}, roll(hero, faces))
        for (who, kind, face), n in dice_of(nanolith, roll(hero, faces)).items():
            expected[("c", int(digital), who, kind, face)] += n
    assert _totals(writes) == dict(expected) and sum(expected.values()) > 3000


def test_a_face_that_is_not_plain_is_counted_as_it_comes_never_confused_with_a_number():
    """``True`` equals 1 in Python: a roll of a boolean face must not take the text of a roll of 1 it was keyed with."""
    from domain.core.ruleset import get_ruleset
    from projections import dice

    nanolith = get_ruleset("nanolith")
    writes = dice.new_writes()
    ints = dice.action(writes, nanolith, "c", {}, [{"type": "ActionDiceRolled", "data": {"character": "ada", "dice": [1]}}])
    bools = dice.action(writes, nanolith, "c", {}, [{"type": "ActionDiceRolled", "data": {"character": "ada", "dice": [True]}}])
    assert ints[1] == '[["ada","action-die","1",1]]' and bools[1] == '[["ada","action-die","true",1]]'
