"""The Stats tab offers a finished play's recap as files (GET /campaigns/{id}/plays/{n}/recap: one self-contained HTML
file, a PNG, an SVG), fetched with the token's header, and shows the campaign's timeline: its finished plays by
session (the day they ended). The play is Recap night's Encounter (nanolith.txt § Action Dice), ended in victory."""

from __future__ import annotations

import datetime

import pytest

from .conftest import open_page, screenshot
from .drive import api_version
from .test_recap_page import _encounter

FILES = {"html": (b"<!doctype html", "recap-1.html"), "png": (b"\x89PNG", "recap-1.png"), "svg": (b"<svg", "recap-1.svg")}


@pytest.mark.parametrize("width", [320, 390])
def test_the_stats_tab_downloads_the_recap_and_shows_the_timeline(browser, live, width, tmp_path):
    cid = _encounter(live)
    assert live.call("POST", f"/campaigns/{cid}/actions/end-encounter", json={"fields": {"outcome": "victory"}}).status_code == 201
    page = open_page(browser, live, f"/play/{cid}/stats", live.admin, viewport={"width": width, "height": 800})
    page.wait_for_selector(f'body[data-shown="{api_version(live, cid)}"] .stats [data-downloads="1"]', state="attached", timeout=60_000)
    for fmt, (start, name) in FILES.items():
        with page.expect_download() as waiting:
            page.locator(f'[data-downloads="1"] [data-download$="format={fmt}"]').click()
        got = waiting.value
        assert got.suggested_filename == name
        target = tmp_path / name
        got.save_as(target)
        assert start.lower() in target.read_bytes()[:400].lower(), fmt
    assert "<script src" not in (tmp_path / "recap-1.html").read_text(encoding="utf-8")  # self-contained: opens offline
    timeline = page.locator(".timeline")
    today = datetime.datetime.now(datetime.timezone.utc).date().isoformat()
    assert "1 session (days played), 1 finished play" in " ".join(timeline.inner_text().split())
    assert " ".join(timeline.locator(f'[data-session="{today}"]').inner_text().split()) == f"{today}: Encounter 'Encounter 1' (victory)"
    assert timeline.locator('[data-series="stickers"]').inner_text() == "Stickers after each play: ashitaka 0; vaa-lith 0; cora 0; ada 0"
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    timeline.scroll_into_view_if_needed()
    screenshot(page, "stats-timeline")


def test_the_recap_page_downloads_its_files_too(browser, live):
    cid = _encounter(live)
    assert live.call("POST", f"/campaigns/{cid}/actions/end-encounter", json={"fields": {"outcome": "victory"}}).status_code == 201
    page = open_page(browser, live, f"/play/{cid}/recap/1", live.admin, viewport={"width": 320, "height": 700})
    page.wait_for_selector('.recap [data-downloads="1"]', timeout=60_000)
    with page.expect_download() as waiting:
        page.locator('[data-download$="format=png"]').click()
    assert waiting.value.suggested_filename == "recap-1.png"
    screenshot(page, "recap-downloads")
