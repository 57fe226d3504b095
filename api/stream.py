"""One shared watch of the store's head per process, for the live-update streams (DESIGN.md § The table page,
Live updates; issue 25, item 3).

Every stream of a process waits on this one watcher, never on the process's memory of its own writes: the watcher
asks the store for its latest notification id every ``QUESTLOG_WATCH_MS`` (50 ms; one indexed query however many
streams are open), reads the notifications after the last one it saw and wakes the streams of the campaigns they
belong to. So a write made by any process or gunicorn worker on the same store (SQLite file or PostgreSQL) reaches
every stream, and a stream costs no query while nothing happens. The thread starts with the first stream and stops
when the last one has been gone for a while.
"""

from __future__ import annotations

import os
import threading
import time
import uuid
import weakref
from typing import Any

IDLE_SECONDS = 10.0
"""How long the watcher keeps polling with no stream open before its thread ends."""
_BATCH = 500


class Subscription:
    """One stream's wake-up call: :meth:`wait` returns ``True`` when its campaign may have moved on."""

    def __init__(self, watcher: HeadWatcher, campaign_id: str) -> None:
        self.campaign_id = campaign_id
        self._event = threading.Event()
        self._watcher = watcher

    def wake(self) -> None:
        """Called by the watcher when the campaign's stream has new records."""
        self._event.set()

    def wait(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for new records; ``True`` if woken (then re-armed)."""
        woken = self._event.wait(timeout)
        self._event.clear()
        return woken

    def close(self) -> None:
        """Stop being woken (the stream ended)."""
        self._watcher.unsubscribe(self)


class HeadWatcher:
    """The store's head, watched by one daemon thread for every open stream of one application."""

    def __init__(self, app: Any, interval: float | None = None) -> None:
        self.app = app
        self.interval = interval if interval is not None else int(os.environ.get("QUESTLOG_WATCH_MS", "50")) / 1000
        self._subscribers: dict[str, set[Subscription]] = {}
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._last: int | None = None
        self.polls = 0
        """How many times the head was read (a figure for the bench and the tests)."""

    def subscribe(self, campaign_id: str) -> Subscription:
        """A new :class:`Subscription` to ``campaign_id`` (canonical str UUID); starts the thread when needed."""
        sub = Subscription(self, str(uuid.UUID(campaign_id)))
        with self._lock:
            self._subscribers.setdefault(sub.campaign_id, set()).add(sub)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="questlog-head-watch", daemon=True)
                background = getattr(self.app, "background", None)
                if background is not None:  # joined by the application's close before the store closes
                    background[:] = [t for t in background if t.is_alive()] + [self._thread]
                self._thread.start()
        return sub

    def unsubscribe(self, sub: Subscription) -> None:
        """Forget ``sub`` (idempotent)."""
        with self._lock:
            subs = self._subscribers.get(sub.campaign_id)
            if subs is not None:
                subs.discard(sub)
                if not subs:
                    del self._subscribers[sub.campaign_id]

    def open_streams(self) -> int:
        """How many subscriptions are open now."""
        with self._lock:
            return sum(len(s) for s in self._subscribers.values())

    def _run(self) -> None:
        idle_since: float | None = None
        while not getattr(self.app, "closing", threading.Event()).is_set():
            with self._lock:
                empty = not self._subscribers
                if empty and idle_since is not None and time.monotonic() - idle_since > IDLE_SECONDS:
                    self._thread = None
                    return
            idle_since = (idle_since or time.monotonic()) if empty else None
            try:
                self._poll()
            except Exception:  # noqa: BLE001 - a store that is down for a moment: the next poll tries again
                time.sleep(min(1.0, self.interval * 10))
            time.sleep(self.interval)

    def _poll(self) -> None:
        recorder = self.app.recorder
        head = recorder.max_notification_id() or 0
        self.polls += 1
        if self._last is None or head < self._last:  # first look (or a store recreated): nothing to tell yet
            self._last = head
            return
        changed: set[str] = set()
        while self._last < head:
            batch = recorder.select_notifications(self._last + 1, _BATCH, stop=head)
            if not batch:
                break
            changed.update(str(n.originator_id) for n in batch)
            self._last = batch[-1].id
        self._last = max(self._last, head)
        if changed:
            with self._lock:
                woken = [s for cid in changed for s in self._subscribers.get(cid, ())]
            for sub in woken:
                sub.wake()


_WATCHERS: weakref.WeakKeyDictionary[Any, HeadWatcher] = weakref.WeakKeyDictionary()
_WATCHERS_LOCK = threading.Lock()


def watcher_for(app: Any) -> HeadWatcher:
    """The process's one :class:`HeadWatcher` of application ``app``."""
    with _WATCHERS_LOCK:
        found = _WATCHERS.get(app)
        if found is None:
            found = _WATCHERS[app] = HeadWatcher(app)
        return found


__all__ = ["HeadWatcher", "Subscription", "watcher_for"]
