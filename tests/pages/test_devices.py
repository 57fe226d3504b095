"""Several devices on one campaign: one acts, the other sees it; a stale form shows the conflict instead of
overwriting; the token asked once; a read-only share link that can watch but not record."""

from __future__ import annotations

import uuid

from domain.core.ruleset import get_ruleset

from .conftest import open_page
from .drive import api_version, nanolith_board, open_form, record, wait_version

NANOLITH = get_ruleset("nanolith")


def _rolling(live) -> str:
    """Round 1's Status Phase with Ashitaka, Vaa-Lith and Cora's rolls in (nanolith.txt § 1.1 Status Phase)."""
    cid = live.new_campaign("nanolith", f"Two phones {uuid.uuid4().hex[:6]}")  # names are unique per store
    for verb, fields in [("start-encounter", {"name": "Encounter 1"}), ("start-round", {}),
                         ("roll-action-dice", {"character": "ash", "dice": [2, 4, 5, 2, 6]}),
                         ("roll-action-dice", {"character": "vaa", "dice": [3, 3, 5, 2, 6]}),
                         ("roll-action-dice", {"character": "cora", "dice": [1, 1, 4, 5, 6]})]:
        assert live.call("POST", f"/campaigns/{cid}/actions/{verb}", json={"fields": fields}).status_code == 201
    return cid


def test_an_action_on_one_phone_appears_on_the_other_and_a_stale_form_shows_the_conflict(browser, live):
    cid = _rolling(live)
    mia = open_page(browser, live, f"/play/{cid}", live.admin)
    ben = open_page(browser, live, f"/play/{cid}", live.admin)
    start = api_version(live, cid)
    for phone in (mia, ben):
        wait_version(phone, start)
    form = open_form(ben, "roll-action-dice")  # Ben starts typing Ada's roll...
    form.locator('.field[data-field="character"] select').select_option("ada")
    for pips in (4, 4, 4, 4, 4):
        form.locator(f'[data-add="{pips}"]').click()

    record(mia, NANOLITH, "roll-action-dice", {"character": "ada", "dice": [3, 3, 5, 2, 6]})  # ...but Mia records it first
    now = api_version(live, cid)
    wait_version(ben, now)  # Ben's phone polls the version and redraws the board
    assert nanolith_board(ben)["characters"]["ada"]["dice"] == "3 3 5 2 6"
    assert form.locator(".stale").is_visible()
    assert f"moved on to v{now}" in form.locator(".stale").inner_text()

    form.locator("button[type=submit]").click()
    conflict = form.locator(".form-error.conflict")
    conflict.wait_for(state="visible")
    assert f"This form was opened at v{start}; the campaign is now at v{now}" in conflict.inner_text()
    assert api_version(live, cid) == now
    assert live.call("GET", f"/campaigns/{cid}/views/board").json()["data"]["characters"]["ada"]["dice"]["rolled"] == [3, 3, 5, 2, 6]

    form.locator("button[type=submit]").click()  # pressed again, at the new version: now the rules answer
    form.locator(".form-error:not(.conflict)").wait_for(state="visible")
    assert "nanolith.txt" in form.locator(".form-error").inner_text()
    assert api_version(live, cid) == now


def test_the_page_asks_for_a_token_once_and_keeps_it(browser, live):
    cid = live.new_campaign("nanolith", "Token night")
    page = open_page(browser, live, "/")
    page.wait_for_selector("#token-dialog[open]")
    page.fill("#token-input", live.admin)
    page.click('#token-form button[value="save"]')
    page.wait_for_selector(f'.card[data-campaign="{cid}"]')
    page.goto(f"{live.url}/play/{cid}")
    page.wait_for_selector(".view")
    assert page.locator("#token-dialog[open]").count() == 0
    assert page.evaluate("localStorage.getItem('questlog.token')") == live.admin


def test_a_read_only_share_link_watches_but_cannot_record(browser, live):
    cid = _rolling(live)
    admin = open_page(browser, live, f"/play/{cid}", live.admin)
    admin.wait_for_selector("[data-share]")
    admin.click("[data-share]")
    link = admin.locator("#share-link")
    link.wait_for(state="visible")
    url = link.input_value()
    assert url.startswith(f"{live.url}/play/{cid}#token=")

    spectator = open_page(browser, live, url.removeprefix(live.url))
    spectator.wait_for_selector(".view")
    assert "Watching: this link may only read." in spectator.locator(".view-head").inner_text()
    assert spectator.locator("#verb-select").count() == 0
    assert spectator.locator("#undo-button").count() == 0
    assert "#token=" not in spectator.url  # the token leaves the address bar; it stays in this tab only
    assert spectator.evaluate("localStorage.getItem('questlog.token')") is None
    token = spectator.evaluate("sessionStorage.getItem('questlog.token')")
    refused = live.call("POST", f"/campaigns/{cid}/undo", token=token, json={"expected_version": api_version(live, cid)})
    assert refused.status_code == 403


def test_a_submit_whose_answer_is_lost_is_retried_with_its_idempotency_key_and_recorded_once(browser, live):
    cid = live.new_campaign("nanolith", "Flaky wifi")
    assert live.call("POST", f"/campaigns/{cid}/actions/start-encounter", json={"fields": {"name": "Encounter 1"}}).status_code == 201
    page = open_page(browser, live, f"/play/{cid}", live.admin)
    keys: list[str] = []

    def lose_the_first_answer(route):
        keys.append(route.request.headers.get("idempotency-key", ""))
        if len(keys) == 1:
            route.fetch()  # the server records it...
            route.abort("connectionreset")  # ...but the answer never reaches the phone
        else:
            route.continue_()

    page.context.route(f"**/campaigns/{cid}/actions/start-round", lose_the_first_answer)
    before = api_version(live, cid)
    record(page, NANOLITH, "start-round", {})
    page.locator("#effects", has_text="already recorded").wait_for()  # the effects beside the board say it
    assert len(keys) == 2 and keys[0] == keys[1] and keys[0].startswith("page-")
    history = live.call("GET", f"/campaigns/{cid}/history").json()["actions"]
    assert [a["verb"] for a in history if a["kind"] == "action"].count("start-round") == 1
    assert history[-1]["verb"] == "start-round" and history[-1]["version"] == api_version(live, cid) > before
