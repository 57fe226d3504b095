"""Nîn-Gonost played from a phone by tapping only (nin-gonost.txt § Choosing Sides, § Turn Sequence, § Combat Roll;
the Detail Of Play's duel): Sir Galwen and the orc archer recruited and the battle started from "Owed now", Galwen
tapped on the board to attack, 7 and a Fate star against 7: the Counter Strike owed first, rolled 11 against 6:
Power 13 > RES 8, the archer killed; the cards compared with the API's view at every step, each step measured and
photographed at 390x844 and 320x640, axe-core clean."""

from __future__ import annotations

from typing import Any

from .conftest import SCREENSHOTS, open_page, serious_violations
from .drive import api_version, wait_version
from .tapping import choose_offer, effects, owed_form, photograph, submit, tap_thing


def _same_as_api(page: Any, live: Any, cid: str) -> dict[str, Any]:
    """Each figure's card (AP left, Manna, Morale, facing, speed) equals the API's board view."""
    wait_version(page, api_version(live, cid))
    view = live.call("GET", f"/campaigns/{cid}/views/board").json()["data"]
    keys = ("ap-left", "manna", "morale", "facing", "speed")
    shown = {li.get_attribute("data-figure"): tuple(li.get_attribute(f"data-{k}") for k in keys)
             for li in page.locator(".view-body li[data-figure]").all()}
    expected = {f: tuple(None if v is None else str(v) for v in (x["ap_left"], x["manna"], x["morale"], x["facing"], x["speed"]))
                for f, x in view["figures"].items()}
    assert shown == expected
    return view


def _owed(page: Any) -> list[tuple[str, str]]:
    return [(li.get_attribute("data-owed-who"), li.locator("p").inner_text()) for li in page.locator(".owed li").all()]


def _number(form: Any, name: str, value: int) -> None:
    for _ in range(value):
        form.locator(f'.field[data-field="{name}"] [data-step="1"]').click()


def test_a_duel_with_a_fate_star_and_its_counter_strike_recorded_only_by_tapping(browser, live):
    cid = live.new_campaign("nin-gonost", "Duel by tapping")
    page = open_page(browser, live, f"/play/{cid}?view=board", live.admin)
    page.wait_for_selector(".view .owed")
    for warband, card, colour in [("knights", "galwen", "good"), ("orcs", "orc-archer", "evil")]:
        form = owed_form(page, "recruit")
        form.locator('.field[data-field="warband"] input').fill(warband)  # a new side's name, the table's own
        form.locator('.field[data-field="card_id"] select').select_option(card)
        form.locator(f'.field[data-field="card"] [data-add="alignment={colour}"]').click()  # the card's colour, not printed in the book
        submit(page, form)
        _same_as_api(page, live, cid)
    photograph(page, "nin-gonost", "01-recruited")
    form = owed_form(page, "start-battle")
    form.locator('.field[data-field="first"] select').select_option("knights")
    submit(page, form)
    _same_as_api(page, live, cid)

    # Galwen tapped on the board: Attack, the archer picked, 7 with a Fate star against 7
    panel = tap_thing(page, "character", "galwen")
    form = choose_offer(page, panel, "attack")
    assert form.locator('.field[data-field="attacker"] select').input_value() == "galwen"
    form.locator('.field[data-field="defender"] select').select_option("orc-archer")
    _number(form, "attacker_roll", 7)
    _number(form, "defender_roll", 7)
    form.locator('.field[data-field="attacker_fate"] label.check').click()
    photograph(page, "nin-gonost", "02-duel-form")
    submit(page, form)
    _same_as_api(page, live, cid)
    assert live.call("GET", f"/campaigns/{cid}/views/roll").json()["data"]["result"] == "counter-strike"
    assert _owed(page) == [("", "The table: roll a Counter Strike (Sir Galwen at +1 die): both Duel dice again")]
    page.evaluate("() => window.scrollTo(0, 0)")
    photograph(page, "nin-gonost", "03-counter-strike-owed")

    form = owed_form(page, "counter-strike")
    _number(form, "attacker_roll", 11)
    _number(form, "defender_roll", 6)
    submit(page, form)
    view = _same_as_api(page, live, cid)
    roll = live.call("GET", f"/campaigns/{cid}/views/roll").json()["data"]
    assert (roll["power"], view["figures"]["orc-archer"]["defeated"], view["victor"]) == (13, True, "knights")
    assert effects(page) and _owed(page) == []
    page.evaluate("() => window.scrollTo(0, 0)")
    photograph(page, "nin-gonost", "04-archer-killed")
    page.evaluate("() => document.querySelector('.view-body li[data-figure]').scrollIntoView()")
    photograph(page, "nin-gonost", "05-cards")
    assert serious_violations(page) == []
    page.evaluate("() => document.querySelector('.view-body section[data-warband]').scrollIntoView({block: 'start'})")
    page.wait_for_timeout(200)
    page.screenshot(path=str(SCREENSHOTS / "tap" / "nin-gonost" / "board-390.png"))  # the README's picture of the board
