"""A phone's first minute: the token pasted in the Token dialog opens "New campaign" at once (no reload), and "who holds
this phone" is asked once per phone, remembered (localStorage) for every later visit, action and campaign."""

from __future__ import annotations

import uuid

import pytest

from .conftest import _OPEN, TIMEOUT_MS, screenshot
from .drive import nanolith_round


def _phone(browser, width):
    """A new phone (its own storage, no token) of ``width`` px."""
    context = browser.new_context(viewport={"width": width, "height": 740}, has_touch=True)
    _OPEN.append(context)
    context.set_default_timeout(TIMEOUT_MS)
    return context.new_page()


@pytest.mark.parametrize("width", [320, 390])
def test_new_campaign_is_offered_as_soon_as_the_token_is_saved(browser, live, width):
    page = _phone(browser, width)
    page.goto(live.url + "/")
    page.wait_for_selector("#token-dialog[open]")  # no token yet: the page asks for one
    assert page.locator("[data-new-campaign-panel]").count() == 0
    page.locator("#token-input").fill(live.admin)
    page.locator("#token-dialog button[value=save]").tap()
    page.locator("[data-new-campaign-panel] summary").wait_for()  # no reload
    page.locator("[data-new-campaign-panel] summary").tap()
    assert page.locator("#new-game").is_visible()
    screenshot(page, "new-campaign-after-token")
    name = f"Pasted {uuid.uuid4().hex[:6]}"
    page.select_option("#new-game", "nanolith")
    page.fill("#new-name", name)
    page.locator("[data-new-campaign] button[type=submit]").tap()
    page.wait_for_url("**/play/*")
    assert any(c["name"] == name for c in live.call("GET", "/campaigns").json())


@pytest.mark.parametrize("width", [320, 390])
def test_who_holds_the_phone_is_asked_once_for_every_visit_action_and_campaign(browser, live, width):
    first, second = nanolith_round(live, f"Held A {width}"), live.new_campaign("nanolith", f"Held B {width}")
    page = _phone(browser, width)
    page.context.add_init_script(f"window.localStorage.getItem('questlog.token') || window.localStorage.setItem('questlog.token', '{live.admin}');")
    page.goto(f"{live.url}/play/{first}")
    page.locator("[data-holder-form]").wait_for()
    page.locator("#holder-name").fill("Zoe")
    page.locator("[data-holder-form] button[type=submit]").tap()
    page.wait_for_selector('body[data-holder="Zoe"]', state="attached")
    for path in (f"/play/{first}", f"/play/{second}"):  # a later visit, and another campaign: not asked again
        page.goto(live.url + path)
        page.wait_for_selector('body[data-holder="Zoe"]', state="attached")
        assert page.locator("[data-holder-form]").is_hidden()
        assert page.locator("[data-holder-shown]").inner_text().startswith("This phone: Zoe")
    screenshot(page, "holder-remembered")
    page.select_option("#verb-select", "start-encounter")
    form = page.locator('form.action-form[data-verb="start-encounter"]')
    form.locator('.field[data-field="name"] input').fill("Encounter 1")
    form.locator("button[type=submit]").tap()
    page.locator("#effects:not([hidden])").wait_for()
    assert page.locator("[data-holder-form]").is_hidden()  # nor after an action
    actions = [e for e in live.call("GET", f"/campaigns/{second}/history").json()["actions"] if e["kind"] == "action"]
    assert [(e["verb"], e["actor"]) for e in actions] == [("start-encounter", "Zoe")]
