"""The History tab says each action by its label (the kit's ``KIT.present`` words: "Spend Action Dice"), never by its raw
verb (``spend-dice``), in its list, its undo horizon and its undo lines (nanolith.txt § Action Dice)."""

from __future__ import annotations

import pytest

from .conftest import open_page, screenshot
from .drive import nanolith_round


@pytest.mark.parametrize("width", [320, 390])
def test_history_lines_name_actions_by_their_labels(browser, live, width):
    cid = nanolith_round(live, f"History words {width}")
    assert live.undo(cid).status_code == 200  # Ashitaka's second die taken back: an undo line names the action
    page = open_page(browser, live, f"/play/{cid}/history", live.admin, viewport={"width": width, "height": 800})
    page.wait_for_selector(".history .entries")
    lines = page.locator(".entries .entry-line").all_inner_texts()
    text = " ".join(" ".join(lines).split())
    assert "Spend Action Dice: ashitaka 4 (Encounter" in text and "Roll Action Dice: cora 1 1 4 5 6" in text
    assert "undo of Spend Action Dice" in text
    for verb in ("spend-dice", "roll-action-dice", "give-initiative", "start-encounter", "start-round"):
        assert verb not in text, verb
    assert "spend-dice" not in page.locator(".horizon").inner_text()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    screenshot(page, "history-labels")
