"""Issue 28, item 1 over HTTP: the export is streamed after one verify, a broken chain is refused (409) before any
line, one export per campaign runs at a time, and a read-only token's exports are rate-limited (429, Retry-After)."""

from __future__ import annotations

import json
import sqlite3

import pytest

from domain.access import issue_token
from domain.transfer import export_campaign
from tests.api.conftest import serve


@pytest.fixture
def limited(sqlite_url):
    yield from serve(sqlite_url, {"QUESTLOG_EXPORT_RATE": 2})


def _campaign(live, tosses: int = 30) -> str:
    cid = live.new_campaign(name="Export night")
    for n in range(tosses):
        assert live.call("POST", f"/campaigns/{cid}/actions/toss", json={"fields": {"character": "bob", "dice": [1 + n % 6, 2]}}).status_code == 201
    return cid


def test_the_export_is_streamed_in_chunks_and_is_byte_identical_to_the_cli_form(live):
    cid = _campaign(live)
    response = live.call("GET", f"/campaigns/{cid}/export")
    assert response.status_code == 200
    assert response.headers.get("Transfer-Encoding") == "chunked" and "Content-Length" not in response.headers
    assert response.text == export_campaign(live.questlog, cid)
    header = json.loads(response.text.split("\n")[0])
    assert header["events"] == 61 and header["name"] == "Export night"  # created + 30 x (event + action)


def test_a_broken_chain_is_refused_409_before_the_first_line(live_sqlite, sqlite_url):
    cid = _campaign(live_sqlite, 3)
    with sqlite3.connect(sqlite_url) as conn:
        (state,) = conn.execute("SELECT state FROM stored_events WHERE originator_version = 3").fetchone()
        data = json.loads(bytes(state))
        data["summary"] = "edited"
        conn.execute("UPDATE stored_events SET state = ? WHERE originator_version = 3", (json.dumps(data).encode(),))
    response = live_sqlite.call("GET", f"/campaigns/{cid}/export")
    assert response.status_code == 409
    assert response.json()["error"] == "broken_chain" and "fails verify at version 3" in response.json()["message"]


def test_a_second_export_of_a_campaign_while_one_streams_is_429_then_admitted_once_it_ends(live_sqlite, monkeypatch):
    import threading

    import domain.transfer

    cid = _campaign(live_sqlite)
    release, streamed = threading.Event(), domain.transfer._streamed

    def held(*args, **kwargs):  # the first export's stream stops after its header until the test lets it go on
        for number, line in enumerate(streamed(*args, **kwargs)):
            if number == 1:
                release.wait(60)
            yield line

    monkeypatch.setattr(domain.transfer, "_streamed", held)
    first = live_sqlite.call("GET", f"/campaigns/{cid}/export", stream=True)
    lines = first.iter_lines()
    assert json.loads(next(lines))["format"] == "questlog-campaign"
    second = live_sqlite.call("GET", f"/campaigns/{cid}/export")
    assert second.status_code == 429 and second.json()["error"] == "export_in_progress" and second.headers["Retry-After"] == "2"
    release.set()
    assert len([line for line in lines if line]) == 61
    first.close()
    assert live_sqlite.call("GET", f"/campaigns/{cid}/export").status_code == 200


def test_a_read_only_token_gets_429_with_retry_after_past_its_rate_and_a_write_token_does_not(limited):
    cid = _campaign(limited, 1)
    spectator, _ = issue_token(limited.questlog, campaigns=[cid], read_only=True, label="spectator")
    player, _ = issue_token(limited.questlog, campaigns=[cid], label="player")
    assert [limited.call("GET", f"/campaigns/{cid}/export", token=spectator).status_code for _ in range(2)] == [200, 200]
    refused = limited.call("GET", f"/campaigns/{cid}/export", token=spectator)
    assert refused.status_code == 429 and refused.json()["error"] == "rate_limited"
    assert 1 <= int(refused.headers["Retry-After"]) <= 60 and "2 exports a minute" in refused.json()["message"]
    assert [limited.call("GET", f"/campaigns/{cid}/export", token=player).status_code for _ in range(4)] == [200] * 4


def test_the_gate_admits_a_read_only_token_again_when_its_oldest_export_leaves_the_window():
    from api.errors import ApiError
    from api.exports import ExportGate

    now = [100.0]
    gate = ExportGate(2, clock=lambda: now[0])
    gate.enter("a", "t", True)()
    now[0] = 130.0
    gate.enter("a", "t", True)()
    with pytest.raises(ApiError) as refused:
        gate.enter("a", "t", True)
    assert refused.value.code == 429 and refused.value.extra_headers == {"Retry-After": "30"}
    now[0] = 160.5
    gate.enter("a", "t", True)()  # the export at 100 s left the 60 s window


def test_branches_lists_only_the_branches_the_token_may_see(live_sqlite):
    """Issue 28, item 6: a read-only token granted the source is never shown a branch it was not granted."""
    cid = _campaign(live_sqlite, 1)
    seen = live_sqlite.call("POST", f"/campaigns/{cid}/branches", json={"name": "Seen branch"}).json()["id"]
    live_sqlite.call("POST", f"/campaigns/{cid}/branches", json={"name": "Hidden branch"})
    spectator, _ = issue_token(live_sqlite.questlog, campaigns=[cid, seen], read_only=True, label="spectator")
    assert [b["name"] for b in live_sqlite.call("GET", f"/campaigns/{cid}/branches", token=spectator).json()] == ["Seen branch"]
    assert len(live_sqlite.call("GET", f"/campaigns/{cid}/branches").json()) == 2  # the admin sees both


def test_branches_are_read_from_the_index_without_loading_every_campaign(live_sqlite, monkeypatch):
    """Issue 28, item 6: listing branches reads the history index and each branch's one record, no campaign loaded."""
    app = live_sqlite.questlog
    cid = app.create_campaign("toy", "Source")
    for n in range(20):
        app.create_campaign("toy", f"Other {n}")
    first, second = app.branch(cid, "What if"), app.branch(cid, "What else")
    app.branch(first, "Branch of a branch")
    loads = []
    monkeypatch.setattr(app, "get_campaign", lambda *a, **k: loads.append(a))
    # made within one second of each other, the branches still come oldest first (their records' microseconds)
    assert [b["name"] for b in app.branches_of(cid)] == ["What if", "What else"] and loads == []
    assert [b["id"] for b in app.branches_of(cid)] == [first, second]
