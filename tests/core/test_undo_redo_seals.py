"""Undo, redo and seals exactly as DESIGN.md § Undo, redo and seals describes them."""

import pytest

from domain.core.errors import NothingToRedo, NothingToUndo, SealedHistory, StaleVersion


def board(app, cid, at=None):
    return app.view(cid, "board", at)


def test_undo_takes_back_the_latest_action_and_redo_puts_it_back(toy):
    app, cid = toy
    app.record(cid, "count", {"character": "alice", "amount": 2})
    app.record(cid, "count", {"character": "bob", "amount": 3})
    assert app.undo(cid).undone_action["verb"] == "count"
    assert board(app, cid)["counters"] == {"alice": 2, "bob": 0}
    app.undo(cid)
    assert board(app, cid)["counters"] == {"alice": 0, "bob": 0}
    app.redo(cid)
    assert board(app, cid)["counters"] == {"alice": 2, "bob": 0}
    app.redo(cid)
    assert board(app, cid)["counters"] == {"alice": 2, "bob": 3}


def test_undo_with_nothing_recorded_is_refused_as_nothing_to_undo_and_stores_nothing(toy):
    app, cid = toy
    version = app.get_campaign(cid).version
    with pytest.raises(NothingToUndo) as refusal:
        app.undo(cid)
    assert refusal.value.code == "nothing_to_undo" and refusal.value.exit_code == 4
    assert app.get_campaign(cid).version == version


def test_redo_without_an_undo_is_refused_as_nothing_to_redo(toy):
    app, cid = toy
    app.record(cid, "count", {"character": "alice", "amount": 1})
    with pytest.raises(NothingToRedo):
        app.redo(cid)


def test_a_new_action_clears_the_redo_stack(toy):
    app, cid = toy
    app.record(cid, "count", {"character": "alice", "amount": 1})
    app.undo(cid)
    app.record(cid, "count", {"character": "bob", "amount": 1})
    with pytest.raises(NothingToRedo):
        app.redo(cid)
    assert board(app, cid)["counters"] == {"alice": 0, "bob": 1}


def test_a_reveal_seals_every_earlier_action_whoever_made_it(toy):
    app, cid = toy
    app.record(cid, "count", {"character": "alice", "amount": 2}, actor="Ann")
    roll = app.record(cid, "toss", {"character": "bob", "dice": [1, 3]}, actor="Ben")
    with pytest.raises(SealedHistory) as refusal:
        app.undo(cid)
    assert refusal.value.code == "sealed"
    assert refusal.value.seal["version"] == roll.version
    assert f"version {roll.version}" in refusal.value.message
    assert board(app, cid)["counters"]["alice"] == 2


def test_undo_walks_back_down_to_the_seal_and_never_past_it(toy):
    app, cid = toy
    app.record(cid, "count", {"character": "alice", "amount": 1})
    app.record(cid, "toss", {"character": "bob", "dice": [6, 6]})
    app.record(cid, "count", {"character": "bob", "amount": 2})
    app.record(cid, "count", {"character": "bob", "amount": 3})
    app.undo(cid)
    app.undo(cid)
    with pytest.raises(SealedHistory):
        app.undo(cid)
    assert board(app, cid) == {"counters": {"alice": 1, "bob": 0}, "last": [6, 6]}


def test_undo_with_a_stale_expected_version_is_refused(toy):
    app, cid = toy
    first = app.record(cid, "count", {"character": "alice", "amount": 1})
    app.record(cid, "count", {"character": "alice", "amount": 1})
    with pytest.raises(StaleVersion) as refusal:
        app.undo(cid, expected_version=first.version)
    assert refusal.value.current_version == first.version + 2
    assert board(app, cid)["counters"]["alice"] == 2


def test_two_devices_pressing_undo_at_the_same_version_undo_one_action(toy):
    app, cid = toy
    app.record(cid, "count", {"character": "alice", "amount": 1})
    last = app.record(cid, "count", {"character": "alice", "amount": 2})
    app.undo(cid, expected_version=last.version)
    with pytest.raises(StaleVersion):
        app.undo(cid, expected_version=last.version)
    assert board(app, cid)["counters"]["alice"] == 1


def test_views_can_be_asked_for_as_of_any_past_version(toy):
    app, cid = toy
    first = app.record(cid, "count", {"character": "alice", "amount": 2})
    app.record(cid, "count", {"character": "alice", "amount": 3})
    app.undo(cid)
    assert board(app, cid, at=first.version)["counters"]["alice"] == 2
    assert board(app, cid, at=first.version + 2)["counters"]["alice"] == 5
    # a version inside an action shows the state after the last action ending before it
    assert board(app, cid, at=first.version + 1)["counters"]["alice"] == 2


def test_history_marks_undone_actions_and_shows_the_seal_and_horizon(toy):
    app, cid = toy
    app.record(cid, "count", {"character": "alice", "amount": 1})
    roll = app.record(cid, "toss", {"character": "bob", "dice": [2, 5]})
    app.record(cid, "count", {"character": "bob", "amount": 1})
    app.undo(cid)
    history = app.view(cid, "history")
    kinds = [(e["kind"], e.get("verb"), e.get("status"), e["sealed"]) for e in history["actions"]]
    assert kinds == [("created", None, None, True), ("action", "count", "effective", True),
                     ("action", "toss", "effective", True), ("action", "count", "undone", False),
                     ("undo", "count", None, False)]
    assert history["horizon"]["seal"]["version"] == roll.version
    assert history["horizon"]["undoable"] == []
    assert len(history["horizon"]["redoable"]) == 1


def test_digital_rolls_are_recorded_and_seal_like_physical_ones(toy):
    import random

    app, cid = toy
    result = app.record(cid, "toss", {"character": "alice"}, digital=True, rng=random.Random(7))
    rolled = result.events[0]["data"]["dice"]
    assert len(rolled) == 2 and all(1 <= d <= 6 for d in rolled)
    assert board(app, cid)["last"] == rolled
    with pytest.raises(SealedHistory):
        app.undo(cid)
