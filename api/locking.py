"""One writer at a time per process on a SQLite store.

SQLite takes one writer anyway; serialising the API's writes in the process (and the campaign list,
which brings the read models up to date) avoids two threads' stores and read-model updates waiting on
each other until the connection pool times out (seen with two threads calling ``Questlog.record`` at
once while the read models are kept up to date). PostgreSQL needs no lock: its writers are independent.
"""

from __future__ import annotations

import threading

from flask import Flask, g, request

from .errors import ApiError

WRITE_METHODS = {"POST", "PUT", "PATCH", "DELETE"}
WAIT_SECONDS = 25.0
_LOCKED_ENDPOINTS = {"campaigns.Campaigns"}


def install_write_lock(app: Flask) -> None:
    """On a SQLite store, hold a process-wide lock around every writing request (after the token check)."""
    questlog = app.extensions["questlog"]
    if questlog.env.get("PERSISTENCE_MODULE") != "eventsourcing.sqlite":
        return
    lock = threading.Lock()

    @app.before_request
    def acquire() -> None:
        if request.method not in WRITE_METHODS and request.endpoint not in _LOCKED_ENDPOINTS:
            return
        if not lock.acquire(timeout=WAIT_SECONDS):
            raise ApiError(503, "unavailable", "the store is busy; try again", {"Retry-After": "1"})
        g.questlog_write_lock = True

    @app.teardown_request
    def release(_error: BaseException | None) -> None:
        if g.pop("questlog_write_lock", False):
            lock.release()
