"""NanoBot Battle Arena played from a phone by tapping only (nanobot-battle-arena.txt § 1.-4. of the setup,
§ Placing in a Legal Location, § Reaction Card Explanations, Grow; § Reaction Card Affinity): a Basic match set up
from "Owed now", the first tile placed by tapping the center cell on the grid, then a Grow with three targets
(Echidna's own card: a printed '2' + 1 = 3 Charges) picked as ``x,y,F`` chips; the grid compared with the API's
view at every step, each step measured and photographed at 390x844 and 320x640, axe-core clean."""

from __future__ import annotations

from typing import Any

from .conftest import SCREENSHOTS, open_page, serious_violations
from .drive import api_version, wait_version
from .tapping import choose_offer, effects, owed_form, photograph, submit, tap_thing


def _same_as_api(page: Any, live: Any, cid: str) -> dict[str, Any]:
    """The tiles listed by coordinate and each scientist's Cache, hand and chain equal the API's board view."""
    wait_version(page, api_version(live, cid))
    view = live.call("GET", f"/campaigns/{cid}/views/board").json()["data"]
    tiles = page.locator('.view-body li[data-cell] [data-kind="tile"]').evaluate_all("els => els.map(e => e.dataset.id)")
    assert sorted(tiles) == sorted(view["grid"])
    shown = {li.get_attribute("data-scientist"): (int(li.get_attribute("data-cache")), int(li.get_attribute("data-hand")),
                                                   int(li.get_attribute("data-chain")))
             for li in page.locator(".view-body li[data-scientist]").all()}
    assert shown == {s: (v["cache"], v["hand"], v["chain"]) for s, v in view["scientists"].items()}
    return view


def _owed(page: Any) -> list[tuple[str, str]]:
    return [(li.get_attribute("data-owed-who"), li.locator("p").inner_text()) for li in page.locator(".owed li").all()]


def test_a_placement_and_a_grow_with_three_targets_recorded_only_by_tapping(browser, live):
    cid = live.new_campaign("nanobot-battle-arena", "NBBA by tapping")
    page = open_page(browser, live, f"/play/{cid}?view=board", live.admin)
    page.wait_for_selector(".view .owed")
    form = owed_form(page, "start-match")
    form.locator('.field[data-field="division"] select').select_option("basic")
    submit(page, form)
    for name, strain in [("Ina", "echidna"), ("Bo", "vex")]:
        form = owed_form(page, "choose-strain")
        form.locator('.field[data-field="name"] input').fill(name)  # the scientist's own name
        form.locator('.field[data-field="strain"] select').select_option(strain)
        submit(page, form)
        photograph(page, "nanobot-battle-arena", f"01-seated-{strain}")
    form = owed_form(page, "reveal-first-player")
    form.locator('.field[data-field="revealed"] [data-add="echidna"]').click()  # the first card's Strain Icon
    submit(page, form)
    view = _same_as_api(page, live, cid)
    assert view["active"] == "echidna" and _owed(page)[0] == ("echidna", "Ina (Echidna): play 1 NanoBot tile (Phase 1: Play 1 NanoBot Tile)")

    # the placement: the center cell tapped on the grid, the Base Edge side picked
    panel = tap_thing(page, "cell", "0,0")
    photograph(page, "nanobot-battle-arena", "02-cell-tapped")
    form = choose_offer(page, panel, "place-tile")
    assert form.locator('.field[data-field="cell"] select').input_value() == "0,0"
    form.locator('.field[data-field="scientist"] select').select_option("echidna")
    form.locator('.field[data-field="facing"] select').select_option("N")
    submit(page, form)
    view = _same_as_api(page, live, cid)
    assert view["grid"] == {"0,0": {"strain": "echidna", "facing": "N", "petrified": False}}

    # Grow: '2' + 1 (Echidna's own card) = 3 Charges, three extra tiles, each x,y,F
    form = owed_form(page, "grow", "echidna")
    assert form.locator('.field[data-field="scientist"] select').input_value() == "echidna"
    form.locator('.field[data-field="charges"] select').select_option("2")
    for target in ("1,0,E", "-1,0,W", "0,-1,S"):
        form.locator(f'.field[data-field="targets"] [data-add="{target}"]').click()
    photograph(page, "nanobot-battle-arena", "03-grow-form")
    submit(page, form)
    view = _same_as_api(page, live, cid)
    assert sorted(view["grid"]) == ["-1,0", "0,-1", "0,0", "1,0"] and view["scientists"]["echidna"]["cache"] == 11
    assert len(effects(page)) >= 4
    assert _owed(page)[0] == ("echidna", "Ina (Echidna): draw back up to six (Phase 3: Draw 1 Reaction Card)")
    page.evaluate("() => window.scrollTo(0, 0)")
    photograph(page, "nanobot-battle-arena", "04-grown")
    page.locator(".view-body h3", has_text="Battle Arena").scroll_into_view_if_needed()
    page.evaluate("() => document.querySelector('.view-body svg').scrollIntoView({block: 'center'})")
    photograph(page, "nanobot-battle-arena", "05-grid")
    assert serious_violations(page) == []
    page.evaluate("() => document.querySelector('.view-body svg').scrollIntoView({block: 'start'})")
    page.wait_for_timeout(200)
    page.screenshot(path=str(SCREENSHOTS / "tap" / "nanobot-battle-arena" / "board-390.png"))  # the README's picture of the board
