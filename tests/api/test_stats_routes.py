"""Statistics over HTTP (issue 30, item 5): ``GET /campaigns/{id}/stats`` and ``GET /campaigns/{id}/plays/{n}/recap``
in the OpenAPI document, as JSON, CSV, HTML and images; bad requests are clear errors, never a 500."""

from __future__ import annotations

import csv
import io


def _rolled(live) -> str:
    """One Round of Action Dice (nanolith.txt § Action Dice): Cora's two 1s, 20 dice in all."""
    cid = live.new_campaign("nanolith", "Stats over HTTP")
    steps = [("start-encounter", {"name": "Encounter 1"}), ("start-round", {}),
             *[("roll-action-dice", {"character": c, "dice": d}) for c, d in
               (("ash", [2, 4, 5, 2, 6]), ("vaa", [3, 3, 5, 2, 6]), ("cora", [1, 1, 4, 5, 6]), ("ada", [3, 3, 5, 2, 6]))]]
    for verb, fields in steps:
        assert live.call("POST", f"/campaigns/{cid}/actions/{verb}", json={"fields": fields}).status_code == 201
    return cid


def test_stats_and_recap_routes_are_documented(live_sqlite):
    paths = live_sqlite.call("GET", "/openapi.json").json()["paths"]
    assert "get" in paths["/campaigns/{campaign_id}/stats"]
    recap = paths["/campaigns/{campaign_id}/plays/{n}/recap"]["get"]
    assert set(recap["responses"]["200"]["content"]) == {"application/json", "text/html", "image/svg+xml", "image/png"}


def test_stats_answers_json_csv_and_the_dice_chart(live_sqlite):
    live = live_sqlite
    cid = _rolled(live)
    data = live.call("GET", f"/campaigns/{cid}/stats").json()
    [action] = data["dice"]["kind"]
    assert action["counts"] == [[1, 2], [2, 4], [3, 4], [4, 2], [5, 4], [6, 4]] and action["rolls"] == 20
    assert f"{action['chi2']:.3g} {action['p']:.3g}" == "1.6 0.901"  # (2 * 1.333² + 4 * 0.667²) / 3.333, 5 dof
    rows = list(csv.reader(io.StringIO(live.call("GET", f"/campaigns/{cid}/stats?format=csv").text)))
    assert rows[0] == ["section", "play", "series", "key", "x", "value"] and len(rows) > 1
    svg = live.call("GET", f"/campaigns/{cid}/stats?format=svg")
    assert svg.headers["Content-Type"].startswith("image/svg+xml") and b"<svg" in svg.content
    assert live.call("GET", f"/campaigns/{cid}/stats?format=png").content[:4] == b"\x89PNG"


def test_a_recap_as_html_and_as_an_image(live_sqlite):
    live = live_sqlite
    cid = _rolled(live)
    page = live.call("GET", f"/campaigns/{cid}/plays/1/recap?format=html")
    assert page.headers["Content-Type"].startswith("text/html") and "<svg" in page.text and "src=" not in page.text
    assert live.call("GET", f"/campaigns/{cid}/plays/1/recap?format=svg").content.lstrip().startswith(b"<?xml")
    assert live.call("GET", f"/campaigns/{cid}/plays/1/recap").json()["play"]["finished"] is False


def test_bad_statistics_requests_are_clear_errors(live_sqlite):
    live = live_sqlite
    cid = _rolled(live)
    wrong_play = live.call("GET", f"/campaigns/{cid}/plays/9/recap")
    assert (wrong_play.status_code, wrong_play.json()["error"]) == (422, "invalid_input")
    assert live.call("GET", f"/campaigns/{cid}/stats?format=gif").status_code == 422
    assert live.call("GET", f"/campaigns/{cid}/plays/0/recap").status_code == 422
    assert live.call("GET", "/campaigns/00000000-0000-0000-0000-000000000000/stats").status_code == 404
    assert live.call("GET", f"/campaigns/{cid}/stats", token=None).status_code == 401


def test_the_action_that_ends_a_play_answers_where_its_recap_is(live_sqlite):
    """Issue 30, item 3: "a recap after each finished play": end-encounter's answer names the play it finished (as
    ``questlog recap N`` numbers it) and its recap; the actions before it, and a second play's, name their own."""
    live = live_sqlite
    cid = _rolled(live)
    roll = live.call("POST", f"/campaigns/{cid}/actions/give-initiative", json={"fields": {"character": "ash"}})
    assert roll.status_code == 201 and "play_ended" not in roll.json()
    ended = live.call("POST", f"/campaigns/{cid}/actions/end-encounter", json={"fields": {"outcome": "victory"}}).json()
    assert ended["play_ended"] == {"n": 1, "title": "Encounter 'Encounter 1'", "outcome": "victory",
                                   "recap": f"/campaigns/{cid}/plays/1/recap", "page": f"/play/{cid}/recap/1"}
    recap = live.call("GET", ended["play_ended"]["recap"]).json()["play"]
    assert (recap["n"], recap["finished"], recap["outcome"], recap["actions"]) == (1, True, "victory", 7)  # start-round, 4 rolls, give-initiative, the end
    live.call("POST", f"/campaigns/{cid}/actions/start-encounter", json={"fields": {"name": "Encounter 2"}})
    second = live.call("POST", f"/campaigns/{cid}/actions/end-encounter", json={"fields": {"outcome": "game-over"}}).json()
    assert (second["play_ended"]["n"], second["play_ended"]["title"], second["play_ended"]["outcome"]) == (2, "Encounter 'Encounter 2'", "game-over")


def _played(live, script: str, game: str) -> str:
    """An example script's actions recorded through the server's own application service with the CLI's parsed fields
    (the routes under test read them; JSON's stricter types are not what this checks), a refused line refused here too."""
    from pathlib import Path

    from domain.core.errors import QuestlogError
    from tests.pages.conftest import script_actions

    cid = live.new_campaign(game, f"Standings {script}")
    for refused, verb, fields in script_actions(Path(__file__).resolve().parents[2] / "examples" / game / script):
        try:
            live.questlog.undo(cid) if verb == "undo" else live.questlog.redo(cid) if verb == "redo" else live.questlog.record(cid, verb, fields)
            assert not refused, (verb, fields)
        except QuestlogError:
            assert refused, (verb, fields)
    return cid


def test_a_campaigns_standings_and_timeline_over_http_and_the_stores_for_admins_only(live_sqlite):
    """Issue 30, item 4: examples/tamashii/competitive.ql, the Generator Scenario scored 7 VP for red, 1 for blue
    (tamashii.txt § Victory Points): red wins; the VP per Scenario is the timeline's score series."""
    from domain.access import issue_token

    live = live_sqlite
    cid = _played(live, "competitive.ql", "tamashii")
    data = live.call("GET", f"/campaigns/{cid}/standings").json()
    assert data["people"]["red"]["competitive"] == {"plays": 1, "wins": 1, "ties": 0, "losses": 0, "score": 7}
    assert data["people"]["blue"]["competitive"] == {"plays": 1, "wins": 0, "ties": 0, "losses": 1, "score": 1}
    assert data["people"]["red"]["cooperative"] == {"plays": 0, "wins": 0, "losses": 0}
    assert [(p["n"], p["title"], p["outcome"]) for p in data["timeline"]["plays"]] == [(1, "generator", "finished")]
    assert data["timeline"]["series"] == {"score": {"label": "Score", "lines": {"red": [[1, 7.0]], "blue": [[1, 1.0]]}}}
    other = live.new_campaign("nanolith", "Not granted")
    seat, _ = issue_token(live.questlog, campaigns=[cid], label="seat")
    assert live.call("GET", f"/campaigns/{cid}/standings", token=seat).status_code == 200
    assert live.call("GET", f"/campaigns/{other}/standings", token=seat).status_code == 404  # no existence leak
    refused = live.call("GET", "/standings", token=seat)
    assert (refused.status_code, refused.json()["error"]) == (403, "forbidden")
    store = live.call("GET", "/standings").json()
    assert store["people"]["red"]["competitive"]["wins"] >= 1 and "generator" in [p["title"] for d in store["timeline"] for p in d["plays"]]
    paths = live.call("GET", "/openapi.json").json()["paths"]
    assert "get" in paths["/campaigns/{campaign_id}/standings"] and "admin" in paths["/standings"]["get"]["description"].lower()


def test_a_play_in_progress_is_named_by_its_live_round_and_phase(live_sqlite):
    """nanolith.txt § 1.1 Status Phase, step 5: once every character has rolled, the Initiative Token goes to one and
    the Character Action Phase begins; the play in progress is named so, not by the label its last action was recorded
    under (the Status Phase, before that action)."""
    live = live_sqlite
    cid = _rolled(live)
    assert live.call("POST", f"/campaigns/{cid}/actions/give-initiative", json={"fields": {"character": "ash"}}).status_code == 201
    play = live.call("GET", f"/campaigns/{cid}/plays/1/recap").json()["play"]
    assert play["finished"] is False
    assert play["title"] == play["name"] == "Encounter 'Encounter 1', Round 1, Character Action Phase"
