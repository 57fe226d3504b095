"""Nemesis played from a phone by tapping only (``examples/nemesis/noise-encounter.ql``, nemesis.txt § Movement
Action, § Exploration Tokens, § Noise Roll): the game started from "Owed now", three moves (an exploration of a
face-down Room, a move into an occupied Room with no roll, a move back) each begun by tapping a Room or a Character
on the board, two Noise rolls tapped from what is owed, the Encounter they lead to owed first; the board compared
with the API's view at every step, each step measured and photographed at 390x844 and 320x640, axe-core clean."""

from __future__ import annotations

from typing import Any

from .conftest import SCREENSHOTS, open_page, serious_violations
from .drive import api_version, wait_version
from .tapping import choose_offer, effects, owed_form, photograph, submit, tap_thing


def _same_as_api(page: Any, live: Any, cid: str) -> dict[str, Any]:
    """Each Character's Room and Wounds and the Noise markers as drawn equal the API's board view."""
    wait_version(page, api_version(live, cid))
    view = live.call("GET", f"/campaigns/{cid}/views/board").json()["data"]
    shown = {c.get_attribute("data-character"): (c.get_attribute("data-room"), int(c.get_attribute("data-light")), int(c.get_attribute("data-serious")))
             for c in page.locator(".view-body li[data-character]").all()}
    assert shown == {c: (ch["room"], ch["light_wounds"], ch["serious_wounds"]) for c, ch in view["characters"].items()}
    head = page.locator(".view-body > p").first.inner_text()
    assert f"Noise markers: {', '.join(view['noise']) or 'none'}" in head
    return view


def _owed(page: Any) -> list[tuple[str, str]]:
    return [(li.get_attribute("data-owed-who"), li.locator("p").inner_text()) for li in page.locator(".owed li").all()]


def test_three_moves_with_an_exploration_and_noise_rolls_recorded_only_by_tapping(browser, live):
    cid = live.new_campaign("nemesis", "Nemesis by tapping")
    page = open_page(browser, live, f"/play/{cid}?view=board", live.admin)
    page.wait_for_selector(".view .owed")
    assert _owed(page) == [("", "The table: choose the Characters and start the game")]
    form = owed_form(page, "start-game")
    for who in ("captain", "pilot"):
        form.locator(f'.field[data-field="characters"] [data-add="{who}"]').click()
    submit(page, form)
    _same_as_api(page, live, cid)
    photograph(page, "nemesis", "01-started")

    # Move 1: the Captain taps the face-down room-1 and explores it (the Room tile's name is printed on the tile)
    panel = tap_thing(page, "room", "room-1")
    form = choose_offer(page, panel, "move")
    assert form.locator('.field[data-field="room"] select').input_value() == "room-1"
    form.locator('.field[data-field="character"] select').select_option("captain")
    form.locator('.field[data-field="tile"] input').fill("Laboratory")
    form.locator('.field[data-field="token"] select').select_option("silence")
    for _ in range(2):
        form.locator('.field[data-field="items"] [data-step="1"]').click()
    photograph(page, "nemesis", "02-explore-form")
    submit(page, form)
    view = _same_as_api(page, live, cid)
    assert view["rooms"]["room-1"]["name"] == "Laboratory" and view["rooms"]["room-1"]["items"] == 2
    assert _owed(page)[0] == ("captain", "Captain: roll the Noise die (entered Laboratory, empty)")

    # the Noise roll is owed first: a 3, exit 3 of the Laboratory is c7
    form = owed_form(page, "noise-roll", "captain")
    form.locator('.field[data-field="result"] select').select_option("3")
    submit(page, form)
    view = _same_as_api(page, live, cid)
    assert view["noise"] == ["c7"] and any("Noise" in line for line in effects(page))
    photograph(page, "nemesis", "03-noise-c7")

    # Move 2: the Pilot joins the Captain (an occupied Room: no Noise roll)
    panel = tap_thing(page, "character", "pilot")
    form = choose_offer(page, panel, "move")
    form.locator('.field[data-field="room"] select').select_option("room-1")
    submit(page, form)
    view = _same_as_api(page, live, cid)
    assert view["characters"]["pilot"]["pending"] is None and all(who != "pilot" or "Noise" not in text for who, text in _owed(page))

    # Move 3: the Captain back to the empty Hibernatorium; a 1 names c7, which has Noise: an Encounter is owed
    panel = tap_thing(page, "room", "hibernatorium")
    form = choose_offer(page, panel, "move")
    form.locator('.field[data-field="character"] select').select_option("captain")
    submit(page, form)
    form = owed_form(page, "noise-roll", "captain")
    form.locator('.field[data-field="result"] select').select_option("1")
    submit(page, form)
    view = _same_as_api(page, live, cid)
    assert view["characters"]["captain"]["pending"] == "encounter"
    assert _owed(page)[0] == ("captain", "Captain: Encounter in Hibernatorium: draw an Intruder token")
    page.evaluate("() => window.scrollTo(0, 0)")
    photograph(page, "nemesis", "04-encounter-owed")
    page.evaluate("() => document.querySelector('.view-body h3').scrollIntoView()")
    photograph(page, "nemesis", "05-characters-and-rooms")
    page.evaluate("() => document.querySelector('.view-body svg').scrollIntoView({block: 'center'})")
    photograph(page, "nemesis", "06-map")
    assert serious_violations(page) == []
    page.evaluate("() => document.querySelector('.view-body h3').scrollIntoView({block: 'start'})")
    page.wait_for_timeout(200)
    page.screenshot(path=str(SCREENSHOTS / "tap" / "nemesis" / "board-390.png"))  # the README's picture of the board
