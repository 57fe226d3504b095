"""``questlog serve``: the API on a development server (use gunicorn in production, see README)."""

from __future__ import annotations

import errno
import ipaddress
import json
import os
import socket

import click

from .context import WholeNumber, session


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
@click.option("--host", default="127.0.0.1", show_default=True, help="address to listen on")
@click.option("--port", default=5000, show_default=True, type=WholeNumber(0, 65535), help="port to listen on")
@click.option("--no-auth", is_flag=True, help="no tokens needed (QUESTLOG_AUTH=off): loopback addresses only")
@click.option("--json", "local_json", is_flag=True, help="announce the server as one JSON line on stdout")
@click.pass_context
def serve_command(ctx: click.Context, host: str, port: int, no_auth: bool, local_json: bool) -> None:
    """Serve the HTTP API (development server; the docs are at /docs, the OpenAPI document at /openapi.json).

    The address is bound before anything is announced: a busy port is one line and exit 1, never an announcement
    followed by a failure."""
    from werkzeug.serving import make_server

    from api import create_app

    auth_off = no_auth or os.environ.get("QUESTLOG_AUTH", "on").strip().lower() in ("off", "0", "false", "no")
    if auth_off and not _loopback(host):
        raise click.UsageError("without tokens (--no-auth / QUESTLOG_AUTH=off) the API may only listen on a loopback address")
    app = create_app(config={"QUESTLOG_AUTH": not auth_off}, questlog=session(ctx).app)
    try:
        listening = _bind(host, port)
    except OSError as error:
        reason = "is in use by another program" if error.errno == errno.EADDRINUSE else f"cannot be used ({error.strerror or error})"
        click.echo(f"✘ error: port {port} on {host} {reason}: choose another with --port", err=True)
        ctx.exit(1)
    server = make_server(host, port, app, threaded=True, fd=listening.fileno())
    url = f"http://{host}:{listening.getsockname()[1]}/"
    if local_json or session(ctx).as_json:
        click.echo(json.dumps({"url": url, "docs": "/docs", "openapi": "/openapi.json", "auth": not auth_off}))
    else:
        click.echo(f"Questlog API on {url} (docs: /docs){' — no tokens needed' if auth_off else ''}", err=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        click.echo("Questlog API stopped", err=True)
    finally:
        server.server_close()
