"""Figure 3: rebuilding the read models from the long campaign's notifications, against the library's raw
read of the same notifications turned back into events (``recorder.select_notifications`` in the same
batches, then ``mapper.to_domain_event`` on each). Rates are events per second (higher is better).

Measured so that noise cannot hide the figure (issue 29, item 5): the raw read and the rebuild alternate (one of
each per round, at least :data:`MIN_ROUNDS` rounds), and each is measured twice: in CPU seconds, this process's
and, on PostgreSQL, those of the database backends serving its connections (``/proc``, :mod:`.cpu`), the row with
the target; and in wall-clock seconds, reported beside it with how busy the machine's CPUs were. On 2 CPUs shared
with other work the wall-clock rate of either side swings 2-10x between runs (the raw read alone at 4,800-61,000
events/s on 2026-12-02), while the CPU either side spends moves little.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from projections.readmodels import BATCH

from .common import Row, env, iqr, median, open_app
from .cpu import Meter, busy_share, cpu_busy

MIN_ROUNDS = 5
"""Rounds of the raw read and the rebuild, alternating, whatever the size's repeats."""


def raw_read(app: Any) -> int:
    """Read every notification in ``BATCH``-sized pages and decode each into a domain event; returns the count."""
    count, start = 0, 1
    while True:
        notifications = app.recorder.select_notifications(start, BATCH)
        if not notifications:
            return count
        for n in notifications:
            app.mapper.to_domain_event(n)
        count += len(notifications)
        start = notifications[-1].id + 1


def application_name(label: str) -> str:
    """The ``application_name`` this process's PostgreSQL connections carry while a figure measures (``PGAPPNAME``)."""
    return f"questlog-bench-{label}-{os.getpid()}"


class Clock:
    """Wall-clock and CPU seconds of a block: this process's CPU and, for a PostgreSQL ``url``, its backends' (the
    connections named :func:`application_name`), and how busy the machine's CPUs were meanwhile."""

    def __init__(self, url: str, name: str) -> None:
        self.meter = Meter([], url, name) if url.startswith("postgresql") else None

    def measure(self, fn: Callable[[], Any]) -> tuple[float, float, float]:
        """``(wall seconds, CPU seconds, busy share 0..1)`` of ``fn()`` (this process's CPU from ``time.process_time``,
        its backends' from ``/proc``, in clock ticks)."""
        backends = self.meter.read() if self.meter else {}
        busy0, own, start = cpu_busy(), time.process_time(), time.perf_counter()
        fn()
        wall, own = time.perf_counter() - start, time.process_time() - own
        spent = Meter.spent(backends, self.meter.read()) if self.meter else 0.0
        return wall, own + spent, busy_share(busy0, cpu_busy())


def rate_rows(figure: str, store: str, measure: str, total: int, value: list[tuple[float, float, float]],
              base: list[tuple[float, float, float]], note: str = "") -> list[Row]:
    """Two rows of ``total`` events over each measurement (:meth:`Clock.measure`) against the raw read's: events per CPU
    second (target >= 0.6x) and events per wall-clock second (reported only, with how busy the CPUs were)."""
    cpu, cpu_base = [total / max(c, 1e-9) for _, c, _ in value], [total / max(c, 1e-9) for _, c, _ in base]
    wall, wall_base = [total / w for w, _, _ in value], [total / w for w, _, _ in base]
    busy = median([b for _, _, b in value + base])
    paired = median([v / b for v, b in zip(cpu, cpu_base)])
    sep = "; " if note else ""
    return [Row(figure, store, f"{measure}, CPU seconds", "raw read + decode", median(cpu), median(cpu_base), "events/CPU s",
                target=0.6, better="higher", spread=(iqr(cpu), iqr(cpu_base)), n=len(value),
                note=f"{note}{sep}median of the rounds' own ratios {paired:.2f}x; this process + its database backends"),
            Row(figure, store, measure, "raw read + decode", median(wall), median(wall_base), "events/s", better="higher",
                spread=(iqr(wall), iqr(wall_base)), n=len(value), note=f"{note}{sep}wall clock; CPUs {busy:.0%} busy")]


def run(store: str, workdir: Path, url: str, repeats: int, **_: Any) -> list[Row]:
    name = application_name("rebuild")
    with env(PGAPPNAME=name):
        app = open_app(url, read_models=True)
        clock = Clock(url, name)
        total = app.recorder.max_notification_id() or 0
        raw, rebuilt = [], []
        for _ in range(max(MIN_ROUNDS, repeats)):
            raw.append(clock.measure(lambda: raw_read(app)))
            rebuilt.append(clock.measure(lambda: app.read_models.rebuild()))
        app.close()
    return rate_rows("3 rebuild the read models", store, f"rebuild from {total:,} events", total, rebuilt, raw)
