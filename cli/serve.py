"""``questlog serve``: the API on a development server (use gunicorn in production, see README)."""

from __future__ import annotations

import ipaddress
import json
import os

import click

from .context import session


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="address to listen on")
@click.option("--port", default=5000, show_default=True, type=click.IntRange(0, 65535), help="port to listen on")
@click.option("--no-auth", is_flag=True, help="no tokens needed (QUESTLOG_AUTH=off): loopback addresses only")
@click.option("--json", "local_json", is_flag=True, help="announce the server as one JSON line on stdout")
@click.pass_context
def serve_command(ctx: click.Context, host: str, port: int, no_auth: bool, local_json: bool) -> None:
    """Serve the HTTP API (development server; the docs are at /docs, the OpenAPI document at /openapi.json)."""
    from werkzeug.serving import run_simple

    from api import create_app

    auth_off = no_auth or os.environ.get("QUESTLOG_AUTH", "on").strip().lower() in ("off", "0", "false", "no")
    if auth_off and not _loopback(host):
        raise click.UsageError("without tokens (--no-auth / QUESTLOG_AUTH=off) the API may only listen on a loopback address")
    app = create_app(config={"QUESTLOG_AUTH": not auth_off}, questlog=session(ctx).app)
    if local_json or session(ctx).as_json:
        click.echo(json.dumps({"url": f"http://{host}:{port}/", "docs": "/docs", "openapi": "/openapi.json", "auth": not auth_off}))
    else:
        click.echo(f"Questlog API on http://{host}:{port}/ (docs: /docs){' — no tokens needed' if auth_off else ''}", err=True)
    run_simple(host, port, app, threaded=True, use_reloader=False)
