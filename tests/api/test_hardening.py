"""Issue 11, items 6-12 over HTTP: every reproduction of the issue, with the value it must now give."""

from __future__ import annotations

import threading

import pytest

from tests.api.conftest import serve
from tests.api.test_concurrency import race

TOSS = {"fields": {"character": "bob", "dice": [3, 4]}}


@pytest.fixture
def toy(live_sqlite):
    return live_sqlite, live_sqlite.new_campaign()


# -- 6. lone surrogates and names -------------------------------------------------------------------

def test_lone_surrogates_are_422_invalid_input_never_500(live_sqlite):
    live = live_sqlite
    cid = live.new_campaign("nanolith", "Tuesday group")
    for path, body in [(f"/campaigns/{cid}/actions/start-encounter", {"fields": {"name": "\ud800"}}),
                       (f"/campaigns/{cid}/actions/start-encounter", {"fields": {"name": "Encounter 1"}, "actor": "\udc80"}),
                       ("/campaigns", {"game": "toy", "name": "night \ud800"})]:
        response = live.call("POST", path, json=body)
        assert response.status_code == 422 and response.json()["error"] == "invalid_input", response.text
    assert live.call("GET", f"/campaigns/{cid}").json()["version"] == 1  # nothing stored


def test_a_control_character_in_an_encounter_name_is_refused_like_a_campaign_name(live_sqlite):
    live = live_sqlite
    cid = live.new_campaign("nanolith", "Tuesday group")
    response = live.call("POST", f"/campaigns/{cid}/actions/start-encounter", json={"fields": {"name": "Encounter\u0007 1"}})
    assert response.status_code == 422 and response.json()["fields"] == {"name": ["one printable line"]}


# -- 7. JSON only, and an OpenAPI document that says so ---------------------------------------------

def test_a_write_whose_body_is_not_json_is_415(toy):
    live, cid = toy
    for headers, data in [({"Content-Type": "text/plain"}, b'{"fields": {"character": "bob", "amount": 1}}'),
                          ({"Content-Type": "application/x-www-form-urlencoded"}, b"character=bob&amount=1")]:
        response = live.call("POST", f"/campaigns/{cid}/actions/count", data=data, headers=headers)
        assert response.status_code == 415 and response.json()["error"] == "unsupported_media_type"
    wrong_import = live.call("POST", "/campaigns/import", data=b"{}", headers={"Content-Type": "text/html"})
    assert wrong_import.status_code == 415
    assert live.call("GET", f"/campaigns/{cid}").json()["version"] == 1


def test_the_openapi_document_marks_fields_required_where_the_server_requires_them(toy):
    live, _ = toy
    schemas = live.call("GET", "/openapi.json").json()["components"]["schemas"]
    assert "fields" in schemas["CountRequest"]["required"]  # count needs a character and an amount
    assert "fields" in schemas["RollActionDiceRequest"]["required"]


# -- 8. no-auth mode serves loopback Host names only; weak ETags never match ------------------------

def test_without_tokens_only_loopback_host_names_are_served(sqlite_url):
    for live in serve(sqlite_url, {"QUESTLOG_AUTH": False}):
        rebinding = live.call("GET", "/campaigns", token=None, headers={"Host": "attacker.example"})
        assert rebinding.status_code == 403 and rebinding.json()["error"] == "forbidden"
        port = live.url.rsplit(":", 1)[1]
        for host in (f"localhost:{port}", f"127.0.0.1:{port}", f"[::1]:{port}"):
            assert live.call("GET", "/campaigns", token=None, headers={"Host": host}).status_code == 200


def test_a_weak_etag_in_if_match_never_matches(toy):
    live, cid = toy
    response = live.call("POST", f"/campaigns/{cid}/actions/count", json={"fields": {"character": "bob", "amount": 1}},
                         headers={"If-Match": 'W/"1"'})
    assert response.status_code == 412 and response.json()["error"] == "precondition_failed"
    assert live.call("POST", f"/campaigns/{cid}/undo", headers={"If-Match": 'W/"1"'}).status_code == 412


# -- 9. writes without a version are decided again, never a stale_version nobody asked for ------------

def test_racing_writes_without_a_version_all_land_and_none_is_stale(live):
    cid = live.new_campaign()
    threads, per_thread = 4, 6
    statuses: list[int] = []
    lock = threading.Lock()

    def writer() -> None:
        for _ in range(per_thread):
            code = live.call("POST", f"/campaigns/{cid}/actions/toss", json=TOSS).status_code
            with lock:
                statuses.append(code)

    workers = [threading.Thread(target=writer) for _ in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(120)
    assert statuses.count(201) == threads * per_thread
    assert live.call("GET", f"/campaigns/{cid}").json()["version"] == 1 + 2 * threads * per_thread


def test_a_write_that_keeps_losing_the_race_is_503_with_retry_after(toy, monkeypatch):
    live, cid = toy
    monkeypatch.setattr(live.questlog, "_try_save", lambda *a, **k: False)  # every save loses to another writer
    monkeypatch.setattr("domain.recording.backoff", lambda attempt: None)
    response = live.call("POST", f"/campaigns/{cid}/actions/toss", json=TOSS)
    assert response.status_code == 503 and response.headers["Retry-After"] == "1"
    assert response.json()["error"] == "unavailable"
    monkeypatch.undo()
    assert live.call("GET", f"/campaigns/{cid}").json()["version"] == 1


# -- 10. idempotency keys --------------------------------------------------------------------------

def test_a_key_reused_for_another_characters_digital_roll_is_a_conflict(toy):
    live, cid = toy
    first = live.call("POST", f"/campaigns/{cid}/actions/toss", json={"fields": {"character": "alice"}, "digital": True},
                      headers={"Idempotency-Key": "k"})
    assert first.status_code == 201
    other = live.call("POST", f"/campaigns/{cid}/actions/toss", json={"fields": {"character": "bob"}, "digital": True},
                      headers={"Idempotency-Key": "k"})
    assert other.status_code == 409 and other.json()["error"] == "idempotency_conflict"
    retry = live.call("POST", f"/campaigns/{cid}/actions/toss", json={"fields": {"character": "alice"}, "digital": True},
                      headers={"Idempotency-Key": "k"})
    assert retry.status_code == 201 and retry.json()["duplicate"] is True and retry.json()["events"] == first.json()["events"]


def test_a_non_ascii_idempotency_key_is_400(toy):
    live, cid = toy
    response = live.call("POST", f"/campaigns/{cid}/actions/toss", json=TOSS, headers={"Idempotency-Key": "ключ".encode()})
    assert response.status_code == 400 and response.json()["error"] == "bad_request"
    assert live.call("GET", f"/campaigns/{cid}").json()["version"] == 1


# -- 12. undo and redo name the version the client saw ---------------------------------------------

def test_undo_and_redo_without_a_version_are_428(toy):
    live, cid = toy
    live.call("POST", f"/campaigns/{cid}/actions/count", json={"fields": {"character": "bob", "amount": 1}})
    for verb in ("undo", "redo"):
        response = live.call("POST", f"/campaigns/{cid}/{verb}", json={})
        assert response.status_code == 428 and response.json()["error"] == "precondition_required"
    assert live.call("GET", f"/campaigns/{cid}").json()["version"] == 3


def test_five_devices_pressing_undo_at_once_undo_one_action(live):
    cid = live.new_campaign()
    for amount in (1, 2, 3, 1, 2):
        live.call("POST", f"/campaigns/{cid}/actions/count", json={"fields": {"character": "alice", "amount": amount}})
    version = live.call("GET", f"/campaigns/{cid}").json()["version"]
    responses = race(live, cid, [{}] * 5, headers=[{"If-Match": f'"{version}"'}] * 5, path="undo")
    assert sorted(r.status_code for r in responses) == [200, 409, 409, 409, 409]
    assert {r.json()["error"] for r in responses if r.status_code == 409} == {"stale_version"}
    undone = next(r for r in responses if r.status_code == 200).json()["action"]
    assert undone["summary"] == "count alice 2" and undone["version"] == version


# -- 3. a malformed export line over HTTP ----------------------------------------------------------

def test_an_import_with_a_malformed_timestamp_is_422_naming_the_line(toy):
    live, cid = toy
    live.call("POST", f"/campaigns/{cid}/actions/count", json={"fields": {"character": "alice", "amount": 2}})
    lines = live.call("GET", f"/campaigns/{cid}/export").text.splitlines()
    lines[2] = lines[2].replace('"_type_":"datetime_iso"', '"_type_":"datetime_isoX"', 1)
    response = live.call("POST", "/campaigns/import", data="\n".join(lines).encode(), headers={"Content-Type": "application/x-ndjson"})
    assert response.status_code == 422 and response.json()["fields"] == {"line": ["3"]}
    assert response.json()["message"].startswith("line 3: ")
