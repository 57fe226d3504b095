"""Writes that used to wait for the read models (bench figure 8, several API processes on one store): a keyed retry
while the read models are behind still finds its action, whatever the key's characters, and a new campaign's name is
checked against the store's reservations and old campaigns without a catch-up per campaign. On both stores."""

from __future__ import annotations

import pytest

from domain.core.errors import BadInput
from domain.core.errors import IdempotencyConflict

KEYS = ["k-1", "k-10", 'said "hi"', "back\\slash", "dé-7", "k-1/2"]
"""Plain ids, a prefix of another, and ids JSON spells with escapes or as UTF-8 (each recorded once below)."""


@pytest.fixture
def behind(store_url):
    """The application with its read models never caught up after writes (as another process's API sees them)."""
    from infrastructure.runtime import open_questlog

    app = open_questlog(store_url, read_models="off")
    yield app
    app.close()


def test_a_retried_key_is_found_in_the_unindexed_tail_whatever_its_characters(behind):
    app = behind
    cid = app.create_campaign("toy", "Behind")
    first = {}
    for key in KEYS:
        first[key] = app.record(cid, "count", {"character": "alice", "amount": 1}, action_id=key)
        app.record(cid, "count", {"character": "bob", "amount": 1})  # unkeyed actions between: the tail to search
    assert app.read_models.recorder.position() < app.recorder.max_notification_id()  # nothing indexed since
    for key in KEYS:
        again = app.record(cid, "count", {"character": "alice", "amount": 1}, action_id=key)
        assert again.duplicate is True and again.version == first[key].version and again.action_id == key
    stored = [a["action_id"] for a in app.stored_actions(cid) if a["kind"] == "action" and a["fields"]["character"] == "alice"]
    assert stored == KEYS  # "k-1" not mistaken for "k-10" nor "k-1/2", each key once
    assert app.view(cid, "board")["counters"] == {"alice": 6, "bob": 6}
    with pytest.raises(IdempotencyConflict):  # a key reused for another action is still told apart from a retry
        app.record(cid, "count", {"character": "alice", "amount": 2}, action_id="k-10")


def test_a_taken_name_is_refused_from_its_reservation_and_an_old_campaign_from_the_index(store_url, monkeypatch):
    from infrastructure.runtime import open_questlog
    from domain.core.campaign import Campaign
    from domain.core.ruleset import get_ruleset

    here, there = open_questlog(store_url, read_models="off"), open_questlog(store_url, read_models="off")
    try:
        old = Campaign.start(game="toy", name="Stored before reservations", setup={}, ruleset_version=get_ruleset("toy").version,
                             actor=None, created_at="2026-01-01T00:00:00+00:00")
        there.save(old)  # no CampaignName saved with it, as before names were reserved
        caught = []
        original = here.read_models.catch_up
        monkeypatch.setattr(here.read_models, "catch_up", lambda *a, **k: caught.append(1) or original(*a, **k))
        with pytest.raises(BadInput, match=r"'Stored before reservations' already exists in this store \(toy, "):
            here.create_campaign("toy", "Stored before reservations")
        assert len(caught) == 1  # the process's first check catches up once: the old campaign is in the index
        elsewhere = there.create_campaign("toy", "Reserved elsewhere")  # the index here has not seen it
        with pytest.raises(BadInput, match=rf"'Reserved elsewhere' already exists in this store \(toy, {elsewhere[:8]}\)"):
            here.create_campaign("toy", "Reserved elsewhere")
        mine = here.create_campaign("toy", "Free")
        here.rename_campaign(mine, "Free")  # a campaign's own name is free for it
        with pytest.raises(BadInput, match="already taken|already exists"):
            here.rename_campaign(mine, "Reserved elsewhere")
        assert len(caught) == 1  # no catch-up per new campaign or rename
        assert sorted(c["name"] for c in here.campaigns()) == ["Free", "Reserved elsewhere", "Stored before reservations"]
    finally:
        here.close()
        there.close()
