"""Nemesis's move forms ask for what an exploration reveals (the Room tile, the Exploration token, its Item number, a
Computer, the Doors closed) only when the destination Room is unexplored (nemesis.txt § Exploring the Ship: "When a
Character enters an unexplored Room ... the Exploration token is revealed"): the kit declares it per field
(``KIT.shown_when``), the page evaluates it from the board state as the Room is chosen, and a hidden field sends nothing."""

from __future__ import annotations

import pytest

from .conftest import open_page, screenshot
from .drive import api_version, wait_version
from .tapping import choose_offer, submit, tap_thing

EXPLORING = ("tile", "token", "items", "computer", "close")


def _shown(form) -> dict[str, bool]:
    return {name: form.locator(f'.field[data-field="{name}"]').is_visible() for name in EXPLORING}


@pytest.mark.parametrize("width", [320, 390])
def test_the_exploration_token_is_asked_only_for_an_unexplored_room(browser, live, width):
    cid = live.new_campaign("nemesis", f"Exploring {width}")
    assert live.call("POST", f"/campaigns/{cid}/actions/start-game", json={"fields": {"characters": ["captain", "pilot"]}}).status_code == 201
    page = open_page(browser, live, f"/play/{cid}?view=board", live.admin, viewport={"width": width, "height": 800})
    wait_version(page, api_version(live, cid))

    form = choose_offer(page, tap_thing(page, "room", "room-1"), "move")  # face down: the exploration is asked
    assert form.locator('.field[data-field="room"] select').input_value() == "room-1"
    assert _shown(form) == dict.fromkeys(EXPLORING, True)
    form.locator('.field[data-field="room"] select').select_option("hibernatorium")  # printed on the board: explored
    assert _shown(form) == dict.fromkeys(EXPLORING, False)
    screenshot(page, "move-explored-room")
    form.locator('.field[data-field="room"] select').select_option("room-1")
    assert _shown(form) == dict.fromkeys(EXPLORING, True)
    form.locator('.field[data-field="character"] select').select_option("captain")
    form.locator('.field[data-field="tile"] input').fill("Laboratory")
    form.locator('.field[data-field="token"] select').select_option("silence")
    form.locator('.field[data-field="items"] [data-step="1"]').click()
    form.scroll_into_view_if_needed()
    screenshot(page, "move-unexplored-room")
    submit(page, form)
    assert live.call("POST", f"/campaigns/{cid}/actions/noise-roll", json={"fields": {"character": "captain", "result": "3"}}).status_code == 201
    wait_version(page, api_version(live, cid))

    form = choose_offer(page, tap_thing(page, "character", "pilot"), "move")
    form.locator('.field[data-field="room"] select').select_option("room-1")  # explored now, by the Captain
    assert _shown(form) == dict.fromkeys(EXPLORING, False)
    submit(page, form)
    moves = [e for e in live.call("GET", f"/campaigns/{cid}/history").json()["actions"] if e.get("verb") == "move"]
    assert [m["fields"]["token"] for m in moves] == ["silence", ""]  # the hidden token sent nothing: its default
    assert moves[0]["fields"]["items"] == 1 and moves[0]["fields"]["tile"] == "Laboratory"
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
