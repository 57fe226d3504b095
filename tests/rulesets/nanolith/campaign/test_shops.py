"""Weapon Upgrades, Body Augmentations, Start Item levels, Shop stock and Sidekick's programs (nanolith.txt
§ Weapon Upgrades, § Body Augmentations, § Upgraded Start Items, § Saving Programs)."""

import pytest

from ..conftest import types


@pytest.fixture
def shop(group):
    group.do("gain-nanofragments", character="vaa-lith", amount=6)
    group.do("gain-nanofragments", character="cora", amount=6)
    group.do("enter-shop", name="Naboo's Shop")
    return group


def test_weapon_upgrades_may_paste_over_earlier_ones(shop):
    shop.do("buy-weapon-upgrade", character="vaa-lith", weapon="nano-blade", slot=1, upgrade="serrated-edge", price=1)
    events = shop.do("buy-weapon-upgrade", character="vaa-lith", weapon="nano-blade", slot=1, upgrade="plasma-edge", price=2)
    assert events[-1].covers == "serrated-edge"
    slot = shop.stickers()["characters"]["vaa-lith"]["weapons"]["nano-blade"]["1"]
    assert slot == {"on_top": "plasma-edge", "under": ["serrated-edge"]}
    assert shop.divider("vaa-lith")["conscious"] == 3


def test_limited_stock_refuses_once_every_box_is_ticked(shop):
    shop.do("buy-weapon-upgrade", character="vaa-lith", weapon="nano-blade", slot=1, upgrade="scope", price=1, boxes=2)
    shop.do("buy-weapon-upgrade", character="vaa-lith", weapon="nano-blade", slot=2, upgrade="scope", price=1)
    violation = shop.refused("buy-weapon-upgrade", "Weapon Upgrades", character="vaa-lith", weapon="nano-blade", slot=3, upgrade="scope", price=1)
    assert violation.rule == "nanolith.txt § Weapon Upgrades"
    assert shop.unlocks()["shops"]["Naboo's Shop"]["scope"] == {"boxes": 2, "ticked": 2}


def test_a_defense_value_is_raised_once_over_the_campaign(shop):
    shop.do("buy-body-augmentation", character="vaa-lith", defense="ranged", offer="plating", price=2)
    shop.do("enter-shop", name="Chrome Alley")
    violation = shop.refused("buy-body-augmentation", "Body Augmentations", character="vaa-lith", defense="ranged", offer="weave", price=1)
    assert violation.rule == "nanolith.txt § Body Augmentations"
    shop.do("buy-body-augmentation", character="vaa-lith", defense="hacking", offer="weave", price=1)
    assert shop.stickers()["characters"]["vaa-lith"]["body_augmentations"] == {"hacking": "+1", "ranged": "+1"}


def test_each_shop_sticker_is_bought_once_per_shop(shop):
    shop.do("buy-body-augmentation", character="vaa-lith", defense="ranged", offer="plating", price=2)
    assert shop.refused("buy-body-augmentation", "Body Augmentations", character="cora", defense="ranged", offer="plating", price=2).rule == \
        "nanolith.txt § Body Augmentations"


def test_body_augmentations_are_bought_in_shops(group):
    group.do("gain-nanofragments", character="cora", amount=3)
    assert group.refused("buy-body-augmentation", "Body Augmentations", character="cora", defense="ranged", price=1).rule == "nanolith.txt § Body Augmentations"


def test_cool_down_lv2_removes_lv1_and_nano_heal_lv3_needs_lv2(shop):
    """§ Upgraded Start Items, both examples."""
    shop.do("give-start-items", character="ada", items=["cool-down", "nano-heal"])
    shop.do("gain-high-frequency", amount=3)
    events = shop.do("buy-start-item", character="ada", item="Cool-Down", level=2, price=1)
    assert events[-1].removed_level == 1 and events[-1].currency == "high-frequency"
    assert shop.unlocks()["start_items"]["cool-down"] == {"level": 2, "holder": "ada", "removed": [1]}
    assert shop.refused("buy-start-item", "Upgraded Start Items", character="ada", item="nano-heal", level=3, price=1).rule == \
        "nanolith.txt § Upgraded Start Items"


def test_sidekick_holds_four_programs_at_one_nanofragment_each(shop):
    for program in ("a", "b", "c", "d"):
        assert types(shop.do("save-program", program=program)) == ["NanofragmentsSpent", "ProgramSaved"]
    assert shop.divider("cora")["conscious"] == 4
    assert shop.refused("save-program", "Saving Programs", program="e").rule == "nanolith.txt § Saving Programs"


def test_programs_are_saved_after_an_encounter_not_during_one(shop):
    shop.do("start-encounter", name="E")
    assert shop.refused("save-program", "Saving Programs", program="a").rule == "nanolith.txt § Saving Programs"


def test_after_cool_down_lv2_the_next_encounter_holds_lv2_only(shop):
    """§ Upgraded Start Items: "Now they have to remove "Cool-Down Lv. 1" from the game. In future Encounters, they
    will only have access to the higher-level Start Item ("Cool-Down Lv. 2")"."""
    shop.do("give-start-items", character="ada", items=["cool-down", "nano-heal"])
    shop.do("start-encounter", name="Encounter 1")
    assert shop.char("ada")["start_items"] == {"cool-down-lv-1": "ready", "nano-heal-lv-1": "ready"}
    shop.do("end-encounter", outcome="victory")
    shop.do("enter-shop", name="Naboo's Shop")
    shop.do("gain-high-frequency", amount=1)
    shop.do("buy-start-item", character="ada", item="cool-down", level=2, price=1)
    assert shop.char("ada")["start_items"] == {"nano-heal-lv-1": "ready"}
    shop.do("start-encounter", name="Encounter 2")
    assert shop.char("ada")["start_items"] == {"cool-down-lv-2": "ready", "nano-heal-lv-1": "ready"}
    shop.begin_round(initiative="ada")
    assert "holds no Cool-Down Lv. 1" in shop.refused("use-item", "Activating Cards", character="ada", item="Cool-Down Lv. 1", dice=[5], cost=3).message
    refusal = shop.refused("take-card", "Upgraded Start Items", character="ada", item="Cool-Down Lv. 1", type="start")
    assert "removed from the game when cool-down-lv-2 was bought" in refusal.message


def test_a_start_item_level_requires_high_frequency_nanopotential(shop):
    """§ Start Items: "Start Items can be converted into higher-level Start Items in Shops. This requires
    High-Frequency Nanopotential": 6 Nanofragments alone buy no Cool-Down Lv. 2, and nothing is paid."""
    shop.do("give-start-items", character="vaa-lith", items=["cool-down"])
    refusal = shop.refused("buy-start-item", "Start Items", character="vaa-lith", item="cool-down", level=2, price=2, currency="nanofragments")
    assert "requires High-Frequency Nanopotential" in refusal.message
    assert shop.refused("buy-start-item", "Start Items", character="vaa-lith", item="cool-down", level=2, price=0).rule == "nanolith.txt § Start Items"
    assert shop.divider("vaa-lith")["unconscious"] == 6 and shop.unlocks()["start_items"]["cool-down"]["level"] == 1


def test_a_refusal_names_the_disk_icon_a_lobby_has(group):
    """§ Leveling Up with Nanofragments ("each area of the game marked with the Disk Icon"): a Lobby with the Disk
    Icon is said to have it when a Shop purchase is refused there; one without is said to lack it."""
    group.do("gain-high-frequency", amount=1)
    group.do("give-start-items", character="ada", items=["cool-down"])
    message = group.refused("buy-start-item", "Upgraded Start Items", character="ada", item="cool-down", level=2, price=1).message
    assert "at lobby 'Neon Market' (Disk Icon)" in message and "no Disk Icon" not in message
    group.do("enter-lobby", name="Back Alley")
    message = group.refused("buy-start-item", "Upgraded Start Items", character="ada", item="cool-down", level=2, price=1).message
    assert "at lobby 'Back Alley' (no Disk Icon)" in message
