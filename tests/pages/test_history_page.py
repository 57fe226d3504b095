"""The history page (undone actions struck through, seals marked, the undo horizon, corrections) and the audit
page's filters, on a phone."""

from __future__ import annotations

import uuid

from .conftest import open_page
from .drive import api_version, nanolith_round, wait_version


def _evening(live) -> str:
    """Round 1 rolled (Cora's two 1s: 2 Stress, nanolith.txt § Action Dice), the Initiative Token given, then a
    spend-dice taken back with undo."""
    cid = nanolith_round(live, f"History night {uuid.uuid4().hex[:6]}", spent=(4,))
    assert live.call("POST", f"/campaigns/{cid}/undo", json={"expected_version": api_version(live, cid)}).status_code == 200
    return cid


def _stress(live, cid: str, character: str) -> int:
    return live.call("GET", f"/campaigns/{cid}/views/board").json()["data"]["characters"][character]["stress"]


def test_history_strikes_undone_actions_marks_the_seal_and_corrects_a_mis_typed_roll(browser, live):
    cid = _evening(live)
    page = open_page(browser, live, f"/play/{cid}/history", live.admin)
    wait_version(page, api_version(live, cid))
    undone = page.locator("li.entry.undone")
    assert undone.count() == 1 and undone.locator("del").inner_text().startswith("Spend Action Dice: ashitaka 4")
    band = page.locator(".seal-band")
    assert band.inner_text().startswith("Sealed by this reveal at v")
    assert "Undo stops at the seal: Roll Action Dice: ada 3 3 5 2 6" in page.locator(".horizon").inner_text()
    assert "Undo can take back 1 action" in page.locator(".horizon").inner_text()  # the Initiative Token
    assert page.locator("li.entry.sealed").count() >= 6  # created, start-encounter, start-round and four rolls
    assert _stress(live, cid, "cora") == 2

    cora = page.locator("li.entry", has_text="Roll Action Dice: cora 1 1 4 5 6")
    cora.locator("[data-correct]").click()
    form = cora.locator("form.action-form")
    form.wait_for()
    dice = form.locator('.field[data-field="dice"]')
    assert dice.locator("[data-entered] [data-remove]").count() == 5  # prefilled as recorded
    dice.locator("[data-remove]").nth(1).click()  # tapping an entered die removes it
    values = form.evaluate("f => JSON.parse(f.querySelector('.field[data-field=dice] input[type=hidden]').value)")
    assert values == [1, 4, 5, 6]
    dice.locator("[data-clear]").click()
    for pips in (1, 3, 4, 5, 6):  # the second die showed 3, not 1
        dice.locator(f'[data-add="{pips}"]').click()
    form.locator('[name="__reason"]').fill("the second die showed 3")
    before = api_version(live, cid)
    form.locator("button[type=submit]").click()
    page.wait_for_selector("li.entry-correction")
    assert "the second die showed 3" in page.locator("li.entry-correction").inner_text()
    assert api_version(live, cid) > before
    assert _stress(live, cid, "cora") == 1  # one 1 left: 1 Stress (nanolith.txt § Action Dice)


def test_the_audit_page_filters_by_character_and_event_kind(browser, live):
    cid = _evening(live)
    page = open_page(browser, live, f"/play/{cid}/audit", live.admin)
    page.wait_for_selector("[data-audit-count]")
    page.select_option("#audit-character", "cora")
    page.click("[data-audit-filters] button[type=submit]")
    page.wait_for_selector('#audit-character option[value="cora"][selected]', state="attached")
    expected = live.questlog.read_models.audit(cid, "cora", None, None, 200, 0)
    assert page.locator("[data-audit-count]").get_attribute("data-audit-count") == str(len(expected))
    assert "roll-action-dice cora 1 1 4 5 6" in page.locator(".entries").inner_text()
    assert "roll-action-dice ada" not in page.locator(".entries").inner_text()

    page.select_option("#audit-character", "")
    page.select_option("#audit-event", "StressGained")
    page.click("[data-audit-filters] button[type=submit]")
    page.wait_for_selector('#audit-event option[value="StressGained"][selected]', state="attached")
    stress = live.questlog.read_models.audit(cid, None, "StressGained", None, 200, 0)
    assert [r["summary"] for r in stress] and all("StressGained" in r["event_types"] for r in stress)
    assert page.locator(".entries > li.entry").count() == len(stress)


def test_history_and_audit_times_are_shown_in_the_phones_own_time_zone(browser, live):
    """The fragments send ISO 8601 with the offset; the page shows the phone's local time (issue 24 item 8): a phone
    in Tokyo (UTC+9) shows each entry's UTC hour + 9."""
    from datetime import datetime, timedelta

    from .conftest import _OPEN, PHONE, TIMEOUT_MS

    cid = _evening(live)
    context = browser.new_context(viewport=PHONE, timezone_id="Asia/Tokyo", locale="en-GB")
    _OPEN.append(context)
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(f"window.localStorage.setItem('questlog.token', {live.admin!r});")
    for path in (f"/play/{cid}/history", f"/play/{cid}/audit"):
        page = context.new_page()
        page.goto(live.url + path)
        page.wait_for_selector("time[data-shown-local]")
        first = page.locator("time[data-shown-local]").first
        stamp = datetime.fromisoformat(first.get_attribute("datetime"))
        tokyo = (stamp + timedelta(hours=9) - stamp.utcoffset()).strftime("%H:%M")
        assert tokyo in first.inner_text(), (path, first.inner_text(), stamp)
        assert page.locator("time[data-local]").count() == 0  # every time shown locally
