"""Issue 11, item 11: checking a token costs the same however many tokens were ever issued (SQLite file and
PostgreSQL). Measured in registry events read from the store, not in time."""

from __future__ import annotations

import copy

import pytest

from domain.core.errors import BadInput

from domain.access import TOKEN_SNAPSHOT_INTERVAL, TOKENS_ID, authenticate, issue_token, revoke_token

ISSUED = 130


def counting(app):
    """Wrap the store's event reads; returns the list that collects how many registry events each read returned."""
    reads: list[int] = []
    select = app.recorder.select_events

    def select_events(originator_id, **kwargs):
        found = select(originator_id, **kwargs)
        if originator_id == TOKENS_ID:
            reads.append(len(found))
        return found

    app.recorder.select_events = select_events
    return reads


def test_a_token_check_reads_a_bounded_number_of_registry_events(any_app):
    tokens = [issue_token(any_app, admin=True, label=f"device {n}")[0] for n in range(ISSUED)]
    revoke_token(any_app, authenticate(any_app, tokens[0]).token_id)
    cold = type(any_app)(env=any_app.env)  # a new process: nothing kept in memory
    reads = counting(cold)
    assert authenticate(cold, tokens[-1]).label == f"device {ISSUED - 1}"
    assert sum(reads) < TOKEN_SNAPSHOT_INTERVAL  # the latest snapshot and the few events after it, not all 132
    reads.clear()
    for token in tokens[1:21]:
        assert authenticate(cold, token) is not None
    assert sum(reads) == 0  # warm: one query each, for registry events stored since: none
    assert authenticate(cold, tokens[0]) is None  # the revocation holds


def test_a_revocation_elsewhere_is_seen_at_the_next_check(any_app):
    token, grant = issue_token(any_app, admin=True, label="phone")
    other = type(any_app)(env=any_app.env)
    assert authenticate(other, token) is not None
    revoke_token(any_app, grant.token_id)
    assert authenticate(other, token) is None


def test_issuing_a_token_costs_the_same_however_many_were_issued(any_app):
    """Issuing used to deep-copy every token record twice and snapshot the whole registry every 50 events: work that
    grew with the tokens issued. Now a warm issue reads no registry event back (it keeps what it saved), and the
    snapshots written while issuing N tokens hold a bounded number of records per token (a fixed interval of 50
    would hold N / 100 each: 12 per token at 1,200)."""
    issued = 1200
    for n in range(issued - 1):
        issue_token(any_app, admin=True, label=f"device {n}")
    reads = counting(any_app)
    token, grant = issue_token(any_app, admin=True, label="the last phone")
    assert sum(reads) == 0  # nothing read back: the registry it saved is the latest
    assert authenticate(any_app, token).label == "the last phone" and sum(reads) == 0
    records = [len(s.state["tokens"]) for s in any_app.snapshots.get(TOKENS_ID)]
    assert sum(records) < 6 * issued  # 750 + 256 + 320 + ... + 1024 ≈ 5,200: every quarter of the version from 256
    assert records[-1] == 1023  # the snapshot at version 1024 (the Created event is version 1)
    cold = type(any_app)(env=any_app.env)
    cold_reads = counting(cold)
    assert authenticate(cold, token).token_id == grant.token_id
    assert sum(cold_reads) <= 1201 - 1024  # the events after the latest snapshot


class _NoScan(dict):
    """A registry's token records that refuse to be walked through: a join that scanned every token fails here."""

    def __iter__(self):
        raise AssertionError("the join code look-up walked through every token")

    def items(self):
        raise AssertionError("the join code look-up walked through every token")

    values = keys = items


def test_a_join_code_is_found_in_an_index_not_by_walking_through_every_token(any_app):
    """Leftover of issue 25, item 1: joining by a code looked at every token ever issued. The registry keeps an index
    (code hash -> token hash), kept through a revocation, and rebuilt once for a registry restored from a snapshot
    taken before the index existed."""
    from domain.access import _registry, hash_token, issue_invite, join_with_code, normal_code

    cid = str(any_app.create_campaign("nanolith", "Invites"))
    invites = [issue_invite(any_app, cid, label=f"invite {n}") for n in range(60)]
    revoke_token(any_app, invites[7][1].token_id)
    cold = type(any_app)(env=any_app.env)  # a new process: the registry from its snapshot and the events after it
    registry = _registry(cold)
    codes = {n: hash_token(normal_code(code)) for n, (_, _, code) in enumerate(invites)}
    records = registry.tokens
    registry.tokens = _NoScan(records)
    assert registry.by_join_code(codes[59]) == hash_token(invites[59][0])
    assert registry.by_join_code(codes[7]) is None  # revoked: its code went with it
    assert len(registry.join_codes) == 59
    registry.tokens = records
    old = copy.copy(registry)
    old.__dict__.pop("join_codes")  # as a registry restored from a snapshot of before the index
    assert old.by_join_code(codes[3]) == hash_token(invites[3][0]) and len(old.join_codes) == 59
    token, grant = join_with_code(cold, invites[59][2].lower())
    assert grant.campaigns == (cid,) and grant.label == "invite 59 (joined by code)" and authenticate(any_app, token) is not None
    with pytest.raises(BadInput, match="no invite has this join code"):
        join_with_code(cold, invites[7][2])
