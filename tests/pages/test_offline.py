"""A Wi-Fi drop at the table (issue 25, Done when 4-5): the server is stopped, then started again on the same SQLite
store, while one phone records 5 actions (one a reveal: Ashitaka's Action Dice roll) and another records 1 that
gets in first. After reconnecting every accepted action is stored once, the conflict is shown with what still
waits, and nothing is lost or duplicated (checked in the store). Run over plain HTTP at 127.0.0.1 (a secure
context: the service worker is there) and at a non-loopback name (``table.test``: no secure context, no service
worker, the IndexedDB queue alone); over HTTPS with a test certificate the manifest and icons are served, the
service worker with its fetch handler is registered and the shell reloads with the server stopped.

The rolls are nanolith.txt § Manipulating the Action Dice's "Oath" example (examples/nanolith/dice-manipulation.ql).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests

from domain.access import issue_token
from domain.core.ruleset import get_ruleset
from infrastructure.runtime import open_questlog

from .conftest import CHROMIUM, LAUNCH_ARGS, PHONE, TIMEOUT_MS, screenshot, script_actions
from .drive import fill, open_form
from .served import NAME, Served, free_port, make_certificate, spki_hash

NANOLITH = get_ruleset("nanolith")
SETUP = """new nanolith "Wi-Fi drop"
start-encounter "Manipulating the Action Dice"
start-round
roll-action-dice vaa-lith 3 4 5 6 2
roll-action-dice cora 2 3 4 5 6
roll-action-dice ada 6 5 4 3 2
"""
PHONE_A = """new nanolith x
roll-action-dice ashitaka 2 4 5 2 6
give-initiative ashitaka
manipulate-die ashitaka 2 up
manipulate-die ash 2 up
spend-dice ashitaka 3 3 --combination double --cost 3 --purpose Oath
"""
PHONE_B = """new nanolith x
seat Mia ashitaka
"""


def _actions(tmp_path: Path, text: str) -> list[tuple[str, dict[str, Any]]]:
    path = tmp_path / f"s{abs(hash(text))}.ql"
    path.write_text(text)
    return [(verb, raw) for _, verb, raw in script_actions(path)]


@pytest.fixture(scope="module")
def certificate(tmp_path_factory) -> tuple[Path, Path]:
    """A test certificate for ``table.test``, made now."""
    return make_certificate(tmp_path_factory.mktemp("tls"))


@pytest.fixture(scope="module")
def mapped_browser(browser, certificate) -> Iterator[Any]:
    """Chromium resolving ``table.test`` to 127.0.0.1 (a LAN name as a phone would use, without leaving this machine),
    trusting the test certificate as a phone would trust a real one (launched by the session's Playwright)."""
    chromium = browser.browser_type.launch(executable_path=str(CHROMIUM),
                                           args=[*LAUNCH_ARGS, f"--host-resolver-rules=MAP {NAME} 127.0.0.1",
                                                 f"--ignore-certificate-errors-spki-list={spki_hash(certificate[0])}"])
    yield chromium
    chromium.close()


def _store(tmp_path: Path) -> tuple[Path, str, str, str]:
    """A SQLite store with an admin token, the campaign after SETUP and a write token for each phone."""
    db = tmp_path / "table.sqlite"
    app = open_questlog(str(db))
    admin, _ = issue_token(app, admin=True, label="admin")
    cid = app.create_campaign("nanolith", "Wi-Fi drop")
    for verb, raw in _actions(tmp_path, SETUP):
        app.record(cid, verb, raw)
    phone_a, _ = issue_token(app, campaigns=[cid], label="phone A")
    phone_b, _ = issue_token(app, campaigns=[cid], label="phone B")
    app.close()
    return db, cid, phone_a, phone_b


def _phone(browser, base: str, cid: str, token: str) -> Any:
    context = browser.new_context(viewport=PHONE)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    page.goto(f"{base}/play/{cid}#token={token}")
    page.wait_for_selector("body[data-shown]:not([data-shown='page'])", state="attached")
    page.wait_for_selector("body[data-forms-kept]", state="attached", timeout=60_000)  # every form kept for offline use
    return page


def _queue_offline(page, actions) -> None:
    for verb, raw in actions:
        form = open_form(page, verb)
        for name, value in raw.items():
            fill(form, NANOLITH, name, value)
        before = int(page.locator("#queue-panel").get_attribute("data-waiting") or 0)
        form.locator("button[type=submit]").click()
        page.wait_for_selector(f'#queue-panel[data-waiting="{before + 1}"]', state="attached")


def _wait_offline(page) -> None:
    page.locator("[data-retry]").first.click() if page.locator("[data-retry]").count() else page.evaluate("retryNow()")
    page.wait_for_selector('#net[data-state="offline"]', state="attached", timeout=30_000)


def _retry(page) -> None:
    """Press Retry (the phone may have reconnected by itself already, its back-off poll found the server: then the same call)."""
    page.evaluate("retryNow()")  # what the Retry button calls (pressed in _wait_offline; here it may be gone already)


def _stored(db: Path, cid: str) -> list[dict[str, Any]]:
    app = open_questlog(str(db))
    try:
        return [e for e in app.stored_actions(cid) if e["kind"] == "action"]
    finally:
        app.close()


@pytest.mark.parametrize("host", ["127.0.0.1", NAME])
def test_a_wifi_drop_loses_nothing_and_records_nothing_twice(mapped_browser, tmp_path, host):
    db, cid, token_a, token_b = _store(tmp_path)
    server = Served(db, free_port())
    server.start()
    base = f"http://{host}:{server.port}"
    a, b = _phone(mapped_browser, base, cid, token_a), _phone(mapped_browser, base, cid, token_b)
    secure = a.evaluate("window.isSecureContext")
    assert secure == (host == "127.0.0.1")  # a LAN name over plain HTTP is no secure context: no service worker there
    if not secure:
        assert a.evaluate("'serviceWorker' in navigator") is False
    before = len(_stored(db, cid))
    try:
        server.stop()
        for phone in (a, b):
            _wait_offline(phone)
        _queue_offline(a, _actions(tmp_path, PHONE_A))
        assert "5 actions waiting" in a.locator("#net").inner_text() and "Offline since" in a.locator("#net").inner_text()
        assert a.locator("#queue-panel").inner_text().startswith("offline, 5 actions waiting on this phone")
        extra = _actions(tmp_path, "new nanolith x\nmanipulate-die ashitaka 6 down\n")
        _queue_offline(a, extra)  # a sixth, taken back while offline: only this phone's waiting action goes
        a.locator("#undo-button").click()
        a.wait_for_selector('#queue-panel[data-waiting="5"]', state="attached")
        digital = open_form(a, "roll-action-dice")  # a digital roll needs the server: refused, not queued
        if digital.locator("[name=__digital]").count():
            fill(digital, NANOLITH, "character", "ashitaka")
            digital.locator("[name=__digital]").check()
            digital.locator("button[type=submit]").click()
            digital.locator(".form-error").wait_for(state="visible")
            assert "needs the server" in digital.locator(".form-error").inner_text()
            assert a.locator("#queue-panel").get_attribute("data-waiting") == "5"
        _queue_offline(b, _actions(tmp_path, PHONE_B))
        keys_a = [e["key"] for e in a.evaluate("offlineQueue.entries()")]
        keys_b = [e["key"] for e in b.evaluate("offlineQueue.entries()")]
        screenshot(a, f"offline-queue-{'secure' if secure else 'lan'}")

        a.context.set_offline(True)  # phone A is still out of reach when the server is back: phone B gets in first
        server.start()
        _retry(b)
        b.wait_for_selector('#queue-panel[data-waiting="0"]', state="attached", timeout=30_000)
        a.context.set_offline(False)
        _retry(a)
        conflict = a.locator(".queue-conflict")
        conflict.wait_for(timeout=30_000)
        version = requests.get(f"http://127.0.0.1:{server.port}/campaigns/{cid}", headers={"Authorization": f"Bearer {token_a}"}, timeout=10).json()["version"]
        assert f"Someone recorded first: the campaign is at v{version}" in conflict.inner_text()
        assert a.locator("#queue-panel li").count() == 5  # what waits is shown, not dropped
        a.wait_for_selector(f'body[data-shown="{version}"]', state="attached")  # the newer board
        screenshot(a, f"offline-conflict-{'secure' if secure else 'lan'}")
        a.locator("[data-queue-resend]").click()
        a.wait_for_selector('#queue-panel[data-waiting="0"]', state="attached", timeout=30_000)

        stored = _stored(db, cid)
        ids = [e["action_id"] for e in stored]
        assert len(stored) == before + 6
        assert sorted(ids[before:]) == sorted(keys_a + keys_b) and len(set(ids)) == len(ids)  # each once, none lost
        assert [e["verb"] for e in stored[before:]] == ["seat", "roll-action-dice", "give-initiative", "manipulate-die",
                                                         "manipulate-die", "spend-dice"]
        assert ids[before + 1:] == keys_a  # in the order they were recorded
        board = requests.get(f"http://127.0.0.1:{server.port}/campaigns/{cid}/views/board", headers={"Authorization": f"Bearer {token_a}"},
                             timeout=10).json()["data"]
        assert board["characters"]["ashitaka"]["dice"]["available"] == [4, 5, 6]  # nanolith.txt's Oath example, to the die
        assert board["characters"]["ashitaka"]["stress"] == 2
    finally:
        server.stop()
        for phone in (a, b):
            phone.context.close()


def test_over_https_the_page_installs_and_its_shell_reloads_with_the_server_stopped(mapped_browser, tmp_path, certificate):
    db, cid, token_a, _ = _store(tmp_path)
    server = Served(db, free_port(), tls=certificate)
    server.start()
    base = f"https://{NAME}:{server.port}"
    page = _phone(mapped_browser, base, cid, token_a)
    try:
        assert page.evaluate("window.isSecureContext") is True
        manifest = page.evaluate("async () => (await (await fetch('/manifest.webmanifest')).json())")
        assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
        for icon in manifest["icons"]:
            answer = page.evaluate(f"async () => {{ const r = await fetch({json.dumps(icon['src'])}); return [r.status, r.headers.get('Content-Type')]; }}")
            assert answer == [200, "image/png"], icon
        script = page.evaluate("async () => { const ready = await Promise.race([navigator.serviceWorker.ready, "
                               "new Promise((done) => setTimeout(() => done(null), 8000))]); return ready && ready.active.scriptURL; }")
        assert script == f"{base}/sw.js"
        page.reload()
        page.wait_for_selector(".view")
        assert page.evaluate("!!navigator.serviceWorker.controller")  # the worker's fetch handler serves this page
        shown = page.locator(".view").get_attribute("data-version")

        server.stop()
        response = page.reload()
        assert response.from_service_worker  # the shell, from the worker's cache
        page.wait_for_selector(".view")
        assert page.locator(".view").get_attribute("data-version") == shown  # the last board
        page.wait_for_selector('#net[data-state="offline"], #net[data-state="reconnecting"]', state="attached")
        screenshot(page, "https-offline-reload")
    finally:
        server.stop()
        page.context.close()
