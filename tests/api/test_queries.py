"""Checks over HTTP are reads (issue 19, item 2): ``GET /campaigns/{id}/queries/{verb}`` answers and stores nothing."""


def test_check_content_over_http_answers_and_stores_nothing(live_sqlite):
    cid = live_sqlite.new_campaign("nanolith", "Checks")
    before = live_sqlite.call("GET", f"/campaigns/{cid}").json()["version"]
    answer = live_sqlite.call("GET", f"/campaigns/{cid}/queries/check-content")
    assert answer.status_code == 200, answer.text
    assert answer.json()["data"]["packs"][0]["pack"] == "nanolith-core" and answer.json()["version"] == before
    assert live_sqlite.call("GET", f"/campaigns/{cid}").json()["version"] == before
    recorded = live_sqlite.call("POST", f"/campaigns/{cid}/actions", json={"verb": "check-content", "fields": {}})
    assert recorded.status_code == 422 and "stores nothing, not an action" in recorded.json()["message"]
    assert live_sqlite.call("GET", f"/campaigns/{cid}/queries/fly").status_code == 422
