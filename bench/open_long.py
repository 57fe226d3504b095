"""Figure 2: opening a long campaign (100,000 stored events) against a short one (100 events).

"Opening" is what a fresh process does first: load the latest aggregate from the store, so the campaign
cache is disabled here (``QUESTLOG_CAMPAIGN_CACHE=0``): snapshot plus at most one interval of events.
Also reported: the long campaign replayed from its first event (no snapshots), against the same short open.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from eventsourcing.application import Repository

from .common import Row, build_long_campaign, env, open_app, repeat, time_row, timed


def run(store: str, workdir: Path, url: str, long_events: int, repeats: int, shared: dict[str, Any], **_: Any) -> list[Row]:
    """Build the long campaign into ``url`` (its id left in ``shared["long"]`` for figures 3 and 6), then time opens."""
    if True:
        with env(QUESTLOG_CAMPAIGN_CACHE="0"):
            app = open_app(url, read_models=False)
        build = timed(lambda: shared.__setitem__("long", build_long_campaign(app, long_events)))
        long_id = shared["long"]
        short_id = build_long_campaign(app, 100)
        opens_long, opens_short = [], []
        for _ in range(repeats):  # interleaved, so drift on a shared machine hits both alike
            opens_long.extend(repeat(lambda: app.get_campaign(long_id), 1, warmup=0))
            opens_short.extend(repeat(lambda: app.get_campaign(short_id), 1, warmup=0))
        version = app.get_campaign(long_id).version
        no_snapshots = Repository(app.repository.event_store)
        full = repeat(lambda: no_snapshots.get(app.get_campaign(long_id).id), max(1, repeats // 20), warmup=0)
        app.close()
    note = f"{version:,} events (fixture built in {build:.1f} s)"
    return [
        time_row("2 open a long campaign", store, f"open {version:,} events (snapshots)", "open 100 events",
                 opens_long, opens_short, target=2.0, note=note),
        time_row("2 open a long campaign", store, f"open {version:,} events, full replay", "open 100 events",
                 full, opens_short, note="no snapshots: every event replayed"),
    ]
