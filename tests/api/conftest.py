"""The real API over HTTP: a werkzeug server on 127.0.0.1 in a thread, over each real store (SQLite file,
PostgreSQL), with the toy ruleset registered next to the real ones."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
import requests
from werkzeug.serving import make_server

from tests import HANG_SECONDS

@pytest.fixture(autouse=True)
def _toy_registered(toy_game):
    """The toy ruleset is registered before each test's app is built (its routes come from the registry)."""
    yield


@dataclass
class Live:
    """A running API: its base URL, the Flask app, the application behind it and an admin token."""

    url: str
    flask: Any
    questlog: Any
    admin: str

    def call(self, method: str, path: str, token: str | None = "admin", **kwargs: Any) -> requests.Response:
        """One HTTP request; ``token="admin"`` sends the admin token, ``None`` sends none."""
        headers = dict(kwargs.pop("headers", {}) or {})
        if token is not None:
            headers.setdefault("Authorization", f"Bearer {self.admin if token == 'admin' else token}")
        return requests.request(method, self.url + path, headers=headers, timeout=HANG_SECONDS, **kwargs)

    def undo(self, campaign_id: str, verb: str = "undo", token: str | None = "admin") -> requests.Response:
        """``POST .../undo`` (or redo) naming the version just read, as a client must (428 without it)."""
        version = self.call("GET", f"/campaigns/{campaign_id}", token=token).headers["ETag"]
        return self.call("POST", f"/campaigns/{campaign_id}/{verb}", token=token, headers={"If-Match": version})

    def new_campaign(self, game: str = "toy", name: str = "Toy night", **setup: Any) -> str:
        """Create a campaign through the API; returns its id."""
        response = self.call("POST", "/campaigns", json={"game": game, "name": name, "setup": setup})
        assert response.status_code == 201, response.text
        return response.json()["id"]


def serve(store: str, config: dict[str, Any] | None = None) -> Iterator[Live]:
    """Start the API over ``store`` on a free port; yields a :class:`Live`, then stops it."""
    from api import create_app
    from domain.access import issue_token
    from infrastructure.runtime import open_questlog

    questlog = open_questlog(store)
    flask_app = create_app(config=config or {}, questlog=questlog)
    server = make_server("127.0.0.1", 0, flask_app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    admin, _ = issue_token(questlog, admin=True, label="tests")
    try:
        yield Live(f"http://127.0.0.1:{server.server_port}", flask_app, questlog, admin)
    finally:
        server.shutdown()
        thread.join(10)
        questlog.close()


@pytest.fixture
def live(store_url) -> Iterator[Live]:
    """The API over HTTP on each real store in turn (SQLite file, PostgreSQL)."""
    yield from serve(store_url)


@pytest.fixture
def live_sqlite(sqlite_url) -> Iterator[Live]:
    """The API over HTTP on a SQLite file only (for tests whose store does not matter)."""
    yield from serve(sqlite_url)
