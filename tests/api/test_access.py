"""Access control: bearer tokens, campaign grants answered as 404, read-only share tokens answered 403."""

from __future__ import annotations

import uuid

import pytest

from domain.access import issue_token, list_tokens, revoke_token

from .conftest import serve

COUNT = {"fields": {"character": "alice", "amount": 1}}


@pytest.fixture
def two(live_sqlite):
    """Two campaigns, a token for the first and a read-only share token for the first."""
    a, b = live_sqlite.new_campaign(name="A"), live_sqlite.new_campaign(name="B")
    player, _ = issue_token(live_sqlite.questlog, campaigns=[a], label="player")
    spectator, _ = issue_token(live_sqlite.questlog, campaigns=[a], read_only=True, label="spectator")
    return live_sqlite, a, b, player, spectator


def test_no_token_gets_401_everywhere_but_the_docs_and_rulesets(live):
    cid = live.new_campaign()
    for method, path in [("GET", "/campaigns"), ("GET", f"/campaigns/{cid}"), ("POST", f"/campaigns/{cid}/actions/count"),
                         ("GET", f"/campaigns/{cid}/views/board"), ("POST", f"/campaigns/{cid}/undo")]:
        response = live.call(method, path, token=None, json=COUNT)
        assert response.status_code == 401, (method, path)
        assert response.json()["error"] == "unauthorized"
        assert response.headers["WWW-Authenticate"].startswith("Bearer")
    assert live.call("GET", "/rulesets", token=None).status_code == 200
    assert live.call("GET", "/openapi.json", token=None).status_code == 200


@pytest.mark.parametrize("header", ["Bearer qlt_not-a-real-token", "Bearer ", "Basic dXNlcjpwdw==", "qlt_x", "Bearer " + "x" * 5000])
def test_a_wrong_token_gets_401(live_sqlite, header):
    response = live_sqlite.call("GET", "/campaigns", token=None, headers={"Authorization": header})
    assert response.status_code == 401
    assert response.json()["error"] == "unauthorized"


def test_a_campaign_token_sees_and_writes_only_its_campaign(two):
    live, a, b, player, _ = two
    assert [c["id"] for c in live.call("GET", "/campaigns", token=player).json()] == [a]
    assert live.call("GET", f"/campaigns/{a}", token=player).status_code == 200
    assert live.call("POST", f"/campaigns/{a}/actions/count", token=player, json=COUNT).status_code == 201
    assert live.undo(a, token=player).status_code == 200


def test_another_campaign_answers_exactly_as_an_unknown_one(two):
    live, a, b, player, _ = two
    unknown = str(uuid.uuid4())
    for method, suffix, body in [("GET", "", None), ("POST", "/actions/count", COUNT), ("GET", "/views/board", None),
                                 ("GET", "/history", None), ("GET", "/export", None), ("POST", "/undo", None)]:
        theirs = live.call(method, f"/campaigns/{b}{suffix}", token=player, json=body)
        nobody = live.call(method, f"/campaigns/{unknown}{suffix}", token=player, json=body)
        assert theirs.status_code == nobody.status_code == 404
        assert theirs.json() == {"error": "not_found", "message": f"no campaign {b} in this store"}
        assert nobody.json()["message"].replace(unknown, b) == theirs.json()["message"]
    admin_view = live.call("GET", f"/campaigns/{unknown}")
    assert admin_view.status_code == 404 and admin_view.json()["message"] == f"no campaign {unknown} in this store"


def test_a_read_only_token_reads_but_gets_403_on_writes(two):
    live, a, b, _, spectator = two
    assert live.call("GET", f"/campaigns/{a}/views/board", token=spectator).status_code == 200
    assert live.call("GET", f"/campaigns/{a}/history", token=spectator).status_code == 200
    version = live.call("GET", f"/campaigns/{a}", token=spectator).json()["version"]
    for path, body in [("/actions/count", COUNT), ("/actions", {"verb": "count", **COUNT}), ("/undo", {}), ("/redo", {})]:
        response = live.call("POST", f"/campaigns/{a}{path}", token=spectator, json=body)
        assert response.status_code == 403, path
        assert response.json()["error"] == "forbidden"
    assert live.call("GET", f"/campaigns/{a}", token=spectator).json()["version"] == version
    assert live.call("GET", f"/campaigns/{b}", token=spectator).status_code == 404


def test_only_admins_create_campaigns_import_and_grant(two):
    live, a, _, player, spectator = two
    for token in (player, spectator):
        assert live.call("POST", "/campaigns", token=token, json={"game": "toy", "name": "mine"}).status_code == 403
        assert live.call("POST", "/tokens", token=token, json={"campaigns": [a]}).status_code == 403
        assert live.call("POST", "/campaigns/import", token=token, data=b"{}").status_code == 403


def test_an_admin_grants_a_share_token_over_http(two):
    live, a, b, _, _ = two
    granted = live.call("POST", "/tokens", json={"campaigns": [a], "read_only": True, "label": "phone"})
    assert granted.status_code == 201
    token = granted.json()["token"]
    assert live.call("GET", f"/campaigns/{a}", token=token).status_code == 200
    assert live.call("POST", f"/campaigns/{a}/undo", token=token).status_code == 403
    assert live.call("POST", "/tokens", json={"campaigns": [str(uuid.uuid4())]}).status_code == 404


def test_tokens_are_stored_hashed_and_revocable(two):
    live, a, _, player, _ = two
    grants = list_tokens(live.questlog)
    assert all(player not in str(g.to_dict()) for g in grants)
    registry = live.questlog.repository.get(__import__("domain.access", fromlist=["TOKENS_ID"]).TOKENS_ID)
    assert player not in str(registry.tokens)
    mine = next(g for g in grants if g.label == "player")
    revoke_token(live.questlog, mine.token_id)
    assert live.call("GET", f"/campaigns/{a}", token=player).status_code == 401


def test_auth_off_needs_no_token(sqlite_url):
    for live in serve(sqlite_url, {"QUESTLOG_AUTH": "off"}):
        response = live.call("POST", "/campaigns", token=None, json={"game": "toy", "name": "solo"})
        assert response.status_code == 201
        assert live.call("GET", "/campaigns", token=None).json()[0]["name"] == "solo"
