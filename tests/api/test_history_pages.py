"""``GET /campaigns/{id}/history`` pages over HTTP (and the history page's fragment): each page is its slice of
the whole ``history`` view in the JSON a client gets (entries, undone marks, corrections, seals), ``?at=`` included,
on SQLite and PostgreSQL."""

from __future__ import annotations

from api.pages.forms import said

ROLLS = [("start-encounter", {"name": "Encounter 1"}), ("start-round", {}),
         ("roll-action-dice", {"character": "ash", "dice": [2, 4, 5, 2, 6]}),
         ("roll-action-dice", {"character": "vaa", "dice": [3, 3, 5, 2, 6]}),
         ("roll-action-dice", {"character": "cora", "dice": [1, 1, 4, 5, 6]}),
         ("roll-action-dice", {"character": "ada", "dice": [3, 3, 5, 2, 6]}),
         ("give-initiative", {"character": "ash"}),
         ("spend-dice", {"character": "ash", "values": [4]}),
         ("spend-dice", {"character": "ash", "values": [5]})]


def evening(live) -> str:
    """nanolith.txt § Action Dice: a round rolled (Cora's two 1s: 2 Stress), her roll corrected (the second die
    showed 3: 1 Stress), dice spent, the last spend undone and the one before undone and redone."""
    cid = live.new_campaign("nanolith", "Paged evening")
    ids = {}
    for verb, fields in ROLLS:
        response = live.call("POST", f"/campaigns/{cid}/actions/{verb}", json={"fields": fields})
        assert response.status_code == 201, response.text
        ids[(verb, fields.get("character"))] = response.json()["action_id"]
    correction = {"action_id": ids[("roll-action-dice", "cora")], "fields": {"dice": [1, 3, 4, 5, 6]}, "reason": "the second die showed 3"}
    assert live.call("POST", f"/campaigns/{cid}/corrections", json=correction).status_code == 201
    for verb in ("undo", "undo", "redo"):
        assert live.undo(cid, verb).status_code == 200
    return cid


def test_every_page_over_http_is_its_slice_of_the_whole_view_now_and_as_of_every_version(live):
    cid = evening(live)
    latest = live.call("GET", f"/campaigns/{cid}").json()["version"]
    whole = live.call("GET", f"/campaigns/{cid}/views/history").json()["data"]["actions"]
    cora = next(e for e in whole if e["kind"] == "action" and e["fields"].get("character") == "cora")
    assert cora["sealed"] and cora["superseded"][0]["events"] and cora["original_fields"]["dice"] == [1, 1, 4, 5, 6]
    assert [e["kind"] for e in whole[-3:]] == ["undo", "undo", "redo"] and whole[-5]["status"] == "undone"
    assert any(ev["text"] for e in whole if e["kind"] == "action" for ev in e["events"])
    for at in (None, *range(1, latest + 1)):
        query = {} if at is None else {"at": at}
        entries = live.call("GET", f"/campaigns/{cid}/views/history", params=query).json()["data"]["actions"]
        for size in (1, 4):
            pages = max(1, -(-len(entries) // size))
            for page in range(1, pages + 2):
                got = live.call("GET", f"/campaigns/{cid}/history", params={**query, "page": page, "page_size": size})
                assert got.status_code == 200, got.text
                body = got.json()
                assert body["actions"] == entries[(page - 1) * size:page * size], (at, page, size)
                assert (body["total"], body["pages"], body["page"], body["page_size"]) == (len(entries), pages, page, size)
                assert set(body) == {"version", "horizon", "actions", "page", "page_size", "total", "pages"}


def test_history_page_refusals_are_json_and_store_nothing(live):
    cid = evening(live)
    version = live.call("GET", f"/campaigns/{cid}").json()["version"]
    for query, status in (({"at": version + 1}, 422), ({"page": 0}, 422), ({"page_size": 201}, 422), ({"at": "v0"}, 422), ({"at": "３"}, 422)):
        response = live.call("GET", f"/campaigns/{cid}/history", params=query)
        assert response.status_code == status and response.json()["error"] == "invalid_input", (query, response.text)
    assert live.call("GET", "/campaigns/00000000-0000-0000-0000-000000000000/history").status_code == 404
    assert live.call("GET", f"/campaigns/{cid}/history", params={"at": "v3"}).json()["version"] == 3  # as history --at v3
    assert live.call("GET", f"/campaigns/{cid}").json()["version"] == version


def test_the_history_fragment_pages_newest_first_and_names_what_each_undo_took_back(live):
    import html

    cid = live.new_campaign("toy", "Undone evening")
    for n in range(45):
        body = {"fields": {"path": "counters.alice", "value": n % 10, "reason": f"step {n}"}}
        assert live.call("POST", f"/campaigns/{cid}/actions/adjust", json=body).status_code == 201
    for _ in range(45):
        assert live.undo(cid).status_code == 200
    whole = live.call("GET", f"/campaigns/{cid}/views/history").json()["data"]["actions"]
    summaries = {e["action_id"]: e["summary"] for e in whole if e["kind"] == "action"}
    newest = whole[::-1]
    first = html.unescape(live.call("GET", f"/fragments/{cid}/history", params={"page": 1}).text)
    # page 1 holds the 40 latest undos; the actions they took back are on pages 2 and 3, named by their summaries
    assert [e["kind"] for e in newest[:40]] == ["undo"] * 40 and first.count("undo of Adjust") == 40
    lines = [line.strip() for line in first.splitlines() if "undo of Adjust" in line]
    assert lines == [f"undo of Adjust ({said(None, 'adjust', summaries[e['action_id']])})" for e in newest[:40]]  # by its label
    second = html.unescape(live.call("GET", f"/fragments/{cid}/history", params={"page": 2}).text)
    assert second.count("undo of Adjust") == 5 and second.count("<del>") == 35 and "page 2 of 3" in second
