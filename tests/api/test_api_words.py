"""A Scenario's setup refused over HTTP is told in the API's words: the JSON field to send (``trace_top``), never the
CLI's option (``--trace-top``) the same refusal names on a command line (tamashii.txt § Trace)."""

import subprocess

from tests.cli.entry import QUESTLOG


def _geohunt_without_trace_top(live):
    cid = live.new_campaign(game="tamashii", name="Setup words")
    for verb, fields in (("start-scenario", {"scenario": "prologue", "boards": ["red"], "mode": "coop"}),
                         ("draw-scenario-lost-card", {"card": "A07"})):
        assert live.call("POST", f"/campaigns/{cid}/actions/{verb}", json={"fields": fields}).status_code == 201
    return cid, live.call("POST", f"/campaigns/{cid}/actions/start-scenario",
                          json={"fields": {"scenario": "geohunt", "boards": ["red"], "mode": "coop"}})


def test_a_missing_setup_figure_names_the_json_field_over_http(live_sqlite):
    cid, refused = _geohunt_without_trace_top(live_sqlite)
    body = refused.json()
    assert refused.status_code == 422 and body["error"] == "invalid_input"
    assert body["message"].startswith("give the “trace_top” field: the top space of the Trace track")
    assert "--" not in body["message"] and body["fields"] == {"trace_top": ["required: the Trace track's top space"]}
    assert live_sqlite.call("GET", f"/campaigns/{cid}").json()["version"] == 5  # nothing stored


def test_the_cli_still_names_its_option(tmp_path):
    db = str(tmp_path / "q.sqlite")
    for line in (["new", "tamashii", "T"], ["start-scenario", "prologue", "red", "--mode", "coop"], ["draw-scenario-lost-card", "A07"]):
        assert subprocess.run([QUESTLOG, "--db", db, *line], capture_output=True, timeout=120).returncode == 0
    done = subprocess.run([QUESTLOG, "--db", db, "start-scenario", "geohunt", "red", "--mode", "coop"], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 2 and done.stderr.startswith("✘ bad input: give --trace-top: the top space of the Trace track")
