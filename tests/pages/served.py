"""The installed ``questlog serve`` in its own process, on a SQLite file, that a test can stop and start again on
the same store and port (a Wi-Fi drop, as the phones see it), over HTTP or HTTPS with a test certificate."""

from __future__ import annotations

import datetime
import ipaddress
import json
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import requests

QUESTLOG = shutil.which("questlog", path=str(Path(sys.executable).parent)) or "questlog"
NAME = "table.test"
"""A non-loopback host name the test browser maps to 127.0.0.1 (``--host-resolver-rules``): not a secure context."""


def scripted_store(tmp_path: Path, script: str, name: str, label: str) -> tuple[Path, str, str]:
    """A SQLite store in ``tmp_path`` holding one Nanolith campaign ``name`` with ``script``'s actions recorded, and a
    token of that campaign labelled ``label``: ``(store path, campaign id, token)``."""
    from domain.access import issue_token
    from infrastructure.runtime import open_questlog

    from .conftest import script_actions

    db, path = tmp_path / "table.sqlite", tmp_path / "setup.ql"
    path.write_text(script)
    app = open_questlog(str(db))
    cid = app.create_campaign("nanolith", name)
    for _, verb, raw in script_actions(path):
        app.record(cid, verb, raw)
    token, _ = issue_token(app, campaigns=[cid], label=label)
    app.close()
    return db, cid, token


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def make_certificate(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for ``table.test``, ``localhost`` and 127.0.0.1 made now (``cryptography``); returns (cert, key)."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, NAME)])
    now = datetime.datetime.now(datetime.timezone.utc)
    san = x509.SubjectAlternativeName([x509.DNSName(NAME), x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))])
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(minutes=5)).not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(san, critical=False).add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .sign(key, hashes.SHA256()))
    cert_path, key_path = folder / "cert.pem", folder / "key.pem"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
    return cert_path, key_path


def spki_hash(cert_path: Path) -> str:
    """The base64 SHA-256 of a certificate's public key, for Chromium's ``--ignore-certificate-errors-spki-list``: the
    browser then trusts that one test certificate as a phone trusts a real one (a service worker needs a trusted one)."""
    import base64
    import hashlib

    from cryptography import x509
    from cryptography.hazmat.primitives import serialization

    public = x509.load_pem_x509_certificate(cert_path.read_bytes()).public_key()
    der = public.public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    return base64.b64encode(hashlib.sha256(der).digest()).decode()


class Served:
    """``questlog --db DB serve`` on ``port``; :meth:`start` / :meth:`stop` as often as a test likes."""

    def __init__(self, db: Path, port: int, tls: tuple[Path, Path] | None = None) -> None:
        self.db, self.port, self.tls = db, port, tls
        self.process: subprocess.Popen[str] | None = None
        self.scheme = "https" if tls else "http"

    def start(self) -> dict[str, Any]:
        """Start the server and wait until it answers; returns its announcement (``serve --json``)."""
        extra = ["--cert", str(self.tls[0]), "--key", str(self.tls[1])] if self.tls else []
        self.process = subprocess.Popen([QUESTLOG, "--db", str(self.db), "serve", "--port", str(self.port), "--json", *extra],
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        announced = json.loads(self.process.stdout.readline())  # type: ignore[union-attr]
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                requests.get(f"{self.scheme}://127.0.0.1:{self.port}/rulesets", timeout=2, verify=False)
                return announced
            except requests.RequestException:
                time.sleep(0.2)
        raise AssertionError("questlog serve did not answer")

    def stop(self) -> None:
        """Stop the server (its open streams and connections drop)."""
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
            self.process = None
