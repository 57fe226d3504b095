"""Persisted read models: tracked exactly once, rebuilt equal to incremental, filterable audit history."""

import pytest


@pytest.fixture
def played(any_app):
    app = any_app
    cid = app.create_campaign("toy", "Audit night")
    app.record(cid, "seat", {"person": "Ann", "characters": ["alice"]})
    app.record(cid, "count", {"character": "alice", "amount": 2})
    app.record(cid, "toss", {"character": "bob", "dice": [1, 5]})
    app.record(cid, "count", {"character": "bob", "amount": 1})
    app.undo(cid)
    return app, cid


def test_the_campaign_index_is_up_to_date_after_each_write(played):
    app, cid = played
    (row,) = app.read_models.campaigns()
    assert row["campaign_id"] == cid and row["name"] == "Audit night" and row["game"] == "toy"
    assert row["version"] == app.get_campaign(cid).version
    assert row["players"] == {"Ann": ["alice"]}
    assert row["seal_version"] == app.get_campaign(cid).seal["version"]


def test_the_persisted_board_equals_the_view_folded_from_the_events(played):
    from domain.views import render_view  # the fold itself (app.view serves the persisted copy when it is current)

    app, cid = played
    persisted = app.read_models.view(cid, "board")
    assert persisted["data"] == render_view(app, cid, "board") == {"counters": {"alice": 2, "bob": 0}, "last": [1, 5]}
    assert persisted["version"] == app.get_campaign(cid).version and persisted["rules"] == 1


def test_the_audit_history_marks_undone_actions_and_seals(played):
    app, cid = played
    rows = app.read_models.audit(cid)
    assert [(r["kind"], r["verb"], r["status"], r["sealed"]) for r in rows] == [
        ("action", "seat", "effective", True), ("action", "count", "effective", True),
        ("action", "toss", "effective", True), ("action", "count", "undone", False), ("undo", None, "", False)]
    assert rows[1]["actor"] == "Ann"


def test_the_audit_history_filters_by_character_and_event_type(played):
    app, cid = played
    assert [r["verb"] for r in app.read_models.audit(cid, character="bob")] == ["toss", "count"]
    assert [r["verb"] for r in app.read_models.audit(cid, event_type="Tossed")] == ["toss"]


def test_a_rebuilt_read_model_equals_the_incrementally_built_one(played):
    app, cid = played
    incremental = app.read_models.dump()
    seen = []
    read = app.read_models.rebuild(progress=lambda done, total: seen.append((done, total)))
    assert read == app.recorder.max_notification_id()
    assert seen and seen[-1][0] == read
    assert app.read_models.dump() == incremental


def test_catching_up_twice_applies_nothing_twice(played):
    app, cid = played
    before = app.read_models.dump()
    assert app.read_models.catch_up() == 0
    assert app.read_models.dump() == before
