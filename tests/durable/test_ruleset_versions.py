"""``ruleset_version`` is consulted (issue 12): a campaign whose snapshot was folded by older rules is replayed
with the current ones (and its snapshot and read models rewritten), never served stale; one recorded under
newer rules than this Questlog's is refused with a clear message."""

import pytest

from domain.core.errors import IncompatibleRuleset
from domain.core.ruleset import get_ruleset
from tests.core.toy import KIT, Counted


def test_a_snapshot_folded_by_older_rules_is_replayed_with_the_current_ones(app, monkeypatch):
    cid = app.create_campaign("toy", "Upgraded")
    for amount in (1, 2, 3):
        app.record(cid, "count", {"character": "alice", "amount": amount})
    app.take_snapshot(app.get_campaign(cid).id)
    assert app.view(cid, "board")["counters"]["alice"] == 6

    toy = get_ruleset("toy")  # version 2 of the toy's rules: a count is worth double
    monkeypatch.setattr(type(toy), "version", 2)
    monkeypatch.setitem(KIT.handlers, Counted, lambda s, e: s["counters"].__setitem__(e.character, s["counters"][e.character] + 2 * e.amount))
    app._campaigns.__init__(app._campaigns.size)  # a new process: nothing cached

    assert app.view(cid, "board")["counters"]["alice"] == 12
    assert app.get_campaign(cid, at=app.get_campaign(cid).version).state["counters"]["alice"] == 12
    assert app.read_models.view(cid, "board")["data"]["counters"]["alice"] == 12
    app.record(cid, "count", {"character": "bob", "amount": 1})
    app.take_snapshot(app.get_campaign(cid).id)  # a snapshot from before the upgrade is never copied forward
    snapshot = next(iter(app.snapshots.get(app.get_campaign(cid).id, desc=True, limit=1)))
    assert snapshot.state["built_by"] == 2 and snapshot.state["state"]["counters"] == {"alice": 12, "bob": 2}


def test_a_campaign_recorded_under_newer_rules_is_refused_naming_both_versions(app, monkeypatch):
    toy = get_ruleset("toy")
    monkeypatch.setattr(type(toy), "version", 3)
    cid = app.create_campaign("toy", "From the future")
    monkeypatch.setattr(type(toy), "version", 1)
    app._campaigns.__init__(app._campaigns.size)
    with pytest.raises(IncompatibleRuleset, match="'From the future' was recorded with Toy rules version 3; this Questlog has version 1"):
        app.get_campaign(cid)
    with pytest.raises(IncompatibleRuleset):
        app.record(cid, "count", {"character": "alice", "amount": 1})
