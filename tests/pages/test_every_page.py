"""Every page at phone and desktop width: axe-core finds no serious or critical violation, and a screenshot is
written under build/screenshots/ (printed at the end of the run). The API's docs pages load with no
internet: every file they need is served by Questlog."""

from __future__ import annotations

import pytest

from .conftest import DESKTOP, PHONE, open_page, screenshot, serious_violations
from .drive import api_version, open_form


@pytest.fixture(scope="module")
def campaigns(live) -> dict[str, str]:
    """A Nanolith campaign mid-Round (with an undone action) and a Tamashii campaign in its Prologue."""
    nanolith = live.new_campaign("nanolith", "Tuesday group")
    for verb, fields in [("start-encounter", {"name": "Encounter 1"}), ("place-enemy", {"enemy_type": "bio-mutant", "standee": 1, "life": 3}),
                         ("start-round", {}), ("roll-action-dice", {"character": "ash", "dice": [2, 4, 5, 2, 6]}),
                         ("roll-action-dice", {"character": "vaa", "dice": [3, 3, 5, 2, 6]}),
                         ("roll-action-dice", {"character": "cora", "dice": [1, 1, 4, 5, 6]}),
                         ("roll-action-dice", {"character": "ada", "dice": [3, 3, 5, 2, 6]}),
                         ("give-initiative", {"character": "ash"}), ("spend-dice", {"character": "ash", "values": [4]}),
                         ("manipulate-die", {"character": "ash", "value": 2, "direction": "up"})]:
        assert live.call("POST", f"/campaigns/{nanolith}/actions/{verb}", json={"fields": fields}).status_code == 201
    assert live.call("POST", f"/campaigns/{nanolith}/undo", json={"expected_version": api_version(live, nanolith)}).status_code == 200
    tamashii = live.new_campaign("tamashii", "Box 1")
    for verb, fields in [("start-scenario", {"scenario": "prologue", "boards": ["red", "blue"]}), ("set-time", {"amount": "6-P"})]:
        response = live.call("POST", f"/campaigns/{tamashii}/actions/{verb}", json={"fields": fields})
        assert response.status_code == 201, response.text
    return {"nanolith": nanolith, "tamashii": tamashii}


PAGES = [("campaigns", "/", None), ("nanolith-board", "/play/{nanolith}", "roll-action-dice"),
         ("nanolith-history", "/play/{nanolith}/history", None), ("nanolith-audit", "/play/{nanolith}/audit", None),
         ("tamashii-progress", "/play/{tamashii}", None), ("tamashii-board", "/play/{tamashii}?view=board", None)]


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize(("name", "path", "verb"), PAGES, ids=[p[0] for p in PAGES])
def test_every_page_has_no_serious_accessibility_violation(browser, live, campaigns, name, path, verb, viewport):
    page = open_page(browser, live, path.format(**campaigns), live.admin, viewport)
    page.wait_for_selector("body[data-shown]", state="attached")
    if verb:
        screenshot(page, f"{name}-top")
        form = open_form(page, verb)
        form.locator('.field[data-field="character"] select').select_option("ada")
        for pips in (3, 3, 5):
            form.locator(f'[data-add="{pips}"]').click()
    assert serious_violations(page) == []
    screenshot(page, name)


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_token_prompt_has_no_serious_accessibility_violation(browser, live, viewport):
    page = open_page(browser, live, "/", None, viewport)
    page.wait_for_selector("#token-dialog[open]")
    assert serious_violations(page) == []
    screenshot(page, "token")


def test_the_api_docs_load_with_no_internet(browser, live):
    page = open_page(browser, live, "/openapi.json", live.admin, DESKTOP)
    outside: list[str] = []
    page.context.route("**/*", lambda route: route.continue_() if route.request.url.startswith(live.url)
                       else (outside.append(route.request.url), route.abort()))
    page.goto(live.url + "/docs")
    page.wait_for_selector(".swagger-ui .opblock")
    assert page.locator(".swagger-ui .title").first.inner_text().startswith("Questlog")
    page.goto(live.url + "/redoc")
    page.wait_for_selector("h1:has-text('Questlog')", timeout=60_000)  # ReDoc lays out ~100 operations first
    # the only outside request: ReDoc's footer badge, hard-coded in its bundle, which hides itself when it cannot load
    assert outside in ([], ["https://cdn.redoc.ly/redoc/logo-mini.svg"])


SMALL_PHONE = {"width": 320, "height": 640}


@pytest.mark.parametrize("viewport", [SMALL_PHONE, PHONE], ids=["320", "390"])
@pytest.mark.parametrize(("name", "path", "verb"), PAGES, ids=[p[0] for p in PAGES])
def test_every_page_fits_a_phone_without_sideways_scrolling(browser, live, campaigns, name, path, verb, viewport):
    """No horizontal overflow (the header's Token button overflowed by 67 px at 320 before), text >= 12 CSS px,
    controls >= 44 px tall (issue 24 item 7)."""
    from .tapping import phone_defects

    page = open_page(browser, live, path.format(**campaigns), live.admin, viewport)
    page.wait_for_selector("body[data-shown]", state="attached")
    if verb:
        open_form(page, verb)
    assert phone_defects(page) == {"overflow": 0, "small_text": [], "small_targets": []}
    screenshot(page, f"fit-{name}")
