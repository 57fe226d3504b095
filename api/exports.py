"""Bounds on the work one client may start with an export (issue 28, item 1), kept per worker process.

- **One export in progress per campaign** (per worker): a second ``GET /campaigns/{id}/export`` of a campaign
  whose export is still streaming answers 429 ``export_in_progress`` with ``Retry-After``. With W gunicorn
  workers, at most W exports of one campaign run at once.
- **A read-only token's exports are rate-limited** (per worker): at most ``QUESTLOG_EXPORT_RATE`` exports
  (default 6) in any 60 seconds per token that may only read the campaign, then 429 ``rate_limited`` with
  ``Retry-After`` (whole seconds until one is allowed again). A write or admin token is not counted: it can
  change the campaign anyway. With W workers a read-only token may start at most W x that rate.

The counts live in the worker's memory, so a restart forgets them; that is the documented bound.
"""

from __future__ import annotations

import math
import threading
import time
from collections import deque
from collections.abc import Callable

from .errors import ApiError

WINDOW = 60.0
"""Seconds over which a read-only token's exports are counted."""


class ExportGate:
    """The per-worker gate every HTTP export passes (see the module's docstring)."""

    def __init__(self, rate: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.clock = rate, clock
        self._lock = threading.Lock()
        self._running: set[str] = set()
        self._recent: dict[str, deque[float]] = {}

    def enter(self, campaign_id: str, token_id: str, read_only: bool) -> Callable[[], None]:
        """Admit one export of ``campaign_id``; returns the function that ends it (call it once, when the stream closes).

        Raises :class:`ApiError` 429 when an export of that campaign is in progress here, or when a read-only
        token has started ``rate`` exports in the last :data:`WINDOW` seconds."""
        with self._lock:
            now = self.clock()
            if read_only:
                self._admit_rate(token_id, now)
            if campaign_id in self._running:
                raise ApiError(429, "export_in_progress", "an export of this campaign is in progress; try again when it ends",
                               {"Retry-After": "2"})
            self._running.add(campaign_id)
            if read_only:
                self._recent.setdefault(token_id, deque()).append(now)
        done = threading.Event()

        def leave() -> None:
            if not done.is_set():
                done.set()
                with self._lock:
                    self._running.discard(campaign_id)

        return leave

    def _admit_rate(self, token_id: str, now: float) -> None:
        recent = self._recent.setdefault(token_id, deque())
        while recent and recent[0] <= now - WINDOW:
            recent.popleft()
        if len(recent) >= self.rate:
            wait = max(1, math.ceil(recent[0] + WINDOW - now))
            raise ApiError(429, "rate_limited", f"a read-only token may start {self.rate} exports a minute; try again in {wait} s",
                           {"Retry-After": str(wait)})


__all__ = ["ExportGate", "WINDOW"]
