"""Live updates: ``GET /campaigns/{id}/events`` (issue 25, item 3). Each new history entry arrives as one event with
its version and history line; ``Last-Event-ID`` resumes; the stream is fed from the store, so a write made by another
process (the installed CLI) or another gunicorn worker reaches it; the number of streams a process holds is bounded."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests

from api import events

from .stream_client import StreamReader

ROOT = Path(__file__).resolve().parents[2]
COUNT = {"fields": {"character": "alice", "amount": 2}}


@pytest.fixture(autouse=True)
def _quick_pings(monkeypatch):
    """Streams ping every 0.3 s here, so a closed test client's stream ends at once instead of after 15 s."""
    monkeypatch.setenv("QUESTLOG_STREAM_PING", "0.3")


def _stream(live, cid, **kwargs) -> StreamReader:
    return StreamReader(f"{live.url}/campaigns/{cid}/events", live.admin, **kwargs)


def test_an_action_arrives_on_the_stream_with_its_version_and_history_line(live):
    cid = live.new_campaign(name="Live night")
    reader = _stream(live, cid)
    try:
        hello = reader.wait_for(lambda d: d["kind"] == "hello")
        assert hello[3]["version"] == 1 and hello[1] == "1"
        made = live.call("POST", f"/campaigns/{cid}/actions/count", json={**COUNT, "actor": "Mia"})
        assert made.status_code == 201
        arrived = reader.wait_for(lambda d: d["kind"] == "action")
        data = arrived[3]
        assert data["version"] == made.json()["version"] and arrived[1] == str(data["version"])
        assert data["line"] == f"v{data['version']} count alice 2 (Mia)"
        assert data["action_id"] == made.json()["action_id"] and data["actor"] == "Mia"
        assert live.undo(cid).status_code == 200
        undone = reader.wait_for(lambda d: d["kind"] == "undo")[3]
        assert undone["version"] == data["version"] + 1 and undone["line"].startswith(f"v{data['version'] + 1} undo count")
    finally:
        reader.close()


def test_last_event_id_resumes_with_every_entry_after_it(live_sqlite):
    live = live_sqlite
    cid = live.new_campaign(name="Resume")
    versions = [live.call("POST", f"/campaigns/{cid}/actions/count", json=COUNT).json()["version"] for _ in range(3)]
    reader = _stream(live, cid, last_event_id=str(versions[0]))
    try:
        reader.wait_for(lambda d: d["version"] == versions[2])
        assert [e[3]["version"] for e in reader.events] == versions[1:]  # no hello: it resumes
    finally:
        reader.close()


def test_the_stream_refuses_what_every_route_refuses(live_sqlite):
    live = live_sqlite
    cid = live.new_campaign(name="Refusals")
    assert live.call("GET", f"/campaigns/{cid}/events", token=None).status_code == 401
    assert live.call("GET", "/campaigns/00000000-0000-0000-0000-000000000000/events").status_code == 404
    bad = live.call("GET", f"/campaigns/{cid}/events", headers={"Last-Event-ID": "twelve"})
    assert bad.status_code == 400 and bad.json()["error"] == "bad_request"
    assert "/campaigns/{campaign_id}/events" in live.call("GET", "/openapi.json").json()["paths"]
    doc = live.call("GET", "/openapi.json").json()["paths"]["/campaigns/{campaign_id}/events"]["get"]
    assert "text/event-stream" in doc["responses"]["200"]["content"]


def test_past_its_bound_a_process_answers_503_and_a_closed_stream_frees_its_slot(live_sqlite, monkeypatch):
    live = live_sqlite
    cid = live.new_campaign(name="Bounded")
    monkeypatch.setenv("QUESTLOG_STREAMS", "2")
    monkeypatch.setenv("QUESTLOG_STREAM_PING", "0.2")  # a dead client is found at the next ping
    events._SLOTS.clear()
    try:
        first, second = _stream(live, cid), _stream(live, cid)
        third = live.call("GET", f"/campaigns/{cid}/events")
        assert third.status_code == 503 and third.json()["error"] == "too_many_streams" and third.headers["Retry-After"] == "30"
        assert live.call("GET", f"/campaigns/{cid}").status_code == 200  # other requests still answer
        first.close()
        deadline = time.monotonic() + 10
        while (again := _stream(live, cid)).status != 200 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert again.status == 200
        for reader in (second, again):
            reader.close()
    finally:
        events._SLOTS.clear()


def test_a_stream_ends_by_itself_after_its_lifetime(live_sqlite, monkeypatch):
    live = live_sqlite
    cid = live.new_campaign(name="Lifetime")
    monkeypatch.setenv("QUESTLOG_STREAM_SECONDS", "1")
    started = time.monotonic()
    response = live.call("GET", f"/campaigns/{cid}/events")  # reads to the end: it returns only when the stream closes
    assert response.status_code == 200 and "event: hello" in response.text
    assert time.monotonic() - started >= 0.9  # it lasted its lifetime, then closed by itself (the call returned at all)


def test_a_write_by_another_process_reaches_the_stream(live, store_url):
    cid = live.new_campaign("nanolith", name="Other process")
    reader = _stream(live, cid)
    try:
        reader.wait_for(lambda d: d["kind"] == "hello")
        questlog = shutil.which("questlog", path=str(Path(sys.executable).parent))
        db = store_url  # the same SQLite file, or the same PostgreSQL schema
        done = subprocess.run([questlog, "--db", db, "use", cid], capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        done = subprocess.run([questlog, "--db", db, "seat", "Mia", "cora"], capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        arrived = reader.wait_for(lambda d: d["kind"] == "action", timeout=60)[3]
        assert arrived["line"].endswith("seat Mia cora") and arrived["events"] == ["Mia runs cora"]
    finally:
        reader.close()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def gunicorn(tmp_path):
    """The API under gunicorn with its own settings (2 gthread workers) on a SQLite file; yields (url, admin token)."""
    from domain.access import issue_token
    from infrastructure.runtime import open_questlog

    db = str(tmp_path / "gunicorn.sqlite")
    app = open_questlog(db)
    admin, _ = issue_token(app, admin=True, label="tests")
    cid = app.create_campaign("nanolith", "Workers")
    app.close()
    port = _free_port()
    env = {**os.environ, "QUESTLOG_DB": db, "QUESTLOG_BIND": f"127.0.0.1:{port}", "QUESTLOG_WORKERS": "2"}
    server = subprocess.Popen([sys.executable, "-m", "gunicorn", "-c", "python:api.gunicorn_conf", "api:create_app()"], cwd=ROOT, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if requests.get(f"{url}/rulesets", timeout=2).status_code == 200:
                break
        except requests.RequestException:
            time.sleep(0.3)
    try:
        yield url, admin, cid
    finally:
        server.terminate()
        server.wait(30)


def test_under_gunicorn_every_workers_writes_reach_every_stream(gunicorn):
    url, admin, cid = gunicorn
    auth = {"Authorization": f"Bearer {admin}"}
    readers = [StreamReader(f"{url}/campaigns/{cid}/events", admin) for _ in range(4)]  # spread over both workers
    try:
        for reader in readers:
            reader.wait_for(lambda d: d["kind"] == "hello")
        posted = [requests.post(f"{url}/campaigns/{cid}/actions/seat", headers=auth, timeout=30,
                                json={"fields": {"person": f"P{i}", "characters": ["cora"]}}) for i in range(6)]
        assert [p.status_code for p in posted] == [201] * 6
        last = posted[-1].json()["version"]
        for reader in readers:
            reader.wait_for(lambda d: d["version"] == last, timeout=60)
            assert [e[3]["version"] for e in reader.events if e[2] == "action"] == [p.json()["version"] for p in posted]
    finally:
        for reader in readers:
            reader.close()


def test_a_write_landing_between_the_head_and_the_history_read_is_sent_once(live_sqlite, monkeypatch):
    """The CI failure of 2026-12-01 (gunicorn, version 5 sent twice): the stream read the head, a write landed, the
    history read then held that write too; going on from the stale head sent it again at the next wake."""
    live = live_sqlite
    cid = live.new_campaign(name="Race")
    versions = [live.call("POST", f"/campaigns/{cid}/actions/count", json=COUNT).json()["version"] for _ in range(3)]
    real_head, stale = events._head, iter([versions[1]])
    monkeypatch.setattr(events, "_head", lambda app, c: next(stale, None) or real_head(app, c))  # first read: one write behind
    reader = _stream(live, cid, last_event_id=str(versions[0]))
    try:
        reader.wait_for(lambda d: d["version"] == versions[2])
        later = live.call("POST", f"/campaigns/{cid}/actions/count", json=COUNT).json()["version"]  # wakes the stream
        reader.wait_for(lambda d: d["version"] == later)
        assert [e[3]["version"] for e in reader.events] == versions[1:] + [later]
    finally:
        reader.close()
