"""``GET /campaigns/{id}/plays`` and ``GET /campaigns/{id}/bookmarks`` are paged as ``GET /campaigns`` is: ``page`` and
``page_size``, or a keyset ``after`` with a ``Link: rel="next"`` on each full page; documented in the OpenAPI schema.
Over HTTP, on both stores."""

from __future__ import annotations

import re


def record(live, cid, verb, **fields):
    response = live.call("POST", f"/campaigns/{cid}/actions/{verb}", json={"fields": fields})
    assert response.status_code == 201, response.text
    return response.json()


def _next(response):
    found = re.fullmatch(r'<([^>]+)>; rel="next"', response.headers.get("Link", ""))
    return found.group(1) if found else None


def test_bookmarks_come_a_page_at_a_time_in_the_order_they_were_made(live):
    cid = live.new_campaign("tamashii", "box")
    names = ["setup", "before the boss", "after the boss", "z last but one", "a last"]
    for n, name in enumerate(names):
        if n:
            record(live, cid, "start-scenario", scenario="prologue", boards=["red", "blue"]) if n == 1 else None
        assert live.call("POST", f"/campaigns/{cid}/bookmarks", json={"name": name}).status_code == 201
    everything = live.call("GET", f"/campaigns/{cid}/bookmarks").json()["bookmarks"]
    assert list(everything) == names and everything["setup"] == 1 and [everything[n] for n in names] == [1, 4, 5, 6, 7]
    first = live.call("GET", f"/campaigns/{cid}/bookmarks?page_size=2")
    assert list(first.json()["bookmarks"]) == ["setup", "before the boss"]
    assert _next(first) == f"/campaigns/{cid}/bookmarks?after=before+the+boss&page_size=2"
    second = live.call("GET", _next(first))
    assert list(second.json()["bookmarks"]) == ["after the boss", "z last but one"]
    last = live.call("GET", _next(second))
    assert last.json() == {"bookmarks": {"a last": 7}} and "Link" not in last.headers
    assert list(live.call("GET", f"/campaigns/{cid}/bookmarks?page=2&page_size=2").json()["bookmarks"]) == names[2:4]
    assert live.call("GET", f"/campaigns/{cid}/bookmarks?page=9&page_size=2").json() == {"bookmarks": {}}
    unknown = live.call("GET", f"/campaigns/{cid}/bookmarks?after=nowhere")
    assert unknown.status_code == 422 and unknown.json()["error"] == "invalid_input" and "nowhere" in unknown.json()["message"]
    for bad in ("page_size=0", "page_size=501", "page=0", "page_size=x"):
        assert live.call("GET", f"/campaigns/{cid}/bookmarks?{bad}").status_code == 422, bad


def test_plays_come_a_page_at_a_time_after_the_version_the_last_one_ended_at(live):
    cid = live.new_campaign("tamashii", "box")
    record(live, cid, "start-scenario", scenario="prologue", boards=["red", "blue"])
    first_end = record(live, cid, "draw-victory-card", card="A06")["version"]
    record(live, cid, "start-scenario", scenario="geohunt", boards=["red", "blue"], trace_top=10)
    record(live, cid, "draw-victory-card", card="E09")
    record(live, cid, "start-scenario", scenario="geohunt", boards=["red", "blue"], trace_top=10)
    record(live, cid, "draw-victory-card", card="E10")
    every = [p["comments"] for p in live.call("GET", f"/campaigns/{cid}/plays").json()["plays"]]
    assert every == ["prologue: won", "geohunt: won", "geohunt: won"]
    page = live.call("GET", f"/campaigns/{cid}/plays?page_size=1")
    assert [p["comments"] for p in page.json()["plays"]] == ["prologue: won"]
    assert _next(page) == f"/campaigns/{cid}/plays?after={first_end}&page_size=1&format=bgstats"
    rest = live.call("GET", f"/campaigns/{cid}/plays?after={first_end}&page_size=5")
    assert [p["comments"] for p in rest.json()["plays"]] == ["geohunt: won", "geohunt: won"] and "Link" not in rest.headers
    xml = live.call("GET", f"/campaigns/{cid}/plays?format=bgg&page=2&page_size=2")
    assert xml.text.count("<play ") == 1 and "geohunt: won" in xml.text
    assert live.call("GET", f"/campaigns/{cid}/plays?after=-1").status_code == 422


def test_the_paging_is_in_the_openapi_document(live):
    paths = live.call("GET", "/openapi.json").json()["paths"]
    for path in ("/campaigns/{campaign_id}/plays", "/campaigns/{campaign_id}/bookmarks"):
        params = {p["name"]: p for p in paths[path]["get"]["parameters"] if p["in"] == "query"}
        assert {"page", "page_size", "after"} <= set(params), path
        assert params["page_size"]["schema"]["maximum"] == 500
