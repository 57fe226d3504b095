"""The Stats tab on a phone (issue 30): server-drawn dice luck and curves with their text alternative, readable at
390 px, loaded under a Content-Security-Policy of ``script-src 'self'`` (no inline script, nothing from a CDN); reached
by a tap on the Stats tab from the Board at 390x844 and 320x640, with screenshots of both."""

from __future__ import annotations

import json
import uuid

from .conftest import _OPEN, PHONE, TIMEOUT_MS, open_page, screenshot, serious_violations
from .drive import api_version

CSP = "default-src 'self'; script-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'"


def _rounds(live) -> str:
    """Two Rounds of Action Dice (nanolith.txt § Action Dice): 40 dice, Cora's two 1s giving 2 Stress."""
    cid = live.new_campaign("nanolith", f"Stats night {uuid.uuid4().hex[:6]}")
    steps = [("seat", {"person": "Mia", "characters": ["ashitaka", "cora"]}), ("seat", {"person": "Tom", "characters": ["vaa-lith", "ada"]}),
             ("start-encounter", {"name": "Encounter 1"})]
    rolls = {"ash": [2, 4, 5, 2, 6], "vaa": [3, 3, 5, 2, 6], "cora": [1, 1, 4, 5, 6], "ada": [3, 3, 5, 2, 6]}
    for _ in range(2):
        steps += [("start-round", {}), *[("roll-action-dice", {"character": c, "dice": d}) for c, d in rolls.items()],
                  ("give-initiative", {"character": "ash"}),
                  *[("end-activation", {"character": c}) for c in ("ash", "vaa", "cora", "ada")], ("spawn", {"tokens_spent": 0, "enemies": []})]
    for verb, fields in steps:
        assert live.call("POST", f"/campaigns/{cid}/actions/{verb}", json={"fields": fields}).status_code == 201, verb
    # the server's first chart imports scipy and matplotlib (seconds on a loaded machine): done here, not under the
    # browser's timeout
    assert live.call("GET", f"/campaigns/{cid}/stats?format=svg").status_code == 200
    return cid


def _tap_to_stats(browser, live, cid: str, viewport: dict[str, int]):
    """A touch phone of ``viewport`` on the campaign's Board, then a tap on the Stats tab: returns its page, shown."""
    context = browser.new_context(viewport=viewport, has_touch=True, bypass_csp=True)
    _OPEN.append(context)
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(f"window.localStorage.setItem('questlog.token', {json.dumps(live.admin)});")
    page = context.new_page()
    page.goto(f"{live.url}/play/{cid}")
    page.wait_for_selector(f'body[data-shown="{api_version(live, cid)}"]')
    page.locator("nav.tabs a", has_text="Stats").tap()
    page.wait_for_url(f"**/play/{cid}/stats")
    page.wait_for_selector(f'body[data-shown="{api_version(live, cid)}"]')
    assert page.locator('nav.tabs a[aria-current="page"]').inner_text() == "Stats"
    return page


def test_the_stats_tab_draws_dice_luck_and_curves_with_words_on_a_phone_under_csp(browser, live):
    cid = _rounds(live)
    context_page = open_page(browser, live, "/", live.admin)
    context = context_page.context
    blocked: list[str] = []

    def with_csp(route):
        response = route.fetch()
        route.fulfill(response=response, headers={**response.headers, "content-security-policy": CSP})

    context.route("**/*", with_csp)
    page = context.new_page()
    page.on("console", lambda m: blocked.append(m.text) if "Content Security Policy" in m.text else None)
    page.goto(f"{live.url}/play/{cid}/stats")
    page.wait_for_selector(f'body[data-shown="{api_version(live, cid)}"]')
    assert page.locator('nav.tabs a[aria-current="page"]').inner_text() == "Stats"
    words = page.locator(".chart-words").first.inner_text()
    assert "Action Die: 40 rolls; 1: 4, 2: 8, 3: 8, 4: 4, 5: 8, 6: 8" in words and "χ² 3.2, p 0.669" in words  # (2 * 2.667² + 4 * 1.333²) / 6.667
    charts = page.locator("figure.chart svg[role=img]")
    assert charts.count() == 2
    assert "Dice luck" in charts.nth(0).get_attribute("aria-label")
    curves = page.locator(".chart-words").nth(1).text_content()  # in a closed <details>: read, not shown
    assert "Stress of cora: from 0 to 2, highest 2" in curves  # two 1s each Round; the Status Phase takes 2 back
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390  # nothing wider than the phone
    box = charts.nth(0).bounding_box()
    assert 300 <= box["width"] <= 390
    assert page.locator("script:not([src])").count() == 0 and blocked == []
    context.unroute_all(behavior="ignoreErrors")
    context.close()  # its pages stop polling before the next test

    page = _tap_to_stats(browser, live, cid, PHONE)  # axe-core is injected inline: no CSP here
    assert serious_violations(page) == []
    screenshot(page, "stats")  # 390x844
    narrow = _tap_to_stats(browser, live, cid, {"width": 320, "height": 640})
    assert narrow.evaluate("() => document.documentElement.scrollWidth") <= 320
    assert "Action Die: 40 rolls" in narrow.locator(".chart-words").first.inner_text()
    screenshot(narrow, "stats")
    narrow.context.close()

    live.call("POST", f"/campaigns/{cid}/actions/start-round", json={"fields": {}})
    live.call("POST", f"/campaigns/{cid}/actions/roll-action-dice", json={"fields": {"character": "ash", "dice": [6, 6, 6, 6, 6]}})
    page.wait_for_selector(f'body[data-shown="{api_version(live, cid)}"]')  # another device's roll shows by itself
    assert "Action Die: 45 rolls" in page.locator(".chart-words").first.inner_text()
