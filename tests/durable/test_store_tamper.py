"""Tamper evidence over everything a store holds (issue 11, items 1 and 2), on a SQLite file and PostgreSQL:
an edited event, an edited record field the library adds (timestamp, class_version, originator_topic), an
edited snapshot, and records removed from the end are each found by ``verify``; a forged snapshot is never
served."""

from __future__ import annotations

import json
import sqlite3
from urllib.parse import parse_qs, urlsplit

import pytest

from domain.snapshot_digest import STATE_DIGEST, canonical_digest


class Raw:
    """Direct SQL on a store's tables, as someone with the database file or a database login could."""

    def __init__(self, url: str) -> None:
        self.pg = url.startswith("postgresql://")
        self.url = url

    def _run(self, sql: str, params: tuple = (), fetch: bool = False):
        if not self.pg:
            sql = sql.replace("%s", "?").replace("{events}", "stored_events").replace("{snapshots}", "stored_snapshots")
            with sqlite3.connect(self.url) as conn:
                rows = conn.execute(sql, params).fetchall()
            return rows
        import psycopg

        schema = parse_qs(urlsplit(self.url).query)["schema"][0]
        sql = sql.replace("{events}", f"{schema}.questlog_events").replace("{snapshots}", f"{schema}.questlog_snapshots")
        with psycopg.connect(self.url.split("?")[0], autocommit=True) as conn:
            cur = conn.execute(sql, params)
            return cur.fetchall() if fetch else []

    def edit(self, table: str, version: int, change) -> None:
        """Load the JSON state of the row at ``version``, apply ``change`` to it, store it back."""
        (state,) = self._run(f"SELECT state FROM {{{table}}} WHERE originator_version = %s", (version,), fetch=True)[0]
        data = json.loads(bytes(state))
        change(data)
        self._run(f"UPDATE {{{table}}} SET state = %s WHERE originator_version = %s", (json.dumps(data).encode(), version))

    def delete_after(self, version: int) -> None:
        self._run("DELETE FROM {events} WHERE originator_version > %s", (version,))


@pytest.fixture
def long_toy(any_app, store_url):
    """A toy campaign past its first snapshot (version 100): alice counted 3, then 50 tosses by bob."""
    cid = any_app.create_campaign("toy", "Long night")
    any_app.record(cid, "count", {"character": "alice", "amount": 3})
    for n in range(50):
        any_app.record(cid, "toss", {"character": "bob", "dice": [1 + n % 6, 2]})
    assert any_app.get_campaign(cid).version == 103
    return any_app, cid, Raw(store_url)


def fresh(app):
    """A new application on the same store (nothing cached in memory), wired like the CLI's (its campaign index)."""
    from infrastructure.runtime import attach_read_models

    return attach_read_models(type(app)(env=app.env))


def test_an_untouched_store_verifies_with_everything_checked(long_toy):
    app, cid, _ = long_toy
    report = app.verify(cid)
    assert report["ok"] and report["records"] == 103
    assert "every snapshot against a replay of the records" in report["checked"]


@pytest.mark.parametrize("field, value", [("timestamp", {"_type_": "datetime_iso", "_data_": "2020-01-01T00:00:00+00:00"}),
                                          ("class_version", 1), ("actor", "Mallory")])
def test_an_edited_field_of_an_action_record_is_found_at_its_version(long_toy, field, value):
    app, cid, raw = long_toy
    raw.edit("events", 3, lambda d: d.update({field: value}))  # version 3: alice's count closes there
    report = fresh(app).verify(cid)
    assert report == {"ok": False, "position": 3, "reason": "this record was changed after it was stored"}


def test_an_edited_originator_topic_of_the_creation_record_is_found(long_toy):
    app, cid, raw = long_toy
    raw.edit("events", 1, lambda d: d.update(originator_topic="domain.access:TokenRegistry"))
    assert fresh(app).verify(cid)["position"] == 1


def test_an_edited_game_event_is_found_at_its_version(long_toy):
    app, cid, raw = long_toy
    raw.edit("events", 2, lambda d: d["data"].update(amount=1))
    assert fresh(app).verify(cid)["position"] == 2


def test_a_naively_edited_snapshot_is_never_served_and_verify_names_it(long_toy):
    app, cid, raw = long_toy

    def zero(d):
        for key in ("state", "sealed_state"):
            d["state"][key]["counters"]["alice"] = 0

    raw.edit("snapshots", 100, zero)
    other = fresh(app)
    assert other.view(cid, "board")["counters"]["alice"] == 3  # replayed from the records, not the snapshot
    other.record(cid, "count", {"character": "alice", "amount": 1})
    assert other.view(cid, "board")["counters"]["alice"] == 4  # new writes build on the records
    report = other.verify(cid)
    assert report["ok"] is False and report["position"] == 100
    assert report["reason"] == "snapshot at version 100: the snapshot's state does not match its digest"


def test_a_snapshot_forged_with_a_recomputed_digest_is_found_by_verify(long_toy):
    app, cid, raw = long_toy

    def forge(d):
        for key in ("state", "sealed_state"):
            d["state"][key]["counters"]["alice"] = 0
        d["state"][STATE_DIGEST] = canonical_digest(d["state"])

    raw.edit("snapshots", 100, forge)
    report = fresh(app).verify(cid)
    assert report == {"ok": False, "position": 100, "reason": "snapshot at version 100 differs from a replay of the records: it was edited"}


def test_records_removed_from_the_end_are_found_by_the_campaign_index(long_toy):
    app, cid, raw = long_toy
    raw.delete_after(101)  # the last toss (its event and closing record)
    report = fresh(app).verify(cid)
    assert report["ok"] is False and report["position"] == 101
    assert "the campaign index saw version 103 but the stream ends at 101" in report["reason"]


def test_records_removed_past_a_snapshot_are_found_by_the_snapshot(long_toy):
    app, cid, raw = long_toy
    raw.delete_after(98)
    report = fresh(app).verify(cid)
    assert report["ok"] is False and "a snapshot at version 100 but the stream ends at 98" in report["reason"]


def test_export_refuses_a_store_that_fails_verify_unless_forced(tmp_path):
    import subprocess

    from tests.cli.entry import QUESTLOG

    db = str(tmp_path / "q.sqlite")

    def q(*args):
        return subprocess.run([QUESTLOG, "--db", db, *args], capture_output=True, text=True, timeout=120)

    assert q("new", "nanolith", "Tuesday group").returncode == 0
    assert q("seat", "Mia", "ashitaka").returncode == 0
    Raw(db).edit("events", 2, lambda d: d["timestamp"].update(_data_="2020-01-01T00:00:00+00:00"))
    refused = q("export", "-o", str(tmp_path / "x.jsonl"))
    assert refused.returncode == 4 and "fails verify at version 2" in refused.stderr
    assert not (tmp_path / "x.jsonl").exists()
    forced = q("export", "--force", "-o", str(tmp_path / "x.jsonl"))
    assert forced.returncode == 0 and "⚠ warning: this campaign fails verify at version 2" in forced.stderr
    assert q("verify", str(tmp_path / "x.jsonl")).returncode == 4
