"""``GET /campaigns?after=ID&page_size=N``: keyset pages of the campaign list (issue 29, item 5), on each real store:
the same campaigns as the numbered pages, in the same order, each full page naming the next in its ``Link``."""

from __future__ import annotations


def test_keyset_pages_walk_the_list_as_the_numbered_pages_do(live):
    made = {live.new_campaign(name=f"Night {n}") for n in range(7)}
    ids = [c["id"] for c in live.call("GET", "/campaigns").json()]  # oldest first (ties: by id)
    assert set(ids) == made and len(ids) == 7
    numbered = [[c["id"] for c in live.call("GET", f"/campaigns?page={p}&page_size=3").json()] for p in (1, 2, 3)]
    assert numbered == [ids[0:3], ids[3:6], ids[6:7]]
    first = live.call("GET", "/campaigns?page_size=3")
    assert first.headers["Link"] == f'</campaigns?after={ids[2]}&page_size=3>; rel="next"'
    second = live.call("GET", f"/campaigns?after={ids[2]}&page_size=3")
    assert second.status_code == 200 and [c["id"] for c in second.json()] == ids[3:6]
    third = live.call("GET", second.headers["Link"].split(">")[0][1:])
    assert [c["id"] for c in third.json()] == ids[6:7] and "Link" not in third.headers  # the last page is short
    assert [c["id"] for c in live.call("GET", f"/campaigns?after={ids[6]}&page_size=3").json()] == []
    assert [c["id"] for c in live.call("GET", f"/campaigns?after={ids[4]}").json()] == ids[5:]  # no page_size: the rest


def test_a_keyset_page_after_an_unknown_or_malformed_id_is_refused(live):
    live.new_campaign()
    unknown = live.call("GET", "/campaigns?after=00000000-0000-4000-8000-000000000000&page_size=3")
    assert unknown.status_code == 404 and "00000000-0000-4000-8000-000000000000" in unknown.json()["message"]
    malformed = live.call("GET", "/campaigns?after=not-an-id&page_size=3")
    assert malformed.status_code in (400, 422) and "after" in malformed.text
