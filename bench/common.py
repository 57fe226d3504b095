"""Shared pieces of the benchmark suite: stores, statistics, result rows, the long-campaign fixture.

Every figure is a :class:`Row`: a measure and its baseline, both measured in the same run on the same
store, and their ratio. Times are seconds; the table shows milliseconds.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

PG_URL = os.environ.get("QUESTLOG_BENCH_PG", "postgresql://postgres@127.0.0.1:5432/test")
STORES = ("sqlite", "postgres")


@dataclass
class Row:
    """One figure: ``value`` against ``baseline`` (same unit), ``ratio = value / baseline``.

    ``better`` says which way is good (``"lower"`` for times and memory, ``"higher"`` for rates);
    ``target`` is the ratio to meet (``None``: reported only); ``spread`` the interquartile range of
    value and baseline (same unit); ``p99`` the 99th percentiles where asked.
    """

    figure: str
    store: str
    measure: str
    baseline_name: str
    value: float
    baseline: float
    unit: str
    target: float | None = None
    better: str = "lower"
    spread: tuple[float, float] | None = None
    p99: tuple[float, float] | None = None
    n: int = 0
    note: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def ratio(self) -> float:
        return self.value / self.baseline if self.baseline else float("inf")

    @property
    def met(self) -> bool | None:
        if self.target is None:
            return None
        return self.ratio <= self.target if self.better == "lower" else self.ratio >= self.target

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "ratio": self.ratio, "met": self.met}


def quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, by linear interpolation."""
    ordered = sorted(values)
    if len(ordered) == 1:
        return ordered[0]
    pos = (len(ordered) - 1) * q
    low = int(pos)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


def median(values: list[float]) -> float:
    return statistics.median(values)


def iqr(values: list[float]) -> float:
    """Interquartile range: the spread shown beside each median."""
    return quantile(values, 0.75) - quantile(values, 0.25)


def timed(fn: Callable[[], Any]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def repeat(fn: Callable[[], Any], n: int, warmup: int = 1) -> list[float]:
    """``n`` timings of ``fn`` after ``warmup`` untimed calls."""
    for _ in range(warmup):
        fn()
    return [timed(fn) for _ in range(n)]


def time_row(figure: str, store: str, measure: str, baseline_name: str, values: list[float], base: list[float],
             target: float | None = None, p99: bool = False, note: str = "") -> Row:
    """A row of medians (seconds) with their spreads, and p99s if asked."""
    return Row(figure, store, measure, baseline_name, median(values), median(base), "s", target,
               spread=(iqr(values), iqr(base)), p99=(quantile(values, 0.99), quantile(base, 0.99)) if p99 else None,
               n=len(values), note=note)


# -- stores ------------------------------------------------------------------------------------------


@contextmanager
def store_url(kind: str, workdir: Path, label: str) -> Iterator[str]:
    """A fresh store: a new SQLite file in ``workdir`` or a new PostgreSQL schema (dropped afterwards)."""
    if kind == "sqlite":
        yield str(workdir / f"{label}-{uuid.uuid4().hex[:8]}.sqlite")
        return
    schema = f"bench_{label}_{uuid.uuid4().hex[:8]}".replace("-", "_")
    try:
        yield f"{PG_URL}?schema={schema}"
    finally:
        drop_schema(schema)


def drop_schema(schema: str) -> None:
    import psycopg
    from psycopg import sql

    base = PG_URL.split("?")[0]
    with psycopg.connect(base.replace("postgresql://", "postgresql://", 1), autocommit=True, connect_timeout=5) as conn:
        conn.execute(sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(schema)))


def postgres_available() -> bool:
    try:
        import psycopg

        with psycopg.connect(PG_URL, connect_timeout=3):
            return True
    except Exception:
        return False


@contextmanager
def env(**values: str) -> Iterator[None]:
    """Environment variables set for the block (``QUESTLOG_READ_MODELS`` and the like)."""
    saved = {k: os.environ.get(k) for k in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def open_app(url: str, read_models: bool = True) -> Any:
    """The Questlog application on ``url`` (read models kept up to date after each write or not)."""
    from infrastructure.runtime import open_questlog

    with env(QUESTLOG_READ_MODELS="on" if read_models else "off"):
        return open_questlog(url)


def workdir() -> Path:
    return Path(tempfile.mkdtemp(prefix="questlog-bench-"))


# -- the long campaign -------------------------------------------------------------------------------


def build_long_campaign(app: Any, events: int, batch: int = 1000) -> str:
    """A Nanolith campaign of about ``events`` stored events, built with batched saves (seconds, not minutes).

    After a real ``start-encounter``, each action is an ``adjust`` of Cora's Stress (one game event and
    its closing record: two stored events); every seventh is a reveal, so the unsealed tail stays short
    as at a real table.
    """
    from domain.core.table import TrackAdjusted

    cid = app.create_campaign("nanolith", f"Months long ({events} events, {uuid.uuid4().hex[:6]})")
    app.record(cid, "start-encounter", {"name": "Encounter 1"})

    def adjust(n: int, campaign: Any) -> None:
        value, previous = n % 5, (n - 1) % 5
        ev = TrackAdjusted(path="characters.cora.stress", value=value, previous=previous, reason="long")
        campaign.record_action(f"a{n}", "adjust", {"path": "characters.cora.stress", "value": value, "reason": "long"},
                               [ev], actor=None, recorded_at="2026-11-30T00:00:00+00:00", reveal=n % 7 == 0,
                               digital=False, summary="adjust characters.cora.stress", play="Encounter 1")

    fill_campaign(app, cid, events, adjust, batch)
    return cid


def fill_campaign(app: Any, cid: str, events: int, record: Any, batch: int = 1000) -> None:
    """Call ``record(n, campaign)`` for n = 1, 2, ... (each records one action on the loaded campaign) until the
    campaign holds ``events`` stored events, saving every ``batch`` events or so (the application snapshots within
    each save as it would after single saves)."""
    campaign = app.get_campaign(cid)
    n = 0
    while campaign.version < events:
        for _ in range(batch // 2):
            if campaign.version >= events:
                break
            n += 1
            record(n, campaign)
        app.save(campaign)
