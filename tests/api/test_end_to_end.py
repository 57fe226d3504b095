"""The real API over HTTP on SQLite and PostgreSQL: a Nanolith session recorded through the API gives the
same views as the same session played by the installed CLI; export / import round trips."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from infrastructure.runtime import open_questlog
from tests.cli.entry import QUESTLOG
from tests import HANG_SECONDS

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = sorted((ROOT / "examples" / "nanolith").glob("*.ql")) + [Path(__file__).parent / "sessions" / "nanolith_round.ql"]


def play_with_cli(script: Path, store: Path) -> None:
    """Run a session script with the installed ``questlog play``."""
    done = subprocess.run([QUESTLOG, "--db", str(store), "play", "--quiet", str(script)], capture_output=True, text=True, timeout=HANG_SECONDS)
    assert done.returncode == 0, f"{script.name}:\n{done.stdout}\n{done.stderr}"


def replay_over_http(live, cli_app, campaign: dict) -> str:
    """Record a CLI campaign's stored actions, undos and redos through the API, one request each; returns the new id."""
    cid = live.new_campaign(campaign["game"], campaign["name"], **cli_app.get_campaign(campaign["id"]).setup)
    version = live.call("GET", f"/campaigns/{cid}").json()["version"]
    for entry in cli_app.stored_actions(campaign["id"]):
        if entry["kind"] == "action":
            response = live.call("POST", f"/campaigns/{cid}/actions/{entry['verb']}",
                                 json={"fields": entry["fields"], "actor": entry["actor"] or "table"}, headers={"If-Match": f'"{version}"'})
        elif entry["kind"] in ("undo", "redo"):
            response = live.call("POST", f"/campaigns/{cid}/{entry['kind']}", json={"expected_version": version})
        elif entry["kind"] == "correction":
            target = live.call("GET", f"/campaigns/{cid}/history", params={"page_size": 200}).json()["actions"]
            ids = [a["action_id"] for a in target if a["kind"] == "action"]
            original = [a["action_id"] for a in cli_app.stored_actions(campaign["id"]) if a["kind"] == "action"]
            response = live.call("POST", f"/campaigns/{cid}/corrections", headers={"If-Match": f'"{version}"'},
                                 json={"action_id": ids[original.index(entry["action_id"])], "fields": entry["fields"], "reason": entry["reason"]})
        else:
            continue
        assert response.status_code in (200, 201), response.text
        version = response.json()["version"]
        assert response.headers["ETag"] == f'"{version}"'
    return cid


@pytest.mark.parametrize("script", SCRIPTS, ids=[p.name for p in SCRIPTS])
def test_a_session_recorded_through_the_api_shows_the_board_the_cli_shows(live, script, tmp_path):
    play_with_cli(script, tmp_path / "cli.sqlite")
    cli_app = open_questlog(str(tmp_path / "cli.sqlite"))
    try:
        for campaign in cli_app.campaigns():
            cid = replay_over_http(live, cli_app, campaign)
            shown = live.call("GET", f"/campaigns/{cid}").json()
            assert shown["version"] == campaign["version"]
            assert shown["current_play"] == campaign["current_play"]
            for name in [v for v in shown["views"] if v != "history"]:
                body = live.call("GET", f"/campaigns/{cid}/views/{name}").json()
                assert body["data"] == cli_app.view(campaign["id"], name), name
            history = live.call("GET", f"/campaigns/{cid}/history", params={"page_size": 200}).json()
            cli_history = cli_app.view(campaign["id"], "history")
            assert [(a["kind"], a.get("verb"), a.get("status"), a["sealed"]) for a in history["actions"]] == \
                   [(a["kind"], a.get("verb"), a.get("status"), a["sealed"]) for a in cli_history["actions"]]
    finally:
        cli_app.close()


def test_views_can_be_asked_for_as_of_any_version(live):
    cid = live.new_campaign()
    first = live.call("POST", f"/campaigns/{cid}/actions/count", json={"fields": {"character": "al", "amount": 2}}).json()
    live.call("POST", f"/campaigns/{cid}/actions/count", json={"fields": {"character": "bob", "amount": 3}})
    past = live.call("GET", f"/campaigns/{cid}/views/board", params={"at": first["version"]}).json()
    assert past == {"name": "board", "version": first["version"], "data": {"counters": {"alice": 2, "bob": 0}, "last": []}}
    assert live.call("GET", f"/campaigns/{cid}/views/board").json()["data"]["counters"] == {"alice": 2, "bob": 3}
    future = live.call("GET", f"/campaigns/{cid}/views/board", params={"at": 999})
    assert future.status_code == 422 and future.json()["error"] == "invalid_input"


def test_history_pages_mark_undone_actions_and_show_the_seal(live):
    cid = live.new_campaign()
    for amount in (1, 2, 3):
        live.call("POST", f"/campaigns/{cid}/actions/count", json={"fields": {"character": "alice", "amount": amount}})
    live.undo(cid)
    live.call("POST", f"/campaigns/{cid}/actions/toss", json={"fields": {"character": "bob", "dice": [3, 4]}})
    page1 = live.call("GET", f"/campaigns/{cid}/history", params={"page": 1, "page_size": 3}).json()
    page2 = live.call("GET", f"/campaigns/{cid}/history", params={"page": 2, "page_size": 3}).json()
    assert (page1["total"], page1["pages"], len(page1["actions"]), len(page2["actions"])) == (6, 2, 3, 3)
    entries = page1["actions"] + page2["actions"]
    assert [e["kind"] for e in entries] == ["created", "action", "action", "action", "undo", "action"]
    assert [e.get("status") for e in entries if e["kind"] == "action"] == ["effective", "effective", "undone", "effective"]
    assert all(e["sealed"] for e in entries)
    assert page1["horizon"]["seal"]["verb"] == "toss"
    sealed = live.undo(cid)
    assert sealed.status_code == 409
    assert sealed.json()["error"] == "sealed" and sealed.json()["current_version"] == page1["version"]


def test_export_then_import_gives_identical_views(live):
    cid = live.new_campaign()
    for body in [{"fields": {"character": "alice", "amount": 3}}, {"fields": {"character": "bob", "amount": 1}}]:
        live.call("POST", f"/campaigns/{cid}/actions/count", json=body)
    live.undo(cid)
    live.undo(cid, "redo")
    live.call("POST", f"/campaigns/{cid}/actions/toss", json={"fields": {"character": "al"}, "digital": True})
    live.call("POST", f"/campaigns/{cid}/actions/adjust", json={"fields": {"path": "counters.bob", "value": 7, "reason": "forgot"}})
    live.undo(cid)
    exported = live.call("GET", f"/campaigns/{cid}/export")
    assert exported.status_code == 200 and exported.headers["Content-Type"].startswith("application/x-ndjson")
    imported = live.call("POST", "/campaigns/import", params={"name": "copy"}, data=exported.content,
                         headers={"Content-Type": "application/x-ndjson"})
    assert imported.status_code == 201, imported.text
    new = imported.json()["id"]
    # the copied history, then the rename to "copy" (recorded, so the chain still verifies)
    assert new != cid and imported.json()["version"] == live.call("GET", f"/campaigns/{cid}").json()["version"] + 1
    assert imported.json()["name"] == "copy"
    for name in ("board",):
        assert live.call("GET", f"/campaigns/{new}/views/{name}").json()["data"] == live.call("GET", f"/campaigns/{cid}/views/{name}").json()["data"]
    strip = lambda h: [(a["kind"], a.get("verb"), a.get("fields"), a.get("status"), a.get("digital"), a["sealed"]) for a in h["actions"]]
    copied = strip(live.call("GET", f"/campaigns/{new}/history", params={"page_size": 200}).json())
    assert copied[:-1] == strip(live.call("GET", f"/campaigns/{cid}/history", params={"page_size": 200}).json())
    assert copied[-1][0] == "rename"
    again = live.call("GET", f"/campaigns/{new}/export").text.splitlines()
    assert again[1:-1] == exported.text.splitlines()[1:]  # the stored form, then the rename


def test_an_import_whose_name_the_store_has_is_a_422_naming_the_name_and_stores_nothing(live_sqlite):
    live = live_sqlite
    cid = live.new_campaign(name="Toy night")
    exported = live.call("GET", f"/campaigns/{cid}/export").content
    before = live.call("GET", "/campaigns").json()
    ndjson = {"Content-Type": "application/x-ndjson"}
    for params in ({}, {"name": "Toy night"}):
        response = live.call("POST", "/campaigns/import", params=params, data=exported, headers=ndjson)
        assert response.status_code == 422, response.text
        assert response.json()["error"] == "invalid_input" and response.json()["fields"] == {"name": ["already taken in this store"]}
        assert response.json()["message"].startswith(f"a campaign called 'Toy night' already exists in this store (toy, {cid[:8]}): ")
        assert "POST /campaigns/import?name=NAME" in response.json()["message"]
    assert live.call("GET", "/campaigns").json() == before
    copied = live.call("POST", "/campaigns/import", params={"name": "Toy night (copy)"}, data=exported, headers=ndjson)
    assert copied.status_code == 201 and copied.json()["name"] == "Toy night (copy)"


def test_a_bad_import_stores_nothing(live_sqlite):
    live = live_sqlite
    cid = live.new_campaign()
    live.call("POST", f"/campaigns/{cid}/actions/count", json={"fields": {"character": "alice", "amount": 2}})
    before = live.call("GET", "/campaigns").json()
    lines = live.call("GET", f"/campaigns/{cid}/export").text.splitlines()
    lines[2] = lines[2].replace('"amount":2', '"amount":3')  # a tampered event record
    response = live.call("POST", "/campaigns/import", data="\n".join(lines).encode(), headers={"Content-Type": "application/x-ndjson"})
    assert response.status_code == 422 and response.json()["message"].startswith("line 3:"), response.text
    for junk in (b"", b"not json", b"[1,2]", b'{"format":"other"}'):
        assert live.call("POST", "/campaigns/import", data=junk).status_code == 422
    assert live.call("GET", "/campaigns").json() == before
