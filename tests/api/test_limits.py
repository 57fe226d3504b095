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


def test_the_history_view_is_paged_and_capped_like_the_history(live_sqlite):
    live = live_sqlite
    cid = live.new_campaign(name="Long night")
    for n in range(210):
        assert live.call("POST", f"/campaigns/{cid}/actions/toss", json={"fields": {"character": "bob", "dice": [1 + n % 6, 2]}}).status_code == 201
    first = live.call("GET", f"/campaigns/{cid}/views/history").json()["data"]
    assert len(first["actions"]) == 200 and first["total"] == 211 and first["pages"] == 2
    second = live.call("GET", f"/campaigns/{cid}/views/history", params={"page": 2}).json()["data"]
    assert [a["kind"] for a in second["actions"]] == ["action"] * 11
    assert live.call("GET", f"/campaigns/{cid}/views/history", params={"page_size": 500}).status_code == 422
