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
    report = json.loads((tmp_path / "latest-tiny.json").read_text())  # latest.json is for full runs
    figures = {row["figure"].split()[0] for row in report["rows"]}
    assert figures == {"1", "2", "3", "4", "5", "6", "7", "9", "10", "11", "12", "13", "14", "15"}  # 8 runs on PostgreSQL only
    # an idle page watched for 3 s at tiny size may see no byte at all (the stream pings every 5 s): 0 is a measure there
    unmeasured = [(row["figure"], row["measure"]) for row in report["rows"] if row["baseline"] and not row["ratio"] > 0
                  and not row["measure"].endswith("idle open page: bytes per minute")]
    assert unmeasured == []
    lost = [row["extra"]["lost"] for row in report["rows"] if "lost" in row["extra"]]
    assert lost == [0]


def test_the_several_processes_figure_runs_on_postgresql_and_loses_nothing(tmp_path):
    from tests.conftest import postgres_url

    postgres_url()  # skips (or fails under QUESTLOG_REQUIRE_POSTGRES=1) when no server answers
    done = subprocess.run([sys.executable, "-m", "bench", "--tiny", "--stores", "postgres", "--only", "8", "--results", str(tmp_path)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    rate, cpu = json.loads((tmp_path / "latest-tiny.json").read_text())["rows"]
    row = rate
    assert cpu["measure"].endswith("CPU s per 1,000 accepted actions") and cpu["value"] > 0
    assert (row["extra"]["lost"], row["extra"]["duplicated"], row["extra"]["consistent"]) == (0, 0, True)


def _report(date, rows):
    machine = {"uname": "Linux vm", "cpus": 2, "python": "3.11.7", "eventsourcing": "9.5.3"}
    return {"date": date, "size": "full", "seconds": 10.0, "machine": machine, "rows": rows}


def _row(figure, measure, value, baseline=1.0, target=None):
    ratio = value / baseline if baseline else float("inf")
    return {"figure": figure, "store": "sqlite", "measure": measure, "baseline_name": "base", "value": value, "baseline": baseline,
            "unit": "s", "target": target, "better": "lower", "spread": [0, 0], "p99": None, "n": 1, "note": "",
            "extra": {}, "ratio": ratio, "met": None if target is None else ratio <= target}


def test_markdown_combines_runs_a_later_row_replacing_the_same_figure_and_writes_the_readme_section(tmp_path):
    from bench.markdown import main

    first = _report("2026-11-30T10:00:00+00:00", [_row("1 record", "write", 0.003, 0.001, 2.0), _row("9 many", "open", 0.002, 0.001)])
    second = _report("2026-11-30T11:00:00+00:00", [_row("9 many", "open", 0.0015, 0.001, 2.0)])
    files = []
    for i, report in enumerate((first, second)):
        files.append(tmp_path / f"{i}.json")
        files[-1].write_text(json.dumps(report))
    readme = tmp_path / "README.md"
    readme.write_text("# Q\n\n### Latest results\n\nold table\n\n## Layout\n\nkept\n")
    assert main([*map(str, files), "--readme", str(readme)]) == 0
    text = readme.read_text()
    assert "old table" not in text and text.endswith("## Layout\n\nkept\n")
    assert "Run 2026-11-30T10:00:00+00:00 (full sizes, figures 1, 9, 10.0 s)" in text
    assert "Run 2026-11-30T11:00:00+00:00 (full sizes, figures 9, 10.0 s)" in text
    assert "| 1 | sqlite | write | 3 ms ±0 µs | 1 ms ±0 µs (base) | 3.00x |  | ≤2x | **no** |  |" in text
    assert "| 9 | sqlite | open | 1.5 ms ±0 µs | 1 ms ±0 µs (base) | 1.50x |  | ≤2x | yes |  |" in text
    assert "2.00x" not in text  # the earlier figure 9 row was replaced


def test_a_failing_figure_is_reported_and_the_others_still_run(tmp_path, monkeypatch):
    import bench.__main__ as suite

    def broken(*args, **kwargs):
        raise RuntimeError("server never answered")

    monkeypatch.setattr(suite.cli_roundtrip, "run", broken)
    monkeypatch.setattr(suite.many_campaigns, "run", lambda *a, **k: [suite.Row("9 many", "sqlite", "open", "base", 2.0, 1.0, "s")])
    monkeypatch.setattr(suite, "FAILED", [])
    kept = []
    rows = suite.run_store("sqlite", {"4", "9"}, suite.SIZES["tiny"], tmp_path, lambda text: None, kept.append)
    assert [(r.figure, r.note) for r in rows] == [("4 failed", "FAILED: RuntimeError('server never answered')"), ("9 many", "")]
    assert suite.FAILED == ["sqlite 4 CLI round trip: RuntimeError('server never answered')"]
    assert [[r.figure for r in rows_so_far] for rows_so_far in kept] == [["4 failed"], ["4 failed", "9 many"]]  # kept after each figure


def test_a_partial_full_run_merges_into_latest_json_replacing_only_the_figures_and_stores_it_measured():
    from bench.markdown import markdown, merge

    everything = _report("2026-11-30T10:00:00+00:00", [_row("1 record", "write", 0.003), _row("9 many", "open", 0.002),
                                                        {**_row("9 many", "open", 0.004), "store": "postgres"}])
    later = _report("2026-11-30T11:00:00+00:00", [_row("9 many", "keyset", 0.001)])
    merged = merge(merge(None, everything), later)
    assert [(r["figure"], r["store"], r["measure"]) for r in merged["rows"]] == [
        ("1 record", "sqlite", "write"), ("9 many", "sqlite", "keyset"), ("9 many", "postgres", "open")]
    assert [run["date"] for run in merged["runs"]] == ["2026-11-30T10:00:00+00:00", "2026-11-30T11:00:00+00:00"]
    assert merge(merged, _report("2026-11-30T12:00:00+00:00", everything["rows"]))["runs"][0]["date"] == "2026-11-30T12:00:00+00:00"
    assert "Run 2026-11-30T11:00:00+00:00 (full sizes, figures 9, 10.0 s)" in markdown(merged)
    quick = {**later, "size": "quick"}
    assert merge(merged, quick)["rows"] == quick["rows"]  # a quick run never mixes with full ones
