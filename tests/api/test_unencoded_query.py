"""A query string sent unencoded (``?at=５``: the full-width digit's UTF-8 bytes in the request line, as curl or a
hand-typed request sends it) is quoted back in the refusal as it was typed, never as latin-1 mojibake (``ï¼\\x95``)."""

import json
import socket

from tests import HANG_SECONDS


def _raw_get(live, path: str) -> tuple[int, dict]:
    """``GET path`` with the request line's bytes exactly as given (UTF-8, not percent-encoded)."""
    host, port = live.url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=HANG_SECONDS) as sock:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nAuthorization: Bearer {live.admin}\r\nConnection: close\r\n\r\n"
                     .encode("utf-8"))
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head, body = data.split(b"\r\n\r\n", 1)
    return int(head.split()[1]), json.loads(body.decode("utf-8"))


def test_an_unencoded_full_width_digit_is_quoted_back_as_sent(live_sqlite):
    cid = live_sqlite.new_campaign()
    status, body = _raw_get(live_sqlite, f"/campaigns/{cid}/views/board?at=５")
    assert status == 422 and body["message"].startswith("'５' is neither a version nor a bookmark of this campaign")
    status, body = _raw_get(live_sqlite, f"/campaigns/{cid}/history?page=５")
    assert status == 422 and body["fields"] == {"page": ["'５' is not a whole number (digits 0-9)"]}
    encoded = live_sqlite.call("GET", f"/campaigns/{cid}/views/board", params={"at": "５"}).json()  # percent-encoded: the same
    assert encoded["message"] == _raw_get(live_sqlite, f"/campaigns/{cid}/views/board?at=５")[1]["message"]
    assert _raw_get(live_sqlite, f"/campaigns/{cid}/views/board?at=1")[0] == 200
