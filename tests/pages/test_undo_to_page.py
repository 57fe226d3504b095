"""The history page's "undo back to here" (issue 31, item 1): on each unsealed entry (and the sealing reveal), a
control that first lists what it will take back, below itself (covering nothing), then takes it all back in one
request; nothing on sealed entries."""

from __future__ import annotations

import uuid

from .conftest import open_page, serious_violations
from .drive import api_version, nanolith_round, wait_version


def _round(live) -> str:
    """Round 1 rolled (the seal: ada's roll), then the Initiative Token given and two of Ashitaka's dice spent."""
    cid = nanolith_round(live, f"Undo back {uuid.uuid4().hex[:6]}")
    return cid


def _entry(page, line: str):
    """The history entry whose own line (not a list inside it) reads ``line``."""
    return page.locator("li.entry").filter(has=page.locator(".entry-line", has_text=line))


def _available(live, cid: str) -> list[int]:
    return live.call("GET", f"/campaigns/{cid}/views/board").json()["data"]["characters"]["ashitaka"]["dice"]["available"]


def test_undo_back_to_here_lists_what_it_takes_back_below_itself_then_takes_it_back(browser, live):
    cid = _round(live)
    before = api_version(live, cid)
    page = open_page(browser, live, f"/play/{cid}/history", live.admin)
    wait_version(page, before)
    assert page.locator("li.entry.sealed details.undo-to").count() == 1  # of the sealed entries, only the seal itself
    seal = _entry(page, "Roll Action Dice: ada 3 3 5 2 6")
    assert _entry(page, "Roll Action Dice: cora").locator("details.undo-to").count() == 0  # sealed
    assert _entry(page, "Spend Action Dice: ashitaka 5").locator("details.undo-to").count() == 0  # nothing after it
    control = seal.locator("details.undo-to summary")
    control.click()
    panel = seal.locator("details.undo-to")
    listed = panel.locator("ol li").all_inner_texts()
    expected = ["Spend Action Dice: ashitaka 5", "Spend Action Dice: ashitaka 4", "Give the Initiative Token: ashitaka"]  # latest first
    assert len(listed) == 3 and all(t.startswith(e) for t, e in zip(listed, expected)), listed
    assert api_version(live, cid) == before  # opening the list undid nothing
    summary_box, list_box = control.bounding_box(), panel.locator("ol").bounding_box()
    assert list_box["y"] >= summary_box["y"] + summary_box["height"]  # the list opens below the control, covering nothing
    assert not serious_violations(page)
    panel.locator("button[data-undo-to]").click()
    wait_version(page, before + 3)
    assert api_version(live, cid) == before + 3  # three undo records, one request
    assert page.locator("li.entry.undone").count() == 3
    assert _available(live, cid) == [2, 4, 5, 2, 6]


def test_undo_back_to_here_on_a_stale_list_undoes_nothing_and_says_why(browser, live):
    cid = _round(live)
    before = api_version(live, cid)
    page = open_page(browser, live, f"/play/{cid}/history", live.admin)
    wait_version(page, before)
    entry = _entry(page, "Give the Initiative Token: ashitaka")
    entry.locator("details.undo-to summary").click()
    assert entry.locator("details.undo-to ol li").count() == 2
    page.evaluate("() => { state.busy = true; }")  # hold the page's polling: another phone records meanwhile
    assert live.call("POST", f"/campaigns/{cid}/undo", json={"expected_version": before}).status_code == 200
    entry.locator("button[data-undo-to]").click()
    page.wait_for_selector("#toast.show.bad")
    assert "moved on" in page.locator("#toast").inner_text()
    assert api_version(live, cid) == before + 1
