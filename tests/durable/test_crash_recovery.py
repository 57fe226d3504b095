"""A writer killed with SIGKILL in the middle of a long session: the store stays consistent and the read
models catch up with no gap and no duplicate; rebuilding from scratch gives the same read models."""

import os
import signal
import subprocess
import sys

from domain.core.campaign import Campaign
from tests import HANG_SECONDS

def test_a_writer_killed_mid_session_leaves_a_consistent_store(any_app, store_url):
    app = any_app
    cid = app.create_campaign("toy", "Power cut")
    proc = subprocess.Popen([sys.executable, "-m", "tests.durable.writer", store_url, cid, "100000", "k"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    recorded = 0
    for line in proc.stdout:
        recorded += line.startswith("ok")
        if recorded == 40:
            os.kill(proc.pid, signal.SIGKILL)
            break
    proc.wait(timeout=HANG_SECONDS)
    assert proc.returncode == -signal.SIGKILL

    stored = list(app.repository.event_store.get(app.get_campaign(cid).id))
    assert [e.originator_version for e in stored] == list(range(1, len(stored) + 1))
    assert isinstance(stored[-1], Campaign.ActionRecorded)  # no action half-stored
    assert app.verify(cid)["ok"]
    actions = [a for a in app.stored_actions(cid) if a["kind"] == "action"]
    assert len(actions) >= 40

    app.read_models.catch_up()
    audit = app.read_models.audit(cid, limit=100000)
    assert [r["version"] for r in audit] == [a["version"] for a in actions]  # no gap, no duplicate
    incremental = app.read_models.dump()
    app.read_models.rebuild()
    assert app.read_models.dump() == incremental
