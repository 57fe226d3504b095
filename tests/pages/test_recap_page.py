"""A play's recap on the phone page (issue 30, item 3): the action that finishes a play offers its recap in "Just
recorded"; the Stats tab lists the campaign's plays, each opening its recap, drawn on the server as SVG with its words,
under a Content-Security-Policy of ``script-src 'self'``; at 390x844 and 320x640, by tapping, with screenshots."""

from __future__ import annotations

import json
import uuid

from domain.core.ruleset import get_ruleset

from .conftest import _OPEN, TIMEOUT_MS, screenshot, serious_violations
from .drive import api_version, fill, open_form

def _encounter(live) -> str:
    """One Round of an Encounter (nanolith.txt § Action Dice): 20 Action Dice, Cora's two 1s giving 2 Stress."""
    cid = live.new_campaign("nanolith", f"Recap night {uuid.uuid4().hex[:6]}")
    steps = [("seat", {"person": "Mia", "characters": ["ashitaka", "cora"]}), ("seat", {"person": "Tom", "characters": ["vaa-lith", "ada"]}),
             ("start-encounter", {"name": "Encounter 1"}), ("start-round", {})]
    rolls = {"ash": [2, 4, 5, 2, 6], "vaa": [3, 3, 5, 2, 6], "cora": [1, 1, 4, 5, 6], "ada": [3, 3, 5, 2, 6]}
    steps += [("roll-action-dice", {"character": c, "dice": d}) for c, d in rolls.items()]
    for verb, fields in steps:
        assert live.call("POST", f"/campaigns/{cid}/actions/{verb}", json={"fields": fields}).status_code == 201, verb
    # the server's first chart imports scipy and matplotlib (seconds on a loaded machine): not under the browser's timeout
    assert live.call("GET", f"/campaigns/{cid}/stats?format=svg").status_code == 200
    return cid


def _phone(browser, live, viewport, csp: bool):
    """A touch phone with the admin token saved; ``csp``: the server's own Content-Security-Policy is enforced (else
    bypassed, for axe-core injected inline). Returns the page and the CSP refusals its console reports."""
    context = browser.new_context(viewport=viewport, has_touch=True, bypass_csp=not csp)
    _OPEN.append(context)
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(f"window.localStorage.setItem('questlog.token', {json.dumps(live.admin)});")
    blocked: list[str] = []
    page = context.new_page()
    page.on("console", lambda m: blocked.append(m.text) if "Content Security Policy" in m.text else None)
    return page, blocked


def _recap_shown(page, live, cid: str, width: int) -> None:
    """The recap page of play 1, drawn: its words, its two charts, nothing wider than the phone."""
    page.wait_for_url(f"**/play/{cid}/recap/1")
    page.wait_for_selector(f'body[data-shown="{api_version(live, cid)}"] .recap[data-play="1"]')
    recap = page.locator(".recap")
    assert recap.locator("h1").inner_text() == "Encounter 'Encounter 1' — victory"
    text = recap.inner_text()
    assert "play 1 of 1" in text and "6 actions" in text  # start-round, 4 rolls, end-encounter (start-encounter opens it)
    assert "Played by Mia (ashitaka, cora) ★, Tom (vaa-lith, ada) ★" in text
    assert "Action Die: 20 rolls; 1: 2, 2: 4, 3: 4, 4: 2, 5: 4, 6: 4" in text
    charts = recap.locator("figure.chart svg[role=img]")
    assert charts.count() == 2
    assert charts.nth(0).get_attribute("aria-label").startswith("Curves of the play: ")
    assert "Stress of cora: from 0 to 2, highest 2" in recap.locator(".chart-words").first.text_content()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    assert charts.nth(0).bounding_box()["width"] <= width
    assert page.locator('nav.tabs a[aria-current="page"]').inner_text() == "Stats"


def test_the_action_that_ends_a_play_offers_its_recap_and_the_stats_tab_lists_it(browser, live):
    cid = _encounter(live)
    ruleset = get_ruleset("nanolith")
    page, blocked = _phone(browser, live, {"width": 390, "height": 844}, csp=True)
    page.goto(f"{live.url}/play/{cid}")
    page.wait_for_selector(f'body[data-shown="{api_version(live, cid)}"]')
    form = open_form(page, "end-encounter")
    fill(form, ruleset, "outcome", "victory")
    form.locator("button[type=submit]").tap()
    link = page.locator("#effects .effects-recap a")
    link.wait_for()
    assert page.locator("#effects .effects-recap").inner_text() == "Play 1 finished: Encounter 'Encounter 1' (victory). See its recap"
    screenshot(page, "recap-offered")
    link.tap()
    _recap_shown(page, live, cid, 390)
    assert "script-src 'self'" in live.call("GET", f"/play/{cid}/recap/1").headers["Content-Security-Policy"]
    assert page.locator("script:not([src])").count() == 0 and blocked == []
    screenshot(page, "recap")  # 390x844
    page.context.close()

    narrow, _ = _phone(browser, live, {"width": 320, "height": 640}, csp=False)  # axe-core is injected inline
    narrow.goto(f"{live.url}/play/{cid}")
    narrow.wait_for_selector(f'body[data-shown="{api_version(live, cid)}"]')
    narrow.locator("nav.tabs a", has_text="Stats").tap()
    narrow.wait_for_url(f"**/play/{cid}/stats")
    narrow.wait_for_selector(f'body[data-shown="{api_version(live, cid)}"] .recaps')
    played = narrow.locator(".recaps li")
    assert played.count() == 1 and "Encounter 'Encounter 1' · victory" in " ".join(played.first.inner_text().split())
    played.first.locator("a").tap()
    _recap_shown(narrow, live, cid, 320)
    assert serious_violations(narrow) == []
    screenshot(narrow, "recap")  # 320x640


def test_a_play_the_campaign_does_not_have_is_said_on_the_recap_page(browser, live):
    cid = _encounter(live)
    page, _ = _phone(browser, live, {"width": 390, "height": 844}, csp=False)
    page.goto(f"{live.url}/play/{cid}/recap/2")
    page.locator("#recap .error-box").wait_for()
    assert "play must be within 1..1" in page.locator("#recap .error-box").inner_text()
    assert live.call("GET", f"/fragments/{cid}/recap/1", token=None).status_code == 401  # the fragment needs the token
    assert live.call("GET", f"/play/{cid}/recap/1", token=None).status_code == 200  # the shell holds no data
