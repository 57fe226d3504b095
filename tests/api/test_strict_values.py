"""What a fresh user found in the API (issue api-strict): numbers are ASCII digits wherever they come as text (query
parameters, headers), JSON numbers and booleans only in bodies, the seat check before the rules, readable refusals.
Nanolith's Status Phase and Action Dice (nanolith.txt § 1.1 Status Phase, § Rolling the Action Dice)."""

from __future__ import annotations

import pytest

from domain.access import issue_token

BIG = 4611686018427387904  # domain.requests.MAX_VERSION: the one bound of the CLI and the API


@pytest.fixture
def round_one(live_sqlite):
    """A Nanolith campaign at version 5: Encounter 1 started (v4) and Round 1 begun (v5)."""
    live = live_sqlite
    cid = live.new_campaign("nanolith", "Strict")
    for verb in ("start-encounter", "start-round"):
        fields = {"name": "Encounter 1"} if verb == "start-encounter" else {}
        assert live.call("POST", f"/campaigns/{cid}/actions/{verb}", json={"fields": fields}).status_code == 201
    assert live.call("GET", f"/campaigns/{cid}").json()["version"] == 5
    return live, cid


def _version(live, cid):
    return live.call("GET", f"/campaigns/{cid}").json()["version"]


@pytest.mark.parametrize("at, shown", [("%EF%BC%95", "'\uff15'"), ("%E0%A5%AB", "'\u096b'"), ("5%20", "'5 '")])
@pytest.mark.parametrize("route", ["views/board", "history"])
def test_at_in_other_scripts_digits_or_with_a_space_is_refused_naming_it(round_one, route, at, shown):
    live, cid = round_one
    refused = live.call("GET", f"/campaigns/{cid}/{route}?at={at}")
    assert refused.status_code == 422
    assert refused.json() == {"error": "invalid_input", "fields": {"at": ["unknown bookmark"]},
                              "message": f"{shown} is neither a version nor a bookmark of this campaign; bookmarks: none yet"}


def test_at_takes_a_version_as_the_cli_does_5_or_v5_or_a_bookmark(round_one):
    live, cid = round_one
    live.call("POST", f"/campaigns/{cid}/bookmarks", json={"name": "round one"})
    shown = [live.call("GET", f"/campaigns/{cid}/views/board?at={at}") for at in ("5", "v5", "round%20one")]
    assert [(r.status_code, r.json()["version"], r.json()["data"]["round"]) for r in shown] == [(200, 5, 1)] * 3
    early = live.call("GET", f"/campaigns/{cid}/views/board?at=v4").json()
    assert early["version"] == 4 and early["data"] != shown[0].json()["data"]  # before Round 1 began
    assert live.call("GET", f"/campaigns/{cid}/history?at=v4").json()["version"] == 4


@pytest.mark.parametrize("at", ["0", "v0"])
def test_at_version_0_is_refused_as_before_the_campaign(round_one, at):
    live, cid = round_one
    refused = live.call("GET", f"/campaigns/{cid}/views/board?at={at}")
    assert refused.status_code == 422 and refused.json()["message"] == f"version must be a whole number within 1..{BIG}, not 0"


def test_paging_in_full_width_digits_is_refused_as_the_cli_refuses_them(round_one):
    live, cid = round_one
    refused = live.call("GET", f"/campaigns/{cid}/history?page=%EF%BC%91&page_size=%EF%BC%91")
    assert refused.status_code == 422
    assert refused.json()["fields"] == {"page": ["'\uff11' is not a whole number (digits 0-9)"],
                                        "page_size": ["'\uff11' is not a whole number (digits 0-9)"]}
    refused = live.call("GET", f"/campaigns/{cid}/views/history?page_size=%EF%BC%91")
    assert refused.status_code == 422 and refused.json()["fields"] == {"page_size": ["'\uff11' is not a whole number (digits 0-9)"]}
    paged = live.call("GET", f"/campaigns/{cid}/history?page=1&page_size=1")
    assert paged.status_code == 200 and paged.json()["page_size"] == 1 and paged.json()["pages"] == paged.json()["total"]


@pytest.mark.parametrize("wrong", ["6", 6.0, True])
def test_a_die_is_a_json_number_never_a_string_a_fraction_or_a_boolean(round_one, wrong):
    live, cid = round_one
    refused = live.call("POST", f"/campaigns/{cid}/actions/roll-action-dice",
                        json={"fields": {"character": "cora", "dice": [2, 4, 5, 2, wrong]}})
    assert refused.status_code == 422
    assert refused.json() == {"error": "invalid_input", "message": "roll-action-dice: dice: item 5: Not a valid integer.",
                              "fields": {"dice": ["item 5: Not a valid integer."]}}  # one plain sentence, never a nested dict
    assert _version(live, cid) == 5
    rolled = live.call("POST", f"/campaigns/{cid}/actions/roll-action-dice", json={"fields": {"character": "cora", "dice": [2, 4, 5, 2, 6]}})
    assert rolled.status_code == 201 and rolled.json()["events"][0]["data"]["dice"] == [2, 4, 5, 2, 6]


def test_a_correction_of_a_die_is_a_json_number_too(round_one):
    """nanolith.txt § Rolling the Action Dice: Cora rolls 1 1 4 5 6 (two 1s: 2 Stress); the second die showed 3."""
    live, cid = round_one
    rolled = live.call("POST", f"/campaigns/{cid}/actions/roll-action-dice", json={"fields": {"character": "cora", "dice": [1, 1, 4, 5, 6]}})
    assert rolled.status_code == 201 and _version(live, cid) > 5
    at = _version(live, cid)
    correction = {"action_id": rolled.json()["action_id"], "fields": {"dice": [1, "3", 4, 5, 6]}, "reason": "the second die showed 3"}
    refused = live.call("POST", f"/campaigns/{cid}/corrections", json=correction)
    assert refused.status_code == 422
    assert refused.json() == {"error": "invalid_input", "message": "roll-action-dice: dice: item 2: Not a valid integer.",
                              "fields": {"dice": ["item 2: Not a valid integer."]}}
    assert _version(live, cid) == at
    correction["fields"]["dice"][1] = 3
    assert live.call("POST", f"/campaigns/{cid}/corrections", json=correction).status_code == 201


@pytest.mark.parametrize("wrong", ["true", 1, "yes"])
def test_a_yes_or_no_is_a_json_boolean(round_one, wrong):
    live, cid = round_one
    refused = live.call("POST", f"/campaigns/{cid}/actions/start-encounter", json={"fields": {"name": "Encounter 2", "lower_difficulty": wrong}})
    assert refused.status_code == 422
    assert refused.json()["fields"] == {"lower_difficulty": ["Not a valid boolean."]}
    refused = live.call("POST", f"/campaigns/{cid}/actions/roll-action-dice", json={"fields": {"character": "cora"}, "digital": wrong})
    assert refused.status_code == 422 and refused.json()["fields"] == {"digital": ["Not a valid boolean."]}
    assert _version(live, cid) == 5


def test_a_seat_token_for_another_players_character_is_403_even_when_the_rules_would_refuse(live_sqlite):
    live = live_sqlite
    cid = live.new_campaign("nanolith", "Seats first")
    for verb, fields in [("seat", {"person": "Mia", "characters": ["ashitaka"]}), ("seat", {"person": "Ben", "characters": ["cora"]}),
                         ("start-encounter", {"name": "Encounter 1"})]:
        assert live.call("POST", f"/campaigns/{cid}/actions/{verb}", json={"fields": fields}).status_code == 201
    mia, _ = issue_token(live.questlog, campaigns=[cid], seat="Mia", label="Mia's phone")
    # no Round has begun: rolling is against the rules for anyone, but Cora is Ben's, so Mia's phone hears that first
    illegal = {"fields": {"character": "cora", "dice": [1, 1, 4, 5, 6]}}
    assert live.call("POST", f"/campaigns/{cid}/actions/roll-action-dice", json=illegal).json()["error"] == "rule_violation"
    refused = live.call("POST", f"/campaigns/{cid}/actions/roll-action-dice", token=mia, json=illegal)
    assert refused.status_code == 403
    assert refused.json() == {"error": "not_your_seat", "message": "this token acts for Mia, who does not run cora: record it from "
                                                                   "that person's phone or a table-wide token"}
    own = live.call("POST", f"/campaigns/{cid}/actions/roll-action-dice", token=mia, json={"fields": {"character": "ashitaka", "dice": [1, 1, 4, 5, 6]}})
    assert own.status_code == 422 and own.json()["error"] == "rule_violation"  # her own character: the rules speak


def test_if_match_in_other_digits_is_refused_showing_what_was_sent(round_one):
    live, cid = round_one
    refused = live.call("POST", f"/campaigns/{cid}/undo", headers={"If-Match": '"１２"'.encode()}, json={})
    assert refused.status_code == 400
    assert refused.json() == {"error": "bad_request", "message": 'If-Match must be a campaign version as an ETag ("12", digits 0-9), not \'"１２"\''}
    assert live.call("POST", f"/campaigns/{cid}/undo", headers={"If-Match": '"5"'}, json={}).status_code == 200


def test_last_event_id_in_other_digits_is_refused_showing_what_was_sent(round_one):
    live, cid = round_one
    refused = live.call("GET", f"/campaigns/{cid}/events", headers={"Last-Event-ID": "５".encode()})
    assert refused.status_code == 400
    assert refused.json() == {"error": "bad_request", "message": "Last-Event-ID must be a version (a whole number, digits 0-9), not '５'"}


def test_the_expected_version_has_the_clis_bound_and_words(round_one):
    live, cid = round_one
    for value in (-1, BIG + 1):
        refused = live.call("POST", f"/campaigns/{cid}/undo", json={"expected_version": value})
        assert refused.status_code == 422
        assert refused.json()["fields"] == {"expected_version": [f"an expected version is a whole number within 0..{BIG}, not {value}"]}
    assert live.call("POST", f"/campaigns/{cid}/undo", json={"expected_version": 2147483648}).json()["error"] == "stale_version"


@pytest.mark.parametrize("to", ["v0", 0, "0"])
def test_undo_to_version_0_is_refused_as_view_at_0_is(round_one, to):
    live, cid = round_one
    refused = live.call("POST", f"/campaigns/{cid}/undo", json={"expected_version": 5, "to": to})
    assert refused.status_code == 422
    assert refused.json() == {"error": "invalid_input", "message": f"version must be a whole number within 1..{BIG}, not 0",
                              "fields": {"to": [f"must be within 1..{BIG}"]}}
    assert _version(live, cid) == 5
    done = live.call("POST", f"/campaigns/{cid}/undo", json={"expected_version": 5, "to": "v1"})
    assert done.status_code == 200 and [a["verb"] for a in done.json()["actions"]] == ["start-round", "start-encounter"]


def test_an_empty_import_body_says_it_is_empty(live_sqlite):
    refused = live_sqlite.call("POST", "/campaigns/import?name=TT", data=b"", headers={"Content-Type": "application/x-ndjson"})
    assert refused.status_code == 422
    assert refused.json() == {"error": "invalid_input", "fields": {"body": ["empty"]},
                              "message": "the request body is empty: send the JSON Lines of an export (GET /campaigns/{id}/export)"}


def test_revoking_an_unknown_token_is_404(live_sqlite):
    refused = live_sqlite.call("DELETE", "/tokens/nosuch")
    assert refused.status_code == 404
    assert refused.json() == {"error": "not_found", "message": "no token with id 'nosuch'; `questlog token list` shows them"}
