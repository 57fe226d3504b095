"""``questlog serve``: the API on a development server (use gunicorn in production, see README)."""

from __future__ import annotations

import errno
import ipaddress
import json
import os
import socket
import ssl

import click

from .context import WholeNumber, guarded, session
from domain.core.names import quoted


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` (bound here, so a busy port is our own one-line error, not werkzeug's)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listening = socket.socket(family, socket.SOCK_STREAM)
    try:
        listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listening.bind((host, port))
        listening.listen(128)
    except OSError:
        listening.close()
        raise
    listening.set_inheritable(True)
    return listening


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="address to listen on (0.0.0.0: every network, for phones)")
@click.option("--port", default=5000, show_default=True, type=WholeNumber(0, 65535), help="port to listen on")
@click.option("--no-auth", is_flag=True, help="no tokens needed (QUESTLOG_AUTH=off): loopback addresses only")
@click.option("--invite", "invite_ref", default=None, metavar="CAMPAIGN", help="print an invite to this campaign (default: the first one)")
@click.option("--cert", type=click.Path(exists=True, dir_okay=False), default=None, help="TLS certificate (PEM): serve HTTPS")
@click.option("--key", type=click.Path(exists=True, dir_okay=False), default=None, help="TLS private key (PEM) of --cert")
@click.option("--json", "local_json", is_flag=True, help="announce the server as one JSON line on stdout")
@click.pass_context
def serve_command(ctx: click.Context, host: str, port: int, no_auth: bool, invite_ref: str | None, cert: str | None, key: str | None,
                  local_json: bool) -> None:
    """Serve the HTTP API and the table's page (development server; the docs are at /docs, the OpenAPI document at /openapi.json).

    Prints the addresses a phone can open (the machine's LAN addresses when listening on 0.0.0.0), an invite to the
    first campaign (or --invite CAMPAIGN) as a link, a QR code and a join code, and warns when no token exists yet.
    With --cert and --key it speaks HTTPS (phones then get the offline shell and can install the page).
    The address is bound before anything is announced: a busy port is one line and exit 1, never an announcement
    followed by a failure."""
    from werkzeug.serving import make_server

    from api import create_app

    auth_off = no_auth or os.environ.get("QUESTLOG_AUTH", "on").strip().lower() in ("off", "0", "false", "no")
    if auth_off and not _loopback(host):
        raise click.UsageError("without tokens (--no-auth / QUESTLOG_AUTH=off) the API may only listen on a loopback address")
    if bool(cert) != bool(key):
        raise click.UsageError("--cert and --key go together (a PEM certificate and its private key)")
    app = create_app(config={"QUESTLOG_AUTH": not auth_off}, questlog=session(ctx).app)
    ssl_context = _tls(ctx, cert, key) if cert and key else None
    try:
        listening = _bind(host, port)
    except OSError as error:
        reason = "is in use by another program" if error.errno == errno.EADDRINUSE else f"cannot be used ({error.strerror or error})"
        click.echo(f"✘ error: port {port} on {host} {reason}: choose another with --port", err=True)
        ctx.exit(1)
    server = make_server(host, port, app, threaded=True, fd=listening.fileno(), ssl_context=ssl_context)
    _announce(ctx, host, listening.getsockname()[1], "https" if ssl_context else "http", auth_off, invite_ref, local_json)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        click.echo("Questlog API stopped", err=True)
    finally:
        server.server_close()


def _tls(ctx: click.Context, cert: str, key: str) -> ssl.SSLContext:
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    try:
        context.load_cert_chain(cert, key)
    except (ssl.SSLError, OSError) as error:
        click.echo(f"✘ error: cannot use --cert {cert} with --key {key}: {error}", err=True)
        ctx.exit(2)
    return context


def _announce(ctx: click.Context, host: str, port: int, scheme: str, auth_off: bool, invite_ref: str | None, local_json: bool) -> None:
    """Say where the server is, and for a table with tokens, how phones join (the invite) or what is missing."""
    from domain.access import has_tokens

    from .lan import invite_link, make_invite, terminal_qr, urls

    app = session(ctx).app
    bases = urls(host, port, scheme)
    no_token = not auth_off and not has_tokens(app)
    invite = None
    if not auth_off:
        invite = guarded(ctx, make_invite, app, invite_ref) if invite_ref or not _loopback(host) else None
    if local_json or session(ctx).as_json:
        click.echo(json.dumps({"url": bases[0], "urls": bases, "docs": "/docs", "openapi": "/openapi.json", "auth": not auth_off,
                               "no_token": no_token, "invite": invite_link(bases[0], invite) if invite else None,
                               "join_code": invite["join_code"] if invite else None}))
        return
    click.echo(f"Questlog on {bases[0]} (docs: /docs){' — no tokens needed' if auth_off else ''}", err=True)
    for other in bases[1:]:
        click.echo(f"  also on {other}", err=True)
    if _loopback(host):
        click.echo("  (only this machine can open it: phones need --host 0.0.0.0)", err=True)
    if no_token:
        click.echo("⚠ no token exists yet: every request will answer 401. Make an admin token with "
                   "`questlog token create --admin` and paste it on the page (Token).", err=True)
    if invite:
        link = invite_link(bases[0], invite)
        click.echo(f"Invite to {quoted(invite['name'])} (until {invite['expires_at']}): open the link or scan the code\n{link}", err=True)
        click.echo(terminal_qr(link), err=True, nl=False)
        click.echo(f"or open {bases[0]}join and type the code {invite['join_code']}", err=True)
