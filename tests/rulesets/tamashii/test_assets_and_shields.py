"""Assets and Shields (tamashii.txt § Assets – Shield, Memory, Power and Reroll, Spending Shield examples)."""


def test_example_1_one_shield_and_two_wounds_spends_1_shield_and_loses_1_integrity(prologue):
    prologue.do("gain", board="red", asset="shield", amount=1)
    prologue.do("suffer", board="red", wounds=2, shields=1)
    red = prologue.board("red")
    assert (red["assets"]["shield"], red["integrity"]) == (0, 4)


def test_example_1_without_shield_loses_2_integrity(prologue):
    prologue.do("gain", board="red", asset="shield", amount=1)
    prologue.do("suffer", board="red", wounds=2)
    red = prologue.board("red")
    assert (red["assets"]["shield"], red["integrity"]) == (1, 3)


def test_example_2_three_shields_and_two_wounds_spend_2_and_lose_nothing(prologue):
    prologue.do("gain", board="red", asset="shield", amount=3)
    prologue.do("suffer", board="red", wounds=2, shields=2)
    red = prologue.board("red")
    assert (red["assets"]["shield"], red["integrity"]) == (1, 5)


def test_example_2_cannot_spend_1_shield_and_lose_1(prologue):
    prologue.do("gain", board="red", asset="shield", amount=3)
    refusal = prologue.refused("suffer", "Assets – Shield, Memory, Power and Reroll", board="red", wounds=2, shields=1)
    assert refusal.rule == "tamashii.txt § Assets – Shield, Memory, Power and Reroll"


def test_gains_stop_at_5_and_losses_at_0_without_refusal(prologue):
    prologue.do("gain", board="red", asset="power", amount=4)
    prologue.do("gain", board="red", asset="power", amount=3)
    assert prologue.board("red")["assets"]["power"] == 5
    prologue.do("lose", board="red", asset="memory", amount=2)
    assert prologue.board("red")["assets"]["memory"] == 0


def test_spending_an_asset_you_do_not_have_is_refused(prologue):
    prologue.do("gain", board="red", asset="reroll", amount=1)
    prologue.refused("spend", "Assets – Shield, Memory, Power and Reroll", board="red", asset="reroll", amount=2)
    prologue.do("spend", board="red", asset="reroll", amount=1)
    assert prologue.board("red")["assets"]["reroll"] == 0


def test_integrity_never_goes_below_0_and_0_makes_a_reset_due(prologue):
    prologue.do("suffer", board="red", wounds=9)
    assert prologue.board("red")["integrity"] == 0 and prologue.board("red")["reset_due"] is True


def test_recover_stops_at_the_itg_limiter(prologue):
    prologue.do("suffer", board="red", wounds=2)
    prologue.do("recover", board="red", amount=4)
    assert prologue.board("red")["integrity"] == 5
