"""Weapons are state: in hand, sheathed, thrown and lying, broken, lost (nin-gonost.txt § Components In Nîn-Gonost,
§ Weapon Effects § Picking Up Weapons, § Manipulate Object, § Ranged Attack, § Advanced Combat Options § Thrown Items)."""

from domain.core import BadInput

from .conftest import Battle


def _knight_and_orc(**orc):
    b = Battle()
    b.do("recruit", warband="knights", card_id="galwen", card=["alignment=good"])
    b.do("recruit", warband="orcs", card_id="orc-warrior",
         card=["alignment=evil", "res=10", "con=4", "fight_bonus=5", "manna=2", "str=3", "dex=3", "wgt=6"])
    b.do("start-battle", first="orcs")
    return b


def test_galwen_starts_with_his_longsword_in_hand_and_the_dagger_sheathed():
    b = _knight_and_orc()
    g = b.fig("galwen")
    assert g["in_hand"] == "longsword" and g["weapons"] == {"longsword": "hand", "dagger": "sheathed"}
    assert g["fight"]["die"] == 5 and g["fight"]["bonus"] == 8 and g["range"] == {"die": 2, "card_die": 2, "modifiers": [], "bonus": 0}


def test_after_a_disarm_galwen_fights_unarmed_at_power_six_not_ten():
    """Issue 26's reproduction: after `attack orc1 galwen 9 5 --option disarm`, `attack galwen orc1 7 5` is 2 + 4 = 6
    (§ Components: "he would fight at -4 from his listed damage bonus of 8 ... both of which mean 4")."""
    b = _knight_and_orc()
    b.do("attack", attacker="orc-warrior", defender="galwen", attacker_roll="9", defender_roll="5", option="disarm")
    assert b.roll["result"] == "disarmed"                         # Power 4 + 5 = 9 > STR 5
    g = b.fig("galwen")
    assert g["in_hand"] is None and g["weapons"]["longsword"] == "lost" and "disarmed" in g["conditions"]
    assert g["fight"]["bonus"] == 4 and g["fight"]["bonus_terms"] == [["Fight bonus", 8], ["without the longsword", -3], ["Unarmed", -1]]
    b.do("end-player-turn", warband="orcs")
    b.do("attack", attacker="galwen", defender="orc-warrior", attacker_roll="7", defender_roll="5")
    assert b.roll["power"] == 6
    assert "Power = 2 (difference) + 8 (Fight bonus) - 3 (without the longsword) - 1 (Unarmed) = 6" in b.roll["steps"]


def test_the_dagger_drawn_gives_eight_minus_three_plus_one():
    """§ Components: "If using his dagger ... (8 -3 +1), for a +6 damage bonus"; one weapon in hand at a time."""
    b = _knight_and_orc()
    b.do("end-player-turn", warband="orcs")
    assert "sheathe it first" in str(b.refused("draw", figure="galwen", weapon="dagger"))
    b.do("sheathe", figure="galwen")
    assert b.fig("galwen")["fight"]["bonus"] == 4                # nothing in hand: unarmed
    b.do("draw", figure="galwen", weapon="dagger")
    assert b.fig("galwen")["fight"]["bonus"] == 6 and b.fig("galwen")["ap_left"] == 2
    b.do("attack", attacker="galwen", defender="orc-warrior", attacker_roll="6", defender_roll="5")
    assert b.roll["power"] == 7                                   # 1 + 6


def test_manipulate_with_a_detail_naming_the_weapon_moves_it():
    b = _knight_and_orc()
    b.do("end-player-turn", warband="orcs")
    b.do("manipulate", figure="galwen", detail="sheathe the longsword")
    assert b.fig("galwen")["in_hand"] is None
    b.do("manipulate", figure="galwen", detail="draw the dagger")
    assert b.fig("galwen")["in_hand"] == "dagger"
    b.do("manipulate", figure="galwen", detail="bite an apple")
    assert b.fig("galwen")["in_hand"] == "dagger" and b.fig("galwen")["ap_left"] == 1


def test_a_thrown_dagger_lies_in_the_targets_space_until_picked_up():
    """Thrown Items example: sheathe, draw the dagger, throw it 8 (STR 5 + 0 + 3); it cannot be thrown again at once;
    1 AP to pick it up (§ Picking Up Weapons)."""
    b = _knight_and_orc()
    b.do("end-player-turn", warband="orcs")
    assert "not in Sir Galwen's hand: draw it first" in str(b.refused("throw", figure="galwen", target="orc-warrior", face="1", weapon="dagger", distance=8))
    b.do("sheathe", figure="galwen")
    b.do("draw", figure="galwen", weapon="dagger")
    b.do("throw", figure="galwen", target="orc-warrior", face="1", weapon="dagger", distance=8)
    b.do("take-hit", target="orc-warrior")
    g = b.fig("galwen")
    assert g["weapons"]["dagger"] == "lying in orc-warrior's space" and g["in_hand"] is None
    b.do("end-player-turn", warband="knights")
    b.do("end-player-turn", warband="orcs")
    assert "lying in orc-warrior's space" in str(b.refused("throw", figure="galwen", target="orc-warrior", face="1", weapon="dagger", distance=3))
    b.do("pick-up-weapon", figure="galwen")
    assert b.fig("galwen")["in_hand"] == "dagger" and b.fig("galwen")["ap_left"] == 3


def test_a_dagger_broken_on_a_critical_failure_may_not_be_retrieved():
    b = _knight_and_orc()
    b.do("end-player-turn", warband="orcs")
    b.do("sheathe", figure="galwen")
    b.do("draw", figure="galwen", weapon="dagger")
    b.do("throw", figure="galwen", target="orc-warrior", face="broken", fate=True, weapon="dagger", distance=8)
    assert b.fig("galwen")["weapons"]["dagger"] == "broken"
    assert "may not be retrieved" in str(b.refused("pick-up-weapon", figure="galwen", weapon="dagger"))
    assert "does not list a battle-axe" in str(b.refused("pick-up-weapon", figure="galwen", weapon="battle-axe"))


def test_a_disarmed_weapon_is_picked_up_into_the_empty_hand():
    b = _knight_and_orc()
    b.do("attack", attacker="orc-warrior", defender="galwen", attacker_roll="9", defender_roll="5", option="disarm")
    b.do("end-player-turn", warband="orcs")
    assert "must fight" in str(b.refused("pick-up-weapon", figure="galwen", weapon="longsword"))   # § Fighting: engaged
    b.do("attack", attacker="galwen", defender="orc-warrior", attacker_roll="6", defender_roll="5", option="disengage")
    assert "pick it up" in str(b.refused("draw", figure="galwen", weapon="longsword"))
    b.do("pick-up-weapon", figure="galwen", weapon="longsword")
    g = b.fig("galwen")
    assert g["in_hand"] == "longsword" and g["fight"]["bonus"] == 8 and "disarmed" not in g["conditions"]


def test_the_archers_bow_must_be_in_hand_and_a_broken_bow_takes_four_ap():
    b = Battle()
    b.do("recruit", warband="knights", card_id="galwen", card=["alignment=good"])
    b.do("recruit", warband="orcs", card_id="orc-archer", card=["alignment=evil", "con=3"])
    b.do("start-battle", first="orcs")
    assert b.fig("orc-archer")["in_hand"] == "bow"
    b.do("nock-arrow", figure="orc-archer")
    b.do("shoot", figure="orc-archer", target="galwen", face="broken", fate=True)
    assert b.fig("orc-archer")["weapons"]["bow"] == "broken"
    assert "repair it" in str(b.refused("nock-arrow", figure="orc-archer"))
    b.do("repair-bow", figure="orc-archer", ap=2)
    assert "needs 2 more AP" in str(b.refused("repair-bow", figure="orc-archer", ap=3))
    b.do("end-player-turn", warband="orcs")
    b.do("end-player-turn", warband="knights")
    b.do("repair-bow", figure="orc-archer", ap=2)
    assert b.fig("orc-archer")["in_hand"] == "bow"
    b.do("nock-arrow", figure="orc-archer")


def test_a_weapon_name_that_is_not_a_name_is_bad_input():
    b = _knight_and_orc()
    b.refused("draw", error=BadInput, figure="galwen", weapon="Long Sword!")


def test_a_stream_stored_before_weapons_were_state_replays_with_the_usual_weapon_in_hand():
    """Old streams lack WeaponMoved: a stored `manipulate` with its detail replays as recorded then (an ActionTaken),
    the figure keeping the card's usual weapon; the stored event names are unchanged."""
    from domain.rulesets.nin_gonost.cards import figure_card
    from domain.rulesets.nin_gonost.events import ActionTaken, APSpent, BattleStarted, FigureRecruited, TurnStarted

    from .conftest import RULESET
    state = RULESET.initial_state({})
    card = figure_card("galwen", {"alignment": "good"})
    orc = figure_card("orc-warrior", {"alignment": "evil"})
    for event in (FigureRecruited("knights", "galwen", card, "north"), FigureRecruited("orcs", "orc-warrior", orc, "north"),
                  BattleStarted(["knights", "orcs"], "orcs", "fewer miniatures"), TurnStarted("galwen", 4),
                  APSpent("galwen", 1, "manipulate", "turn"), ActionTaken("galwen", "manipulate", "sheath the longsword")):
        state = RULESET.evolve(state, event)
    board = RULESET.views["board"](state)["figures"]["galwen"]
    assert board["in_hand"] == "longsword" and board["fight"]["bonus"] == 8 and board["ap_left"] == 3


def test_the_text_and_html_boards_show_the_weapon_in_hand_and_the_numbers_in_effect():
    from domain.rulesets.nin_gonost.text import board_html, board_text

    from .conftest import RULESET
    b = _knight_and_orc()
    b.do("attack", attacker="orc-warrior", defender="galwen", attacker_roll="9", defender_roll="5", option="disarm")
    view = RULESET.views["board"](b.state)
    text = board_text(view)
    assert "holds nothing (unarmed); Fight die 5 +4 (-3 without the longsword -1 Unarmed); Range die 2 +0; longsword lost, dagger sheathed" in text
    assert "unarmed, Fight die 5 4" in board_html(view)


def test_the_boards_show_what_a_throw_of_the_weapon_in_hand_would_be():
    """§ Thrown Items: "thrown a maximum range equal to a character's STR + Throw Modifier +3, and hit with the weapon's
    Damage bonus. The Accuracy die rolled is equal to the Range die of the character modified by the Throw Modifier";
    the example: Galwen "may throw the dagger 8 spaces (STR-MOD+3) at his usual Range skill for +1 damage bonus". The
    board shows it next to the card's Range circle (2 +0: "He has no ranged weapon"), and a Fatigued thrower's die -2."""
    from domain.rulesets.nin_gonost.board_cards import board_cards
    from domain.rulesets.nin_gonost.text import board_html, board_text

    from .conftest import RULESET
    b = _knight_and_orc()
    b.do("end-player-turn", warband="orcs")
    assert b.fig("galwen")["throw"] == {"weapon": "longsword", "die": 2, "throw_modifier": 0, "bonus": 3, "range": 8}
    b.do("sheathe", figure="galwen")
    assert b.fig("galwen")["throw"] is None                                     # nothing in hand: nothing to throw
    b.do("draw", figure="galwen", weapon="dagger")
    assert b.fig("galwen")["throw"] == {"weapon": "dagger", "die": 2, "throw_modifier": 0, "bonus": 1, "range": 8}
    assert b.fig("galwen")["range"]["bonus"] == 0
    view = RULESET.views["board"](b.state)
    assert "holds dagger; Fight die 5 +6 (-3 without the longsword +1 dagger); Range die 2 +0; throwing the dagger: Range die 2 +1, up to 8 spaces" in board_text(view)
    assert "throwing the dagger: die 2 1, up to 8" in board_html(view)
    cards = board_cards(view)
    assert "<dt>Range</dt><dd>die 2, bonus +0</dd>" in cards and "<dt>Throw</dt><dd>dagger: die 2, bonus +1, up to 8 spaces</dd>" in cards
    b.do("throw", figure="galwen", target="orc-warrior", face="2", distance=8)
    assert b.roll["power"] == 3 and b.roll["die"] == 1                          # 2 + 1; Long Range (over 3 x PER 2): die 1
    b.do("take-hit", target="orc-warrior")
    assert b.fig("galwen")["throw"] is None
    b.state["figures"]["galwen"]["manna_lost"] = 5
    b.state["figures"]["galwen"]["weapons"]["dagger"] = {"where": "hand", "at": None}
    g = b.fig("galwen")
    assert g["throw"]["die"] == 0 and g["range"]["die"] == 0                    # Fatigued: -2 on every roll
    assert "<dt>Modifiers</dt><dd>Fatigued -2</dd>" in board_cards(RULESET.views["board"](b.state))


def test_a_disarmed_orc_whose_card_lists_no_weapon_fights_unarmed_at_str_minus_one():
    """§ Components In Nîn-Gonost: the Fight bonus is STR plus the usual weapon's; unarmed "he would fight at -4 from his
    listed damage bonus of 8 or -1 from his strength, both of which mean 4". The orc warrior's weapon is unprinted;
    given STR 3 and a +5 Fight bonus, disarmed it fights at 3 - 1 = +2: 9 against 5 is 4 + 2 = Power 6, not 9. Picking
    its weapon up (1 AP, § Picking Up Weapons) gives the +5 back."""
    b = _knight_and_orc()
    b.do("end-player-turn", warband="orcs")
    b.do("attack", attacker="galwen", defender="orc-warrior", attacker_roll="9", defender_roll="5", option="disarm")
    assert b.roll["result"] == "disarmed"                                        # Power 4 + 8 = 12 > STR 3
    assert b.fig("orc-warrior")["fight"]["bonus"] == 2
    assert b.fig("orc-warrior")["fight"]["bonus_terms"] == [["Fight bonus", 5], ["without the card's weapon", -2], ["Unarmed", -1]]
    b.do("end-turn", figure="galwen")
    b.do("end-player-turn", warband="knights")
    b.do("attack", attacker="orc-warrior", defender="galwen", attacker_roll="9", defender_roll="5")
    assert b.roll["power"] == 6 and b.roll["result"] == "wound"                 # 6 not > RES 14, > CON 4
    assert "Power = 4 (difference) + 5 (Fight bonus) - 2 (without the card's weapon) - 1 (Unarmed) = 6" in b.roll["steps"]
    b.do("attack", attacker="orc-warrior", defender="galwen", attacker_roll="5", defender_roll="2", option="disengage")
    b.do("pick-up-weapon", figure="orc-warrior")
    assert "disarmed" not in b.fig("orc-warrior")["conditions"] and b.fig("orc-warrior")["fight"]["bonus"] == 5


def test_a_disarmed_figure_of_unknown_str_asks_for_it_when_it_wins():
    b = Battle()
    b.do("recruit", warband="knights", card_id="galwen", card=["alignment=good"])
    b.do("recruit", warband="orcs", card_id="orc-warrior", card=["alignment=evil", "res=10", "con=4", "fight_bonus=5", "manna=2"])
    b.do("start-battle", first="orcs")
    b.state["figures"]["orc-warrior"]["disarmed"] = True
    assert b.fig("orc-warrior")["fight"]["bonus"] is None
    refusal = b.refused("attack", attacker="orc-warrior", defender="galwen", attacker_roll="9", defender_roll="5")
    assert "read-card orc-warrior --card str=N" in str(refusal) and "STR - 1" in str(refusal)
    b.do("read-card", figure="orc-warrior", card=["str=4"])
    b.do("attack", attacker="orc-warrior", defender="galwen", attacker_roll="9", defender_roll="5")
    assert b.roll["power"] == 7                                                 # 4 + (4 - 1)
