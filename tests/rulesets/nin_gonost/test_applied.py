"""Skills, spells and rules applied, not only listed (nin-gonost.txt § Spot Weakness, § Transcend, § Recover,
§ Free Rotate, § Hitting Obstacles, § Manna Skills, § Choosing Sides, § Beginner's Rule for Combat Roll,
§ Examine Fight Technique)."""

from domain.core import BadInput

from .conftest import Battle

ORC = ["alignment=evil", "res=10", "con=4", "fight_bonus=5", "manna=2", "str=3", "dex=3", "wgt=6", "walk=2", "run=5", "per=3"]


def _galwen_and_archer():
    b = Battle()
    b.do("recruit", warband="knights", card_id="galwen", card=["alignment=good"])
    b.do("recruit", warband="orcs", card_id="orc-archer", card=["alignment=evil", "con=3", "manna=2", "dex=3"])
    b.do("start-battle", first="knights")
    return b


def test_spot_weakness_lowers_res_by_one_so_power_eight_kills_res_eight():
    """§ Spot Weakness: "Target at -1 RES when attacked by spotting character"; range PER; once per target per turn.
    The dagger thrown (§ Thrown Items): 7 + 1 = Power 8 against the archer's RES 8 - 1 = 7: killed."""
    b = _galwen_and_archer()
    far = b.refused("spot-weakness", figure="galwen", target="orc-archer", face="?", fate=True, distance=9)
    assert far.rule == "nin-gonost.txt § Spot Weakness" and "PER 2 or lower distance" in str(far)
    b.do("spot-weakness", figure="galwen", target="orc-archer", face="?", fate=True, distance=2)
    assert b.roll["die"] == 0 and b.roll["outcome"] == "success"                # PER 2, untrained -2: the ? die
    assert "once per target per turn" in str(b.refused("spot-weakness", figure="galwen", target="orc-archer", face="?", fate=True))
    b.do("sheathe", figure="galwen")
    b.do("draw", figure="galwen", weapon="dagger")
    b.do("throw", figure="galwen", target="orc-archer", face="7", weapon="dagger", distance=2)
    b.do("take-hit", target="orc-archer")
    assert "Orc archer's RES 8 -1 (Spot Weakness by Sir Galwen) = 7" in b.roll["steps"]
    assert b.roll["result"] == "killed" and b.fig("orc-archer")["defeated"]
    assert {"who": "orc-archer", "what": "RES", "label": "Spot Weakness by Sir Galwen", "value": -1,
            "source": "the attacker's earlier Spot Weakness on this target: RES -1, Perfect Success -2 (§ Spot Weakness)"} in b.roll["applied"]


def test_without_spot_weakness_power_eight_against_res_eight_is_a_wound():
    b = _galwen_and_archer()
    b.do("sheathe", figure="galwen")
    b.do("draw", figure="galwen", weapon="dagger")
    b.do("throw", figure="galwen", target="orc-archer", face="7", weapon="dagger", distance=2)
    b.do("take-hit", target="orc-archer")
    assert b.roll["result"] == "wound"                                          # 8 not > RES 8, > CON 3
    assert [a for a in b.roll["applied"] if a["what"] == "RES"] == []


def test_spot_weakness_applies_to_the_spotters_duels_and_does_not_stack():
    b = Battle()
    b.do("recruit", warband="knights", card_id="galwen", card=["alignment=good"])
    b.do("recruit", warband="orcs", card_id="orc-warrior", card=ORC)
    b.do("start-battle", first="orcs")
    b.do("spot-weakness", figure="orc-warrior", target="galwen", face="1", trained=True)
    assert b.fig("orc-warrior")["weakness"] == {"galwen": 1}
    b.do("end-player-turn", warband="orcs")
    b.do("end-player-turn", warband="knights")
    b.do("spot-weakness", figure="orc-warrior", target="galwen", face="1", fate=True, trained=True)
    assert b.fig("orc-warrior")["weakness"] == {"galwen": 2}                   # Perfect Success: -2
    b.do("end-player-turn", warband="orcs")
    b.do("end-player-turn", warband="knights")
    b.do("spot-weakness", figure="orc-warrior", target="galwen", face="1", trained=True)
    assert b.fig("orc-warrior")["weakness"] == {"galwen": 2}                   # "Effects do not stack": kept at -2
    b.do("attack", attacker="orc-warrior", defender="galwen", attacker_roll="9", defender_roll="2")
    assert b.roll["power"] == 12 and b.roll["result"] == "wound"               # 7 + 5 = 12 not > RES 14 - 2 = 12
    assert [a for a in b.roll["applied"] if a["what"] == "RES"] == [
        {"who": "galwen", "what": "RES", "label": "Spot Weakness by Orc warrior", "value": -2,
         "source": "the attacker's earlier Spot Weakness on this target: RES -1, Perfect Success -2 (§ Spot Weakness)"}]
    b.do("attack", attacker="orc-warrior", defender="galwen", attacker_roll="10", defender_roll="2")
    assert b.roll["result"] == "killed"                                        # 13 > 12


def test_transcend_success_gives_one_more_run_until_the_next_turn():
    """§ Transcend: "Take 1 manna damage, +1 to STR or RUN until next turn"; Galwen runs 4 over his Run 3."""
    b = _galwen_and_archer()
    assert "--boost" in str(b.refused("transcend", figure="galwen", face="1"))
    b.do("transcend", figure="galwen", face="1", boost="run")
    assert b.roll["die"] == 4 and b.fig("galwen")["manna"] == 4 and b.fig("galwen")["run"] == 4   # WIL 6 untrained -2
    b.do("walk", figure="galwen", spaces=1)
    b.do("run", figure="galwen", spaces=4)
    b.do("walk", figure="galwen", spaces=1)
    b.do("end-player-turn", warband="knights")
    b.do("end-player-turn", warband="orcs")
    b.do("walk", figure="galwen", spaces=1)
    assert "over Sir Galwen's Run speed 3" in str(b.refused("run", figure="galwen", spaces=4))


def test_transcend_perfect_success_gives_str_and_run_and_str_adds_to_the_fight_bonus():
    b = _galwen_and_archer()
    b.do("transcend", figure="galwen", face="2", fate=True)
    g = b.fig("galwen")
    assert g["str"] == 6 and g["run"] == 4 and g["fight"]["bonus"] == 9
    b.do("attack", attacker="galwen", defender="orc-archer", attacker_roll="3", defender_roll="2")
    assert b.roll["power"] == 10                                                 # 1 + 8 + 1 (Transcend +1 STR)


def test_recover_perfect_success_gives_one_manna_and_one_ap_this_turn():
    """§ Recover: "Character now has 1 Manna Point and one AP to use this turn"."""
    b = _galwen_and_archer()
    b.do("end-player-turn", warband="knights")
    b.state["figures"]["orc-archer"]["manna_lost"] = 2
    b.do("recover", figure="orc-archer", face="0", fate=True)
    a = b.fig("orc-archer")
    assert a["manna"] == 1 and a["ap_left"] == 1 and b.state["battle"]["active"] == "orc-archer"
    b.do("nock-arrow", figure="orc-archer")
    assert b.state["battle"]["active"] is None


def test_no_free_rotate_after_a_run_that_stopped_at_an_obstacle():
    """§ Hitting Obstacles: "If the character had been at Run speed and come to a stop at a wall, he may not get a free
    rotate, since his last action had a Run speed"; after a Walk it may."""
    b = Battle()
    b.do("recruit", warband="squires", card_id="squire", card=["alignment=good", "ap=4"])
    b.do("recruit", warband="orcs", card_id="orc", card=["alignment=evil", "ap=4"])
    b.do("start-battle", first="squires", chooser="squires")
    b.do("walk", figure="squire", spaces=3)
    b.do("rotate", figure="squire", turn="left")
    b.do("walk", figure="squire", spaces=2)
    b.do("run", figure="squire", spaces=6)
    b.do("hit-obstacle", figure="squire", face="1")
    assert b.fig("squire")["speed"] == "stop"
    assert b.refused("rotate", figure="squire", turn="left").rule == "nin-gonost.txt § Free Rotate"


def test_a_manna_skill_off_the_card_needs_ctr_six_and_rolls_at_minus_three():
    """§ Manna Skills: "CTR of 6 or greater and all attempts are made with a die modifier of -3"; the alignment
    must be listed ("Heal Friend ... Good only")."""
    b = Battle()
    b.do("recruit", warband="a", card_id="galwen", card=["alignment=good"])
    b.do("recruit", warband="a", card_id="mage", card=["name=Mage", "alignment=good", "ap=4", "ctr=6", "manna=6", "skill-telekinesis=0"])
    b.do("recruit", warband="b", card_id="warlock", card=["name=Warlock", "alignment=evil", "ap=4", "ctr=7", "manna=6"])
    b.do("start-battle", first="a")
    b.state["figures"]["galwen"]["manna_lost"] = 2
    refusal = b.refused("heal-friend", figure="galwen", target="mage", face="3")
    assert refusal.rule == "nin-gonost.txt § Manna Skills" and "needs CTR 6 or greater, not 4" in str(refusal)
    b.do("heal-friend", figure="mage", target="galwen", face="2")
    assert b.roll["die"] == 3 and ["Manna skill not on the card", -3] in b.roll["modifiers"]
    assert b.fig("galwen")["manna"] == 5
    b.do("end-player-turn", warband="a")
    assert "Good only" in str(b.refused("weave-manna", figure="warlock", manna=2, skill="Pure Light"))
    b.do("weave-manna", figure="warlock", manna=3, skill="Armor Of The Damned")
    assert b.fig("warlock")["manna"] == 3


def test_recruit_without_a_value_the_figure_needs_is_bad_input():
    b = Battle()
    assert "ALIGNMENT" in str(b.refused("recruit", error=BadInput, warband="orcs", card_id="orc-warrior"))
    assert "AP" in str(b.refused("recruit", error=BadInput, warband="orcs", card_id="orc", card=["alignment=evil"]))
    b.do("set-point-limit", points=200)
    assert "VALUE" in str(b.refused("recruit", error=BadInput, warband="orcs", card_id="orc-warrior", card=["alignment=evil"]))


def test_beginner_rules_a_tie_with_one_fate_has_no_effect():
    """Beginner's Rule for Combat Roll: "If both numbers rolled are a tie, and ONE character rolled a FATE star, there
    is no effect" (the core rules' Counter Strike does not open)."""
    b = Battle({"rules": "beginner"})
    b.do("recruit", warband="knights", card_id="galwen", card=["alignment=good"])
    b.do("recruit", warband="orcs", card_id="orc-archer", card=["alignment=evil"])
    b.do("start-battle", first="knights")
    b.do("attack", attacker="galwen", defender="orc-archer", attacker_roll="7", defender_roll="7", attacker_fate=True)
    assert b.roll["result"] == "parry" and b.state["battle"]["pending"] is None
    assert "no effect (Beginner's Rule for Combat Roll)" in b.roll["steps"][-1]


def test_examine_fight_technique_studies_an_opponent_engaged_in_a_fight():
    """Reading: "the engaged opponent" is an opponent engaged in a fight (the examiner, who must fight when engaged,
    watches); within PER; Success: +1 die for this character's attacks on it this game."""
    b = Battle()
    b.do("recruit", warband="knights", card_id="galwen", card=["alignment=good"])
    b.do("recruit", warband="knights", card_id="squire", card=["alignment=good", "ap=4", "fight_die=3", "fight_bonus=2", "con=3"])
    b.do("recruit", warband="orcs", card_id="orc-warrior", card=ORC)
    b.do("start-battle", first="knights")
    assert "not engaged in a fight" in str(b.refused("examine-fight", figure="galwen", target="orc-warrior", face="1"))
    b.do("attack", attacker="squire", defender="orc-warrior", attacker_roll="3", defender_roll="3")
    b.do("end-turn", figure="squire")
    assert "PER 2 or lower" in str(b.refused("examine-fight", figure="galwen", target="orc-warrior", face="1", distance=3))
    b.do("examine-fight", figure="galwen", target="orc-warrior", face="1", distance=2)
    assert b.roll["die"] == 3 and b.fig("galwen")["edges"] == {"orc-warrior": 1}   # Fight 5 as Accuracy, untrained -2
    b.do("attack", attacker="galwen", defender="orc-warrior", attacker_roll="4", defender_roll="4")
    assert b.roll["dice"]["galwen"]["die"] == 6                                   # Fight 5 +1 (Examine Fight Technique)
