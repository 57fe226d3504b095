"""Render benchmark results as the Markdown table of README.md § Latest results:
``.venv/bin/python -m bench.markdown [FILE ...] [--readme README.md]``.

With no file, ``bench/results/latest.json`` (the latest full run of every figure and store, :func:`merge`). Several files (runs of some figures each, e.g. ``--only 8,9`` run
apart from the rest) make one table: a row of a later file replaces the same figure, store and measure of an
earlier one, and the header names every run. ``--readme`` writes the table into that file's "### Latest results"
section instead of printing it.
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path
from typing import Any

from .__main__ import RESULTS, _fmt

HEADING = "### Latest results"


def _run_line(report: dict[str, Any]) -> str:
    m = report["machine"]
    figures = sorted({r["figure"].split()[0] for r in report["rows"]}, key=lambda f: (len(f), f))
    return (f"Run {report['date']} ({report['size']} sizes, figures {', '.join(figures)}, {report['seconds']} s) on "
            f"`{m['uname'].strip()}`, {m['cpus']} CPUs, Python {m['python']}"
            + (f", eventsourcing {m['eventsourcing']}." if m.get("eventsourcing", "?") != "?" else "."))


def combine(reports: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows of ``reports`` in order, a later report's row replacing an earlier one of the same figure, store
    and measure (in place, so the table keeps the suite's order)."""
    rows: dict[tuple[str, str, str], dict[str, Any]] = {}
    for report in reports:
        for r in report["rows"]:
            rows[(r["figure"].split()[0], r["store"], r["measure"])] = r
    return list(rows.values())


def merge(previous: dict[str, Any] | None, report: dict[str, Any]) -> dict[str, Any]:
    """``report`` merged into ``previous`` (an earlier merged report, or ``None``): every figure and store
    ``report`` measured replaces all of ``previous``'s rows of that figure and store, the others stay; ``runs``
    lists the runs whose rows remain, oldest first. So ``latest.json`` holds the latest run of every figure and store."""
    def key(row: dict[str, Any]) -> tuple[str, str]:
        return row["figure"].split()[0], row["store"]

    if previous is None or previous.get("size") != report["size"]:
        return {**report, "runs": [_header(report)]}
    measured = {key(r) for r in report["rows"]}
    rows = [r for r in previous["rows"] if key(r) not in measured] + report["rows"]
    kept = {key(r) for r in rows}
    runs = [run for run in previous.get("runs", [_header(previous)])
            if any((f, st) in kept and (f, st) not in measured for f in run["figures"] for st in run["stores"])]
    order = {f: n for n, f in enumerate(["1", "2", "3", "6", "11", "4", "5", "8", "9", "10", "12", "13", "7"])}
    rows.sort(key=lambda r: (r["store"] == "-", r["store"] != "sqlite", order.get(r["figure"].split()[0], 99)))
    return {**report, "rows": rows, "runs": [*runs, _header(report)]}


def _header(report: dict[str, Any]) -> dict[str, Any]:
    figures = sorted({r["figure"].split()[0] for r in report["rows"]}, key=lambda f: (len(f), f))
    stores = sorted({r["store"] for r in report["rows"]})
    return {k: report[k] for k in ("date", "size", "seconds", "machine")} | {"figures": figures, "stores": stores}


def markdown(*reports: dict[str, Any]) -> str:
    """The Markdown of one table over ``reports`` (see :func:`combine`), preceded by one line per run (a merged
    report, :func:`merge`, names each run it holds)."""
    lines = [_run_line({**run, "rows": [{"figure": f} for f in run["figures"]]}) for r in reports for run in r.get("runs", [])] \
        if any("runs" in r for r in reports) else [_run_line(r) for r in reports]
    if len(lines) > 1:
        lines[-1] += " A later run's rows replace the same figure and store of an earlier one."
    if len(reports) > 1:
        lines[-1] += " A later run's row replaces the same figure, store and measure of an earlier one."
    lines += ["", "| fig | store | measure | value (median ± IQR) | baseline (median ± IQR) | ratio | p99 measure / baseline | target | met | note |",
              "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in combine(list(reports)):
        if not r["baseline"]:
            lines.append(f"| {r['figure'].split()[0]} | {r['store']} | {r['measure']} | - | - | - | | | | {r['note']} |")
            continue
        unit, spread = r["unit"], r["spread"] or (0, 0)
        p99 = f"{_fmt(r['p99'][0], unit)} / {_fmt(r['p99'][1], unit)}" if r["p99"] else ""
        target = "" if r["target"] is None else (f"≤{r['target']:g}x" if r["better"] == "lower" else f"≥{r['target']:g}x")
        met = "" if r["met"] is None else ("yes" if r["met"] else "**no**")
        lines.append(f"| {r['figure'].split()[0]} | {r['store']} | {r['measure']} | {_fmt(r['value'], unit)} ±{_fmt(spread[0], unit)} "
                     f"| {_fmt(r['baseline'], unit)} ±{_fmt(spread[1], unit)} ({r['baseline_name']}) | {r['ratio']:.2f}x | {p99} "
                     f"| {target} | {met} | {r['note']} |")
    return "\n".join(lines)


def write_section(readme: Path, table: str) -> None:
    """Replace the body of ``readme``'s "### Latest results" section (up to the next heading, or the end of the
    file) with ``table``. Raises ``ValueError`` if the file has no such section."""
    text = readme.read_text()
    pattern = re.compile(rf"({re.escape(HEADING)}\n\n).*?(\n\n#|\n*\Z)", re.S)
    if not pattern.search(text):
        raise ValueError(f"{readme} has no {HEADING!r} section")
    readme.write_text(pattern.sub(lambda m: m.group(1) + table + (m.group(2) or "\n"), text, count=1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.markdown", description=__doc__.split("\n")[0])
    parser.add_argument("files", nargs="*", type=Path, help="results JSON files, oldest first (default: latest.json)")
    parser.add_argument("--readme", type=Path, help="write the table into this file's '### Latest results' section")
    args = parser.parse_args(argv)
    reports = [json.loads(p.read_text()) for p in args.files or [RESULTS / "latest.json"]]
    table = markdown(*reports)
    if args.readme:
        write_section(args.readme, table)
        print(f"wrote {len(combine(reports))} rows into {args.readme} § Latest results")
    else:
        print(table)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
