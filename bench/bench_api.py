"""How much the HTTP API adds to recording an action, as ratios against the application called directly.

Run: ``.venv/bin/python -m bench.bench_api [--db PATH_OR_URL] [-n 200]``. Prints per-action times for the
baseline (``Questlog.record`` in process), the API over HTTP with token checks, and without them.
"""

from __future__ import annotations

import argparse
import tempfile
import threading
import time
import uuid
from pathlib import Path

import requests
from werkzeug.serving import make_server

from api import create_app
from domain.access import issue_token
from infrastructure.runtime import open_questlog

FIELDS = {"name": "Encounter 1"}


def _campaign(app) -> str:
    cid = app.create_campaign("nanolith", f"bench {uuid.uuid4().hex[:12]}")  # names are unique in a store
    app.record(cid, "start-encounter", FIELDS)
    return cid


def baseline(app, n: int) -> float:
    """Seconds per ``adjust`` recorded by the application directly."""
    cid = _campaign(app)
    start = time.perf_counter()
    for i in range(n):
        app.record(cid, "adjust", {"path": "characters.cora.stress", "value": i % 3, "reason": "bench"})
    return (time.perf_counter() - start) / n


def over_http(app, n: int, auth: bool) -> float:
    """Seconds per ``adjust`` recorded through the API over HTTP (a keep-alive-less client, as a phone would be)."""
    flask_app = create_app(config={"QUESTLOG_AUTH": auth}, questlog=app)
    server = make_server("127.0.0.1", 0, flask_app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    token, _ = issue_token(app, admin=True)
    url = f"http://127.0.0.1:{server.server_port}"
    headers = {"Authorization": f"Bearer {token}"}
    cid = _campaign(app)
    try:
        start = time.perf_counter()
        for i in range(n):
            body = {"fields": {"path": "characters.cora.stress", "value": i % 3, "reason": "bench"}}
            response = requests.post(f"{url}/campaigns/{cid}/actions/adjust", json=body, headers=headers, timeout=30)
            assert response.status_code == 201, response.text
        return (time.perf_counter() - start) / n
    finally:
        server.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db", help="store (default: a fresh SQLite file)")
    parser.add_argument("-n", type=int, default=200)
    args = parser.parse_args()
    db = args.db or str(Path(tempfile.mkdtemp()) / "bench.sqlite")
    app = open_questlog(db)
    try:
        base = baseline(app, args.n)
        with_auth = over_http(app, args.n, auth=True)
        without = over_http(app, args.n, auth=False)
    finally:
        app.close()
    print(f"store: {db}  n={args.n}")
    print(f"application.record        {base * 1000:8.2f} ms/action   1.00x")
    print(f"API over HTTP, no tokens  {without * 1000:8.2f} ms/action   {without / base:5.2f}x")
    print(f"API over HTTP, tokens     {with_auth * 1000:8.2f} ms/action   {with_auth / base:5.2f}x")


if __name__ == "__main__":
    main()
