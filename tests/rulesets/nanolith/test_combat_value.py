"""Combat Dice are checked against the known Combat Value (nanolith.txt § 3. Determining Combat Value; issue 19,
item 7): BCV + WCV + dice-adding Weapon Upgrades, plus what the players declare for Skills, Items or stickers."""

import pytest

from domain.core.errors import RuleViolation
from domain.rulesets.nanolith.rules.combat_value import combat_value_bound


def test_the_shipped_pack_gives_the_rulebooks_combat_values(table):
    # § Ashitaka – Rush: 1 die from the Character Card, 1 from the Weapon Card, 1 from the Weapon Upgrade.
    assert combat_value_bound(table.state, "ashitaka", "close-combat") == (3, "BCV 1 (close-combat) + Neo-Katana WCV 1 + Start Upgrade 1")
    # § Vaa-Lith – Falling Stars: 2 dice (BCV) and 2 dice (WCV); a Nanoshock Attack uses the full CV.
    assert combat_value_bound(table.state, "vaa-lith", "nanoshock")[0] == 4
    # § Special Rule: Force Success: Cora's Hacking BCV is 2 Combat Dice.
    assert combat_value_bound(table.state, "cora", "hacking")[0] == 2
    assert combat_value_bound(table.state, "ada", "ranged") is None  # the BCV / WCV split is not printed


def test_more_dice_than_the_combat_value_is_refused_unless_declared(acting):
    acting.do("place-enemy", enemy_type="bio-mutant", standee=1, life=3)
    acting.do("spend-dice", character="ash", values=[6], purpose="Neo-Katana")
    with pytest.raises(RuleViolation) as info:
        acting.do("attack", character="ash", target="bio-mutant-1", roll=[2] * 12, defense=4, kind="close-combat")
    assert "Ashitaka rolls at most 3 Combat Dice here" in info.value.message and "not 12" in info.value.message
    assert "§ 3. Determining Combat Value" in info.value.rule
    events = acting.do("attack", character="ash", target="bio-mutant-1", roll=[2, 5, 7, 4], defense=4, kind="close-combat",
                       bonus_dice=1)
    assert events[0].damage == 3
