"""Held, unconscious and mobs applied (nin-gonost.txt § Combat Options, § Attacking Objects or Unconscious Characters,
§ Mobs, § Skills: Dodge)."""

from .conftest import Battle

ORC = ["alignment=evil", "res=10", "con=4", "fight_bonus=5", "manna=2", "str=3", "dex=3", "wgt=6", "walk=2", "run=5"]


def _galwen_held():
    b = Battle()
    b.do("recruit", warband="knights", card_id="galwen", card=["alignment=good"])
    b.do("recruit", warband="orcs", card_id="orc-warrior", card=ORC)
    b.do("start-battle", first="knights")
    b.do("attack", attacker="galwen", defender="orc-warrior", attacker_roll="3", defender_roll="9", option="")
    return b


def test_a_held_orc_may_not_attack_or_move_until_it_breaks_the_hold():
    """Grab: Fight Die -2; POWER > CON: "held and may not fight or move until free"; STR v STR to break it."""
    b = Battle()
    b.do("recruit", warband="knights", card_id="galwen", card=["alignment=good"])
    b.do("recruit", warband="orcs", card_id="orc-warrior", card=ORC)
    b.do("start-battle", first="knights")
    b.do("attack", attacker="galwen", defender="orc-warrior", attacker_roll="7", defender_roll="5", option="grab")
    assert b.roll["result"] == "held"                                         # Power 2 + 8 = 10 > CON 4
    assert b.roll["dice"]["galwen"]["die"] == 3                               # Fight 5, Grab -2
    b.do("end-turn", figure="galwen")
    b.do("end-player-turn", warband="knights")
    refusal = b.refused("attack", attacker="orc-warrior", defender="galwen", attacker_roll="5", defender_roll="3")
    assert refusal.rule == "nin-gonost.txt § Combat Options" and "held and may not fight or move" in str(refusal)
    assert "held" in str(b.refused("walk", figure="orc-warrior", spaces=1))
    b.do("break-hold", figure="orc-warrior", holder="galwen", roll="4", holder_roll="6")
    assert b.roll["result"] == "still held" and "held" in b.fig("orc-warrior")["conditions"]
    b.do("break-hold", figure="orc-warrior", holder="galwen", roll="6", holder_roll="2")
    assert "held" not in b.fig("orc-warrior")["conditions"]
    b.do("attack", attacker="orc-warrior", defender="galwen", attacker_roll="5", defender_roll="5")


def test_a_held_target_may_not_dodge():
    """§ Dodge: "dodger must be unbound, not being grabbed or otherwise restricted"."""
    b = Battle()
    b.do("recruit", warband="knights", card_id="galwen", card=["alignment=good"])
    b.do("recruit", warband="orcs", card_id="orc-warrior", card=ORC)
    b.do("recruit", warband="orcs", card_id="orc-archer", card=["alignment=evil", "con=3"])
    b.do("start-battle", first="orcs")
    b.do("attack", attacker="orc-warrior", defender="galwen", attacker_roll="9", defender_roll="2", option="grab")
    b.do("end-turn", figure="orc-warrior")
    b.do("nock-arrow", figure="orc-archer")
    b.do("shoot", figure="orc-archer", target="galwen", face="2")
    assert "not being grabbed" in str(b.refused("dodge", figure="galwen", face="1"))
    b.do("take-hit", target="galwen")


def _knocked_out():
    b = Battle()
    b.do("recruit", warband="knights", card_id="galwen", card=["alignment=good"])
    b.do("recruit", warband="orcs", card_id="orc-warrior", card=ORC)
    b.do("start-battle", first="knights")
    b.do("attack", attacker="galwen", defender="orc-warrior", attacker_roll="5", defender_roll="4", option="knock-out")
    assert b.fig("orc-warrior")["conditions"] == ["prone", "knocked_out"]
    return b


def test_an_unconscious_defender_rolls_zero_no_fate_and_no_combat_option():
    """§ Attacking Objects or Unconscious Characters: "assumed to roll a 0 and not Fate on every roll. You may not
    choose a combat option"."""
    b = _knocked_out()
    for wrong in ({"defender_roll": "3"}, {"defender_roll": "0", "defender_fate": True}, {"defender_roll": "0", "option": "knock-out"}):
        raw = {"attacker": "galwen", "defender": "orc-warrior", "attacker_roll": "4", "defender_roll": "0", **wrong}
        assert b.refused("attack", **raw).rule == "nin-gonost.txt § Attacking Objects or Unconscious Characters"
    b.do("attack", attacker="galwen", defender="orc-warrior", attacker_roll="4", defender_roll="0")
    assert b.roll["power"] == 12 and b.roll["result"] == "killed"              # 4 - 0 + 8 > RES 10


def test_an_unconscious_defender_may_not_dodge():
    b = Battle()
    b.do("recruit", warband="knights", card_id="galwen", card=["alignment=good"])
    b.do("recruit", warband="knights", card_id="squire", card=["alignment=good", "ap=4", "str=3", "range_die=3", "weapon-dagger=1"])
    b.do("recruit", warband="orcs", card_id="orc-warrior", card=ORC)
    b.do("start-battle", first="knights")
    b.do("attack", attacker="galwen", defender="orc-warrior", attacker_roll="5", defender_roll="4", option="knock-out")
    b.do("end-turn", figure="galwen")
    assert b.fig("squire")["in_hand"] == "dagger"
    b.do("throw", figure="squire", target="orc-warrior", face="3", distance=3)
    assert "unconscious" in str(b.refused("dodge", figure="orc-warrior", face="1"))


def _mob():
    b = Battle()
    b.do("recruit", warband="knights", card_id="galwen", card=["alignment=good"])
    b.do("recruit", warband="knights", card_id="squire", card=["alignment=good", "ap=4", "con=3", "manna=3", "fight_die=3", "fight_bonus=2"])
    b.do("recruit", warband="orcs", card_id="orc-warrior", card=ORC)
    b.do("recruit", warband="orcs", card_id="orc-warrior", card=ORC)
    b.do("start-battle", first="orcs")
    for orc in ("orc-warrior", "orc-warrior-2"):
        b.do("walk", figure=orc, spaces=1)
        b.do("end-turn", figure=orc, hold=True)
    return b


def test_when_the_mobs_target_falls_the_held_ap_are_lost():
    """§ Mobs: "IF characters that were part of the mob still have APs remaining, but the target is defeated, their
    held AP are lost - they may not choose another target to attack"."""
    b = _mob()
    b.do("attack", attacker="orc-warrior", defender="galwen", attacker_roll="10", defender_roll="2")
    assert "may not choose another target" in str(b.refused("attack", attacker="orc-warrior-2", defender="squire", attacker_roll="5", defender_roll="1"))
    b.do("attack", attacker="orc-warrior", defender="galwen", attacker_roll="22", defender_roll="2")
    assert b.fig("galwen")["defeated"]                                          # 20 + 5 > RES 14
    assert b.fig("orc-warrior")["held_ap"] == 0 and b.fig("orc-warrior-2")["held_ap"] == 0
    assert "completed its turn" in str(b.refused("attack", attacker="orc-warrior-2", defender="squire", attacker_roll="5", defender_roll="1"))


def test_the_mob_may_strike_its_one_target_with_every_members_held_ap():
    b = _mob()
    b.do("attack", attacker="orc-warrior", defender="galwen", attacker_roll="3", defender_roll="3")
    b.do("attack", attacker="orc-warrior-2", defender="galwen", attacker_roll="3", defender_roll="3")
    assert b.fig("orc-warrior-2")["held_ap"] == 2 and b.fig("galwen")["engaged"] == ["orc-warrior", "orc-warrior-2"]


def test_the_mobs_target_is_engaged_to_every_member_holding_ap_from_its_first_attack():
    """§ Mobs: "Once characters are moved into position, they may EACH attack using the Multiple Opponents modifier.
    This simulates the mob reaching their target at the same time"; § Fighting § Modifiers: "Each character a character
    is engaged to beyond the first: -1". Two orcs hold AP: Sir Galwen defends at Fight die 5 - 1 = 4 from the first
    attack on, not only once the second orc has struck (the Orc's 10 against his 2 is then 8 + 5 = Power 13)."""
    b = _mob()
    b.do("attack", attacker="orc-warrior", defender="galwen", attacker_roll="3", defender_roll="3")
    assert b.roll["dice"]["galwen"]["die"] == 4 and ["Each additional opponent", -1] in b.state["last_roll"]["sides"][1]["shifts"]
    assert b.roll["dice"]["orc-warrior"]["die"] == 4                            # the attacker faces one opponent
    assert "extra-opponent is -1" in str(b.refused("attack", attacker="orc-warrior-2", defender="galwen", attacker_roll="3",
                                                    defender_roll="3", defender_modifier=["extra-opponent=2"]))
    b.do("attack", attacker="orc-warrior", defender="galwen", attacker_roll="3", defender_roll="3")
    b.do("attack", attacker="orc-warrior", defender="galwen", attacker_roll="3", defender_roll="3")
    assert b.fig("orc-warrior")["held_ap"] == 0 and b.roll["dice"]["galwen"]["die"] == 4   # engaged by the attacks now
    b.do("attack", attacker="orc-warrior-2", defender="galwen", attacker_roll="10", defender_roll="2")
    assert b.roll["dice"]["galwen"]["die"] == 4 and b.roll["power"] == 13                  # 10 - 2 + 5
    assert b.roll["result"] == "wound"                                                     # 13 not > RES 14, > CON 4


def test_no_mob_modifier_against_a_figure_the_mob_does_not_strike():
    """A single held-AP figure's first attack names its target; a figure of the other side it never struck is not
    engaged to anyone (§ Mobs)."""
    b = _mob()
    b.do("attack", attacker="orc-warrior", defender="squire", attacker_roll="3", defender_roll="3")
    assert b.roll["dice"]["squire"]["die"] == 2                                 # Fight 3 - 1: both orcs hold AP
    b.do("end-player-turn", warband="orcs")
    b.do("attack", attacker="galwen", defender="orc-warrior-2", attacker_roll="3", defender_roll="3")
    assert b.roll["dice"]["galwen"]["die"] == 5 and b.roll["dice"]["orc-warrior-2"]["die"] == 4


def test_a_mobs_attack_may_not_be_a_combined_action():
    """§ Mobs: "The attack may not be a Combined action"; the same orc's Combined attack on its own turn stands."""
    b = _mob()
    refusal = b.refused("attack", attacker="orc-warrior", defender="galwen", attacker_roll="3", defender_roll="3",
                        attacker_modifier=["combined=1"])
    assert refusal.rule == "nin-gonost.txt § Mobs" and "may not be a Combined action" in str(refusal)
    assert b.fig("orc-warrior")["held_ap"] == 3
    b.do("attack", attacker="orc-warrior", defender="galwen", attacker_roll="3", defender_roll="3")
    b.do("end-player-turn", warband="orcs")
    b.do("end-player-turn", warband="knights")
    b.do("attack", attacker="orc-warrior", defender="galwen", attacker_roll="3", defender_roll="3", attacker_modifier=["combined=1"])
    assert b.roll["dice"]["orc-warrior"]["die"] == 3                            # Fight 4, one additional action -1
