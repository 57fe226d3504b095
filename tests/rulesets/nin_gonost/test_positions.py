"""Position and computed modifiers (nin-gonost.txt § Fighting: Backstab and Modifiers, § Ranged Attacks § Modifiers,
§ Line Of Sight and Cover, § Skills: Leadership, Playsheet § Defending a Backstab)."""

from .conftest import Battle

ORC = ["alignment=evil", "res=10", "con=4", "fight_bonus=5", "manna=2", "str=3", "dex=3", "wgt=6", "walk=2", "run=5", "per=3"]


def _duel(first="orcs"):
    b = Battle()
    b.do("recruit", warband="knights", card_id="galwen", card=["alignment=good"])
    b.do("recruit", warband="orcs", card_id="orc-warrior", card=ORC)
    b.do("start-battle", first=first)
    return b


def _attack(b, **extra):
    return b.do("attack", attacker="orc-warrior", defender="galwen", attacker_roll="5", defender_roll="5", **extra)


def test_a_failed_backstab_roll_gives_plus_one_minus_one_and_no_combat_option():
    """§ Backstab Failure: "+1 for the attacker, -1 for the defender, who does not get to choose a combat option"."""
    b = _duel()
    assert "makes a PER roll first" in str(b.refused("attack", attacker="orc-warrior", defender="galwen", attacker_roll="5", defender_roll="5", position="rear"))
    assert "does not get to choose" in str(b.refused("attack", attacker="orc-warrior", defender="galwen", attacker_roll="5",
                                                       defender_roll="5", position="rear", backstab_face="broken", defender_mode="cautious"))
    _attack(b, position="rear", backstab_face="broken")
    assert b.roll["dice"]["orc-warrior"]["die"] == 5 and b.roll["dice"]["galwen"]["die"] == 4    # Fight 4 +1, Fight 5 -1


def test_a_critical_failure_is_plus_two_minus_two_and_a_success_lets_the_defender_choose():
    b = _duel()
    _attack(b, position="rear", backstab_face="broken", backstab_fate=True)
    assert b.roll["dice"]["orc-warrior"]["die"] == 6 and b.roll["dice"]["galwen"]["die"] == 3
    _attack(b, position="rear", backstab_face="1", defender_mode="cautious")
    assert b.roll["dice"]["galwen"]["die"] == 5                                   # 5 -1 (rear) +1 (Cautious)


def test_a_perfect_success_spins_the_defender_round():
    b = _duel()
    _attack(b, position="rear", backstab_face="1", backstab_fate=True, spin="south")
    assert b.fig("galwen")["facing"] == "south" and b.roll["dice"]["galwen"]["die"] == 5
    assert "only a Perfect Success spins" in str(b.refused("attack", attacker="orc-warrior", defender="galwen", attacker_roll="5",
                                                            defender_roll="5", position="rear", backstab_face="1", spin="south"))


def test_typed_rear_modifiers_must_match_the_position_and_keep_working_without_one():
    b = _duel()
    refusal = b.refused("attack", attacker="orc-warrior", defender="galwen", attacker_roll="5", defender_roll="5",
                        position="front", attacker_modifier=["rear-strike=1"])
    assert refusal.rule == "nin-gonost.txt § Fighting" and "rear-strike is none" in str(refusal)
    _attack(b, position="rear", backstab_face="broken", attacker_modifier=["rear-strike=1"], defender_modifier=["struck-from-rear=1"])
    assert b.roll["dice"]["orc-warrior"]["die"] == 5                              # counted once
    _attack(b, attacker_modifier=["rear-strike=1"])                                # no position: as typed
    assert b.roll["dice"]["orc-warrior"]["die"] == 5


def test_each_extra_engaged_opponent_is_minus_one_computed_from_the_engagements():
    b = Battle()
    b.do("recruit", warband="knights", card_id="galwen", card=["alignment=good"])
    b.do("recruit", warband="orcs", card_id="orc-warrior", card=ORC)
    b.do("recruit", warband="orcs", card_id="orc-warrior", card=ORC)
    b.do("start-battle", first="orcs")
    b.do("attack", attacker="orc-warrior", defender="galwen", attacker_roll="3", defender_roll="3")
    b.do("end-turn", figure="orc-warrior")
    b.do("attack", attacker="orc-warrior-2", defender="galwen", attacker_roll="3", defender_roll="3")
    assert ["Each additional opponent", -1] in b.state["last_roll"]["sides"][1]["shifts"] and b.roll["dice"]["galwen"]["die"] == 4
    assert "extra-opponent is -1" in str(b.refused("attack", attacker="orc-warrior-2", defender="galwen", attacker_roll="3",
                                                    defender_roll="3", defender_modifier=["extra-opponent=2"]))


def _archer(per="3"):
    b = Battle()
    b.do("recruit", warband="knights", card_id="galwen", card=["alignment=good"])
    b.do("recruit", warband="knights", card_id="squire", card=["alignment=good", "ap=4", "con=3", "manna=3"])
    b.do("recruit", warband="orcs", card_id="orc-archer", card=["alignment=evil", "con=3", f"per={per}"])
    b.do("start-battle", first="knights")
    return b


def test_close_and_long_range_and_the_targets_speed_come_from_the_numbers():
    """Close Range (up to PER) +1, Long Range (over 3 x PER) -1, target's Assumed Speed greater than PER -1."""
    b = _archer(per="2")
    b.do("walk", figure="galwen", spaces=1)
    b.do("run", figure="galwen", spaces=3)                          # Assumed Speed 3 > the archer's PER 2
    b.do("walk", figure="galwen", spaces=1)
    b.do("walk", figure="galwen", spaces=1)
    b.do("end-player-turn", warband="knights")
    b.do("nock-arrow", figure="orc-archer")
    assert "long is none; Questlog computes Close Range +1" in str(b.refused("shoot", figure="orc-archer", target="galwen", face="1", distance=2, modifier=["long"]))
    b.do("shoot", figure="orc-archer", target="galwen", face="1", distance=2, modifier=["close"])
    assert b.roll["die"] == 5 and b.roll["modifiers"] == [["Close Range", 1]]    # Range 4 +1, counted once
    b.do("take-hit", target="galwen")
    b.do("nock-arrow", figure="orc-archer")
    b.do("shoot", figure="orc-archer", target="galwen", face="1", distance=7)
    assert b.roll["die"] == 3 and b.roll["modifiers"] == [["Long Range", -1]]


def test_a_running_target_is_harder_to_hit():
    b = _archer(per="2")
    b.do("walk", figure="galwen", spaces=1)
    b.do("run", figure="galwen", spaces=3)
    b.do("end-turn", figure="galwen")
    b.do("end-player-turn", warband="knights")
    b.do("nock-arrow", figure="orc-archer")
    b.do("shoot", figure="orc-archer", target="galwen", face="1")
    assert ["Assumed Speed greater than PER", -1] in b.roll["modifiers"]


def test_no_dodge_from_the_rear_and_no_shield_modifier_there():
    """§ Ranged Attacks: evasive actions "IF the firer was in their front Sight Arc"; "Shield (front or side)"."""
    b = _archer()
    b.do("end-player-turn", warband="knights")
    b.do("nock-arrow", figure="orc-archer")
    assert "shield is none" in str(b.refused("shoot", figure="orc-archer", target="galwen", face="2", position="rear", modifier=["shield"]))
    b.do("shoot", figure="orc-archer", target="galwen", face="2", position="rear")
    assert "front Sight Arc" in str(b.refused("dodge", figure="galwen", face="1"))
    b.do("take-hit", target="galwen")
    assert b.roll["power"] == 10 and b.fig("galwen")["manna"] == 4               # the Detail Of Play's shot to the back


def test_a_missed_arrow_strikes_a_bystander_at_accuracy_zero():
    """§ Line Of Sight and Cover: "On a Fate (star), that character is hit by the weapon with an accuracy of 0"."""
    b = _archer()
    b.do("end-player-turn", warband="knights")
    b.do("nock-arrow", figure="orc-archer")
    assert "did not just miss" in str(b.refused("stray-hit", attacker="orc-archer", bystander="squire"))
    b.do("shoot", figure="orc-archer", target="galwen", face="broken")
    assert "not the shooter nor its target" in str(b.refused("stray-hit", attacker="orc-archer", bystander="galwen"))
    b.do("stray-hit", attacker="orc-archer", bystander="squire")
    assert b.roll["power"] == 8 and "Power = 0 (accuracy) + 8 (Range bonus) = 8" in b.roll["steps"]
    b.do("take-hit", target="squire")
    assert b.fig("squire")["defeated"]                                           # 8 > the Squire's RES 6


def test_leadership_rallies_allies_at_wil_plus_the_cards_leadership_and_bravery():
    """§ Leadership: WIL (+ Bravery bonus if Good); Galwen's card: Leadership +2, Bravery +2: WIL 6 -> die 10."""
    b = _archer()
    b.state["figures"]["squire"]["morale"] = "intimidated"
    assert "not an ally" in str(b.refused("leadership", figure="galwen", face="1", allies=["orc-archer"]))
    b.do("leadership", figure="galwen", face="1", allies=["squire"])
    assert b.roll["die"] == 10 and b.fig("squire")["morale"] == "normal"
    assert ["Leadership", 2] in b.roll["modifiers"] and ["Bravery", 2] in b.roll["modifiers"]


def test_a_printed_acrobat_bonus_is_applied_to_a_dodge_and_a_jump():
    """§ Skills, Acrobat: "die modifier to Jump, Perilous Movement, Dodge, Disengage and Stand". A tumbler's card prints
    DEX 3 and Acrobat +1: its Dodge rolls Accuracy die 4 and its Jump die 4; a typed skill=1 is that bonus, skill=2 is
    refused naming the card's; the Dodge Example's arithmetic: 2 + 8 = Power 10, dodged by 3: 7 > CON 3, a wound."""
    b = Battle()
    b.do("recruit", warband="knights", card_id="tumbler", card=["name=Tumbler", "alignment=good", "ap=4", "dex=3", "con=3", "res=8",
                                                                "manna=3", "walk=2", "run=4", "skill-acrobat=1"])
    b.do("recruit", warband="orcs", card_id="orc-archer", card=["alignment=evil", "con=3"])
    b.do("start-battle", first="orcs", chooser="orcs")
    b.do("nock-arrow", figure="orc-archer")
    b.do("shoot", figure="orc-archer", target="tumbler", face="2")
    assert "Acrobat" in str(b.refused("dodge", figure="tumbler", face="3", modifier=["skill=2"]))
    b.do("dodge", figure="tumbler", face="3", modifier=["skill=1"])
    assert b.roll["die"] == 4 and ["Acrobat", 1] in b.roll["modifiers"]          # DEX 3 + Acrobat 1
    assert b.roll["power"] == 7 and b.fig("tumbler")["manna"] == 2              # 2 + 8 = 10 - 3 = 7 > CON 3
    b.do("end-player-turn", warband="orcs")
    b.do("walk", figure="tumbler", spaces=1)
    b.do("jump", figure="tumbler", face="1", distance=1)                        # just walked: Walk 2 - 1
    assert b.roll["die"] == 4 and ["Acrobat", 1] in b.roll["modifiers"]
