"""Render benchmark results as the Markdown table of README.md § Latest results:
``.venv/bin/python -m bench.markdown [FILE ...] [--readme README.md]``.

With no file, ``bench/results/latest.json``. Several files (runs of some figures each, e.g. ``--only 8,9`` run
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


def markdown(*reports: dict[str, Any]) -> str:
    """The Markdown of one table over ``reports`` (see :func:`combine`), preceded by one line per run."""
    lines = [_run_line(r) for r in reports]
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
    """Replace the body of ``readme``'s "### Latest results" section (up to the next heading) with ``table``.
    Raises ``ValueError`` if the file has no such section."""
    text = readme.read_text()
    pattern = re.compile(rf"({re.escape(HEADING)}\n\n).*?(\n\n#)", re.S)
    if not pattern.search(text):
        raise ValueError(f"{readme} has no {HEADING!r} section followed by another heading")
    readme.write_text(pattern.sub(lambda m: m.group(1) + table + m.group(2), text, count=1))


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
