"""``POST /campaigns/{id}/undo`` with ``to`` (issue 31, item 1): every unsealed action after a version or bookmark
taken back in one request, the expected version required as for every undo (428 without it), refused whole with 409
``sealed`` naming the seal, 409 ``nothing_to_undo`` when nothing effective follows; documented in the OpenAPI document."""

from __future__ import annotations


def _evening(live) -> tuple[str, list[int]]:
    """Alice counts 1, Bob tosses 3 5 (a reveal: it seals what came before), a bookmark, then Alice counts 1, 2, 3."""
    cid = live.new_campaign("toy", "Undo back to here")
    post = lambda verb, fields: live.call("POST", f"/campaigns/{cid}/actions/{verb}", json={"fields": fields})  # noqa: E731
    assert post("count", {"character": "alice", "amount": 1}).status_code == 201
    assert post("toss", {"character": "bob", "dice": [3, 5]}).status_code == 201
    assert live.call("POST", f"/campaigns/{cid}/bookmarks", json={"name": "after the toss"}).status_code == 201
    marks = [post("count", {"character": "alice", "amount": n}).json()["version"] for n in (1, 2, 3)]
    return cid, marks


def _alice(live, cid: str) -> int:
    return live.call("GET", f"/campaigns/{cid}/views/board").json()["data"]["counters"]["alice"]


def _undo(live, cid: str, body: dict) -> object:
    return live.call("POST", f"/campaigns/{cid}/undo", json=body)


def test_undo_to_a_version_takes_back_every_action_after_it_in_one_request_and_redo_goes_step_by_step(live_sqlite):
    live = live_sqlite
    cid, (first, second, third) = _evening(live)
    assert _alice(live, cid) == 7
    response = _undo(live, cid, {"to": first, "expected_version": third})
    assert response.status_code == 200, response.text
    body = response.json()
    assert [a["version"] for a in body["actions"]] == [third, second]
    assert [a["summary"] for a in body["actions"]] == ["count alice 3", "count alice 2"]
    assert body["version"] == third + 2 and response.headers["ETag"] == f'"{third + 2}"'
    assert _alice(live, cid) == 2
    assert live.call("POST", f"/campaigns/{cid}/redo", json={"expected_version": third + 2}).status_code == 200
    assert _alice(live, cid) == 4  # count alice 2 back first; count alice 3 waits for the next redo


def test_undo_to_a_bookmark_or_a_v_version_and_the_version_is_required(live):
    cid, (first, _, third) = _evening(live)
    missing = _undo(live, cid, {"to": "after the toss"})
    assert missing.status_code == 428 and missing.json()["error"] == "precondition_required"
    assert _alice(live, cid) == 7
    response = _undo(live, cid, {"to": "after the toss", "expected_version": third})
    assert response.status_code == 200, response.text
    assert len(response.json()["actions"]) == 3 and _alice(live, cid) == 1
    assert _undo(live, cid, {"to": f"v{first}", "expected_version": third}).json()["error"] == "stale_version"


def test_undo_to_before_a_seal_is_409_sealed_naming_the_reveal_and_undoes_nothing(live_sqlite):
    live = live_sqlite
    cid, (_, _, third) = _evening(live)
    response = _undo(live, cid, {"to": 1, "expected_version": third})
    assert response.status_code == 409
    body = response.json()
    assert body["error"] == "sealed" and body["seal"]["summary"] == "toss bob 3 5"
    assert "toss bob 3 5" in body["message"] and body["current_version"] == third
    assert _alice(live, cid) == 7
    assert live.call("GET", f"/campaigns/{cid}").json()["version"] == third


def test_undo_to_the_latest_version_is_nothing_to_undo_and_bad_targets_are_422(live_sqlite):
    live = live_sqlite
    cid, (_, _, third) = _evening(live)
    nothing = _undo(live, cid, {"to": third, "expected_version": third})
    assert nothing.status_code == 409 and nothing.json()["error"] == "nothing_to_undo"
    for bad in ("no such mark", third + 40, -1, True, "", [1], {"v": 1}):
        refused = _undo(live, cid, {"to": bad, "expected_version": third})
        assert refused.status_code == 422 and refused.json()["error"] == "invalid_input", (bad, refused.text)
    assert "after the toss" in _undo(live, cid, {"to": "after the tos", "expected_version": third}).json()["message"]
    assert live.call("GET", f"/campaigns/{cid}").json()["version"] == third and _alice(live, cid) == 7


def test_the_openapi_document_describes_to(live_sqlite):
    spec = live_sqlite.call("GET", "/openapi.json", token=None).json()
    body = spec["paths"]["/campaigns/{campaign_id}/undo"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    schema = spec["components"]["schemas"][body["$ref"].rsplit("/", 1)[-1]] if "$ref" in body else body
    to = schema["properties"]["to"]
    assert [o["type"] for o in to["oneOf"]] == ["integer", "string"] and "bookmark" in to["description"]
    redo = spec["paths"]["/campaigns/{campaign_id}/redo"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert "to" not in spec["components"]["schemas"][redo["$ref"].rsplit("/", 1)[-1]]["properties"]


def test_a_seat_token_takes_back_only_its_seats_actions_and_is_refused_whole_past_anothers(live_sqlite):
    from domain.access import issue_token

    live = live_sqlite
    cid = live.new_campaign("toy", "Seats undo back")
    for person, character in (("Mia", "alice"), ("Ben", "bob")):
        assert live.call("POST", f"/campaigns/{cid}/actions/seat", json={"fields": {"person": person, "characters": [character]}}).status_code == 201
    mia, _ = issue_token(live.questlog, campaigns=[cid], seat="Mia", label="Mia's phone")
    ben, _ = issue_token(live.questlog, campaigns=[cid], seat="Ben", label="Ben's phone")
    start = live.call("GET", f"/campaigns/{cid}").json()["version"]
    post = lambda token, fields: live.call("POST", f"/campaigns/{cid}/actions/count", token=token, json={"fields": fields})  # noqa: E731
    assert post(ben, {"character": "bob", "amount": 2}).status_code == 201
    after_ben = post(mia, {"character": "alice", "amount": 1}).json()["version"]
    now = post(mia, {"character": "alice", "amount": 3}).json()["version"]
    refused = live.call("POST", f"/campaigns/{cid}/undo", token=mia, json={"to": start, "expected_version": now})
    assert refused.status_code == 403 and refused.json()["error"] == "not_your_seat"
    assert "count bob 2" in refused.json()["message"]
    assert live.call("GET", f"/campaigns/{cid}").json()["version"] == now  # nothing undone
    own = live.call("POST", f"/campaigns/{cid}/undo", token=mia, json={"to": after_ben - 1, "expected_version": now})
    assert own.status_code == 200 and [a["summary"] for a in own.json()["actions"]] == ["count alice 3", "count alice 1"]
