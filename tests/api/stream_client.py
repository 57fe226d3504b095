"""A minimal server-sent-events reader for the tests and the bench: a thread reads one stream and keeps its events."""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import requests


class StreamReader:
    """Reads ``GET url`` as ``text/event-stream`` in a thread; ``events`` collects ``(arrived, id, type, data)``."""

    def __init__(self, url: str, token: str, last_event_id: str | None = None, timeout: float = 30) -> None:
        headers = {"Authorization": f"Bearer {token}", "Accept": "text/event-stream"}
        if last_event_id is not None:
            headers["Last-Event-ID"] = last_event_id
        self.response = requests.get(url, headers=headers, stream=True, timeout=timeout)
        self.status = self.response.status_code
        self.events: list[tuple[float, str | None, str, Any]] = []
        self.comments = 0
        self._changed = threading.Condition()
        if self.status == 200:
            threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        event: dict[str, Any] = {}
        try:
            for raw in self.response.iter_lines(decode_unicode=True):
                if raw == "":
                    if "data" in event:
                        with self._changed:
                            self.events.append((time.perf_counter(), event.get("id"), event.get("event", "message"), json.loads(event["data"])))
                            self._changed.notify_all()
                    event = {}
                elif raw.startswith(":"):
                    self.comments += 1
                else:
                    field, _, value = raw.partition(":")
                    event[field] = value[1:] if value.startswith(" ") else value
        except (requests.RequestException, ValueError, AttributeError):
            pass

    def wait_for(self, predicate: Any, timeout: float = 60) -> tuple[float, str | None, str, Any]:
        """The first event ``(arrived, id, type, data)`` for which ``predicate(data)`` holds (AssertionError on time-out)."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                found = next((e for e in self.events if predicate(e[3])), None)
                if found is not None:
                    return found
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"no such event within {timeout} s; got {[e[3] for e in self.events]}")
                self._changed.wait(left)

    def close(self) -> None:
        """Drop the connection (the server's next write to it fails and its stream ends)."""
        self.response.close()
