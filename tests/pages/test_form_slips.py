"""Two form slips a fresh user found, on a phone (390x844 and 320x640), by tapping: an empty Tamashii Trace Roll says
what is missing once, in words naming the field (not marshmallow's "Missing data for required field." twice), and
Nanolith's Stress Icon spaces are typed as plain numbers (nanolith.txt: the Inactive Index spaces printed on the
Player Board), not entered on the dice pad ("add a die showing 1"): the ruleset's page declaration says so."""

from __future__ import annotations

from .conftest import open_page
from .drive import api_version, nanolith_round, open_form
from .tapping import photograph, submit

GEOHUNT = [("start-scenario", {"scenario": "prologue", "boards": ["red"], "mode": "coop"}),
           ("draw-scenario-lost-card", {"card": "A07"}),
           ("start-scenario", {"scenario": "geohunt", "boards": ["red"], "mode": "coop", "trace_top": 10}),
           ("choose-class", {"board": "red", "name": "reaper", "starting": ["Kinetic battery", "Reaper 2"]}),
           ("choose-learning-protocol", {"board": "red", "name": "Bodyguard"}),
           ("set-up-body-market", {"cards": ["Soldier", "Scout"]})]
"""Geohunt for red, after the Prologue, its setup done (tamashii.txt § Game setup 3c, 3d, 5)."""


def test_an_empty_trace_roll_says_once_which_field_is_missing(browser, live):
    cid = live.new_campaign("tamashii", "Empty Trace Roll")
    for verb, fields in GEOHUNT:
        assert live.call("POST", f"/campaigns/{cid}/actions/{verb}", json={"fields": fields}).status_code == 201
    version = api_version(live, cid)
    page = open_page(browser, live, f"/play/{cid}", live.admin)
    page.wait_for_selector(".view")
    form = open_form(page, "trace-roll")
    form.locator('.field[data-field="board"] select').select_option("red")
    form.locator("button[type=submit]").click()
    error = form.locator('[data-error-for="dice"]')
    error.wait_for(state="visible")
    assert error.inner_text() == "Enter the dice: it is required."
    assert form.locator(".form-error").inner_text() == "Not recorded: see the field marked below."
    assert "Missing data" not in form.inner_text()
    assert form.inner_text().count("required.") == 1
    assert form.locator('.field[data-field="dice"] fieldset').get_attribute("aria-invalid") == "true"
    assert api_version(live, cid) == version
    error.scroll_into_view_if_needed()
    photograph(page, "slips", "01-empty-trace-roll")


def test_stress_icon_spaces_are_numbers_typed_not_dice_tapped(browser, live):
    cid = nanolith_round(live, "Stress spaces")
    page = open_page(browser, live, f"/play/{cid}", live.admin)
    page.wait_for_selector(".view")
    form = open_form(page, "set-stress-spaces")
    slots = form.locator('.field[data-field="slots"]')
    assert slots.get_attribute("data-kind") == "items" and slots.get_attribute("data-numbers") == "yes"
    assert slots.locator("[data-add]").count() == 0 and "add a die" not in slots.inner_html()
    form.locator('.field[data-field="character"] select').select_option("cora")
    for i, space in enumerate((4, 5, 6)):  # one number box per space, "add" tapped for each further one
        if i:
            slots.locator("[data-add-item]").click()
        box = slots.locator("[data-item]").nth(i)
        assert box.get_attribute("inputmode") == "numeric"
        box.fill(str(space))
    photograph(page, "slips", "02-stress-spaces-as-numbers")
    submit(page, form)
    board = live.call("GET", f"/campaigns/{cid}/views/board").json()["data"]
    assert board["characters"]["cora"]["stress_spaces"] == [4, 5, 6]
    started = open_form(page, "start-encounter")
    assert started.locator('.field[data-field="stress_spaces"]').get_attribute("data-kind") == "items"
