"""Opening a page in the browser asks for nothing that is missing: the icon included (issue 31, item 9)."""



def test_opening_the_campaigns_page_requests_nothing_that_is_missing(browser, live):
    context = browser.new_context()
    try:
        missing = []
        context.on("response", lambda r: missing.append(r.url) if r.status == 404 else None)
        page = context.new_page()
        page.goto(live.url + "/", wait_until="networkidle")
        icon = page.evaluate("() => document.querySelector('link[rel=icon]').href")
        assert page.evaluate("async (u) => (await fetch(u)).status", icon) == 200
        assert missing == []
    finally:
        context.close()
