"""``Reading.kept_state``: the state as of a version, kept in memory for the next call (the first state of the latest
play, which ``questlog stats`` asks for after each action of the play): the same state ``state(at=V)`` gives, never
changed by what a caller does to the copy it got, and nothing kept with the campaign cache off."""

from __future__ import annotations

from infrastructure.runtime import open_questlog


def stress(state) -> int:
    return state["characters"]["cora"]["stress"]


def test_a_kept_state_is_the_state_at_that_version_and_a_callers_change_never_reaches_the_next(sqlite_url):
    app = open_questlog(sqlite_url)
    try:
        cid = app.create_campaign("nanolith", "Tuesday group")
        app.record(cid, "start-encounter", {"name": "Encounter 1"})
        start = app.get_campaign(cid).version
        for value in (2, 3):
            app.record(cid, "adjust", {"path": "characters.cora.stress", "value": value, "reason": "a misread track"})
        first = app.kept_state(cid, start)
        assert first == app.state(cid, at=start) and stress(first) == 0
        first["characters"]["cora"]["stress"] = 5
        assert stress(app.kept_state(cid, start)) == 0 and stress(app.state(cid)) == 3
        assert len(app._versions_kept._items) == 1
    finally:
        app.close()


def test_with_the_campaign_cache_off_nothing_is_kept(sqlite_url, monkeypatch):
    monkeypatch.setenv("QUESTLOG_CAMPAIGN_CACHE", "0")
    app = open_questlog(sqlite_url)
    try:
        cid = app.create_campaign("nanolith", "Tuesday group")
        app.record(cid, "start-encounter", {"name": "Encounter 1"})
        app.record(cid, "adjust", {"path": "characters.cora.stress", "value": 2, "reason": "a misread track"})
        assert stress(app.kept_state(cid, 3)) == 0 and app._versions_kept._items == {}
    finally:
        app.close()
