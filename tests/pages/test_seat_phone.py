"""A seat's phone is offered its own owed actions only (DESIGN.md § The table page, Joining): at the start of a Round
every character owes its Action Dice roll (nanolith.txt § 1.2 Action Dice Phase), and Mia's phone (seated for
Ashitaka) shows Cora's roll as Ben's, disabled, never a form she fills in with dice only to hear 403. What the page
offers is decided by the API's own seat check (``api.seats.seat_refusal``), so what is offered is what is accepted."""

from __future__ import annotations

import uuid

from domain.access import issue_token
from domain.core.ruleset import get_ruleset

from .conftest import open_page, screenshot
from .drive import fill, wait_version
from .tapping import owed_form, photograph, submit, tap_thing

NANOLITH = get_ruleset("nanolith")


def _table(live):
    """A Nanolith campaign in Round 1 (every character owes its roll): Mia runs Ashitaka, Ben runs Cora; Mia's token."""
    cid = live.new_campaign("nanolith", f"Seat phones {uuid.uuid4().hex[:6]}")
    for verb, fields in [("seat", {"person": "Mia", "characters": ["ashitaka"]}), ("seat", {"person": "Ben", "characters": ["cora"]}),
                         ("start-encounter", {"name": "Encounter 1"}), ("start-round", {})]:
        assert live.call("POST", f"/campaigns/{cid}/actions/{verb}", json={"fields": fields}).status_code == 201
    mia, _ = issue_token(live.questlog, campaigns=[cid], seat="Mia", label="Mia's phone")
    return cid, mia, live.call("GET", f"/campaigns/{cid}").json()["version"]


def test_a_seats_phone_offers_its_own_owed_roll_and_shows_anothers_as_not_yours(browser, live):
    cid, mia, version = _table(live)
    page = open_page(browser, live, f"/play/{cid}", mia)
    wait_version(page, version)
    owed = page.locator(".view .owed")
    cora = owed.locator('li[data-owed-who="cora"]')
    assert cora.locator("[data-open-verb]").count() == 0  # nothing to press for Ben's character
    refused = cora.locator("button.not-yours[disabled]")
    assert refused.count() == 1 and "not yours" in refused.inner_text()
    assert cora.locator(".not-yours-note").inner_text() == "Not yours: Ben's to record (this phone records for Mia)."
    assert "nobody is seated for ada" in owed.locator('li[data-owed-who="ada"] .not-yours-note').inner_text()
    assert owed.locator('li[data-owed-who="ashitaka"] button[data-open-verb="roll-action-dice"]:not([disabled])').count() == 1
    picker = page.locator(".picker .quick").first  # the picker's "Owed now" list: this phone's only
    labels = picker.locator("button").all_inner_texts()
    assert any(label.startswith("Ashitaka") for label in labels) and not any(label.startswith("Cora") for label in labels), labels
    photograph(page, "seat", "owed-not-yours")

    panel = tap_thing(page, "character", "cora")  # a tap on Ben's character: nothing of it to record here
    offered = {b.get_attribute("data-open-verb") for b in panel.locator("[data-open-verb]").all()}
    assert offered == {"read-nanostory"} and NANOLITH.presentation("read-nanostory").table_wide  # the table's, any seat's
    panel.locator("details.not-yours summary").click()
    theirs = panel.locator("details.not-yours").inner_text()
    assert "Ben's to record (this phone records for Mia)" in theirs and "Roll Action Dice" in theirs and "Spend Action Dice" in theirs
    screenshot(page, "seat-tap-not-yours")
    photograph(page, "seat", "tap-not-yours")
    page.locator("[data-close-tap]").click()

    form = owed_form(page, "roll-action-dice", "ashitaka")  # her own: recorded as hers
    fill(form, NANOLITH, "dice", [2, 4, 5, 2, 6])
    after = submit(page, form)
    assert after > version
    history = live.call("GET", f"/campaigns/{cid}/history").json()["actions"]
    assert (history[-1]["verb"], history[-1]["actor"]) == ("roll-action-dice", "Mia")
    assert page.locator('#effects .effects-acts [data-open-verb]').count() == page.locator(
        '#effects .effects-acts [data-open-verb]:not([disabled])').count()  # what is owed next: only hers to press


def test_a_table_wide_phone_is_offered_every_owed_roll(browser, live):
    cid, _, version = _table(live)
    page = open_page(browser, live, f"/play/{cid}", live.admin)
    wait_version(page, version)
    assert page.locator(".view .owed button.not-yours").count() == 0
    for who in ("ashitaka", "cora"):
        assert page.locator(f'.view .owed li[data-owed-who="{who}"] button[data-open-verb="roll-action-dice"]').count() == 1
