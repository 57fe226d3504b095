"""Figure 6: peak resident memory (``VmHWM``; ``ru_maxrss`` where /proc is missing, but on Linux it is
inherited across fork and exec, so it would report the parent's peak) of a process that opens the long campaign, and of one
that rebuilds the read models from it, against a process that only imports the application and opens the
store. Each runs in its own subprocess, so peaks do not mix.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from .common import Row, median

ROOT = Path(__file__).resolve().parent.parent
CHILD = """
import json, resource, sys
from bench.common import open_app
app = open_app(sys.argv[2], read_models=sys.argv[1] == "rebuild")
if sys.argv[1] == "open":
    app.get_campaign(sys.argv[3])
elif sys.argv[1] == "rebuild":
    app.read_models.rebuild()
status = dict(line.split(":", 1) for line in open("/proc/self/status") if ":" in line)
hwm = int(status["VmHWM"].split()[0]) * 1024 if "VmHWM" in status else resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(json.dumps(hwm))
"""


def peak(task: str, url: str, campaign_id: str) -> int:
    """Peak RSS in bytes of a child doing ``task`` (``import``, ``open``, ``rebuild``)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "QUESTLOG_CAMPAIGN_CACHE": "0"}
    done = subprocess.run([sys.executable, "-c", CHILD, task, url, campaign_id], env=env, cwd=ROOT, capture_output=True,
                          text=True, timeout=600)
    if done.returncode:
        raise RuntimeError(f"memory child {task} failed: {done.stderr[-2000:]}")
    return int(json.loads(done.stdout.strip().splitlines()[-1]))


def run(store: str, workdir: Path, url: str, campaign_id: str, events: int, repeats: int = 3, **_: Any) -> list[Row]:
    mib = 1024 * 1024
    base = [peak("import", url, campaign_id) / mib for _ in range(repeats)]
    opened = [peak("open", url, campaign_id) / mib for _ in range(repeats)]
    rebuilt = [peak("rebuild", url, campaign_id) / mib for _ in range(max(1, repeats - 1))]
    return [
        Row("6 memory", store, f"peak RSS opening {events:,} events", "import + open store", median(opened), median(base), "MiB",
            spread=(max(opened) - min(opened), max(base) - min(base)), n=len(opened)),
        Row("6 memory", store, f"peak RSS rebuilding {events:,} events", "import + open store", median(rebuilt), median(base),
            "MiB", spread=(max(rebuilt) - min(rebuilt), max(base) - min(base)), n=len(rebuilt)),
    ]
