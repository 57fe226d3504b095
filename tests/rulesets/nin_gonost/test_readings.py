"""The readings taken where the text and the Playsheet disagree (docs/games/nin-gonost.md § Readings taken)."""

from domain.rulesets.nin_gonost.resolve import thrown_range

from .conftest import Battle


def _galwen_and_archer():
    b = Battle()
    b.do("recruit", warband="knights", card_id="galwen", card=["alignment=good"])
    b.do("recruit", warband="orcs", card_id="orc-archer", card=["alignment=evil", "con=3", "manna=2", "dex=3", "wil=2"])
    b.do("start-battle", first="knights")
    return b


def test_both_fate_is_resolved_normally_not_ignored():
    """§ Combat Roll: "If both roll Fate (star), then the combat is resolved normally" (the Playsheet's "Both Fate:
    Ignore" is not followed): 7 - 5 + 8 = 10 > the archer's RES 8."""
    b = _galwen_and_archer()
    b.do("attack", attacker="galwen", defender="orc-archer", attacker_roll="7", defender_roll="5", attacker_fate=True, defender_fate=True)
    assert b.roll["power"] == 10 and b.roll["result"] == "killed"


def test_a_deflect_success_reduces_the_power_by_the_number_rolled():
    """§ Deflect Projectile: "Success (Crosshair): Reduce the Power of the incoming attack by the number rolled" (the
    Playsheet's "Unharmed" is not followed): the Detail Of Play's Power 10 shot, deflected with a 3: 7 > CON 4."""
    b = _galwen_and_archer()
    b.do("end-player-turn", warband="knights")
    b.do("nock-arrow", figure="orc-archer")
    b.do("shoot", figure="orc-archer", target="galwen", face="2")
    b.do("deflect", figure="galwen", face="3")
    assert b.roll["die"] == 3 and b.roll["power"] == 7 and b.roll["result"] == "wound"     # DEX 4 - 1


def test_thrown_range_is_str_plus_throw_modifier_plus_three():
    """Both worked examples (the dagger 8, the Squire 7), not the Core Rule line "STR-WGT+1"."""
    assert thrown_range(5, 0)[0] == 8 and thrown_range(10, -6)[0] == 7


def test_a_thrown_non_weapon_is_minus_wgt_to_the_die_and_plus_wgt_to_the_damage():
    """§ Throwing Non-Weapons: "a -6 die modifier ... and a +6 damage bonus" for the Squire's WGT 6 (the text's
    "negative ... Damage Modifier" read as the Throw Modifier's die and distance)."""
    b = Battle()
    b.do("recruit", warband="trolls", card_id="half-troll", card=["alignment=evil", "ap=4", "range_die=6"])
    b.do("recruit", warband="knights", card_id="galwen", card=["alignment=good"])
    b.do("start-battle", first="trolls")
    assert "hits at +6" in str(b.refused("throw", figure="half-troll", target="galwen", face="?", fate=True, object_weight=6, damage_bonus=-6, distance=7))
    b.do("throw", figure="half-troll", target="galwen", face="?", fate=True, object_weight=6, distance=7)
    assert b.roll["die"] == 0 and b.roll["power"] == 6                                    # Range 6 - 6: the ? die; 0 + 6


def test_terrified_fights_defensive_minus_four_and_drops_its_weapon():
    """Playsheet § Morale levels: Terrified "Defensive -4", "Drops Weapon" (the text: "drop any objects in their hands")."""
    b = _galwen_and_archer()
    b.do("end-player-turn", warband="knights")
    b.do("intimidate", figure="orc-archer", target="galwen", face="0", fate=True, trained=True)
    b.do("end-player-turn", warband="orcs")
    b.do("end-player-turn", warband="knights")
    b.do("intimidate", figure="orc-archer", target="galwen", face="0", trained=True)
    g = b.fig("galwen")
    assert g["morale"] == "terrified" and g["in_hand"] is None and g["weapons"]["longsword"] == "lying in galwen's space"
    assert "fights Defensive (-4)" in str(b.refused("attack", attacker="orc-archer", defender="galwen", attacker_roll="3", defender_roll="3"))
    b.do("attack", attacker="orc-archer", defender="galwen", attacker_roll="3", defender_roll="3", defender_mode="defensive")
    assert b.roll["dice"]["galwen"]["die"] == 3                                            # Fight 5 +2 Defensive -4


def test_nock_and_fire_is_minus_two_die_and_minus_two_damage_beyond_other_combined_actions():
    """§ Combined Actions, Kurtz: "He walks, and then takes his shot at -3 to his die (Nock and shoot plus one
    additional action) and -2 to his damage bonus" (the orc example's -1 for Nock and Fire is not followed)."""
    b = Battle()
    b.do("recruit", warband="a", card_id="kurtz", card=["name=Kurtz", "alignment=evil", "ap=4", "walk=2", "run=4", "range_die=5",
                                                      "range_bonus=8", "weapon-longbow=0", "per=3"])
    b.do("recruit", warband="b", card_id="galwen", card=["alignment=good"])
    b.do("start-battle", first="a", chooser="a")
    b.do("walk", figure="kurtz", spaces=1)
    b.do("shoot", figure="kurtz", target="galwen", face="3", nock_and_fire=True, modifier=["combined=1"])
    assert b.roll["die"] == 2 and b.roll["power"] == 9                                     # Range 5 -2 -1; 3 + 8 - 2


def test_lock_pick_rolls_per_plus_the_printed_bonus_not_dex():
    """§ Lock Pick: "Base Die: PER"; § Accuracy Dice: "a skill of LOCKPICK +2, and a DEX of 4, they would roll Accuracy
    die 6, since Lockpick is a DEX skill". Read: the skill's own Base Die line, as for every other skill. A thief with
    DEX 4, PER 3 and a printed Lock Pick +2 rolls Accuracy die 5 (not 6); a typed skill=2 is the printed one, skill=1 is
    refused; without tools -3 (die 2)."""
    b = Battle()
    b.do("recruit", warband="a", card_id="thief", card=["name=Thief", "alignment=neutral", "ap=4", "dex=4", "per=3", "skill-lock-pick=2"])
    b.do("recruit", warband="b", card_id="orc", card=["alignment=evil", "ap=4"])
    b.do("start-battle", first="a", chooser="a")
    b.do("place-object", obj="vault", kind="reinforced-door", locked=True)
    assert "skill is +2" in str(b.refused("lock-pick", figure="thief", obj="vault", face="1", modifier=["skill=1"]))
    b.do("lock-pick", figure="thief", obj="vault", face="broken", modifier=["skill=2"])
    assert b.roll["die"] == 5 and ["Lock Pick", 2] in b.roll["modifiers"]       # PER 3 + 2
    b.do("lock-pick", figure="thief", obj="vault", face="broken", modifier=["without-tools"])
    assert b.roll["die"] == 2                                                   # PER 3 + 2 - 3
