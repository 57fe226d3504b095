"""The page's messages after an action (the toast) are shown where the player is: just above the Undo / Redo bar, in
the thumb zone, whatever they scrolled to, at 390x844 and 320x640; never over the bar's buttons or under the
header; the body's end still reachable while one shows; a tap dismisses it. (They were at the top of the page, out of
view of a player who had tapped Undo at the bottom or "Undo back to here" down the history.)

The play is nanolith.txt § 1.1's Round: the four rolls (the seal), then Ashitaka takes the Initiative Token and
spends a 4 and a 5 (nanolith.txt § 1.2: dice spent one at a time, each undoable until the next reveal)."""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest

from .conftest import SCREENSHOTS, open_page
from .drive import api_version, nanolith_round, wait_version
from .tapping import PHONES, phone_defects


def _round(live: Any) -> str:
    cid = nanolith_round(live, f"Toast {uuid.uuid4().hex[:6]}")
    return cid


def _where(page: Any) -> dict[str, Any]:
    """The toast's box against the viewport, the header, the Undo / Redo bar (when the page has one) and the padding."""
    return page.evaluate("""() => {
        const box = (el) => { if (!el) return null; const r = el.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height}; };
        const toast = document.getElementById('toast');
        return {toast: box(toast), shown: toast.classList.contains('show'), text: toast.textContent,
                header: box(document.querySelector('header.top')), bar: box(document.getElementById('controls')),
                buttons: [...document.querySelectorAll('#controls button')].map(box),
                viewport: {width: document.documentElement.clientWidth, height: window.innerHeight},
                pad: parseFloat(getComputedStyle(document.body).paddingBottom), scrolled: window.scrollY};
    }""")


def _in_view(where: dict[str, Any]) -> None:
    toast, view = where["toast"], where["viewport"]
    assert where["shown"], where
    assert toast["top"] >= where["header"]["bottom"] and toast["bottom"] <= view["height"], where  # in sight
    assert toast["left"] >= 0 and toast["right"] <= view["width"], where
    if where["bar"]:
        assert toast["bottom"] <= where["bar"]["top"], where  # above the bar: never over Undo or Redo
        for button in where["buttons"]:
            assert button["top"] >= toast["bottom"] or button["bottom"] <= toast["top"], where
        assert where["pad"] >= where["bar"]["height"] + toast["height"], where  # the page's end still reachable
    assert toast["top"] >= view["height"] / 2, where  # the thumb zone: the lower half of the screen


@pytest.mark.parametrize("viewport", PHONES, ids=lambda v: f"{v['width']}px")
def test_an_undo_tapped_at_the_bottom_says_what_it_took_back_just_above_the_bar(browser, live, viewport):
    cid = _round(live)
    before = api_version(live, cid)
    page = open_page(browser, live, f"/play/{cid}", live.admin, viewport=viewport)
    wait_version(page, before)
    page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")  # the player is at the page's end
    assert page.locator("#undo-what").inner_text() == f"Takes back: Spend Action Dice: ashitaka 5 (Encounter 'Encounter 1', Round 1, Character Action Phase) (v{before})"
    page.click("#undo-button")
    wait_version(page, before + 1)
    page.wait_for_selector("#toast.show")
    where = _where(page)
    assert where["text"] == f"Undone: Spend Action Dice: ashitaka 5 (Encounter 'Encounter 1', Round 1, Character Action Phase) (now v{before + 1})."  # its label, not spend-dice
    assert where["scrolled"] > 0
    _in_view(where)
    defects = phone_defects(page)
    assert defects == {"overflow": 0, "small_text": [], "small_targets": []}, defects
    (SCREENSHOTS / "toast").mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "toast" / f"undone-{viewport['width']}.png"))
    page.locator("#toast").click()  # a tap dismisses it, and the padding it added goes
    page.wait_for_selector("#toast:not(.show)", state="attached")
    after = _where(page)
    assert after["pad"] < where["pad"] and after["pad"] >= after["bar"]["height"], after


@pytest.mark.parametrize("viewport", PHONES, ids=lambda v: f"{v['width']}px")
def test_undo_back_to_here_down_the_history_says_what_it_did_in_view(browser, live, viewport):
    cid = _round(live)
    before = api_version(live, cid)
    page = open_page(browser, live, f"/play/{cid}/history", live.admin, viewport=viewport)
    wait_version(page, before)
    seal = page.locator("li.entry").filter(has=page.locator(".entry-line", has_text="Roll Action Dice: ada 3 3 5 2 6"))
    seal.locator("details.undo-to summary").click()
    button = seal.locator("button[data-undo-to]")
    button.scroll_into_view_if_needed()
    assert page.evaluate("() => window.scrollY") > 0  # down the list, far from the page's top
    button.click()
    wait_version(page, before + 3)
    page.wait_for_selector("#toast.show")
    where = _where(page)
    assert re.fullmatch(rf"Took back 3 actions: back to v\d+ \(now v{before + 3}\)\.", where["text"]), where["text"]
    _in_view(where)
    page.screenshot(path=str(SCREENSHOTS / "toast" / f"history-{viewport['width']}.png"))
