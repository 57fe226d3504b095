"""Issue 28, item 10: a chunked body over the limit is 413 like a declared one (not 400, not cut short)."""

from __future__ import annotations

import requests


def _chunked(*parts: bytes):
    yield from parts


def test_a_chunked_body_over_the_limit_is_413_and_one_within_it_is_read_whole(live_sqlite):
    live = live_sqlite
    auth = {"Authorization": f"Bearer {live.admin}", "Content-Type": "application/json"}
    big = requests.post(live.url + "/campaigns", data=_chunked(b'{"game": "nanolith", "name": "', b"x" * (2 * 1024 * 1024), b'"}'),
                        headers=auth, timeout=60)
    assert big.status_code == 413 and big.json()["error"] == "too_large"
    small = requests.post(live.url + "/campaigns", data=_chunked(b'{"game": "nanolith", ', b'"name": "Chunked night"}'), headers=auth,
                          timeout=60)
    assert small.status_code == 201 and small.json()["name"] == "Chunked night", small.text
    huge_import = requests.post(live.url + "/campaigns/import", data=(b"x" * 1024 * 1024 for _ in range(40)),
                                headers={**auth, "Content-Type": "application/x-ndjson"}, timeout=120)
    assert huge_import.status_code == 413
    assert [c["name"] for c in live.call("GET", "/campaigns").json()] == ["Chunked night"]
