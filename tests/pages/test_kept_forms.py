"""The forms a phone keeps for a Wi-Fi drop follow the board (issue 25, item 4; leftover of the last session: they
were fetched once per page load, so a picker that depends on the state went stale offline). Nanolith's Enemy
Activations example (examples/nanolith/enemy-targets.ql): a Security Droid is on the table when the page opens; a
Bio-Mutant is placed from another device; once the campaign has stayed at that version, the kept Select a Target form
offers the Bio-Mutant too, offline. A change the phone saw just before the drop, before its forms were fetched
again, is said on the kept form instead of hidden."""

from __future__ import annotations

from pathlib import Path

import requests


from .conftest import PHONE, TIMEOUT_MS, screenshot
from .drive import open_form
from .served import Served, free_port, scripted_store

SETUP = """new nanolith "Kept forms"
start-encounter "Enemy Activations"
set-spawn-pool bio-mutant:1-2 security-droid:1-2
place-enemy security-droid 1 --life 4
"""


def _store(tmp_path: Path) -> tuple[Path, str, str]:
    return scripted_store(tmp_path, SETUP, "Kept forms", "phone")


def _place(server: Served, token: str, cid: str, enemy: str, number: int, life: int) -> int:
    """Another device places an enemy; returns the version it ends at."""
    answer = requests.post(f"http://127.0.0.1:{server.port}/campaigns/{cid}/actions/place-enemy",
                           json={"fields": {"enemy_type": enemy, "standee": number, "life": life}},
                           headers={"Authorization": f"Bearer {token}"}, timeout=10)
    assert answer.status_code == 201, answer.text
    return answer.json()["version"]


def _enemies(form) -> list[str]:
    return [v for v in form.locator('[data-field="enemy"] option').evaluate_all("els => els.map(e => e.value)") if v]


def test_the_kept_forms_are_fetched_again_when_the_board_settles_and_a_late_change_is_said(browser, tmp_path):
    db, cid, token = _store(tmp_path)
    server = Served(db, free_port())
    server.start()
    context = browser.new_context(viewport=PHONE)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    try:
        page.goto(f"http://127.0.0.1:{server.port}/play/{cid}#token={token}")
        page.wait_for_selector("body[data-forms-at]", state="attached", timeout=60_000)
        first = int(page.get_attribute("body", "data-forms-at"))
        page.evaluate("formsKept.quietMs = 300")  # the page waits 20 s of quiet; the test does not need to
        placed = _place(server, token, cid, "bio-mutant", 1, 3)
        assert placed > first
        page.wait_for_selector(f'body[data-forms-at="{placed}"]', state="attached", timeout=30_000)  # fetched again, settled
        page.evaluate("formsKept.quietMs = 600000")  # from here the phone has no time to fetch them again
        late = _place(server, token, cid, "security-droid", 2, 4)
        page.wait_for_selector(f'body[data-shown="{late}"]', state="attached", timeout=30_000)  # the stream redrew the board
        server.stop()

        form = open_form(page, "select-target")
        assert form.get_attribute("data-offline") == "yes"
        assert _enemies(form) == ["bio-mutant-1", "security-droid-1"]  # the Bio-Mutant placed after the page opened; not yet Droid 2
        notes = form.locator(".offline-note").all_inner_texts()
        assert f"Offline: this is the form kept on this phone at v{placed}" in notes[0]
        assert notes[1] == (f"Its choices are those of v{placed}; the board moved on to v{late} just before the server went "
                            "out of reach: check them against the board.")
        form.scroll_into_view_if_needed()
        screenshot(page, "kept-form-late-change")
    finally:
        server.stop()
        context.close()
