"""Nanolith at the table through the page on a 390x844 phone: the Rush example recorded tap by tap, the board
compared with the API's view after every action; undo, redo, and the refused undo past a roll.

The actions are ``examples/nanolith/rush.ql``'s (nanolith.txt § Nanoshock Examples, "Ashitaka – Rush"), parsed
exactly as the CLI parses them; its ``!`` lines must be refused by the page too.
"""

from __future__ import annotations

import uuid

from typing import Any

from domain.core.ruleset import get_ruleset

from .conftest import ROOT, open_page, script_actions
from .drive import api_version, nanolith_board, nanolith_expected, open_form, record, shown_version, wait_version

NANOLITH = get_ruleset("nanolith")


def _view(live: Any, cid: str) -> dict[str, Any]:
    return live.call("GET", f"/campaigns/{cid}/views/board").json()["data"]


def test_the_rush_example_recorded_through_the_page_matches_the_api_board_at_every_step(browser, live):
    cid = live.new_campaign("nanolith", "Rush example")
    page = open_page(browser, live, f"/play/{cid}", live.admin)
    page.wait_for_selector(".view")
    steps = script_actions(ROOT / "examples/nanolith/rush.ql")
    assert len(steps) > 30
    for refused, verb, raw in steps:
        before = api_version(live, cid)
        form = record(page, NANOLITH, verb, raw, refused=refused)
        if refused:
            assert api_version(live, cid) == before, f"{verb} {raw} was refused by the page but recorded"
            assert form.locator(".form-error").inner_text().strip()
            continue
        wait_version(page, api_version(live, cid))
        assert nanolith_board(page) == nanolith_expected(_view(live, cid)), f"after {verb} {raw}"
    # the book's end state (nanolith.txt § Nanoshock Examples): two Nanoshocks, Unconscious then revived, cubes at the Zero Spaces
    ashitaka = nanolith_board(page)["characters"]["ashitaka"]
    assert (ashitaka["nanoshocks"], ashitaka["stress"], ashitaka["damage"], ashitaka["stressLimit"]) == ("2", "0", "0", "6")
    assert nanolith_board(page)["enemies"] == {"bio-mutant-1": "2", "security-droid-1": "1", "security-droid-2": "2",
                                               "security-droid-3": "2", "security-droid-4": "1"}


def _status_phase_rolled(live: Any, rolls: int = 4) -> str:
    """A campaign in Round 1's Status Phase with the first ``rolls`` Action Dice rolls recorded (nanolith.txt § 1.1)."""
    cid = live.new_campaign("nanolith", f"Undo night {uuid.uuid4().hex[:6]}")  # names are unique per store
    steps = [("start-encounter", {"name": "Encounter 1"}), ("start-round", {}),
             ("roll-action-dice", {"character": "ash", "dice": [2, 4, 5, 2, 6]}),
             ("roll-action-dice", {"character": "vaa", "dice": [3, 3, 5, 2, 6]}),
             ("roll-action-dice", {"character": "cora", "dice": [1, 1, 4, 5, 6]}),
             ("roll-action-dice", {"character": "ada", "dice": [3, 3, 5, 2, 6]})]
    for verb, fields in steps[:2 + rolls]:
        assert live.call("POST", f"/campaigns/{cid}/actions/{verb}", json={"fields": fields}).status_code == 201
    return cid


def test_undo_and_redo_say_what_they_do_and_undo_stops_at_the_roll_with_its_reason(browser, live):
    cid = _status_phase_rolled(live)
    page = open_page(browser, live, f"/play/{cid}", live.admin)
    page.wait_for_selector(".view")
    record(page, NANOLITH, "give-initiative", {"character": "ash"})
    record(page, NANOLITH, "spend-dice", {"character": "ash", "values": [4], "purpose": "move 4"})
    assert nanolith_board(page)["characters"]["ashitaka"]["dice"] == "2 5 2 6"
    assert "Takes back: Spend Action Dice: ashitaka 4" in page.locator("#undo-what").inner_text()  # its label, never the verb

    version = shown_version(page)
    page.click("#undo-button")
    wait_version(page, version + 1)
    assert nanolith_board(page)["characters"]["ashitaka"]["dice"] == "2 4 5 2 6"
    assert "Puts back: Spend Action Dice: ashitaka 4" in page.locator("#redo-what").inner_text()
    page.click("#redo-button")
    wait_version(page, version + 2)
    assert nanolith_board(page)["characters"]["ashitaka"]["dice"] == "2 5 2 6"

    for step in (3, 4):  # spend-dice, then give-initiative: both before any new roll
        page.click("#undo-button")
        wait_version(page, version + step)
    undo = page.locator("#undo-button")
    assert undo.get_attribute("aria-disabled") == "true"
    reason = page.locator("#undo-what").inner_text()
    assert reason.startswith("Sealed: nothing to undo since Roll Action Dice: ada 3 3 5 2 6")  # the seal by its label
    undo.click(force=True)  # tapped anyway (aria-disabled only greys it): the server's refusal, with its reason; nothing changes
    toast = page.locator("#toast")
    toast.filter(has_text="Refused").wait_for()
    assert "a reveal seals everything before it" in toast.inner_text() and "since Roll Action Dice: ada 3 3 5 2 6" in toast.inner_text()
    assert api_version(live, cid) == version + 4


def test_bad_dice_get_the_api_field_message_next_to_the_dice(browser, live):
    cid = _status_phase_rolled(live)
    page = open_page(browser, live, f"/play/{cid}", live.admin)
    page.wait_for_selector(".view")
    form = open_form(page, "manipulate-die")
    form.locator('.field[data-field="character"] select').select_option("cora")
    form.locator("button[type=submit]").click()
    error = form.locator('[data-error-for="value"]')
    error.wait_for(state="visible")
    assert error.inner_text() == "Enter the value: it is required."  # marshmallow's "Missing data for required field.", naming the field
    assert form.locator('.field[data-field="value"] fieldset').get_attribute("aria-invalid") == "true"


def test_questlog_rolls_for_the_table_when_asked_and_the_page_draws_the_dice_it_rolled(browser, live):
    cid = _status_phase_rolled(live, rolls=3)
    page = open_page(browser, live, f"/play/{cid}", live.admin)
    wait_version(page, api_version(live, cid))
    form = open_form(page, "roll-action-dice")
    form.locator('.field[data-field="character"] select').select_option("ada")
    form.locator('[name="__digital"]').check()
    form.locator("button[type=submit]").click()
    page.locator("#effects", has_text="Roll Action Dice").wait_for()  # its effects beside the board, not a toast
    wait_version(page, api_version(live, cid))
    last = live.call("GET", f"/campaigns/{cid}/history").json()["actions"][-1]
    assert last["verb"] == "roll-action-dice" and last["digital"] is True and len(last["fields"]["dice"]) == 5
    assert nanolith_board(page) == nanolith_expected(_view(live, cid))
