"""Every refusal is JSON ``{"error", "message"}`` with DESIGN.md's status; nothing a client sends gives a 500."""

from __future__ import annotations

import pytest


@pytest.fixture
def toy(live_sqlite):
    """The live API and a toy campaign."""
    return live_sqlite, live_sqlite.new_campaign()


def test_a_malformed_body_is_400(toy):
    live, cid = toy
    for data in (b"{not json", b"\xff\xfe", b"[" * 50_000):
        response = live.call("POST", f"/campaigns/{cid}/actions/count", data=data, headers={"Content-Type": "application/json"})
        assert response.status_code == 400, data[:10]
        assert response.json()["error"] == "bad_request"


def test_an_oversized_body_is_413(toy):
    live, cid = toy
    response = live.call("POST", f"/campaigns/{cid}/actions/count", data=b'{"fields": "' + b"x" * (2 * 1024 * 1024) + b'"}',
                         headers={"Content-Type": "application/json"})
    assert response.status_code == 413 and response.json()["error"] == "too_large"


def test_unknown_routes_and_wrong_methods_are_json(toy):
    live, cid = toy
    missing = live.call("GET", "/nowhere")
    assert missing.status_code == 404 and missing.json()["error"] == "not_found"
    wrong = live.call("DELETE", f"/campaigns/{cid}")
    assert wrong.status_code == 405 and wrong.json()["error"] == "method_not_allowed"
    assert live.call("GET", "/rulesets/chess").json()["error"] == "not_found"
    assert live.call("GET", f"/campaigns/{cid}/views/nope").status_code == 404


def test_bad_fields_are_422_invalid_input_with_field_messages(toy):
    live, cid = toy
    response = live.call("POST", f"/campaigns/{cid}/actions/count", json={"fields": {"character": "zed", "amount": 7}})
    body = response.json()
    assert response.status_code == 422 and body["error"] == "invalid_input"
    assert set(body["fields"]) == {"character", "amount"}
    unknown_key = live.call("POST", f"/campaigns/{cid}/actions/count", json={"fields": {}, "expectd_version": 1})
    assert unknown_key.status_code == 422 and "expectd_version" in unknown_key.json()["fields"]
    wrong_verb = live.call("POST", f"/campaigns/{cid}/actions", json={"verb": "roll-action-dice", "fields": {}})
    assert wrong_verb.status_code == 422 and wrong_verb.json()["fields"] == {"verb": ["unknown action 'roll-action-dice'"]}


def test_an_unknown_verb_in_the_url_is_the_body_forms_422_naming_the_actions(toy):
    live, cid = toy
    in_body = live.call("POST", f"/campaigns/{cid}/actions", json={"verb": "no-such-verb", "fields": {}})
    in_url = live.call("POST", f"/campaigns/{cid}/actions/no-such-verb", json={"fields": {}})
    assert (in_url.status_code, in_url.headers["Content-Type"]) == (422, "application/json")
    assert in_url.json() == in_body.json() == {
        "error": "invalid_input", "fields": {"verb": ["unknown action 'no-such-verb'"]},
        "message": "Toy has no action 'no-such-verb'; known: count, start-from-paper, toss"}
    of_another_game = live.call("POST", f"/campaigns/{cid}/actions/roll-action-dice", json={})  # a route of Nanolith's
    assert of_another_game.status_code == 422 and of_another_game.json()["fields"] == {"verb": ["unknown action 'roll-action-dice'"]}
    too_long = live.call("POST", f"/campaigns/{cid}/actions/{'x' * 61}", json={})
    assert too_long.status_code == 422 and too_long.json()["fields"] == {"verb": ["Length must be between 1 and 60."]}
    assert live.call("POST", f"/campaigns/{cid}/actions/no-such-verb", token=None, json={}).status_code == 401  # a route like any
    assert live.call("GET", f"/campaigns/{cid}/actions/no-such-verb").json()["error"] == "method_not_allowed"
    assert live.call("GET", f"/campaigns/{cid}").json()["version"] == 1  # nothing stored
    assert not [p for p in live.call("GET", "/openapi.json").json()["paths"] if p.endswith("/actions/{verb}")]  # not a documented route


def test_a_rule_violation_is_422_with_the_rule(toy):
    live, cid = toy
    for _ in range(3):
        live.call("POST", f"/campaigns/{cid}/actions/count", json={"fields": {"character": "bob", "amount": 3}})
    response = live.call("POST", f"/campaigns/{cid}/actions/count", json={"fields": {"character": "bob", "amount": 3}})
    assert response.status_code == 422
    assert response.json()["error"] == "rule_violation" and response.json()["rule"] == "toy.txt § Counters"


def test_conflicts_are_409_with_the_current_version(toy):
    live, cid = toy
    assert live.undo(cid).json() == {
        "error": "nothing_to_undo", "message": "nothing to undo: no action recorded since the campaign began", "current_version": 1}
    assert live.undo(cid, "redo").json()["error"] == "nothing_to_redo"
    stale = live.call("POST", f"/campaigns/{cid}/actions/count", json={"fields": {"character": "bob", "amount": 1}},
                      headers={"If-Match": '"7"'})
    assert stale.status_code == 409 and stale.json()["error"] == "stale_version" and stale.json()["current_version"] == 1


def test_if_match_and_a_different_body_version_is_400(toy):
    live, cid = toy
    for header in ('"1"', "1"):
        agreed = live.call("POST", f"/campaigns/{cid}/undo", json={"expected_version": 1}, headers={"If-Match": header})
        assert agreed.status_code == 409  # accepted as version 1: nothing to undo
    both = live.call("POST", f"/campaigns/{cid}/actions/count", json={"fields": {"character": "bob", "amount": 1}, "expected_version": 1},
                     headers={"If-Match": '"2"'})
    assert both.status_code == 400 and both.json()["error"] == "bad_request"
    garbage = live.call("POST", f"/campaigns/{cid}/undo", headers={"If-Match": '"abc"'})
    assert garbage.status_code == 400


def test_a_campaign_shows_its_version_as_etag(toy):
    live, cid = toy
    shown = live.call("GET", f"/campaigns/{cid}")
    assert shown.headers["ETag"] == '"1"' and shown.json()["version"] == 1
    assert shown.json()["views"] == ["board", "history"]


def test_numbers_with_thousands_of_digits_are_400_not_500(toy):
    live, cid = toy
    huge = "9" * 5000
    response = live.call("POST", f"/campaigns/{cid}/actions/count", data=f'{{"fields": {{"character": "alice", "amount": {huge}}}}}',
                         headers={"Content-Type": "application/json"})
    assert response.status_code == 400 and "too many digits" in response.json()["message"]
    response = live.call("POST", f"/campaigns/{cid}/actions/count", json={"fields": {"character": "alice", "amount": 1}},
                         headers={"If-Match": f'"{huge}"'})
    assert response.status_code == 400


def test_fractional_numbers_are_refused_not_truncated(toy):
    live, cid = toy
    response = live.call("POST", f"/campaigns/{cid}/actions/toss", json={"fields": {"character": "bob", "dice": [2.5, 1]}})
    assert response.status_code == 422 and response.json()["error"] == "invalid_input"


def test_a_body_that_is_not_a_json_object_is_named_as_the_body(toy):
    """A fresh user's finding: a body of [] or "x" answered "_schema: Invalid input type." (marshmallow's words)."""
    live, cid = toy
    for body in ([], "x", 3):
        response = live.call("POST", f"/campaigns/{cid}/actions/count", json=body, headers={"If-Match": '"0"'})
        assert response.status_code == 422, body
        assert response.json()["message"].startswith("invalid input: the body: must be a JSON object"), response.json()
