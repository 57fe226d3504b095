"""Manna, Fatigue, Morale, Poison, Knock Out, sneaking and doors (nin-gonost.txt § Taking Damage & Fatigue,
§ Morale, § Morale Boost, § Recover, § Poison, § Combat Options, § Sneak, § Search, § Manna Weaving,
§ Heal Friend / Lay On Hands, § Transcend, § Attacking Structures And Objects)."""

from .conftest import Battle


def test_zero_manna_is_fatigued_at_minus_two_and_below_zero_is_dead(battle):
    battle.do("end-player-turn", warband="knights")
    battle.do("walk", figure="orc-warrior", spaces=1)
    battle.do("attack", attacker="orc-warrior", defender="galwen", attacker_roll="2", defender_roll="4")
    assert battle.roll["power"] == 10 and battle.fig("orc-warrior")["manna"] == 1      # 10 > CON 4, not > RES 10
    battle.do("attack", attacker="orc-warrior", defender="galwen", attacker_roll="2", defender_roll="4")
    assert battle.fig("orc-warrior")["manna"] == 0 and "fatigued" in battle.fig("orc-warrior")["conditions"]
    battle.do("attack", attacker="orc-warrior", defender="galwen", attacker_roll="5", defender_roll="6")
    assert battle.roll["dice"]["orc-warrior"]["die"] == 2                                # Fight 4, Fatigued -2
    assert battle.fig("orc-warrior")["defeated"]                                          # below 0 Manna


def test_recover_only_at_zero_manna_takes_the_whole_turn(battle):
    battle.do("end-player-turn", warband="knights")
    assert "only characters with 0 Manna" in str(battle.refused("recover", figure="orc-archer", face="1"))
    battle.state["figures"]["orc-archer"]["manna_lost"] = 2
    battle.do("recover", figure="orc-archer", face="1")
    assert battle.roll["die"] == 1                                  # CON 3 at -2
    assert battle.fig("orc-archer")["manna"] == 1 and battle.fig("orc-archer")["ap_left"] == 0


def test_morale_boost_only_below_normal_and_intimidated_fights_cautious_or_defensive(battle):
    assert "lower than Normal" in str(battle.refused("morale-boost", figure="galwen", face="1"))
    battle.do("end-player-turn", warband="knights")
    battle.do("intimidate", figure="orc-archer", face="0", fate=True, target="galwen", trained=True)
    assert battle.fig("galwen")["morale"] == "scared"               # Perfect Success: two levels
    assert battle.roll["die"] == 2                                  # the archer's WIL 2
    assert "may not engage or attack" in str(battle.refused("attack", attacker="galwen", defender="orc-archer", attacker_roll="1", defender_roll="1"))
    battle.do("end-player-turn", warband="orcs")
    battle.do("morale-boost", figure="galwen", face="3")
    assert battle.roll["die"] == 6                                  # WIL 6, Scared -2, Bravery +2
    assert battle.fig("galwen")["morale"] == "intimidated"


def test_a_poison_weapons_wound_poisons(battle):
    battle.do("attack", attacker="galwen", defender="orc-warrior", attacker_roll="2", defender_roll="1", poison=True)
    assert battle.roll["result"] == "wound"                         # 1 + 8 = 9, not > RES 10, > CON 4
    assert "poisoned" in battle.fig("orc-warrior")["conditions"]
    battle.do("end-turn", figure="galwen")
    battle.do("end-player-turn", warband="knights")
    assert "Poison" in battle.refused("walk", figure="orc-warrior", spaces=1).rule
    battle.do("poison-roll", figure="orc-warrior", face="1")
    battle.do("attack", attacker="orc-warrior", defender="galwen", attacker_roll="3", defender_roll="3")
    assert "no Poison roll due" in str(battle.refused("poison-roll", figure="orc-warrior", face="1"))


def test_a_poison_failure_costs_a_manna_and_a_perfect_success_cures():
    b = Battle()
    b.do("recruit", warband="a", card_id="galwen", card=["alignment=good"])
    b.do("recruit", warband="b", card_id="orc-warrior", card=["alignment=evil", "con=3", "manna=2", "res=9"])
    b.do("start-battle", first="b")
    b.state["figures"]["galwen"]["poisoned"] = True
    b.do("end-player-turn", warband="b")
    assert "Poison" in b.refused("walk", figure="galwen", spaces=1).rule
    b.do("poison-roll", figure="galwen", face="broken")
    assert b.fig("galwen")["manna"] == 4
    b.do("walk", figure="galwen", spaces=1)
    b.do("end-player-turn", warband="a")
    b.do("end-player-turn", warband="b")
    b.do("poison-roll", figure="galwen", face="2", fate=True)
    assert "poisoned" not in b.fig("galwen")["conditions"]


def test_knock_out_and_waking(battle):
    battle.do("attack", attacker="galwen", defender="orc-warrior", attacker_roll="5", defender_roll="4", option="knock-out")
    assert battle.roll["result"] == "knocked-out"                   # Power 1 + 8 = 9 > CON 4
    assert {"knocked_out", "prone"} <= set(battle.fig("orc-warrior")["conditions"])
    battle.do("end-turn", figure="galwen")
    battle.do("end-player-turn", warband="knights")
    assert "read-card orc-warrior --card dex=N" in str(battle.refused("stand", figure="orc-warrior", face="1"))
    battle.do("read-card", figure="orc-warrior", card=["dex=3"])
    assert "already shows res" in str(battle.refused("read-card", figure="orc-warrior", card=["res=12"]))
    assert "knocked out" in str(battle.refused("stand", figure="orc-warrior", face="1"))
    battle.do("regain-consciousness", figure="orc-warrior", face="1")
    assert battle.fig("orc-warrior")["conditions"] == ["prone"]
    battle.do("stand", figure="orc-warrior", face="0", fate=True)
    assert battle.fig("orc-warrior")["conditions"] == [] and battle.fig("orc-warrior")["ap_left"] == 4   # Perfect: 0 AP


def test_sneaking_blocks_engaging_and_search_finds_it():
    b = Battle()
    b.do("recruit", warband="a", card_id="galwen", card=["alignment=good"])
    b.do("recruit", warband="b", card_id="orc-archer", card=["alignment=evil", "per=3", "con=3"])
    b.do("start-battle", first="b")
    b.do("sneak", figure="orc-archer", face="2", trained=True)
    assert b.roll["die"] == 3
    b.do("end-player-turn", warband="b")
    assert "Sneak" in b.refused("attack", attacker="galwen", defender="orc-archer", attacker_roll="1", defender_roll="1").rule
    b.do("search", figure="galwen", face="1", target="orc-archer")
    assert b.roll["die"] == 2                                       # PER 2: no untrained penalty for Search
    assert "sneaking" not in b.fig("orc-archer")["conditions"]


def test_an_untrained_skill_is_at_minus_two(battle):
    battle.do("sneak", figure="galwen", face="?")
    assert battle.roll["die"] == 0 and battle.roll["outcome"] == "failure"   # PER 2 - 2: the ? die, no Fate star
    assert ["untrained skill", -2] in battle.roll["modifiers"]


def test_a_weaver_never_spends_to_zero_and_heal_never_exceeds_the_printed_manna():
    b = Battle()
    b.do("recruit", warband="a", card_id="cleric", card=["name=Cleric", "alignment=good", "ap=4", "ctr=4", "manna=5", "wil=6", "skill-heal-friend=0", "skill-pure-light=0"])
    b.do("recruit", warband="a", card_id="squire", card=["alignment=good", "ap=4", "manna=3"])
    b.do("recruit", warband="b", card_id="orc", card=["alignment=evil", "ap=4"])
    b.do("start-battle", first="a")
    b.state["figures"]["squire"]["manna_lost"] = 1
    assert "0 or lower" in str(b.refused("weave-manna", figure="cleric", manna=5, skill="Pure Light"))
    b.do("heal-friend", figure="cleric", target="squire", face="4")
    assert b.roll["die"] == 4 and b.roll["modifiers"] == []            # on the card: CTR 4, no -3
    assert b.fig("squire")["manna"] == 3 and b.fig("cleric")["manna"] == 3   # healed 1 of a roll of 4; 2 MP spent
    b.do("transcend", figure="cleric", face="1", boost="str")
    assert b.fig("cleric")["manna"] == 2


def test_doors_open_lock_and_are_picked():
    b = Battle()
    b.do("recruit", warband="a", card_id="galwen", card=["alignment=good"])
    b.do("recruit", warband="b", card_id="orc", card=["alignment=evil", "ap=4"])
    b.do("start-battle", first="a")
    b.do("place-object", obj="vault", kind="reinforced-door", locked=True)
    assert "locked" in str(b.refused("open-door", figure="galwen", obj="vault"))
    b.do("lock-pick", figure="galwen", obj="vault", face="?", fate=True)
    assert b.roll["die"] == 0 and b.roll["outcome"] == "success"    # PER 2, untrained -2: the ? die
    assert b.state["objects"]["vault"]["locked"] is False and b.fig("galwen")["ap_left"] == 2
    b.do("open-door", figure="galwen", obj="vault")
    assert b.state["objects"]["vault"]["open"] is True
    b.do("place-object", obj="chest", wgt=5)
    assert b.state["objects"]["chest"] == {"name": "chest", "res": 10, "sp": 3, "wgt": 5, "door": False, "open": False, "locked": False, "jammed": False}
    b.do("end-player-turn", warband="a")
    b.do("end-player-turn", warband="b")
    b.do("attack-object", figure="galwen", obj="chest", roll="3")
    assert b.roll["power"] == 11 and b.state["objects"]["chest"]["sp"] == 2
