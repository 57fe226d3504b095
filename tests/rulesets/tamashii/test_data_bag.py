"""The Data Bag / Launcher / Dump cycle (tamashii.txt § Bag building & Data tokens mechanics, § Special
Data tokens)."""


def test_the_bag_starts_with_13_tokens_3_of_each_basic_type_and_1_more_of_the_core_type(prologue):
    assert prologue.board("blue")["data"]["bag"] == {"total": 13, "blue": 4, "green": 3, "yellow": 3, "red": 3}


def test_drawing_a_token_that_is_not_in_the_bag_is_refused(prologue):
    prologue.refused("refill-launcher", "Planning phase", board="red", tokens=["open"])


def test_an_empty_bag_is_refilled_from_the_dump_before_the_next_draw(prologue):
    all13 = ["blue"] * 3 + ["green"] * 3 + ["yellow"] * 3 + ["red"] * 4
    prologue.do("refill-launcher", board="red", tokens=all13)
    prologue.do("dump-data", board="red", tokens=["red", "core", "blue"])
    prologue.do("prepare", board="red", tokens=["red", "red"])
    red = prologue.board("red")
    assert red["data"]["bag"] == {"total": 1, "blue": 1}
    assert red["data"]["dump"] == {"total": 0}
    assert red["data"]["launcher"]["total"] == 12


def test_discarded_corrupted_data_leaves_the_game_and_does_not_return_to_the_pool(prologue):
    prologue.do("gain-data", board="red", tokens=["corrupted"])
    assert prologue.view()["corrupted_pool"] == 15
    all13 = ["blue"] * 3 + ["green"] * 3 + ["yellow"] * 3 + ["red"] * 4
    prologue.do("refill-launcher", board="red", tokens=[*all13, "corrupted"])
    prologue.do("discard-data", board="red", tokens=["corrupted"])
    assert prologue.view()["corrupted_pool"] == 15
    assert prologue.board("red")["data"]["launcher"].get("corrupted") is None


def test_an_empty_corrupted_data_pool_applies_the_scenarios_special_rule(prologue):
    prologue.do("adjust", path="play.corrupted_pool", value=1, reason="late in the Scenario")
    prologue.do("gain-data", board="red", tokens=["corrupted", "corrupted"])
    view = prologue.view()
    assert view["corrupted_pool"] == 0 and view["corrupted_pool_ran_out"] is True
    assert prologue.board("red")["data"]["dump"]["corrupted"] == 1


def test_upgrades_spend_2_exp_or_1_memory(prologue):
    prologue.do("gain-exp", board="red", amount=6)
    prologue.do("upgrade", board="red", option="max-integrity")
    prologue.do("upgrade", board="red", option="unlock")
    prologue.do("upgrade", board="red", option="open-data")
    prologue.refused("upgrade", "UPGRADE", board="red", option="unlock")
    red = prologue.board("red")
    assert (red["limiter"], red["integrity"], red["locks"], red["exp"], red["data"]["dump"]["open"]) == (6, 6, 3, 0, 1)
    prologue.refused("upgrade", "Assets – Shield, Memory, Power and Reroll", board="red", option="gain-data", data="blue")
    prologue.do("gain", board="red", asset="memory", amount=1)
    prologue.do("upgrade", board="red", option="gain-data", data="green")
    assert prologue.board("red")["data"]["dump"]["green"] == 1
