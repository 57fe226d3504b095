"""What a fresh user found on 2026-12-02 (H6) over HTTP: a seat's token corrects and amends only its seat's actions and
the table's, as it records them (README § Tokens; nanolith.txt § 1.1 Status Phase: each 1 rolled is 1 Stress)."""

from __future__ import annotations

from tests.api.test_seats import ROLL_ASH, ROLL_CORA, table  # noqa: F401  (the fixture: Mia runs Ashitaka, Ben runs Cora)


def _entries(live, cid, kind):
    return [e for e in live.call("GET", f"/campaigns/{cid}/history?page_size=200").json()["actions"] if e["kind"] == kind]


def _version(live, cid):
    return live.call("GET", f"/campaigns/{cid}").json()["version"]


def test_a_seat_token_may_not_correct_another_seats_roll(table):  # noqa: F811
    live, cid, mia, ben = table
    assert live.call("POST", f"/campaigns/{cid}/actions/start-round", json={"fields": {}}).status_code == 201
    ben_roll = live.call("POST", f"/campaigns/{cid}/actions/roll-action-dice", token=ben, json=ROLL_CORA).json()["action_id"]
    mia_roll = live.call("POST", f"/campaigns/{cid}/actions/roll-action-dice", token=mia, json=ROLL_ASH).json()["action_id"]
    before = _version(live, cid)
    refused = live.call("POST", f"/campaigns/{cid}/corrections", token=mia,
                        json={"action_id": ben_roll, "fields": {"dice": [6, 6, 4, 5, 6]}, "reason": "not Ben's dice"})
    assert refused.status_code == 403 and refused.json()["error"] == "not_your_seat", refused.text
    assert "Mia, who does not run cora" in refused.json()["message"]
    assert _version(live, cid) == before and _entries(live, cid, "correction") == []
    board = live.call("GET", f"/campaigns/{cid}/views/board").json()["data"]
    assert board["characters"]["cora"]["stress"] == 2  # Ben's two 1s, untouched
    own = live.call("POST", f"/campaigns/{cid}/corrections", token=mia,
                    json={"action_id": mia_roll, "fields": {"dice": [1, 4, 5, 2, 6]}, "reason": "the first die showed 1", "actor": "Ben"})
    assert own.status_code == 201, own.text
    assert [(c["action_id"], c["actor"]) for c in _entries(live, cid, "correction")] == [(mia_roll, "Mia")]
    assert live.call("GET", f"/campaigns/{cid}/views/board").json()["data"]["characters"]["ashitaka"]["stress"] == 1


def test_a_seat_token_may_not_amend_another_seats_action_and_amends_as_its_seat(table):  # noqa: F811
    live, cid, mia, ben = table
    bens = live.call("POST", f"/campaigns/{cid}/actions/gain-stress", token=ben, json={"fields": {"character": "cora", "amount": 1}})
    assert bens.status_code == 201, bens.text
    before = _version(live, cid)
    refused = live.call("POST", f"/campaigns/{cid}/amendments", token=mia,
                        json={"action_id": bens.json()["action_id"], "fields": {"amount": 3}, "reason": "more"})
    assert refused.status_code == 403 and refused.json()["error"] == "not_your_seat", refused.text
    assert _version(live, cid) == before
    mias = live.call("POST", f"/campaigns/{cid}/actions/gain-stress", token=mia, json={"fields": {"character": "ashitaka", "amount": 1}})
    amended = live.call("POST", f"/campaigns/{cid}/amendments", token=mia,
                        json={"action_id": mias.json()["action_id"], "fields": {"amount": 2}, "reason": "two", "actor": "Ben"})
    assert amended.status_code == 201, amended.text
    assert [a["actor"] for a in _entries(live, cid, "amendment")] == ["Mia"]  # the seat, whatever the body says
    characters = live.call("GET", f"/campaigns/{cid}/views/board").json()["data"]["characters"]
    assert (characters["ashitaka"]["stress"], characters["cora"]["stress"]) == (2, 1)
