"""The campaign page at a slow table (issue 29, item 2): ``/play/ID``'s first HTML answer already holds the drawn board,
the undo / redo controls and the picker (owed first), so the board shows with no fragment request before it; a tap on
Undo or Redo, and a recorded action, redraws from its one POST's answer. Each of the five games, played from its
example script through the API, photographed at 390 and 320 px with no phone defect.

The server draws the page when the request may read the campaign: the token the page holds comes back as the page's
own cookie (``questlog_page``, ``SameSite=Strict``, this campaign's page path), read only for that page: the API and
every fragment still answer 401 to it."""

from __future__ import annotations

import re
from typing import Any

import pytest
import requests

from .conftest import ROOT, open_page, script_actions
from .drive import api_version, wait_version
from .tapping import photograph

SCRIPTS = {"nanolith": "campaign-full.ql", "tamashii": "combat.ql", "nemesis": "full-game.ql",
           "nin-gonost": "full-game.ql", "nanobot-battle-arena": "full-game.ql"}
PLAYED = 6
"""Actions of each example script recorded before the page opens (a board with something on it, and undo possible)."""
SCREEN_PARTS = re.compile(r"/fragments/[^/]+/(screen|view|controls|actions)")


def _played(live: Any, game: str) -> str:
    """A campaign of ``game`` with at least :data:`PLAYED` accepted actions of its example script, as many more as it
    takes for the last one to be undoable (not a reveal)."""
    cid = live.new_campaign(game, f"First screen ({game})")
    recorded = 0
    for refused, verb, fields in script_actions(ROOT / "examples" / game / SCRIPTS[game], until="correct"):
        if refused or verb in ("undo", "redo"):
            continue
        if live.call("POST", f"/campaigns/{cid}/actions/{verb}", json={"fields": fields}).status_code != 201:
            continue  # a line that needs the script's own setup (its new line's options): the next ones go on
        recorded += 1
        if recorded >= PLAYED and _undoable(live, cid):
            break
    assert recorded >= 3 and _undoable(live, cid), f"{game}: {recorded} actions of its script recorded, the last one sealed"
    return cid


def _undoable(live: Any, cid: str) -> bool:
    return 'id="undo-button" aria-describedby' in live.call("GET", f"/fragments/{cid}/controls").text


def _requests(page: Any) -> list[str]:
    """Every request the page sends from now on, as ``METHOD path`` (the live stream and polls left out)."""
    sent: list[str] = []

    def seen(request: Any) -> None:
        path = "/" + request.url.split("/", 3)[-1]
        if not path.endswith("/events") and not re.fullmatch(r"/campaigns/[^/]+", path):
            sent.append(f"{request.method} {path}")

    page.on("request", seen)
    return sent


@pytest.mark.parametrize("game", list(SCRIPTS))
def test_the_first_answer_holds_the_board_and_a_tap_redraws_in_one_request(browser, live, game):
    cid = _played(live, game)
    version = api_version(live, cid)
    first = open_page(browser, live, f"/play/{cid}", live.admin)  # a first visit: the script loads the screen, keeps the cookie
    wait_version(first, version)
    page = first.context.new_page()
    sent = _requests(page)
    answer = page.goto(f"{live.url}/play/{cid}")
    html = answer.text()
    assert f'data-version="{version}"' in html and 'class="view-body"' in html  # the drawn board, at the API's version
    assert 'id="undo-button"' in html and 'id="verb-select"' in html  # the controls and the picker
    board = live.call("GET", f"/fragments/{cid}/screen").json()["board"]
    assert board in html  # exactly the board the script would have fetched
    page.wait_for_selector(f'body[data-shown="{version}"]', state="attached")
    assert [r for r in sent if SCREEN_PARTS.search(r)] == []  # shown with no fragment request before it
    photograph(page, game, "first-screen")
    page.wait_for_selector("body[data-forms-kept]", state="attached", timeout=60_000)  # the forms kept offline: one request, once
    for kind in ("undo", "redo"):
        sent.clear()
        page.locator(f"#{kind}-button").click()
        version += 1
        wait_version(page, version)
        assert sent == [f"POST /campaigns/{cid}/{kind}"], f"{game}: a tap on {kind.capitalize()} sent {sent}"
        assert page.locator(".view").get_attribute("data-version") == str(version) == str(api_version(live, cid))
    photograph(page, game, "after-redo")


def test_a_recorded_action_redraws_from_its_own_answer(browser, live):
    cid = live.new_campaign("nanolith", "One round trip")
    page = open_page(browser, live, f"/play/{cid}", live.admin)
    wait_version(page, api_version(live, cid))
    page.wait_for_selector("body[data-forms-kept]", state="attached", timeout=60_000)
    sent = _requests(page)
    page.select_option("#verb-select", "start-encounter")
    form = page.locator('form.action-form[data-verb="start-encounter"]')
    form.locator('.field[data-field="name"] input').fill("Encounter 1")
    sent.clear()  # the form came from the forms kept: only the submit from here
    before = api_version(live, cid)
    form.locator("button[type=submit]").click()
    page.wait_for_selector("#effects:not([hidden])")  # its history lines, beside the board redrawn from the same answer
    version = api_version(live, cid)
    assert version > before and page.locator("#effects").get_attribute("data-version") == str(version)
    wait_version(page, version)
    assert "Encounter 1" in page.locator("#effects").inner_text()
    assert sent == [f"POST /campaigns/{cid}/actions/start-encounter"]


def test_the_page_cookie_draws_only_that_page_and_authorizes_nothing_else(live):
    cid = live.new_campaign("nanolith", "Cookie scope")
    other = live.new_campaign("nanolith", "Not granted")
    watch = live.call("POST", "/tokens", json={"campaigns": [cid], "read_only": True, "label": "watch"}).json()["token"]
    page = requests.get(f"{live.url}/play/{cid}", cookies={"questlog_page": watch}, timeout=30)
    assert 'class="view-body"' in page.text and "Watching: this link may only read." in page.text
    assert 'id="undo-button"' not in page.text  # a read-only token's screen: no controls
    assert 'class="view-body"' not in requests.get(f"{live.url}/play/{cid}", timeout=30).text  # no cookie: the public shell
    assert 'class="view-body"' not in requests.get(f"{live.url}/play/{other}", cookies={"questlog_page": watch}, timeout=30).text
    assert 'class="view-body"' not in requests.get(f"{live.url}/play/{cid}", cookies={"questlog_page": "ql_nope"}, timeout=30).text
    admin = {"questlog_page": live.admin}
    for method, path in (("GET", f"/fragments/{cid}/screen"), ("GET", f"/campaigns/{cid}"), ("POST", f"/campaigns/{cid}/undo")):
        assert live.call(method, path, token=None, cookies=admin, json={"expected_version": 0}).status_code == 401, path


def test_a_write_answer_carries_the_redraw_only_when_asked(live):
    cid = live.new_campaign("nanolith", "Additive")
    plain = live.call("POST", f"/campaigns/{cid}/actions/start-encounter", json={"fields": {"name": "E1"}})
    seen = plain.json()["version"]
    assert plain.status_code == 201 and "redraw" not in plain.json() and plain.headers["ETag"] == f'"{seen}"'
    asked = live.call("POST", f"/campaigns/{cid}/undo", json={"expected_version": seen}, headers={"X-Questlog-Redraw": ""})
    body, now = asked.json(), seen + 1
    assert asked.status_code == 200 and body["version"] == now and body["redraw"]["version"] == now
    assert body["redraw"]["view"] == "board" and f'data-version="{now}"' in body["redraw"]["board"]
    assert 'id="redo-button" aria-describedby' in body["redraw"]["controls"] and 'id="verb-select"' in body["redraw"]["actions"]
    assert asked.headers["Content-Encoding"] == "gzip" and asked.headers["ETag"] == f'W/"{now}"'  # encoded: its ETag weak
    refused = live.call("POST", f"/campaigns/{cid}/undo", json={"expected_version": seen}, headers={"X-Questlog-Redraw": ""})
    assert refused.status_code == 409 and "redraw" not in refused.json()

