"""The arithmetic of rolls with the rulebook's numbers (nin-gonost.txt § Fighting, § Ranged Attacks, § Skills,
§ Thrown Items, § Hitting Obstacles, Playsheet § Combat rolls)."""

import pytest

from domain.rulesets.nin_gonost.ladder import Outcome
from domain.rulesets.nin_gonost.resolve import Fighter, against, duel, obstacle_impact, reduce_power, shot, thrown_range


def galwen(number, fate=False, **kw):
    return Fighter("galwen", "Sir Galwen", number, fate, [("Fight bonus", 8)], 14, 4, **kw)


def orc(number, fate=False, **kw):
    return Fighter("orc", "Orc", number, fate, [("Fight bonus", 5)], 8, 3, **kw)


def test_the_orc_rolls_5_against_sir_galwens_7_for_power_10():
    """§ The Duel Dice Difference: a difference of 2 plus his Damage Bonus of 8."""
    res = duel(orc(5), galwen(7))
    assert (res["winner"], res["difference"], res["power"], res["result"]) == ("galwen", 2, 10, "killed")
    assert res["steps"][-2:] == ["Power = 2 (difference) + 8 (Fight bonus) = 10", "10 > RES 8: Orc is killed"]


@pytest.mark.parametrize("power, result", [(14, "wound"), (15, "killed"), (4, "unharmed"), (5, "wound")])
def test_power_must_exceed_res_to_kill_and_con_to_wound(power, result):
    assert against(power, "Sir Galwen", 14, 4, fated=False)[0] == result


def test_a_winner_fate_kills_when_power_exceeds_con():
    assert against(5, "Sir Galwen", 14, 4, fated=True)[0] == "killed"
    assert against(4, "Sir Galwen", 14, 4, fated=True)[0] == "unharmed"
    res = duel(galwen(7, True), orc(2))
    assert res["result"] == "killed" and res["power"] == 13


def test_the_fate_table():
    assert duel(galwen(9), orc(6, True))["result"] == "blocked"
    assert duel(galwen(9, True), orc(6, True))["result"] == "killed"  # both Fate: resolved normally
    assert duel(galwen(7), orc(7))["result"] == "parry"
    both = duel(galwen(7, True), orc(7, True))
    assert both["result"] == "both-defeated" and [e["figure"] for e in both["effects"]] == ["galwen", "orc"]
    counter = duel(galwen(7, True), orc(7))
    assert counter["result"] == "counter-strike" and counter["fated"] == "galwen"


def test_the_defender_can_win_and_a_defensive_winner_does_no_damage():
    res = duel(orc(9), galwen(3))
    assert res["winner"] == "orc" and res["power"] == 11 and res["result"] == "wound"
    assert duel(orc(2), galwen(9, may_damage=False))["result"] == "no-damage"


def test_combat_options_replace_damage_with_their_test():
    stats = {"str": 5, "con": 3, "wgt": 10}
    knocked = duel(Fighter("galwen", "Sir Galwen", 9, False, [("Fight bonus", 8)], 14, 4, option="knock-out", stats=stats),
                   Fighter("orc", "Orc", 7, False, [], 8, 3, stats=stats))
    assert knocked["result"] == "knocked-out" and knocked["power"] == 10
    tripped = duel(Fighter("g", "G", 5, False, [("Fight bonus", 1)], 14, 4, option="trip", stats=stats),
                   Fighter("o", "O", 4, False, [], 8, 3, stats=stats))
    assert tripped["result"] == "no-effect" and tripped["steps"][-1] == "Trip: POWER > opponent's WGT: 2 <= WGT 10"


def test_beginners_rules():
    assert against(9, "Orc", 8, None, fated=False, beginner=True)[0] == "killed"
    assert against(8, "Orc", 8, None, fated=False, beginner=True)[0] == "unharmed"
    assert against(1, "Orc", 8, None, fated=True, beginner=True)[0] == "killed"


def test_a_shot_adds_the_damage_bonus_to_the_accuracy():
    """Detail Of Play, Orc's Turn: a 2 on gold plus the bonus of 8 is Power 10."""
    res = shot(Outcome.SUCCESS, 2, [("Range bonus", 8)], "a crosshair 2 and no Fate: success")
    assert (res["power"], res["fated"]) == (10, False)
    assert shot(Outcome.CRITICAL_FAILURE, None, [], "x")["result"] == "missed, weapon broken"


def test_the_dodge_example_is_nine_minus_two():
    """§ Dodge Example: Power 9, a 2 on the dodge: 7 (not the printed "8 minus 2"): not killed, a wound."""
    res = reduce_power(9, False, "dodge", Outcome.SUCCESS, 2, "")
    assert res["power"] == 7 and res["steps"][-1] == "Power 9 - 2 (dodge) = 7"
    assert against(7, "Orc", 8, 4, fated=False)[0] == "wound"


@pytest.mark.parametrize("reaction", ["catch", "deflect"])
def test_catch_and_deflect_success_reduce_the_power_as_the_text_says(reaction):
    """The Playsheet says "Unharmed" for a Success; the skills' text says reduce by the number rolled."""
    res = reduce_power(10, False, reaction, Outcome.SUCCESS, 3, "")
    assert res["power"] == 7 and res["result"] == "reduced"
    assert reduce_power(10, False, reaction, Outcome.PERFECT_SUCCESS, 3, "")["result"] == "unharmed"
    assert reduce_power(10, False, reaction, Outcome.CRITICAL_FAILURE, None, "")["fated"] is True


def test_thrown_ranges():
    assert thrown_range(5, 0) == (8, "range = STR 5 + 0 (Throw Modifier) + 3 = 8")   # Sir Galwen's dagger
    assert thrown_range(10, -6)[0] == 7                                                # the Half-Troll's Squire


def test_the_squire_would_have_hit_the_wall_for_twelve():
    assert obstacle_impact(6, 6, 6) == (True, "WGT 6 + Assumed Speed 6 = 12 > RES 6: 1 Manna")
    assert obstacle_impact(6, 0, 6)[0] is False


def test_the_beginners_rules_are_a_campaign_option():
    """Basics § Note To Beginners: ``--setup rules=beginner``; a winner's Fate kills outright, Manna ignored."""
    from .conftest import Battle

    b = Battle({"rules": "beginner"})
    b.do("recruit", warband="k", card_id="galwen", card=["alignment=good"])
    b.do("recruit", warband="o", card_id="orc-archer", card=["alignment=evil"])
    b.do("start-battle", first="k")
    b.do("attack", attacker="galwen", defender="orc-archer", attacker_roll="3", defender_roll="2", attacker_fate=True)
    assert b.roll["power"] == 9 and b.roll["steps"][-1] == "a Fate star on the winning roll: Orc archer is killed (Beginner's Rule)"
