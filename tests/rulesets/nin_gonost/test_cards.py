"""The cards as data: Sir Galwen's card as printed, the orcs from the fragments, nothing invented
(nin-gonost.txt § Components In Nîn-Gonost, § Detail Of Play, § Attacking Structures And Objects)."""

import pytest

from domain.core import BadInput, RuleViolation
from domain.rulesets.nin_gonost.cards import CARD_FIELDS, content, figure_card, object_stats, parse_card_values


def test_sir_galwens_card_is_the_books():
    g = content()["cards"]["galwen"]
    assert (g["value"], g["ap"], g["walk"], g["run"]) == (55, 4, 1, 3)
    assert (g["fight_die"], g["fight_bonus"], g["range_die"], g["res"], g["manna"]) == (5, 8, 2, 14, 5)
    assert [g[k] for k in ("str", "con", "dex", "per", "wil", "ctr", "wgt")] == [5, 4, 4, 2, 6, 4, 10]
    assert g["skills"] == {"leadership": 2, "bravery": 2} and g["equipment"] == {"longsword": 3, "dagger": 1}
    assert g["named"] and g["unprinted"] == ["alignment"]


def test_the_orcs_carry_only_what_the_detail_of_play_prints():
    archer, warrior = content()["cards"]["orc-archer"], content()["cards"]["orc-warrior"]
    assert (archer["res"], archer["range_die"], archer["range_bonus"], archer["fight_die"], archer["ap"]) == (8, 4, 8, 3, 4)
    assert (warrior["fight_die"], warrior["ap"]) == (4, 4)
    for card in (archer, warrior):
        assert {"value", "con", "manna", "alignment", "str"} <= set(card["unprinted"])
        assert all(card[k] is None for k in card["unprinted"])
        assert not card["named"]


def test_every_unprinted_value_is_none_and_every_other_is_printed():
    for card in content()["cards"].values():
        assert set(card["unprinted"]) == {k for k in CARD_FIELDS if card[k] is None}


def test_players_fill_unprinted_values_but_never_override_printed_ones():
    card = figure_card("orc-warrior", parse_card_values(["res=10", "alignment=evil"]))
    assert card["res"] == 10 and card["given"] == ["alignment", "res"] and "res" not in card["unprinted"]
    with pytest.raises(RuleViolation, match="prints fight_die"):
        figure_card("orc-warrior", {"fight_die": 6})
    with pytest.raises(BadInput, match="no card"):
        figure_card("goblin", {})
    assert figure_card("kurtz", {"name": "Kurtz", "ap": 4})["name"] == "Kurtz"


@pytest.mark.parametrize("item", ["res", "res=", "res=ten", "value=-5", "colour=blue", "alignment=chaotic"])
def test_malformed_card_values_are_bad_input(item):
    with pytest.raises(BadInput):
        parse_card_values([item])


@pytest.mark.parametrize("wgt, res, sp", [(8, 16, 4), (5, 10, 3), (1, 2, 1), (0, 2, 1)])
def test_objects_without_stats_use_wgt_times_two_and_half_rounded_up(wgt, res, sp):
    assert object_stats(wgt) == {"res": res, "sp": sp, "wgt": wgt}


def test_the_object_table_supersedes_the_formula():
    assert content()["objects"]["wooden-door"] == {"name": "Wooden Door", "res": 15, "sp": 4, "wgt": 8, "door": True}
    assert content()["objects"]["reinforced-door"]["res"] == 20
