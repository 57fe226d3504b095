"""``GET /campaigns/{campaign_id}/events``: server-sent events, one per new history entry of the campaign
(DESIGN.md § The table page, Live updates; issue 25, item 3).

Each event is ``id: VERSION`` (the version the entry ends at), ``event: action`` (or ``undo``, ``redo``,
``correction``...: the entry's kind) and ``data:`` one JSON object ``{"version", "kind", "line", "actor",
"action_id", "events"}`` where ``line`` is the entry's history line and ``events`` the lines of its domain
events. A stream opened with ``Last-Event-ID: V`` (what the browser's ``EventSource`` and the page send after a
drop) first sends every entry after version V; without it, one ``hello`` event with the current version. A
comment (``: ping``) every ``QUESTLOG_STREAM_PING`` seconds (5) finds dead clients (the write fails, the stream
ends); a stream ends by itself after ``QUESTLOG_STREAM_SECONDS`` (300), and the client reconnects with its
``Last-Event-ID``. A process holds at most ``QUESTLOG_STREAMS`` streams (default 24; gunicorn: threads - 8) so they never take every
request thread: past that, 503 ``too_many_streams`` with ``Retry-After``, and the page polls instead.

Streams are fed from the store (:mod:`api.stream`), so a write made by any worker reaches them all. Read them with
``fetch()`` and the token in the ``Authorization`` header: tokens stay out of URLs.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Iterator
from typing import Any

from flask import Response, request
from flask.views import MethodView
from flask_smorest import Blueprint

from domain.history import history_since
from domain.core.names import quoted, whole_number

from .campaigns import questlog
from .errors import ApiError, header_text
from .stream import watcher_for

blp = Blueprint("events", __name__, url_prefix="/campaigns", description="Live updates (server-sent events)")

LAST_EVENT_ID = {"in": "header", "name": "Last-Event-ID", "required": False,
                 "description": "the last version this client has: the stream starts with every entry after it",
                 "schema": {"type": "string", "maxLength": 20}}
EVENT_SCHEMA = {"type": "object", "required": ["data"], "description": "one server-sent event of the stream",
                "properties": {"id": {"type": "string", "description": "the version the entry ends at (send it back as Last-Event-ID)"},
                               "event": {"type": "string", "description": "hello, or the entry's kind: action, undo, redo, correction..."},
                               "data": {"type": "string", "description": "JSON: {version, kind, line, actor, action_id, events}",
                                        "example": '{"version": 12, "kind": "action", "line": "v12 roll-action-dice ash 2 4 5 2 6 (Mia)", '
                                                   '"actor": "Mia", "action_id": "…", "events": ["Ashitaka rolled 2 4 5 2 6"]}'}}}
STREAM_DOC = {"responses": {"200": {"description": "a `text/event-stream` of events (bounded in time: reconnect with Last-Event-ID)",
                                    "content": {"text/event-stream": {"schema": EVENT_SCHEMA}}},
                            "503": {"description": "too_many_streams: poll instead, try again after Retry-After seconds"}},
              "parameters": [LAST_EVENT_ID]}
_OPEN = threading.BoundedSemaphore(1)  # replaced per process by _slots()
_SLOTS: dict[str, Any] = {}


def _setting(name: str, default: float) -> float:
    return float(os.environ.get(name, default))


def _slots() -> threading.Semaphore:
    with _OPEN:
        if "sem" not in _SLOTS:
            _SLOTS["sem"] = threading.BoundedSemaphore(int(_setting("QUESTLOG_STREAMS", 24)))
        return _SLOTS["sem"]


def _last_event_id() -> int | None:
    raw = header_text("Last-Event-ID")
    if raw is None or not raw.strip():
        return None
    version = whole_number(raw.strip())  # surrounding spaces are the header syntax's (RFC 9110 § 5.5), not the value's
    if version is None or len(raw.strip()) > 12:
        raise ApiError(400, "bad_request", f"Last-Event-ID must be a version (a whole number, digits 0-9), not {quoted(raw[:20])}")
    return version


def sse(version: int, kind: str, data: dict[str, Any]) -> str:
    """One server-sent event (``id``, ``event``, one ``data`` line of compact JSON)."""
    return f"id: {version}\nevent: {kind}\ndata: {json.dumps(data, separators=(',', ':'), ensure_ascii=False)}\n\n"


def entry_line(entry: dict[str, Any]) -> str:
    """A history entry's line as the history page shows it: ``v12 summary (actor)``."""
    what = entry.get("summary") or entry.get("name") or (entry.get("action") or {}).get("summary") or entry["kind"]
    if entry["kind"] in ("undo", "redo"):
        what = f"{entry['kind']} {entry.get('verb') or ''}".strip()
    return f"v{entry['version']} {what}" + (f" ({entry['actor']})" if entry.get("actor") else "")


def _events_of(app: Any, campaign_id: str, since: int) -> tuple[list[str], int]:
    """The events of every entry after version ``since``, and the version the last of them ends at (``since`` if
    none). The entries are read after the head was, so they may reach past it: the caller goes on from what was
    sent, never from the head it read, or a write landing between the two reads is sent twice."""
    entries = history_since(app, campaign_id, since)["actions"]
    return [sse(e["version"], e["kind"], {"version": e["version"], "kind": e["kind"], "line": entry_line(e), "actor": e.get("actor"),
                                          "action_id": e.get("action_id"), "events": [x.get("text") for x in e.get("events", [])]})
            for e in entries], max([since] + [e["version"] for e in entries])


def _head(app: Any, campaign_id: str) -> int:
    return app.get_campaign(campaign_id).version


def stream(app: Any, campaign_id: str, last: int | None) -> Iterator[str]:
    """The event stream of one client (see the module's docstring)."""
    watcher = watcher_for(app)
    sub = watcher.subscribe(campaign_id)
    ping, lifetime = _setting("QUESTLOG_STREAM_PING", 5), _setting("QUESTLOG_STREAM_SECONDS", 300)
    try:
        yield f"retry: 2000\n: questlog events of {campaign_id}\n\n"
        seen = _head(app, campaign_id)
        if last is None or last > seen:
            yield sse(seen, "hello", {"version": seen, "kind": "hello"})
        elif last < seen:
            sent, upto = _events_of(app, campaign_id, last)
            yield from sent
            seen = max(seen, upto)
        end = time.monotonic() + lifetime
        while (left := end - time.monotonic()) > 0 and not app.closing.is_set():
            if not sub.wait(min(ping, left)):
                yield ": ping\n\n"  # a dead client's socket fails here and the stream ends
                continue
            head = _head(app, campaign_id)
            if head > seen:
                sent, upto = _events_of(app, campaign_id, seen)
                yield from sent
                seen = max(head, upto)
    finally:
        sub.close()


@blp.route("/<campaign_id>/events")
class Events(MethodView):
    """The campaign's live updates."""

    @blp.doc(**STREAM_DOC)
    def get(self, campaign_id: str) -> Response:
        """Server-sent events: each new history entry with its version and line (see the description of `text/event-stream`)."""
        app = questlog()
        campaign_id = str(app.get_campaign(campaign_id).id)  # 404 for an unknown one, before the stream starts
        last = _last_event_id()
        slots = _slots()
        if not slots.acquire(blocking=False):
            raise ApiError(503, "too_many_streams", "this server holds as many live streams as it may: the page polls instead",
                           {"Retry-After": "30"})
        response = Response(stream(app, campaign_id, last), mimetype="text/event-stream",
                            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})
        response.call_on_close(slots.release)  # run by the server when the stream ends, started or not
        return response
