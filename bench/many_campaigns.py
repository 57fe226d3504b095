"""Figure 9: a store of many campaigns (10,000 and a million events at full size) against a store of 10:
``GET /campaigns`` pages and opening a campaign (``GET /campaigns/{id}``, a fresh load: no in-process cache).

The stores are generated in bulk through the store's recorder (``Application.save`` of many campaigns at once,
snapshots taken as the application takes them), not through HTTP; each campaign is a Nanolith campaign of
``adjust`` actions as in figure 2, every seventh a reveal. The requests go through the Flask app in process
(its test client, auth off) so that the figure is the store's and the app's, not the network's.
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from .common import Row, env, open_app, store_url, time_row


def generate(app: Any, campaigns: int, events: int, batch: int = 200) -> list[str]:
    """``campaigns`` campaigns of about ``events`` stored events each, saved ``batch`` campaigns at a time; their ids."""
    from domain.core.campaign import Campaign
    from domain.core.table import TrackAdjusted

    ids = []
    for first in range(0, campaigns, batch):
        made = []
        for n in range(first, min(campaigns, first + batch)):
            campaign = Campaign.start(game="nanolith", name=f"Group {n}", setup={}, ruleset_version=app.games()["nanolith"].version,
                                      actor=None, created_at=f"2026-11-30T00:00:{n % 60:02d}+00:00")
            a = 0
            while campaign.version < events:
                a += 1
                ev = TrackAdjusted(path="characters.cora.stress", value=a % 5, previous=(a - 1) % 5, reason="bulk")
                campaign.record_action(f"a{a}", "adjust", {"path": "characters.cora.stress", "value": a % 5, "reason": "bulk"},
                                       [ev], actor=None, recorded_at="2026-11-30T00:00:00+00:00", reveal=a % 7 == 0,
                                       digital=False, summary="adjust characters.cora.stress", play=None)
            made.append(campaign)
            ids.append(str(campaign.id))
        app.save(*made)
    return ids


def _store(kind: str, workdir: Path, label: str, campaigns: int, events: int, stack: Any) -> tuple[Any, list[str], float]:
    url = stack.enter_context(store_url(kind, workdir, label))
    with env(QUESTLOG_CAMPAIGN_CACHE="0", QUESTLOG_READ_MODELS="off"):
        app = open_app(url, read_models=False)
    start = time.perf_counter()
    ids = generate(app, campaigns, events)
    app.read_models.catch_up()
    built = time.perf_counter() - start
    from api import create_app

    client = create_app(config={"QUESTLOG_AUTH": "off"}, questlog=app).test_client()
    return (app, client), ids, built


def _get(client: Any, path: str) -> None:
    response = client.get(path)
    if response.status_code != 200:
        raise RuntimeError(f"GET {path}: {response.status_code} {response.get_data(as_text=True)[:300]}")


def run(store: str, workdir: Path, campaigns: int, events: int, repeats: int, **_: Any) -> list[Row]:
    """Time list pages and opens on the big store and on a 10-campaign one, interleaved."""
    from contextlib import ExitStack

    rng = random.Random(7)
    with ExitStack() as stack:
        (big, big_client), big_ids, built = _store(store, workdir, "many", campaigns, events, stack)
        (small, small_client), small_ids, _ = _store(store, workdir, "few", 10, events, stack)
        pages = max(1, campaigns // 50)
        lists, lists_small, opens, opens_small, keyset, keyset_small = [], [], [], [], [], []
        for _ in range(repeats):
            for times, client, path in ((lists, big_client, f"/campaigns?page={rng.randint(1, pages)}&page_size=50"),
                                        (lists_small, small_client, "/campaigns?page=1&page_size=50"),
                                        (keyset, big_client, f"/campaigns?after={rng.choice(big_ids)}&page_size=50"),
                                        (keyset_small, small_client, f"/campaigns?after={small_ids[0]}&page_size=50"),
                                        (opens, big_client, f"/campaigns/{rng.choice(big_ids)}"),
                                        (opens_small, small_client, f"/campaigns/{rng.choice(small_ids)}")):
                start = time.perf_counter()
                _get(client, path)
                times.append(time.perf_counter() - start)
        big.close()
        small.close()
    note = f"{campaigns:,} campaigns of {events} events ({campaigns * events:,} events, generated in {built:.0f} s)"
    return [time_row("9 a store of many campaigns", store, f"GET /campaigns page of 50, {campaigns:,} campaigns",
                     "the same, 10 campaigns", lists, lists_small, note=f"numbered pages (OFFSET), kept for small stores; {note}"),
            time_row("9 a store of many campaigns", store, f"GET /campaigns?after=ID page of 50, {campaigns:,} campaigns",
                     "the same, 10 campaigns", keyset, keyset_small, target=2.0,
                     note="keyset pages: the 50 after a campaign anywhere in the list"),
            time_row("9 a store of many campaigns", store, f"GET /campaigns/ID, {campaigns:,} campaigns",
                     "the same, 10 campaigns", opens, opens_small, target=2.0, note="a fresh load: no in-process cache")]
