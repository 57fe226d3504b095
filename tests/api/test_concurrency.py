"""Optimistic concurrency over HTTP: two clients racing with the same expected version (DESIGN.md § Undo, 5)."""

from __future__ import annotations

import threading

import requests
from tests import HANG_SECONDS

ROUNDS = 6


def race(live, cid: str, bodies: list[dict], headers: list[dict] | None = None, path: str = "actions/count") -> list[requests.Response]:
    """Send the requests at the same moment from one thread each; returns the responses in order."""
    barrier = threading.Barrier(len(bodies))
    responses: list[requests.Response | None] = [None] * len(bodies)

    def send(i: int) -> None:
        barrier.wait()
        responses[i] = live.call("POST", f"/campaigns/{cid}/{path}", json=bodies[i], headers=(headers or [{}] * len(bodies))[i])

    threads = [threading.Thread(target=send, args=(i,)) for i in range(len(bodies))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(HANG_SECONDS)
    return responses  # type: ignore[return-value]


def stored_counts(live, cid: str) -> list[int]:
    """The amounts of every stored ``Counted`` event, in order."""
    history = live.call("GET", f"/campaigns/{cid}/history", params={"page_size": 200}).json()
    return [e["data"]["amount"] for a in history["actions"] if a["kind"] == "action" for e in a["events"]]


def test_two_clients_with_the_same_expected_version_exactly_one_wins(live):
    cid = live.new_campaign()
    for n in range(ROUNDS):
        version = live.call("GET", f"/campaigns/{cid}").json()["version"]
        bodies = [{"fields": {"character": "alice", "amount": 1}, "expected_version": version},
                  {"fields": {"character": "bob", "amount": 1}, "expected_version": version}]  # counters stop at 10
        responses = race(live, cid, bodies)
        statuses = sorted(r.status_code for r in responses)
        assert statuses == [201, 409], [r.text for r in responses]
        winner = next(r for r in responses if r.status_code == 201).json()
        loser = next(r for r in responses if r.status_code == 409).json()
        assert loser["error"] == "stale_version" and loser["current_version"] == winner["version"] == version + 2
    assert len(stored_counts(live, cid)) == ROUNDS
    assert live.call("GET", f"/campaigns/{cid}").json()["version"] == 1 + 2 * ROUNDS


def test_if_match_races_the_same_way_and_two_undos_take_back_one_action(live):
    cid = live.new_campaign()
    for amount in (1, 2):
        live.call("POST", f"/campaigns/{cid}/actions/count", json={"fields": {"character": "alice", "amount": amount}})
    version = live.call("GET", f"/campaigns/{cid}").json()["version"]
    responses = race(live, cid, [{}, {}], headers=[{"If-Match": f'"{version}"'}] * 2, path="undo")
    assert sorted(r.status_code for r in responses) == [200, 409]
    board = live.call("GET", f"/campaigns/{cid}/views/board").json()["data"]
    assert board["counters"]["alice"] == 1


def test_without_an_expected_version_both_clients_are_recorded_once_each(live):
    cid = live.new_campaign()
    for _ in range(ROUNDS // 2):
        bodies = [{"fields": {"character": "alice", "amount": 1}}, {"fields": {"character": "bob", "amount": 2}}]
        assert [r.status_code for r in race(live, cid, bodies)] == [201, 201]
    assert sorted(stored_counts(live, cid)) == sorted([1, 2] * (ROUNDS // 2))
    board = live.call("GET", f"/campaigns/{cid}/views/board").json()["data"]
    assert board["counters"] == {"alice": ROUNDS // 2, "bob": ROUNDS}


def test_a_retried_request_with_the_same_idempotency_key_records_once(live):
    cid = live.new_campaign()
    body = {"fields": {"character": "alice", "amount": 2}}
    responses = race(live, cid, [body, body], headers=[{"Idempotency-Key": "tablet-42"}] * 2)
    assert [r.status_code for r in responses] == [201, 201]
    assert {r.json()["action_id"] for r in responses} == {"tablet-42"}
    again = live.call("POST", f"/campaigns/{cid}/actions/count", json=body, headers={"Idempotency-Key": "tablet-42"})
    assert again.json()["duplicate"] is True
    assert stored_counts(live, cid) == [2]


def test_the_losing_undo_is_told_which_undo_was_stored_since_its_version(live):
    cid = live.new_campaign()
    for amount in (1, 2):
        live.call("POST", f"/campaigns/{cid}/actions/count", json={"fields": {"character": "alice", "amount": amount}})
    version = live.call("GET", f"/campaigns/{cid}").json()["version"]
    responses = race(live, cid, [{"expected_version": version}] * 2, path="undo")
    assert sorted(r.status_code for r in responses) == [200, 409]
    loser = next(r for r in responses if r.status_code == 409).json()
    assert loser["error"] == "stale_version" and loser["current_version"] == version + 1
    assert [(e["version"], e["kind"], e["verb"], e["summary"]) for e in loser["since"]] == [(version + 1, "undo", "count", "count alice 2")]
    assert f"since then, v{version + 1} undo of count alice 2" in loser["message"]
