"""The page's icon (issue 31, item 9): every page links an SVG icon and ``/favicon.ico`` serves it, without a token
(it was a 404)."""

import re
import xml.etree.ElementTree as ET


def test_favicon_ico_serves_the_svg_icon_without_a_token(live_sqlite):
    response = live_sqlite.call("GET", "/favicon.ico", token=None)
    assert response.status_code == 200 and response.headers["Content-Type"].startswith("image/svg+xml")
    root = ET.fromstring(response.content)
    assert root.tag == "{http://www.w3.org/2000/svg}svg" and root.get("viewBox") == "0 0 64 64"


def test_every_page_shell_links_the_icon_and_the_link_serves_it(live_sqlite):
    cid = live_sqlite.new_campaign()
    for path in ("/", f"/play/{cid}", f"/play/{cid}/history", f"/play/{cid}/audit"):
        page = live_sqlite.call("GET", path, token=None)
        assert page.status_code == 200, path
        link = re.search(r'<link rel="icon" href="([^"]+)" type="image/svg\+xml">', page.text)
        assert link, path
        icon = live_sqlite.call("GET", link.group(1), token=None)
        assert icon.status_code == 200 and icon.content == live_sqlite.call("GET", "/favicon.ico", token=None).content
