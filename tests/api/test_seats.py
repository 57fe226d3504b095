"""Seat-limited tokens over HTTP (issue 25, item 2): a seat token records as its seat, only its seat's characters'
actions and the table's (403 not_your_seat otherwise, nothing stored), undoes only its seat's actions; every stored
action keeps the label of the token that recorded it. Nanolith's Status Phase (nanolith.txt § 1.1 Status Phase)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from domain.access import issue_invite, issue_token, join_with_code, list_tokens
from domain.core.errors import BadInput

ROLL_ASH = {"fields": {"character": "ashitaka", "dice": [2, 4, 5, 2, 6]}}
ROLL_CORA = {"fields": {"character": "cora", "dice": [1, 1, 4, 5, 6]}}


@pytest.fixture
def table(live_sqlite):
    """A Nanolith campaign in Round 1 with Mia seated for Ashitaka and Ben for Cora, and a seat token for each."""
    live = live_sqlite
    cid = live.new_campaign("nanolith", "Seats")
    for verb, fields in [("seat", {"person": "Mia", "characters": ["ashitaka"]}), ("seat", {"person": "Ben", "characters": ["cora"]}),
                         ("start-encounter", {"name": "Encounter 1"})]:
        assert live.call("POST", f"/campaigns/{cid}/actions/{verb}", json={"fields": fields}).status_code == 201
    mia, _ = issue_token(live.questlog, campaigns=[cid], seat="Mia", label="Mia's phone")
    ben, _ = issue_token(live.questlog, campaigns=[cid], seat="Ben", label="Ben's phone")
    return live, cid, mia, ben


def _history(live, cid):
    return live.call("GET", f"/campaigns/{cid}/history?page_size=200").json()["actions"]


def test_a_seat_token_records_its_own_characters_action_as_its_seat_and_is_refused_another_seats(table):
    live, cid, mia, _ = table
    table_action = live.call("POST", f"/campaigns/{cid}/actions/start-round", token=mia, json={"fields": {}})
    assert table_action.status_code == 201  # its events involve no character: the table's action
    before = live.call("GET", f"/campaigns/{cid}").json()["version"]
    refused = live.call("POST", f"/campaigns/{cid}/actions/roll-action-dice", token=mia, json=ROLL_CORA)
    assert refused.status_code == 403
    assert refused.json()["error"] == "not_your_seat"
    assert "Mia, who does not run cora" in refused.json()["message"]
    assert live.call("GET", f"/campaigns/{cid}").json()["version"] == before  # nothing stored
    own = live.call("POST", f"/campaigns/{cid}/actions/roll-action-dice", token=mia, json={**ROLL_ASH, "actor": "Ben"})
    assert own.status_code == 201
    entry = next(e for e in _history(live, cid) if e.get("action_id") == own.json()["action_id"])
    assert entry["actor"] == "Mia"  # the seat, whatever the body says
    assert entry["token"] == "Mia's phone"


def test_a_seat_token_may_not_seat_people(table):
    live, cid, mia, _ = table
    response = live.call("POST", f"/campaigns/{cid}/actions/seat", token=mia, json={"fields": {"person": "Mia", "characters": ["cora"]}})
    assert response.status_code == 403 and response.json()["error"] == "not_your_seat"


def test_undo_of_another_seats_action_needs_a_table_wide_token(table):
    live, cid, mia, ben = table
    assert live.call("POST", f"/campaigns/{cid}/actions/start-round", token=ben, json={"fields": {}}).status_code == 201
    refused = live.undo(cid, token=mia)
    assert refused.status_code == 403 and refused.json()["error"] == "not_your_seat"
    assert "recorded by Ben" in refused.json()["message"]
    assert live.undo(cid, token=ben).status_code == 200  # Ben takes back his own
    assert live.call("POST", f"/campaigns/{cid}/actions/start-round", token=ben, json={"fields": {}}).status_code == 201
    assert live.undo(cid).status_code == 200  # the admin's token is table-wide


def test_every_action_keeps_its_tokens_label(table):
    live, cid, _, _ = table
    labels = [e.get("token") for e in _history(live, cid) if e["kind"] == "action"]
    assert labels == ["tests", "tests", "tests"]  # the fixture's admin token is labelled "tests"


def test_an_expired_token_is_unknown_and_a_join_code_trades_for_the_invites_grant(table):
    live, cid, _, _ = table
    invite, grant, code = issue_invite(live.questlog, cid, seat="Mia", label="Mia's invite",
                                       expires_at=datetime.now(timezone.utc) + timedelta(hours=3))
    assert len(code) == 9 and code[4] == "-"
    joined = live.call("POST", "/join", token=None, json={"code": code.lower().replace("-", " ")})
    assert joined.status_code == 201, joined.text
    body = joined.json()
    assert (body["campaigns"], body["seat"], body["expires_at"]) == ([cid], "Mia", grant.expires_at)
    assert live.call("POST", f"/campaigns/{cid}/actions/start-round", json={"fields": {}}).status_code == 201
    assert live.call("POST", f"/campaigns/{cid}/actions/roll-action-dice", token=body["token"], json=ROLL_CORA).status_code == 403
    wrong = live.call("POST", "/join", token=None, json={"code": "ABCD-EFGH"})
    assert wrong.status_code == 422 and wrong.json()["error"] == "invalid_input"
    with pytest.raises(BadInput, match="has passed"):
        issue_token(live.questlog, campaigns=[cid], expires_at=datetime.now(timezone.utc) - timedelta(seconds=1))
    assert {g.label for g in list_tokens(live.questlog, cid)} >= {"Mia's phone", "Ben's phone", "Mia's invite"}
    with pytest.raises(BadInput, match="no invite"):
        join_with_code(live.questlog, "ZZZZ-ZZZZ")


def test_an_admin_lists_a_campaigns_phones_and_revokes_one(table):
    live, cid, mia, _ = table
    phones = live.call("GET", f"/tokens?campaign={cid}").json()
    assert sorted(p["label"] for p in phones) == ["Ben's phone", "Mia's phone"]
    assert live.call("GET", f"/tokens?campaign={cid}", token=mia).status_code == 403
    target = next(p for p in phones if p["label"] == "Mia's phone")
    assert live.call("DELETE", f"/tokens/{target['token_id']}").status_code == 200
    assert live.call("GET", f"/campaigns/{cid}", token=mia).status_code == 401


def test_a_seat_token_over_the_api_is_created_with_post_tokens(table):
    live, cid, _, _ = table
    made = live.call("POST", "/tokens", json={"campaigns": [cid], "seat": "Ben", "label": "Ben again", "join_code": True})
    assert made.status_code == 201, made.text
    assert made.json()["seat"] == "Ben" and len(made.json()["join_code"]) == 9
    bad = live.call("POST", "/tokens", json={"campaigns": [cid], "seat": "Ben", "read_only": True})
    assert bad.status_code == 422
