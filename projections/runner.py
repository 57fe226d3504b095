"""What drives the read models after writes: the runner the composition root (:mod:`infrastructure.runtime`)
attaches to the application as a write listener, the same for the CLI and the API (DESIGN.md § Architecture).

The write path only stores events and tells its listeners; the runner then either

- ``"sync"``: catches the read models up before the write returns (the CLI, whose process may end at once,
  and the tests, which read the read models right after a write);
- ``"background"``: wakes one thread per process that catches up in batches (the API: a write answers as
  soon as its events are stored, and N writers on N campaigns no longer each pay for the others' read-model
  work; and with several processes on one store, a runner that finds another process's catch-up under way
  skips it); every read of a read model (``GET /campaigns``, the audit) catches up synchronously first, so what
  it shows is never behind the writes it answers after;
- ``"off"``: nothing after writes (bulk loads, benchmarks of the bare write); reads still catch up.

``QUESTLOG_READ_MODELS`` (``sync``, ``background``, ``off``; ``on`` means the adapter's default) chooses.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

MODES = ("sync", "background", "off")
IDLE_SECONDS = 1.0
"""A background runner also looks for other processes' writes this often when nothing wakes it."""

log = logging.getLogger(__name__)


class ReadModelRunner:
    """A write listener (``runner(campaign)``) that brings ``read_models`` up to date in the chosen ``mode``."""

    def __init__(self, read_models: Any, mode: str, closing: threading.Event) -> None:
        if mode not in MODES:
            raise ValueError(f"read-model mode must be one of {', '.join(MODES)}, not {mode!r}")
        self.read_models = read_models
        self.mode = mode
        self._closing = closing
        self._wake = threading.Event()
        self._thread: threading.Thread | None = None
        if mode == "background":
            self._thread = threading.Thread(target=self._loop, name="questlog-read-models", daemon=True)
            background = getattr(read_models.app, "background", None)
            if background is not None:  # joined by the application's close before the store closes
                self._thread.wake = self._wake.set  # type: ignore[attr-defined]
                background.append(self._thread)
            self._thread.start()

    def __call__(self, campaign: Any = None) -> None:
        """After a save: catch up now (``sync``), wake the thread (``background``) or do nothing (``off``).

        ``sync`` hands the catch-up the save's own recordings (``Questlog.just_saved``): when they are exactly
        what the read models have not applied, nothing is read back from the log."""
        saved = self.read_models.app.just_saved()  # taken in every mode: not kept past the write it belongs to
        if self.mode == "sync":
            self.read_models.catch_up(latest=campaign, saved=saved)
        elif self.mode == "background":
            self._wake.set()

    def _loop(self) -> None:
        while not self._closing.is_set():
            self._wake.wait(IDLE_SECONDS)
            self._wake.clear()
            if self._closing.is_set():
                return
            try:
                self.read_models.catch_up(skip_if_busy=True)  # another process catching up applies these too
            except Exception:  # a store hiccup must not end the thread: the next wake or read retries
                log.exception("read-model catch-up failed; retrying on the next write or read")
