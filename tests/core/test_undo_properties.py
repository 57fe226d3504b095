"""DESIGN.md's undo invariants as properties, on random action sequences (hypothesis).

- undo then redo is the identity on state;
- undo never changes state at or before a seal;
- replaying the stored events from scratch gives the live aggregate's state;
- a snapshot-loaded aggregate equals a fully replayed one.
"""

import contextlib

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.application import Questlog
from domain.core import tail
from domain.core.campaign import Campaign
from domain.core.errors import Conflict, RuleViolation
from infrastructure.runtime import attach_read_models
from infrastructure.store import store_env

steps = st.lists(st.one_of(
    st.tuples(st.just("count"), st.sampled_from(["alice", "bob"]), st.integers(1, 3)),
    st.tuples(st.just("toss"), st.sampled_from(["alice", "bob"]), st.lists(st.integers(1, 6), min_size=1, max_size=3)),
    st.tuples(st.just("adjust"), st.sampled_from(["alice", "bob"]), st.integers(0, 10)),
    st.just(("undo",)), st.just(("redo",)),
), min_size=1, max_size=25)


class SnappyQuestlog(Questlog):
    snapshotting_intervals = {Campaign: 4}


def full_replay(app, cid):
    aggregate = None
    for stored in app.repository.event_store.get(cid):
        aggregate = stored.mutate(aggregate)
    return aggregate


def apply(app, cid, step):
    verb = step[0]
    if verb in ("undo", "redo"):
        return getattr(app, verb)(cid)
    fields = {"count": lambda: {"character": step[1], "amount": step[2]},
              "toss": lambda: {"character": step[1], "dice": step[2]},
              "adjust": lambda: {"path": f"counters.{step[1]}", "value": step[2], "reason": "property test"}}[verb]()
    return app.record(cid, verb, fields)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(sequence=steps)
def test_undo_invariants_hold_on_random_sequences(tmp_path_factory, sequence):
    check_invariants(tmp_path_factory, sequence, {})


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(sequence=steps)
def test_undo_invariants_hold_when_every_load_is_a_snapshot_that_hides_most_of_the_tail(tmp_path_factory, monkeypatch, sequence):
    """Snapshots keep only the tail's last 2 actions and no campaign is kept in memory, so every step loads from a
    snapshot whose older unsealed actions are read back from the store when an undo or redo reaches them."""
    monkeypatch.setattr(tail, "SNAPSHOT_TAIL", 2)
    check_invariants(tmp_path_factory, sequence, {"QUESTLOG_CAMPAIGN_CACHE": "0"})


def check_invariants(tmp_path_factory, sequence, env):
    app = attach_read_models(SnappyQuestlog(env={**store_env(str(tmp_path_factory.mktemp("p") / "q.sqlite")), **env}))
    cid = app.create_campaign("toy", "property")
    for step in sequence:
        campaign = app.get_campaign(cid)
        before, sealed_before = campaign.state, campaign.sealed_state
        with contextlib.suppress(Conflict, RuleViolation):
            apply(app, cid, step)
            after = app.get_campaign(cid)
            if step[0] == "undo":
                assert after.sealed_state == sealed_before, "undo changed state at or before a seal"
                app.redo(cid)
                assert app.get_campaign(cid).state == before, "undo then redo is not the identity"
                app.undo(cid)  # leave it undone, so later steps run on undone actions too
        live = app.get_campaign(cid)
        replayed = full_replay(app, live.id)
        assert replayed.state == live.state, "a snapshot-loaded aggregate differs from a full replay"
        assert replayed.version == live.version
    if app.get_campaign(cid).version >= 4:
        assert list(app.snapshots.get(live.id)), "no snapshot was taken, so the snapshot check proved nothing"
    fresh = attach_read_models(SnappyQuestlog(env={**store_env(app.env["SQLITE_DBNAME"]), **env}))
    assert fresh.get_campaign(cid).state == app.get_campaign(cid).state
    assert app.verify(cid)["ok"], "a stored snapshot differs from a snapshot of a full replay"
    app.close()
    fresh.close()
