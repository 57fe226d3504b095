"""Each ruleset ships its board's CSS with the kit (``KIT.stylesheet``), served as ``/page/styles/GAME.css`` under the
Content-Security-Policy (``style-src 'self'``): the page's own page.css names no game, yet each drawn board is styled
(DESIGN.md § The table page: "the page names no game")."""

from __future__ import annotations

import re

import pytest

from domain.core.registry import rulesets

from .conftest import ROOT, open_page, screenshot
from .drive import nanolith_round

GAME_CLASSES = re.compile(r"\.(nl|tm|nm|nb|ng)-[a-z]")
"""The class prefixes the games' drawings use (Nanolith nl-, Tamashii tm-, Nemesis nm-...)."""


def test_the_pages_own_stylesheet_names_no_game_class_and_each_game_serves_its_own(live):
    core = (ROOT / "api/static/page/page.css").read_text(encoding="utf-8")
    assert GAME_CLASSES.findall(core) == []
    served = {game: live.call("GET", f"/page/styles/{game}.css", token=None) for game in rulesets()}
    assert {g: r.status_code for g, r in served.items()} == {g: 200 for g in rulesets()}  # public, like the static files
    assert all(r.headers["Content-Type"].startswith("text/css") for r in served.values())
    assert ".nl-char {" in served["nanolith"].text and ".nl-chars { grid-template-columns: 1fr 1fr; }" in served["nanolith"].text
    assert ".tm-board {" in served["tamashii"].text and ".nl-" not in served["tamashii"].text
    assert ".nm-map svg" in served["nemesis"].text
    assert live.call("GET", "/page/styles/monopoly.css", token=None).status_code == 404


@pytest.mark.parametrize("width", [320, 390])
def test_a_nanolith_board_is_styled_by_its_rulesets_stylesheet_under_the_csp(browser, live, width):
    cid = nanolith_round(live, f"Styled {width}")
    context = browser.new_context(viewport={"width": width, "height": 700})  # the server's own CSP enforced
    try:
        context.add_init_script(f"window.localStorage.setItem('questlog.token', '{live.admin}');")
        page = context.new_page()
        refused: list[str] = []
        page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
        page.goto(f"{live.url}/play/{cid}")
        page.wait_for_selector(".nl-char")
        page.wait_for_function("() => { const l = document.getElementById('game-styles'); return l && l.sheet && l.sheet.cssRules.length > 0; }")
        card = page.locator(".nl-char").first
        assert card.evaluate("e => getComputedStyle(e).borderRadius") == "10px"  # .nl-char, from /page/styles/nanolith.css
        assert card.evaluate("e => getComputedStyle(e.closest('.nl-chars')).listStyleType") == "none"
        assert page.locator("#game-styles").get_attribute("href") == "/page/styles/nanolith.css"
        assert refused == []
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width
        screenshot(page, "game-styles")
    finally:
        context.close()
