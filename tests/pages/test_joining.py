"""Three phones at one table (issue 25, Done when 1): the admin starts a campaign and makes an invite on the page;
the others join by the invite link only (no token typed), each says who holds it, and what each records shows
its holder as the actor in the history and the audit; every device sees each action through the event stream; a
phone whose storage was cleared gets back in by the same invite link."""

from __future__ import annotations

import uuid

from domain.core.ruleset import get_ruleset

from .conftest import PHONE, TIMEOUT_MS, _OPEN, open_page, screenshot
from .drive import api_version, record, wait_version

NANOLITH = get_ruleset("nanolith")


def _phone(browser, url):
    """A new phone (its own storage, no token) opening ``url``."""
    context = browser.new_context(viewport=PHONE)
    _OPEN.append(context)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    page.goto(url)
    return page


def _hold(page, name):
    page.locator("#holder-name").fill(name)
    page.locator("[data-holder-form] button[type=submit]").click()
    page.wait_for_selector(f'body[data-holder="{name}"]', state="attached")


def test_an_admin_starts_and_invites_and_two_phones_join_by_the_link_and_record_as_their_holders(browser, live):
    name = f"Three phones {uuid.uuid4().hex[:6]}"
    admin = open_page(browser, live, "/", live.admin)
    admin.locator("[data-new-campaign-panel] summary").click()
    admin.select_option("#new-game", "nanolith")
    admin.fill("#new-name", name)
    admin.locator("[data-new-campaign] button[type=submit]").click()
    admin.wait_for_url("**/play/*")
    cid = admin.url.rsplit("/", 1)[1]
    wait_version(admin, 1)
    _hold(admin, "Zoe")

    admin.locator("[data-invite-panel] summary").click()
    admin.locator("[data-invite-form] button[type=submit]").click()
    link = admin.locator("#invite-link").input_value()
    assert link.startswith(f"{live.url}/play/{cid}#token=qlt_")
    assert admin.locator(".invite-made .qr svg").count() == 1  # drawn by Questlog's server (segno), no outside service
    code = admin.locator("[data-join-code]").inner_text()
    assert len(code) == 9 and code[4] == "-"
    screenshot(admin, "invite")

    mia = _phone(browser, link)
    mia.wait_for_selector(".view")
    assert "#token=" not in mia.url  # stored on the phone, gone from the address bar
    assert mia.locator("#token-dialog[open]").count() == 0
    _hold(mia, "Mia")
    ben = _phone(browser, f"{live.url}/join")  # Ben types the code instead
    ben.fill("#join-code", code.lower())
    ben.locator("[data-join-form] button[type=submit]").click()
    ben.wait_for_url(f"**/play/{cid}")
    ben.wait_for_selector(".view")
    _hold(ben, "Ben")

    record(mia, NANOLITH, "start-encounter", {"name": "Encounter 1"})
    record(ben, NANOLITH, "start-round", {})
    now = api_version(live, cid)
    for phone in (admin, mia, ben):
        wait_version(phone, now)  # each sees the other's action (live: the stream says when)
    assert admin.locator("#net").get_attribute("data-live") == "yes"
    ben.locator("#undo-button").click()  # Ben takes back his own Round start...
    wait_version(mia, now + 1)
    record(ben, NANOLITH, "start-round", {})

    history = live.call("GET", f"/campaigns/{cid}/history").json()["actions"]
    actions = [(e["verb"], e["actor"], e["token"]) for e in history if e["kind"] == "action"]
    assert actions == [("start-encounter", "Mia", "invite"), ("start-round", "Ben", "joined by code"), ("start-round", "Ben", "joined by code")]
    assert [(e["kind"], e["actor"]) for e in history if e["kind"] == "undo"] == [("undo", "Ben")]

    mia.goto(f"{live.url}/play/{cid}/history")
    mia.wait_for_selector(".history")
    text = mia.locator(".history").inner_text()
    assert "Mia" in text and "Ben" in text and "someone" not in text
    mia.goto(f"{live.url}/play/{cid}/audit")
    mia.wait_for_selector("#audit li, #audit tr")
    audit = mia.locator("#audit").inner_text()
    assert "Ben" in audit and "Mia" in audit

    # Mia's phone forgets everything (storage cleared): the same invite link lets her back in, no token typed
    mia.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
    mia.context.clear_cookies()
    mia.goto("about:blank")
    mia.goto(link)
    mia.wait_for_selector(".view")
    assert "#token=" not in mia.url and mia.locator("#token-dialog[open]").count() == 0
    assert mia.locator("[data-holder-form]").is_visible()  # who holds it is asked again
    _hold(mia, "Mia")
    assert mia.evaluate("async () => (await call('GET', location.pathname.replace('/play/', '/campaigns/'))).status") == 200

    admin.reload()
    admin.locator("[data-invite-panel] summary").click()
    phones = admin.locator(".phones li")
    assert phones.count() == 2  # the invite, and Ben's phone that joined by code
    ben_phone = admin.locator(".phones li", has_text="joined by code")
    token_id = ben_phone.get_attribute("data-token-id")
    ben_phone.locator("[data-revoke]").click()
    admin.wait_for_selector(f'.phones li[data-token-id="{token_id}"]', state="detached")
    assert ben.evaluate("async () => (await call('GET', location.pathname.replace('/play/', '/campaigns/'))).status") == 401
