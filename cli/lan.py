"""What ``questlog serve`` tells the table: the machine's LAN addresses, an invite link with its QR code drawn in
the terminal (segno: no third-party service), and a join code (issue 25, item 1). Nothing here sends a packet:
the addresses are read from the network interfaces."""

from __future__ import annotations

import ipaddress
import socket
import struct
from datetime import datetime, timedelta, timezone
from typing import Any

INVITE_HOURS = 12
"""How long the invite ``serve`` makes stays valid (an evening at the table)."""
_SIOCGIFADDR = 0x8915


def _ipv4_of(name: str) -> str | None:
    import fcntl  # Linux / macOS; elsewhere the host name's addresses are used

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            packed = fcntl.ioctl(probe.fileno(), _SIOCGIFADDR, struct.pack("256s", name.encode()[:15]))
        except OSError:
            return None
    return socket.inet_ntoa(packed[20:24])


def lan_addresses() -> list[str]:
    """The machine's IPv4 addresses other than loopback and link-local ones, private (LAN) ones first."""
    found: set[str] = set()
    try:
        for _, name in socket.if_nameindex():
            address = _ipv4_of(name)
            if address:
                found.add(address)
    except (ImportError, OSError, AttributeError):
        pass
    try:
        found.update(info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET))
    except OSError:
        pass
    usable = [a for a in found if not ipaddress.ip_address(a).is_loopback and not ipaddress.ip_address(a).is_link_local]
    return sorted(usable, key=lambda a: (not ipaddress.ip_address(a).is_private, ipaddress.ip_address(a)))


def urls(host: str, port: int, scheme: str) -> list[str]:
    """The base URLs a phone can open for a server listening on ``host`` (``0.0.0.0`` / ``::``: every LAN address)."""
    if host in ("0.0.0.0", "::", ""):
        return [f"{scheme}://{a}:{port}/" for a in lan_addresses()] or [f"{scheme}://{socket.gethostname()}:{port}/"]
    shown = f"[{host}]" if ":" in host else host
    return [f"{scheme}://{shown}:{port}/"]


def make_invite(app: Any, campaign: str | None) -> dict[str, Any] | None:
    """A write invite to ``campaign`` (id, prefix or name; ``None``: the store's first campaign), valid for
    :data:`INVITE_HOURS`: ``{"campaign_id", "name", "token", "join_code", "expires_at"}``, or ``None`` when the
    store has no campaign. Raises :class:`~domain.core.errors.BadInput` / ``UnknownCampaign`` for a bad ``campaign``."""
    from domain.access import issue_invite

    if campaign is None:
        listed = app.campaigns()
        if not listed:
            return None
        campaign = sorted(listed, key=lambda c: (c.get("created_at") or "", c["id"]))[0]["id"]
    cid = app.find_campaign(campaign)
    until = datetime.now(timezone.utc) + timedelta(hours=INVITE_HOURS)
    token, grant, code = issue_invite(app, cid, label="serve invite", expires_at=until)
    return {"campaign_id": cid, "name": app.get_campaign(cid).name, "token": token, "join_code": code, "expires_at": grant.expires_at}


def invite_link(base: str, invite: dict[str, Any]) -> str:
    """The invite's link: the campaign's page with the token in the fragment (never sent to the server in a URL)."""
    return f"{base}play/{invite['campaign_id']}#token={invite['token']}"


def terminal_qr(text: str) -> str:
    """``text`` as a QR code drawn with block characters for a terminal (segno, compact: two rows per line)."""
    import io

    import segno

    out = io.StringIO()
    segno.make(text, error="l").terminal(out=out, compact=True)
    return out.getvalue()


__all__ = ["INVITE_HOURS", "invite_link", "lan_addresses", "make_invite", "terminal_qr", "urls"]
