"""Tamashii through the page: a Prologue's first turn (tamashii.txt § Scenario setup EXAMPLE – PROLOGUE,
§ Turn order), recorded tap by tap from ``examples/tamashii/prologue.ql``, the board compared with the API's
view after every action; the Progress sheet drawn with its ending codes."""

from __future__ import annotations

from domain.core.ruleset import get_ruleset

from .conftest import ROOT, open_page, script_actions
from .drive import api_version, as_shown, generic_values, lookup, record, wait_version

TAMASHII = get_ruleset("tamashii")


def _board_matches(page, live, cid) -> int:
    """Compare every scalar the generic board drawing shows with the API's board view; returns how many."""
    view = live.call("GET", f"/campaigns/{cid}/views/board").json()["data"]
    shown = generic_values(page)
    compared = 0
    for path, text in shown.items():
        value = lookup(view, path)
        if value is None or isinstance(value, (str, int, bool)):
            assert text == as_shown(value), f"{path}: page {text!r}, API {value!r}"
            compared += 1
    return compared


def test_a_prologue_first_turn_recorded_through_the_page_matches_the_api_board(browser, live):
    cid = live.new_campaign("tamashii", "Box 1")
    page = open_page(browser, live, f"/play/{cid}?view=board", live.admin)
    page.wait_for_selector("body[data-shown]", state="attached")
    steps = script_actions(ROOT / "examples/tamashii/prologue.ql", until="# Turn 2")
    assert [verb for _, verb, _ in steps][:3] == ["start-scenario", "start-scenario", "start-scenario"]
    for refused, verb, raw in steps:
        before = api_version(live, cid)
        form = record(page, TAMASHII, verb, raw, refused=refused)
        if refused:
            assert api_version(live, cid) == before, f"{verb} {raw} was refused by the page but recorded"
            assert form.locator(".form-error").inner_text().strip()
            continue
        wait_version(page, api_version(live, cid))
        assert _board_matches(page, live, cid) > 20, f"after {verb} {raw}"
    shown = generic_values(page)
    # end of turn 1 (tamashii.txt § Quest phase, § Turn order): Time 3, blue goes first in turn 2, red's Integrity 3
    assert (shown["time"], shown["turn"], shown["first_player"]) == ("3", "2", "blue")
    assert shown["boards.red.integrity"] == "3"

    page.click('[data-view-choice="progress"]')
    page.wait_for_selector(".tm-progress")
    assert page.locator(".tm-progress").get_attribute("data-playing") == "prologue"
    assert page.locator('tr[data-scenario="the-ascend"]').get_attribute("data-playable") == "false"
