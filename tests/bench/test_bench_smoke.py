"""The benchmark suite still runs end to end (tiny sizes, SQLite, in a subprocess, bounded in time).

Figures are not checked: speed is measured in bench/, never asserted in tests (DESIGN.md § Quality).
"""

import json
import subprocess
import sys
from pathlib import Path
from tests import HANG_SECONDS

ROOT = Path(__file__).resolve().parents[2]


def test_the_benchmark_suite_runs_and_writes_every_figure(tmp_path):
    done = subprocess.run([sys.executable, "-m", "bench", "--tiny", "--stores", "sqlite", "--results", str(tmp_path)],
                          cwd=ROOT, capture_output=True, text=True, timeout=HANG_SECONDS)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    report = json.loads((tmp_path / "latest.json").read_text())
    figures = {row["figure"].split()[0] for row in report["rows"]}
    assert figures == {"1", "2", "3", "4", "5", "6", "7", "9", "10"}  # 8 runs on PostgreSQL only
    assert all(row["ratio"] > 0 for row in report["rows"] if row["baseline"])
    lost = [row["extra"]["lost"] for row in report["rows"] if "lost" in row["extra"]]
    assert lost == [0]


def test_the_several_processes_figure_runs_on_postgresql_and_loses_nothing(tmp_path):
    from tests.conftest import postgres_url

    postgres_url()  # skips (or fails under QUESTLOG_REQUIRE_POSTGRES=1) when no server answers
    done = subprocess.run([sys.executable, "-m", "bench", "--tiny", "--stores", "postgres", "--only", "8", "--results", str(tmp_path)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    (row,) = json.loads((tmp_path / "latest.json").read_text())["rows"]
    assert (row["extra"]["lost"], row["extra"]["duplicated"], row["extra"]["consistent"]) == (0, 0, True)
