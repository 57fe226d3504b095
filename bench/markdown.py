"""Render ``bench/results/latest.json`` (or a given results file) as the Markdown table of bench/README.md:
``.venv/bin/python -m bench.markdown [FILE]``."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from .__main__ import RESULTS, _fmt


def markdown(report: dict) -> str:
    m = report["machine"]
    lines = [f"Run {report['date']} ({report['size']} sizes, {report['seconds']} s) on `{m['uname']}`, {m['cpus']} CPUs, "
             f"Python {m['python']}.", "",
             "| fig | store | measure | value (median ± IQR) | baseline (median ± IQR) | ratio | p99 measure / baseline | target | met | note |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in report["rows"]:
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


if __name__ == "__main__":
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else RESULTS / "latest.json"
    print(markdown(json.loads(path.read_text())))
