"""A number stepper stays within its field's range (tamashii.txt § Suffering Wounds: Shields 0-5, Wounds at least 1):
tapping − at the minimum changes nothing and no value below it is ever shown, not even for a moment; a value typed
below it is brought back to it when the field is left."""

from __future__ import annotations

import pytest

from .conftest import open_page, screenshot
from .drive import open_form

WATCH = """(id) => { const input = document.getElementById(id); window.shownValues = [input.value];
    input.addEventListener('input', () => window.shownValues.push(input.value)); }"""


@pytest.mark.parametrize("width", [320, 390])
def test_minus_at_the_minimum_does_nothing(browser, live, width):
    cid = live.new_campaign("tamashii", f"Steppers {width}")
    page = open_page(browser, live, f"/play/{cid}", live.admin, viewport={"width": width, "height": 760})
    page.wait_for_selector(".view")
    form = open_form(page, "suffer")
    shields = form.locator('.field[data-field="shields"] input[type=number]')
    minus = form.locator('.field[data-field="shields"] [data-step="-1"]')
    assert (shields.get_attribute("min"), shields.input_value()) == ("0", "0")  # the default: no Shields
    page.evaluate(WATCH, shields.get_attribute("id"))
    for _ in range(3):
        minus.click()
    assert shields.input_value() == "0"
    assert page.evaluate("() => window.shownValues") == ["0"]  # nothing changed, nothing below 0 shown
    form.locator('.field[data-field="shields"] [data-step="1"]').click()
    minus.click()
    minus.click()
    assert page.evaluate("() => window.shownValues") == ["0", "1", "0"]

    wounds = form.locator('.field[data-field="wounds"] input[type=number]')
    wounds_minus = form.locator('.field[data-field="wounds"] [data-step="-1"]')
    assert (wounds.get_attribute("min"), wounds.input_value()) == ("1", "")
    wounds_minus.click()
    assert wounds.input_value() == "1"  # empty, then at least the minimum
    wounds_minus.click()
    assert wounds.input_value() == "1"
    wounds.fill("-3")
    shields.focus()  # leaving the field: a typed value below the minimum is brought back to it
    assert wounds.input_value() == "1"
    screenshot(page, "stepper-minimum")
