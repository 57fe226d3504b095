"""``questlog serve`` for a table of phones (issue 25, item 1), through the installed entry point: the machine's LAN
addresses instead of 0.0.0.0, an invite link with its QR code and join code, a warning when no token exists yet;
``token create --seat --expires --join-code``. Nothing here sends traffic to a LAN address: the invite is checked
through 127.0.0.1."""

from __future__ import annotations

import json
import socket
import subprocess
import time

import requests

from tests.cli.entry import QUESTLOG
from tests import HANG_SECONDS


def _port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _serve(db, *args):
    return subprocess.Popen([QUESTLOG, "--db", db, "serve", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _stop(process) -> tuple[str, str]:
    process.terminate()
    try:
        return process.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        return process.communicate()


def _answering(port: int) -> None:
    """Wait until the server on ``port`` answers (it announces itself before it serves: what it printed is all there)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if requests.get(f"http://127.0.0.1:{port}/rulesets", timeout=2).status_code == 200:
                return
        except requests.RequestException:
            time.sleep(0.3)


def test_serve_on_every_network_warns_when_no_token_exists_and_names_real_addresses(sqlite_url):
    port = _port()
    process = _serve(sqlite_url, "--host", "0.0.0.0", "--port", str(port))
    _answering(port)
    _, err = _stop(process)
    assert "0.0.0.0" not in err
    assert f":{port}/" in err.splitlines()[0] and err.startswith("Questlog on http://")
    assert "⚠ no token exists yet: every request will answer 401" in err and "questlog token create --admin" in err


def test_serve_prints_an_invite_to_the_first_campaign_with_a_qr_code_and_a_join_code(sqlite_url):
    subprocess.run([QUESTLOG, "--db", sqlite_url, "new", "nanolith", "Friday group"], check=True, capture_output=True, timeout=HANG_SECONDS)
    subprocess.run([QUESTLOG, "--db", sqlite_url, "token", "create", "--admin"], check=True, capture_output=True, timeout=HANG_SECONDS)
    port = _port()
    process = _serve(sqlite_url, "--host", "0.0.0.0", "--port", str(port), "--json")
    announced = json.loads(process.stdout.readline())
    try:
        assert all("0.0.0.0" not in url for url in announced["urls"]) and announced["no_token"] is False
        base, _, token = announced["invite"].partition("#token=")
        campaign = base.rsplit("/", 1)[1]
        answer = requests.get(f"http://127.0.0.1:{port}/campaigns/{campaign}", headers={"Authorization": f"Bearer {token}"}, timeout=30)
        assert answer.status_code == 200 and answer.json()["name"] == "Friday group"
        joined = requests.post(f"http://127.0.0.1:{port}/join", json={"code": announced["join_code"]}, timeout=30)
        assert joined.status_code == 201 and joined.json()["campaigns"] == [campaign] and joined.json()["expires_at"]
    finally:
        _stop(process)
    port = _port()
    text = _serve(sqlite_url, "--port", str(port), "--invite", "Friday group")  # on loopback only with --invite
    _answering(port)  # a fixed sleep here was not always long enough on a busy machine
    _, err = _stop(text)
    assert "Invite to 'Friday group'" in err and "#token=qlt_" in err
    assert "▀" in err or "█" in err  # the QR code, drawn in the terminal
    assert "and type the code " in err and "only this machine can open it" in err


def test_token_create_limits_a_token_to_a_seat_and_an_expiry_with_a_join_code(sqlite_url):
    subprocess.run([QUESTLOG, "--db", sqlite_url, "new", "nanolith", "Seats"], check=True, capture_output=True, timeout=HANG_SECONDS)
    done = subprocess.run([QUESTLOG, "--db", sqlite_url, "token", "create", "--campaign", "Seats", "--seat", "Mia", "--expires", "12h",
                           "--join-code", "--json"], capture_output=True, text=True, timeout=HANG_SECONDS)
    assert done.returncode == 0, done.stderr
    made = json.loads(done.stdout)
    assert made["seat"] == "Mia" and made["expires_at"] and len(made["join_code"]) == 9
    listed = subprocess.run([QUESTLOG, "--db", sqlite_url, "token", "list"], capture_output=True, text=True, timeout=HANG_SECONDS).stdout
    assert "seat Mia" in listed and "until " in listed
    bad = subprocess.run([QUESTLOG, "--db", sqlite_url, "token", "create", "--campaign", "Seats", "--expires", "soon"],
                         capture_output=True, text=True, timeout=HANG_SECONDS)
    assert bad.returncode == 2 and "--expires takes a duration such as 90m, 12h or 7d, not 'soon'" in bad.stderr
