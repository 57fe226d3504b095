"""Questlog's benchmark suite: ``.venv/bin/python -m bench [--quick] [--stores sqlite,postgres] [--only 1,2,...]``.

Prints a table of every figure against its baseline (measured in the same run, on the same store) with the
ratio, and writes the figures as JSON to ``bench/results/<timestamp>.json`` and ``bench/results/latest.json``.
See bench/README.md for what each figure measures and its target.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import sys
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from . import (api_load, cli_roundtrip, export, long_history, many_campaigns, memory, multiprocess, nemesis, open_long, phone, push,
               rebuild, record, rulesets, statistics, tokens)
from .common import STORES, Row, postgres_available, store_url, workdir

RESULTS = Path(__file__).resolve().parent / "results"
SIZES = {
    "full": {"rounds": 3, "long_events": 100_000, "open_repeats": 40, "rebuild_repeats": 3, "cli_repeats": 10,
             "concurrency": (1, 10, 50), "requests": 1000, "seconds": 30.0, "memory_repeats": 3, "rule_repeats": 10,
             "processes": (1, 2, 4), "mp_campaigns": 50, "many_campaigns": 10_000, "many_events": 100, "many_repeats": 40,
             "history_repeats": 30, "phone_repeats": 5, "idle_seconds": 60.0, "push_rounds": 200, "tokens": 5000, "token_samples": 100},
    "quick": {"rounds": 1, "long_events": 5_000, "open_repeats": 10, "rebuild_repeats": 2, "cli_repeats": 3,
              "concurrency": (1, 10, 50), "requests": 150, "seconds": 10.0, "memory_repeats": 1, "rule_repeats": 2,
             "processes": (1, 2), "mp_campaigns": 50, "many_campaigns": 1_000, "many_events": 20, "many_repeats": 10,
              "history_repeats": 15, "phone_repeats": 2, "idle_seconds": 20.0, "push_rounds": 60, "tokens": 2000, "token_samples": 50},
    "tiny": {"rounds": 1, "long_events": 600, "open_repeats": 3, "rebuild_repeats": 1, "cli_repeats": 1,
             "concurrency": (1, 3), "requests": 20, "seconds": 5.0, "memory_repeats": 1, "rule_repeats": 1,
             "processes": (1,), "mp_campaigns": 3, "many_campaigns": 60, "many_events": 10, "many_repeats": 2,
             "history_repeats": 2, "phone_repeats": 1, "idle_seconds": 3.0, "push_rounds": 5, "tokens": 300, "token_samples": 10},
}


def machine() -> dict[str, Any]:
    from importlib.metadata import version

    return {"uname": " ".join(platform.uname()), "cpus": os.cpu_count(), "python": sys.version.split()[0],
            "eventsourcing": version("eventsourcing")}


def run_store(store: str, only: set[str], size: dict[str, Any], wd: Path, say: Any, keep: Any = None) -> list[Row]:
    """Every chosen figure on ``store``. A figure that fails is reported (a row with no baseline and the error as
    its note, and ``failed`` set) and the others still run; ``keep(rows)`` is called after each figure so a long
    run's finished figures are on disk even if it is interrupted."""
    rows: list[Row] = []

    def figure(label: str, measure: Any) -> None:
        say(f"[{store}] {label}")
        try:
            rows.extend(measure())
        except Exception as exc:  # one broken figure must not throw away the others' hour of measuring
            FAILED.append(f"{store} {label}: {exc!r}")
            rows.append(Row(label.split(" ")[0] + " failed", store, label, "", 0.0, 0.0, "", note=f"FAILED: {exc!r}"[:300]))
        if keep:
            keep(list(rows))

    if "1" in only:
        figure("1 record an action", lambda: record.run(store, wd, rounds=size["rounds"]))
    if only & {"2", "3", "6", "11"}:
        with store_url(store, wd, "long") as url:
            shared: dict[str, Any] = {}
            figure(f"2 open a long campaign ({size['long_events']:,} events)",
                   lambda: open_long.run(store, wd, url=url, long_events=size["long_events"], repeats=size["open_repeats"], shared=shared))
            if "3" in only:
                figure("3 rebuild the read models", lambda: rebuild.run(store, wd, url=url, repeats=size["rebuild_repeats"]))
            if "6" in only and "long" in shared:
                figure("6 memory", lambda: memory.run(store, wd, url=url, campaign_id=shared["long"], events=size["long_events"],
                                                      repeats=size["memory_repeats"]))
            if "11" in only and "long" in shared:
                figure("11 export and verify", lambda: export.run(store, wd, url=url, campaign_id=shared["long"],
                                                                  repeats=size["rebuild_repeats"]))
    if "4" in only:
        figure("4 CLI round trip", lambda: cli_roundtrip.run(store, wd, repeats=size["cli_repeats"]))
    if "5" in only:
        def api() -> list[Row]:
            with store_url(store, wd, "api") as url:
                return api_load.run(store, wd, url=url, concurrency=size["concurrency"], requests=size["requests"],
                                    seconds=size["seconds"])
        figure("5 API under load", api)
    if "8" in only and store == "postgres":
        def multi() -> list[Row]:
            with store_url(store, wd, "multi") as url:
                return multiprocess.run(store, wd, url=url, processes=size["processes"], campaigns=size["mp_campaigns"],
                                        requests=size["requests"], seconds=size["seconds"])
        figure(f"8 several API processes ({size['mp_campaigns']} campaigns)", multi)
    if "9" in only:
        figure(f"9 a store of {size['many_campaigns']:,} campaigns",
               lambda: many_campaigns.run(store, wd, campaigns=size["many_campaigns"], events=size["many_events"],
                                          repeats=size["many_repeats"]))
    if "10" in only:
        figure(f"10 history pages, keyed writes and undo on long campaigns ({size['long_events']:,} events)",
               lambda: long_history.run(store, wd, long_events=size["long_events"], repeats=size["history_repeats"]))
    if "12" in only:
        figure(f"12 statistics on a long campaign ({size['long_events']:,} events)",
               lambda: statistics.run(store, wd, long_events=size["long_events"], repeats=size["rebuild_repeats"]))
    if "13" in only:
        def live() -> list[Row]:
            with store_url(store, wd, "push") as url:
                return push.run(store, wd, url=url, rounds=size["push_rounds"])
        figure("13 live updates (server-sent events)", live)
    if "14" in only and store == "sqlite":  # network- and page-bound: the store behind it barely shows
        def phone_page() -> list[Row]:
            with store_url(store, wd, "phone") as url:
                return phone.run(store, wd, url=url, repeats=size["phone_repeats"], idle_seconds=size["idle_seconds"])
        figure("14 the page on a phone", phone_page)
    if "15" in only:
        figure(f"15 issue a token ({size['tokens']:,} issued)", lambda: tokens.run(store, wd, tokens=size["tokens"],
                                                                                  samples=size["token_samples"]))
    return rows


FAILED: list[str] = []
"""The figures of this run that raised (the run still measures the others, then exits 1)."""

def _fmt(value: float, unit: str) -> str:
    if unit == "s":
        return f"{value * 1000:.3g} ms" if value >= 0.001 else f"{value * 1e6:.3g} µs"
    return f"{value:,.4g} {unit}"


def previous_ratios(results: Path, size_name: str) -> tuple[str, dict[tuple[str, str, str], float]]:
    """The ratios of the latest earlier run of the same size kept in ``results`` (the history of runs), by
    ``(figure, store, measure)``, and that run's date ("" if there is none)."""
    runs = sorted(p for p in results.glob(f"*-{size_name}.json"))
    if not runs:
        return "", {}
    report = json.loads(runs[-1].read_text())
    return report["date"], {(r["figure"], r["store"], r["measure"]): r["ratio"] for r in report["rows"] if r.get("baseline")}


def table(rows: list[Row], previous: dict[tuple[str, str, str], float] | None = None) -> Any:
    from rich.table import Table

    previous = previous or {}
    t = Table(title="Questlog vs its baselines (medians ± IQR; ratio = measure / baseline)", show_lines=False)
    for column in ("fig", "store", "measure", "value", "baseline", "", "ratio", "previous run", "p99 (measure / baseline)",
                   "target", "met", "note"):
        t.add_column(column, overflow="fold")
    for r in rows:
        if not r.baseline:  # a failed figure, or one reported without a baseline
            t.add_row(r.figure.split()[0], r.store, r.measure, "-", "-", "", "-", "", "", "", "", r.note)
            continue
        spread = r.spread or (0.0, 0.0)
        p99 = f"{_fmt(r.p99[0], r.unit)} / {_fmt(r.p99[1], r.unit)}" if r.p99 else ""
        target = "" if r.target is None else (f"≤{r.target:g}x" if r.better == "lower" else f"≥{r.target:g}x")
        met = "" if r.met is None else ("yes" if r.met else "NO")
        before = previous.get((r.figure, r.store, r.measure))
        t.add_row(r.figure.split()[0], r.store, r.measure, f"{_fmt(r.value, r.unit)} ±{_fmt(spread[0], r.unit)}",
                  f"{_fmt(r.baseline, r.unit)} ±{_fmt(spread[1], r.unit)}", r.baseline_name, f"{r.ratio:.2f}x",
                  f"{before:.2f}x" if before is not None else "", p99, target, met, r.note)
    return t


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.split("\n")[0])
    size_group = parser.add_mutually_exclusive_group()
    size_group.add_argument("--quick", action="store_true", help="a smoke run: small fixtures, few repeats (~2 min)")
    size_group.add_argument("--tiny", action="store_true", help="the test suite's smoke run (seconds; figures meaningless)")
    parser.add_argument("--stores", default=",".join(STORES), help="comma-separated: sqlite,postgres")
    parser.add_argument("--only", default="1,2,3,4,5,6,7,8,9,10,11,12,13,14,15", help="comma-separated figure numbers")
    parser.add_argument("--results", type=Path, default=RESULTS, help="directory for the JSON results")
    args = parser.parse_args(argv)
    from rich.console import Console

    console = Console(width=max(200, shutil.get_terminal_size().columns))
    size_name = "tiny" if args.tiny else "quick" if args.quick else "full"
    size = SIZES[size_name]
    only = set(args.only.split(","))
    stores = [s for s in args.stores.split(",") if s]
    if "postgres" in stores and not postgres_available():
        console.print("[yellow]PostgreSQL does not answer: skipping it[/]")
        stores.remove("postgres")
    wd = workdir()
    started = time.perf_counter()
    rows: list[Row] = []
    stamp = datetime.now(timezone.utc)
    partial = args.results / f"{stamp.strftime('%Y%m%dT%H%M%SZ')}-{size_name}.partial.tmp"
    args.results.mkdir(parents=True, exist_ok=True)

    def keep(store_rows: list[Row]) -> None:  # what is measured so far, should the run be cut short
        partial.write_text(json.dumps([r.to_dict() for r in rows + store_rows], indent=1, default=str))

    for store in stores:
        rows += run_store(store, only, size, wd, lambda text: console.print(f"[dim]{text}[/]"), keep)
    if "7" in only:
        console.print("[dim]7 ruleset computations[/]")
        rows += rulesets.run("-", wd, repeats=size["rule_repeats"])
        rows += nemesis.run("-", wd, repeats=size["rule_repeats"])
    then, previous = previous_ratios(args.results, size_name)
    console.print(table(rows, previous))
    targeted = [r for r in rows if r.met is not None]
    missed = [f"{r.figure.split()[0]} {r.store} {r.measure}" for r in targeted if not r.met]
    console.print(f"targets met: {len(targeted) - len(missed)} of {len(targeted)}" + (f"; missed: {'; '.join(missed)}" if missed else "")
                  + (f" (previous {size_name} run: {then})" if then else ""))
    report = {"date": stamp.isoformat(timespec="seconds"), "size": size_name, "machine": machine(), "stores": stores,
              "seconds": round(time.perf_counter() - started, 1), "rows": [r.to_dict() for r in rows]}
    text = json.dumps(report, indent=2, default=str)
    (args.results / f"{stamp.strftime('%Y%m%dT%H%M%SZ')}-{size_name}.json").write_text(text)
    latest = args.results / ("latest.json" if size_name == "full" else f"latest-{size_name}.json")
    from .markdown import merge

    previous = json.loads(latest.read_text()) if latest.exists() else None
    latest.write_text(json.dumps(merge(previous, report), indent=2, default=str))
    partial.unlink(missing_ok=True)
    shutil.rmtree(wd, ignore_errors=True)
    console.print(f"{machine()['uname']}; {os.cpu_count()} CPUs; {report['seconds']} s; results in {latest}")
    for failure in FAILED:
        console.print(f"[red]figure failed: {failure}[/]")
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main())
