"""Figure 11: export and verify the long campaign (figure 2's, 100,000 events; quick: 5,000) against a rebuild of
the read models from the same events (issue 28, item 1: within 2x). Times in seconds (lower is better).

``verify`` is one pass over the records in constant memory (``domain.integrity.verify_store``); ``export`` is that
verify then the streamed lines, written to a null sink as the CLI writes them to a file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from domain.transfer import export_lines

from .common import Row, iqr, median, open_app, timed


def _export(app: Any, campaign_id: str) -> int:
    return sum(len(line) + 1 for line in export_lines(app, campaign_id))


def run(store: str, workdir: Path, url: str, campaign_id: str, repeats: int, **_: Any) -> list[Row]:
    app = open_app(url, read_models=True)
    events = app.recorder.max_notification_id() or 0  # the store's: the long campaign and figure 2's 100-event one
    length = app.get_campaign(campaign_id).version
    rebuilt, verified, exported = [], [], []
    for _ in range(repeats):
        rebuilt.append(timed(lambda: app.read_models.rebuild()))
        verified.append(timed(lambda: app.verify(campaign_id)))
        exported.append(timed(lambda: _export(app, campaign_id)))
    app.close()
    base = f"rebuild the read models ({events:,} events)"
    return [Row("11 export and verify", store, f"verify {length:,} events", base, median(verified), median(rebuilt), "s", target=2.0,
                spread=(iqr(verified), iqr(rebuilt)), n=repeats),
            Row("11 export and verify", store, f"export {length:,} events", base, median(exported), median(rebuilt), "s", target=2.0,
                spread=(iqr(exported), iqr(rebuilt)), n=repeats)]
