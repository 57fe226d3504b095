"""Campaign life over HTTP: amendments, bookmarks, branches and play exports (api/life.py), on both stores."""

from __future__ import annotations

import xml.etree.ElementTree as ET


def record(live, cid, verb, **fields):
    response = live.call("POST", f"/campaigns/{cid}/actions/{verb}", json={"fields": fields})
    assert response.status_code == 201, response.text
    return response.json()


def test_amend_bookmark_branch_and_plays_over_http(live):
    cid = live.new_campaign("tamashii", "box")
    record(live, cid, "start-scenario", scenario="prologue", boards=["red", "blue"])
    mark = live.call("POST", f"/campaigns/{cid}/bookmarks", json={"name": "prologue set up"})
    assert mark.status_code == 201 and mark.json() == {"bookmarks": {"prologue set up": 3}}
    assert live.call("POST", f"/campaigns/{cid}/bookmarks", json={"name": "prologue set up"}).status_code == 422
    ending = record(live, cid, "draw-victory-card", card="A06")
    record(live, cid, "start-scenario", scenario="geohunt", boards=["red", "blue"], trace_top=10)
    wrong = record(live, cid, "draw-victory-card", card="E09", unlock=["P03"])

    amended = live.call("POST", f"/campaigns/{cid}/amendments",
                        json={"action_id": wrong["action_id"], "fields": {"card": "E10"}, "reason": "it was E10"})
    assert amended.status_code == 201, amended.text
    played = live.call("GET", f"/campaigns/{cid}/views/progress").json()["data"]["played"]
    assert played[-1] == {"scenario": "geohunt", "outcome": "won", "card": "E10"}
    refused = live.call("POST", f"/campaigns/{cid}/amendments",
                        json={"action_id": ending["action_id"], "fields": {"card": "A06"}, "reason": "same"})
    assert refused.status_code == 422 and refused.json()["error"] == "invalid_input"

    branch = live.call("POST", f"/campaigns/{cid}/branches", json={"name": "what if", "at": "prologue set up"})
    assert branch.status_code == 201, branch.text
    bid = branch.json()["id"]
    assert live.call("GET", f"/campaigns/{bid}/views/progress").json()["data"]["played"] == []
    assert live.call("GET", f"/campaigns/{cid}/branches").json() == [{"id": bid, "name": "what if", "version": 3}]

    xml = live.call("GET", f"/campaigns/{cid}/plays?format=bgg")
    assert xml.status_code == 200 and xml.headers["Content-Type"].startswith("application/xml")
    comments = [p.find("comments").text for p in ET.fromstring(xml.text).findall("play")]
    assert comments == ["prologue: won", "geohunt: won"]
    stats = live.call("GET", f"/campaigns/{cid}/plays").json()
    assert [p["comments"] for p in stats["plays"]] == comments
    assert live.call("GET", f"/campaigns/{cid}/plays?format=csv").status_code == 422


def test_a_branch_needs_an_admin_token(live_sqlite):
    from domain.access import issue_token

    cid = live_sqlite.new_campaign("tamashii", "box")
    token, _ = issue_token(live_sqlite.questlog, campaigns=[cid], label="table")
    response = live_sqlite.call("POST", f"/campaigns/{cid}/branches", token=token, json={"name": "copy"})
    assert response.status_code == 403 and response.json()["error"] == "forbidden"


def test_http_play_exports_name_their_time_zone_and_each_plays_mode(live_sqlite):
    """A won Prologue (tamashii.txt § Prologue: the co-op mode) exported over HTTP: its date is UTC unless the table's
    zone is asked for (``tz``), and the play says which zone that is and that it was played co-operatively."""
    from datetime import datetime

    live = live_sqlite
    cid = live.new_campaign(game="tamashii", name="Zones")
    for verb, fields in (("start-scenario", {"scenario": "prologue", "boards": ["red"], "mode": "coop"}),
                         ("draw-victory-card", {"card": "A06"})):
        assert live.call("POST", f"/campaigns/{cid}/actions/{verb}", json={"fields": fields}).status_code == 201
    (utc,) = live.call("GET", f"/campaigns/{cid}/plays").json()["plays"]
    (tokyo,) = live.call("GET", f"/campaigns/{cid}/plays", params={"tz": "Asia/Tokyo"}).json()["plays"]
    assert (utc["timezone"], tokyo["timezone"]) == ("UTC", "Asia/Tokyo") and utc["cooperative"] is tokyo["cooperative"] is True
    moved = datetime.strptime(tokyo["playDate"], "%Y-%m-%d %H:%M:%S") - datetime.strptime(utc["playDate"], "%Y-%m-%d %H:%M:%S")
    assert moved.total_seconds() == 9 * 3600  # Tokyo is UTC+9 all year
    refused = live.call("GET", f"/campaigns/{cid}/plays", params={"tz": "Mars/Olympus"})
    assert refused.status_code == 422 and refused.json()["fields"] == {"tz": ["no time zone 'Mars/Olympus': give an IANA name such as Europe/Paris or UTC"]}
