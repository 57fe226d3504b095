"""Issue 28, item 1: ``verify`` (and so ``export``) reads a campaign's records once, a page at a time, comparing each
snapshot as the replay passes its version; the CLI's export verifies once."""

from __future__ import annotations

import domain.integrity
from domain.transfer import export_campaign


def _long(app, tosses: int):
    cid = app.create_campaign("toy", "Long night")
    app.record(cid, "count", {"character": "alice", "amount": 3})
    for n in range(tosses):
        app.record(cid, "toss", {"character": "bob", "dice": [1 + n % 6, 2]})
    return cid


def test_verify_reads_each_record_once_in_pages_and_checks_every_snapshot(any_app, monkeypatch):
    cid = _long(any_app, 150)  # 303 events, snapshots at 100, 200, 300 at least
    monkeypatch.setattr(domain.integrity, "PAGE", 40)
    reads: list[int] = []
    select = any_app.recorder.select_events

    def counting(*args, **kwargs):
        found = select(*args, **kwargs)
        reads.append(len(found))
        return found

    monkeypatch.setattr(any_app.recorder, "select_events", counting)
    report = any_app.verify(cid)
    assert report["ok"] is True and report["records"] == 303
    assert max(reads) <= 40  # never the whole stream at once
    assert sum(reads) == 303 + 1  # every record once, plus the one-row existence check
    assert len(list(any_app.snapshots.recorder.select_events(any_app.get_campaign(cid).id))) >= 3


def test_an_export_verifies_the_store_exactly_once(any_app, monkeypatch):
    cid = _long(any_app, 5)
    calls = []
    verify = any_app.verify
    monkeypatch.setattr(any_app, "verify", lambda *a, **k: calls.append(a) or verify(*a, **k))
    text = export_campaign(any_app, cid)
    assert len(calls) == 1 and text.count("\n") == 1 + 13


def test_each_exported_line_is_its_record_as_stored_written_once_more(any_app):
    import json

    from domain.integrity import stored_records
    from domain.transfer import _dumps, export_lines

    cid = any_app.create_campaign("nanolith", "Élodie's group")  # not ASCII: written as it is, like the store writes it
    any_app.record(cid, "start-encounter", {"name": "Encounter 1"})
    any_app.record(cid, "adjust", {"path": "characters.cora.stress", "value": 2, "reason": "a 1 rolled — twice"})
    lines = list(export_lines(any_app, cid))[1:]
    records = list(stored_records(any_app.recorder, any_app.get_campaign(cid).id))
    assert len(lines) == len(records) == any_app.get_campaign(cid).version
    assert lines == [_dumps({"version": r.originator_version, "topic": r.topic, "state": json.loads(r.state)}) for r in records]
    assert "Élodie" in lines[0] and "—" in lines[-2]

