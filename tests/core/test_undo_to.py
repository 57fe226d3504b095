"""``undo --to VERSION|BOOKMARK`` (issue 31, item 1): every unsealed action after that point taken back in one
atomic save, refused whole when a seal lies in between (naming it), redo step by step afterwards."""

import pytest

from domain.core.errors import BadInput, NothingToUndo, SealedHistory, StaleVersion


def _round(app):
    cid = app.create_campaign("toy", "Undo to")
    app.record(cid, "count", {"character": "alice", "amount": 1})
    app.record(cid, "toss", {"character": "bob", "dice": [3, 5]})  # a reveal: seals what came before
    marks = [app.record(cid, "count", {"character": "alice", "amount": n}).version for n in (1, 2, 3)]
    return cid, marks


def test_undo_to_takes_back_every_action_after_the_point_in_one_save(app, toy_game):
    cid, (first, second, third) = _round(app)
    assert app.state(cid)["counters"]["alice"] == 7
    result = app.undo_to(cid, first, expected_version=third)
    assert [a["version"] for a in result.undone_actions] == [third, second]
    assert app.state(cid)["counters"]["alice"] == 2
    assert result.version == third + 2  # two undo records, saved together
    app.redo(cid)
    assert app.state(cid)["counters"]["alice"] == 4  # redo puts back one at a time, oldest undone last
    app.redo(cid)
    assert app.state(cid)["counters"]["alice"] == 7


def test_undo_to_before_a_seal_is_refused_whole_naming_the_reveal(app, toy_game):
    cid, (first, _, third) = _round(app)
    with pytest.raises(SealedHistory) as refused:
        app.undo_to(cid, 1)
    assert "toss bob 3 5" in refused.value.message and "undo can go back to version" in refused.value.message
    assert app.get_campaign(cid).version == third and app.state(cid)["counters"]["alice"] == 7


def test_undo_to_refuses_nothing_to_take_back_a_future_version_and_a_stale_view(app, toy_game):
    cid, (_, _, third) = _round(app)
    with pytest.raises(NothingToUndo):
        app.undo_to(cid, third)
    with pytest.raises(BadInput):
        app.undo_to(cid, third + 50)
    with pytest.raises(StaleVersion):
        app.undo_to(cid, third - 1, expected_version=third - 1)
    assert app.get_campaign(cid).version == third
