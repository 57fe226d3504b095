"""``Questlog.view`` serves a kept view (the board) from the read models only when their copy is exactly what folding
the campaign gives: drawn at the stream's latest version by the rules this code has. Otherwise it folds, so a read
model that is behind, drawn by older rules, or from a store made before the rules' version was kept is never shown."""

import sqlite3

import pytest

import domain.views
from domain.core.ruleset import get_ruleset
from infrastructure.runtime import open_questlog
from tests.core.toy import KIT, Counted

BOARD = {"counters": {"alice": 3, "bob": 0}, "last": []}


@pytest.fixture
def counted(app):
    cid = app.create_campaign("toy", "Kept")
    first = app.record(cid, "count", {"character": "alice", "amount": 1})
    app.record(cid, "count", {"character": "alice", "amount": 2})
    app.first_count_version = first.version
    return app, cid


def _no_fold(monkeypatch):
    """Make folding a view fail: whatever ``view`` returns then came from the read models."""
    def refuse(*_args, **_kwargs):
        raise AssertionError("the view was folded from the events")

    monkeypatch.setattr(domain.views, "render_view", refuse)


def test_an_up_to_date_kept_view_is_read_from_the_read_models_without_folding(counted, monkeypatch):
    app, cid = counted
    _no_fold(monkeypatch)
    assert app.view(cid, "board") == BOARD
    assert app.kept_view(cid, "board") == BOARD


def test_a_view_the_read_models_do_not_keep_or_one_asked_at_a_version_is_folded(counted, monkeypatch):
    app, cid = counted
    assert app.kept_view(cid, "history") is None and app.kept_view(cid, "nope") is None
    assert app.view(cid, "board", at=app.first_count_version) == {"counters": {"alice": 1, "bob": 0}, "last": []}
    with pytest.raises(Exception, match="no view 'nope'"):
        app.view(cid, "nope")


def test_read_models_behind_the_stream_are_not_served(sqlite_url, monkeypatch):
    monkeypatch.setenv("QUESTLOG_READ_MODELS", "off")  # writes store events only: the kept board stays behind
    app = open_questlog(sqlite_url)
    cid = app.create_campaign("toy", "Behind")
    app.read_models.catch_up()
    app.record(cid, "count", {"character": "alice", "amount": 3})
    assert app.read_models.view(cid, "board")["version"] < app.get_campaign(cid).version
    assert app.kept_view(cid, "board") is None
    assert app.view(cid, "board") == BOARD
    app.close()


def test_a_copy_drawn_by_other_rules_is_not_served(counted, monkeypatch):
    app, cid = counted
    monkeypatch.setattr(type(get_ruleset("toy")), "version", 2)  # an upgrade: a count is worth double
    monkeypatch.setitem(KIT.handlers, Counted, lambda s, e: s["counters"].__setitem__(e.character, s["counters"][e.character] + 2 * e.amount))
    app._campaigns.__init__(app._campaigns.size)  # a new process: nothing cached
    assert app.kept_view(cid, "board") is None
    assert app.view(cid, "board")["counters"]["alice"] == 6  # folded with the new rules, not the copy's 3
    app.record(cid, "count", {"character": "bob", "amount": 1})  # the next write's catch-up redraws the copy
    assert app.read_models.view(cid, "board")["rules"] == 2
    _no_fold(monkeypatch)
    assert app.view(cid, "board")["counters"] == {"alice": 6, "bob": 2}


def test_a_store_from_before_the_rules_version_was_kept_gets_the_column_and_folds_until_rewritten(sqlite_url):
    with sqlite3.connect(sqlite_url) as db:  # ql_views as stores made before had it
        db.execute("CREATE TABLE ql_views (campaign_id TEXT, view TEXT, version INTEGER, data TEXT, PRIMARY KEY (campaign_id, view))")
    app = open_questlog(sqlite_url)
    cid = app.create_campaign("toy", "Old store")
    app.record(cid, "count", {"character": "alice", "amount": 3})
    assert app.read_models.view(cid, "board")["rules"] == 1  # the column was added when the read models opened
    with sqlite3.connect(sqlite_url) as db:
        db.execute("UPDATE ql_views SET rules = NULL")  # rows written before the column existed
    assert app.kept_view(cid, "board") is None
    assert app.view(cid, "board") == BOARD
    app.close()


def test_a_malformed_or_unknown_campaign_id_is_refused_as_before(app):
    from domain.core.errors import BadInput, UnknownCampaign

    with pytest.raises(BadInput):
        app.view("not-an-id", "board")
    with pytest.raises(UnknownCampaign):
        app.view("00000000-0000-4000-8000-000000000000", "board")


def test_a_bookmark_moves_the_index_version_and_the_kept_view_stays_served(counted, monkeypatch):
    app, cid = counted
    marked = app.bookmark(cid, "before-the-boss")
    assert marked.version == app.get_campaign(cid).version == 6
    assert [c["version"] for c in app.campaigns() if c["id"] == cid] == [6]  # was 5: a stale expected version
    _no_fold(monkeypatch)
    assert app.view(cid, "board") == BOARD
