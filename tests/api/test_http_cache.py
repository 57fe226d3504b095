"""The documents a page feels the size of are compressed and cacheable over HTTP (api/http_cache.py, issue 29,
item 2): ``/openapi.json``, ``/docs`` and its scripts, the page's static files."""

from __future__ import annotations

import gzip
import re

import pytest
import requests

from tests import HANG_SECONDS


def raw(live, path: str, **headers: str) -> requests.Response:
    """A GET whose body is left as the server sent it (requests would otherwise decompress it)."""
    response = requests.get(live.url + path, headers=headers, timeout=HANG_SECONDS, stream=True)
    response.raw_body = response.raw.read(decode_content=False)
    return response


@pytest.mark.parametrize("path", ["/openapi.json", "/docs", "/static/vendor/swagger-ui/swagger-ui-bundle.js",
                                  "/static/page/page.css", "/static/page/app.js"])
def test_gzip_gives_a_smaller_body_of_the_same_document_and_a_second_request_gets_304(live_sqlite, path):
    plain = raw(live_sqlite, path, **{"Accept-Encoding": "identity"})
    packed = raw(live_sqlite, path, **{"Accept-Encoding": "gzip, deflate"})
    assert plain.status_code == packed.status_code == 200
    assert "Content-Encoding" not in plain.headers and packed.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed.headers["Vary"]
    assert len(packed.raw_body) < 0.6 * len(plain.raw_body), (len(packed.raw_body), len(plain.raw_body))
    assert gzip.decompress(packed.raw_body) == plain.raw_body
    assert int(packed.headers["Content-Length"]) == len(packed.raw_body)
    again = raw(live_sqlite, path, **{"Accept-Encoding": "gzip", "If-None-Match": packed.headers["ETag"]})
    assert again.status_code == 304 and again.raw_body == b""
    assert raw(live_sqlite, path, **{"If-None-Match": plain.headers["ETag"]}).status_code == 304
    assert raw(live_sqlite, path, **{"If-None-Match": '"something-else"'}).status_code == 200


def test_the_page_names_its_static_files_with_their_version_and_those_urls_are_kept_a_year(live_sqlite):
    cid = live_sqlite.new_campaign()
    page = requests.get(f"{live_sqlite.url}/play/{cid}", timeout=HANG_SECONDS).text
    urls = re.findall(r'(?:href|src)="(/static/page/[^"]+)"', page)
    assert len(urls) >= 3 and all(re.search(r"\?v=[0-9a-f]{12}$", u) for u in urls), urls
    kept = requests.get(live_sqlite.url + urls[0], timeout=HANG_SECONDS)
    assert kept.status_code == 200 and kept.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    stale = requests.get(live_sqlite.url + urls[0].split("?")[0] + "?v=000000000000", timeout=HANG_SECONDS)
    assert stale.status_code == 200 and stale.headers["Cache-Control"] == "no-cache"


def test_a_short_answer_and_a_write_are_sent_as_they_are(live_sqlite):
    created = live_sqlite.call("POST", "/campaigns", json={"game": "toy", "name": "Plain"}, headers={"Accept-Encoding": "gzip"})
    assert created.status_code == 201 and "Content-Encoding" not in created.headers
    assert created.json()["name"] == "Plain"


def test_a_campaigns_answer_keeps_its_strong_etag_for_a_client_that_accepts_gzip(live_sqlite):
    cid = live_sqlite.new_campaign()
    seen = live_sqlite.call("GET", f"/campaigns/{cid}", headers={"Accept-Encoding": "gzip"})
    assert seen.headers["ETag"] == f'"{seen.json()["version"]}"' and "Content-Encoding" not in seen.headers
    undone = live_sqlite.call("POST", f"/campaigns/{cid}/undo", headers={"If-Match": seen.headers["ETag"]})
    assert undone.status_code != 412, undone.text
