"""Issue 28, items 2-3: one name per campaign under concurrency, and a refused import stores nothing, across gunicorn
workers and across CLI processes, on both stores (>= 20 rounds each; 0 duplicate names, 0 campaigns behind a refusal)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

import pytest
import requests

from tests import HANG_SECONDS

ROUNDS = 20
QUESTLOG = str(Path(sys.executable).with_name("questlog"))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def gunicorn(store_url, tmp_path):
    """The API under gunicorn, 2 workers of 4 threads (auth off, loopback), over each real store."""
    port = _free_port()
    env = {**os.environ, "QUESTLOG_DB": store_url, "QUESTLOG_AUTH": "off", "QUESTLOG_BIND": f"127.0.0.1:{port}", "QUESTLOG_WORKERS": "2"}
    server = subprocess.Popen([str(Path(sys.executable).with_name("gunicorn")), "-c", "python:api.gunicorn_conf", "api:create_app()"],
                              env=env, stdout=subprocess.DEVNULL, stderr=open(tmp_path / "gunicorn.log", "w"))
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + HANG_SECONDS  # a deadline, not a count of tries: on a busy machine a worker imports slowly
    while True:
        try:
            if requests.get(url + "/rulesets", timeout=30).status_code == 200:
                break
        except requests.RequestException:  # not listening yet, or a worker still importing
            if server.poll() is not None or time.monotonic() > deadline:
                server.kill()
                pytest.fail("gunicorn did not start: " + (tmp_path / "gunicorn.log").read_text()[-2000:])
            time.sleep(0.1)
    try:
        yield url
    finally:
        server.terminate()
        server.wait(HANG_SECONDS)


def _race(calls) -> list[requests.Response]:
    barrier = threading.Barrier(len(calls))
    out: list = [None] * len(calls)

    def run(i: int) -> None:
        barrier.wait()
        out[i] = calls[i]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(HANG_SECONDS)
    return out


def _names(url: str) -> Counter:
    return Counter(c["name"] for c in requests.get(url + "/campaigns", timeout=HANG_SECONDS).json())


def _one_winner(responses, name: str) -> None:
    codes = sorted(r.status_code for r in responses)
    assert codes == [201] + [422] * (len(responses) - 1), [r.text for r in responses]
    for refused in (r for r in responses if r.status_code == 422):
        assert refused.json()["fields"] == {"name": ["already taken in this store"]} and repr(name) in refused.json()["message"]


def test_concurrent_creates_branches_and_imports_across_gunicorn_workers_keep_one_campaign_per_name(gunicorn):
    url = gunicorn
    source = requests.post(url + "/campaigns", json={"game": "nanolith", "name": "Source"}, timeout=HANG_SECONDS).json()["id"]
    export = requests.get(f"{url}/campaigns/{source}/export", timeout=HANG_SECONDS).content
    post = lambda path, **kw: (lambda: requests.post(url + path, timeout=HANG_SECONDS, **kw))  # noqa: E731
    for n in range(ROUNDS):
        _one_winner(_race([post("/campaigns", json={"game": "nanolith", "name": f"race {n}"})] * 4), f"race {n}")
        _one_winner(_race([post(f"/campaigns/{source}/branches", json={"name": f"branch {n}"})] * 2), f"branch {n}")
        _one_winner(_race([post(f"/campaigns/import?name=import {n}", data=export,
                                headers={"Content-Type": "application/x-ndjson"})] * 4), f"import {n}")
    refused = _race([post("/campaigns/import", data=export, headers={"Content-Type": "application/x-ndjson"})] * 4)
    assert sorted(r.status_code for r in refused) == [422] * 4  # the exported name is the source's own
    names = _names(url)
    assert max(names.values()) == 1 and sum(names.values()) == 1 + 3 * ROUNDS  # 0 duplicates, 0 behind a refusal


def test_two_cli_processes_creating_one_name_make_one_campaign(store_url, tmp_path):
    env = {**os.environ, "QUESTLOG_DB": store_url}

    def new(name: str):
        return lambda: subprocess.run([QUESTLOG, "--json", "new", "nanolith", name], env=env, capture_output=True, text=True,
                                      timeout=HANG_SECONDS)

    for n in range(ROUNDS):
        done = _race([new(f"cli {n}")] * 2)
        assert sorted(p.returncode for p in done) == [0, 2], [p.stderr for p in done]
        assert "already exists in this store" in next(p for p in done if p.returncode).stdout + next(p for p in done if p.returncode).stderr
    listed = subprocess.run([QUESTLOG, "--json", "campaigns"], env=env, capture_output=True, text=True, timeout=HANG_SECONDS)
    import json

    names = Counter(c["name"] for c in json.loads(listed.stdout))
    assert names == Counter({f"cli {n}": 1 for n in range(ROUNDS)})
