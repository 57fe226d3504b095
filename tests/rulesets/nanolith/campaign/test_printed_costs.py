"""A Skill Card's printed cost must be an actual combination (nanolith.txt § Skill Cards), and amounts are
whole numbers: a mis-typed card or a fraction is bad input, never stored."""

import pytest

from domain.core.errors import BadInput


@pytest.fixture
def campaign(app):
    return app, app.create_campaign("nanolith", "Printed costs")


@pytest.mark.parametrize("combination, cost", [("double", [3, 4]), ("triple", [2, 2]), ("straight", [2]), ("straight", [2, 4, 5])])
def test_a_cost_that_is_not_its_combination_is_refused(campaign, combination, cost):
    app, cid = campaign
    before = app.get_campaign(cid).version
    with pytest.raises(BadInput, match=f"a {combination} cannot cost"):
        app.record(cid, "obtain-skill", {"character": "ash", "skill": "tornado", "combination": combination, "cost": cost})
    assert app.get_campaign(cid).version == before


@pytest.mark.parametrize("combination, cost", [("double", [2, 2]), ("triple", [3, 3, 3]), ("straight", [2, 3, 4])])
def test_a_real_combination_is_accepted(campaign, combination, cost):
    app, cid = campaign
    app.record(cid, "obtain-skill", {"character": "ash", "skill": "tornado", "combination": combination, "cost": cost})
    assert app.view(cid, "stickers")["characters"]["ashitaka"]["skills"]["tornado"]["printed"]["cost"] == cost


def test_a_fractional_amount_of_nanofragments_is_refused(campaign):
    app, cid = campaign
    with pytest.raises(BadInput, match="amount"):
        app.record(cid, "gain-nanofragments", {"character": "ash", "amount": 2.5, "reason": "x"})
