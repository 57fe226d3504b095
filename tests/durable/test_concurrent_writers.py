"""Several processes recording into one campaign at once (issue: durable, concurrent and auditable).

Every successful action is stored exactly once, the versions have no gaps, the losers got a conflict
and their retry succeeded, and the final state equals a sequential replay.
"""

import subprocess
import sys
import threading

import pytest

from tests import HANG_SECONDS

WRITERS, EACH = 4, 15


def test_concurrent_processes_store_every_action_exactly_once(any_app, store_url):
    app = any_app
    cid = app.create_campaign("toy", "Busy table")
    procs = [subprocess.Popen([sys.executable, "-m", "tests.durable.writer", store_url, cid, str(EACH), f"w{n}"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for n in range(WRITERS)]
    outputs = [p.communicate(timeout=HANG_SECONDS) for p in procs]
    assert all(p.returncode == 0 for p in procs), [o[1][-2000:] for o in outputs]
    oks = [line for out, _ in outputs for line in out.splitlines() if line.startswith("ok")]
    assert len(oks) == WRITERS * EACH
    actions = [a for a in app.stored_actions(cid) if a["kind"] == "action"]
    reasons = sorted(a["fields"]["reason"] for a in actions)
    assert reasons == sorted(f"w{n}-{i}" for n in range(WRITERS) for i in range(EACH))  # each once, none lost
    versions = [e.originator_version for e in app.repository.event_store.get(app.get_campaign(cid).id)]
    assert versions == list(range(1, len(versions) + 1))  # no gaps
    ended = sorted(int(line.split()[1]) for line in oks)
    assert ended == sorted(a["version"] for a in actions)
    assert app.verify(cid)["ok"]
    app.read_models.catch_up()
    assert app.read_models.dump() == (app.read_models.rebuild() and app.read_models.dump())


def test_the_same_idempotency_key_from_two_threads_records_one_action(any_app):
    app = any_app
    cid = app.create_campaign("toy", "Double tap")
    results, errors = [], []
    barrier = threading.Barrier(2)

    def tap():
        barrier.wait()
        try:
            results.append(app.record(cid, "count", {"character": "alice", "amount": 1}, action_id="tap-42"))
        except Exception as exc:  # noqa: BLE001 - collected and asserted below
            errors.append(exc)

    threads = [threading.Thread(target=tap) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert {r.action_id for r in results} == {"tap-42"}
    assert app.view(cid, "board")["counters"]["alice"] == 1
    assert [a["action_id"] for a in app.stored_actions(cid) if a["kind"] == "action"] == ["tap-42"]


def test_threads_of_one_process_write_concurrently_without_stalling(any_app):
    """Regression: the read-model catch-up once held the writer while reading, stalling other writers."""
    app = any_app
    cid = app.create_campaign("toy", "Three phones")
    errors = []

    def phone(n):
        try:
            for i in range(5):
                app.record(cid, "adjust", {"path": "counters.bob", "value": i, "reason": f"phone {n}"})
        except Exception as exc:  # noqa: BLE001 - collected and asserted below
            errors.append(repr(exc))

    threads = [threading.Thread(target=phone, args=(n,)) for n in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=HANG_SECONDS)
    assert errors == []
    assert len([a for a in app.stored_actions(cid) if a["kind"] == "action"]) == 15
    assert app.read_models.audit(cid, limit=100)[-1]["version"] == app.get_campaign(cid).version
