"""Figure 3: rebuilding the read models from the long campaign's notifications, against the library's raw
read of the same notifications turned back into events (``recorder.select_notifications`` in the same
batches, then ``mapper.to_domain_event`` on each). Rates are events per second (higher is better).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from projections.readmodels import BATCH

from .common import Row, iqr, median, open_app, timed


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


def run(store: str, workdir: Path, url: str, repeats: int, **_: Any) -> list[Row]:
    app = open_app(url, read_models=True)
    total = app.recorder.max_notification_id() or 0
    raw, rebuilt = [], []
    for _ in range(repeats):
        raw.append(total / timed(lambda: raw_read(app)))
        rebuilt.append(total / timed(lambda: app.read_models.rebuild()))
    app.close()
    return [Row("3 rebuild the read models", store, f"rebuild from {total:,} events", "raw read + decode",
                median(rebuilt), median(raw), "events/s", target=0.6, better="higher", spread=(iqr(rebuilt), iqr(raw)),
                n=repeats)]
