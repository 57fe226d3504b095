"""Checks every request passes before any route sees it (DESIGN.md § Interfaces: never a 500 for client input).

- **Host guard** (no-auth mode only): with ``QUESTLOG_AUTH=off`` (``questlog serve --no-auth``, or gunicorn
  with that variable) only loopback Host names are served, so a web page on another site cannot reach the
  API through DNS rebinding: 403 ``forbidden`` otherwise.
- **JSON only**: a write (POST, PUT, PATCH, DELETE) to an API route (the blueprints in
  ``QUESTLOG_JSON_BLUEPRINTS``; a page's own form routes are not) whose body is not JSON answers 415
  ``unsupported_media_type``; ``POST /campaigns/import`` takes JSON Lines (``application/x-ndjson``, or no
  Content-Type at all).
- **Text that cannot be stored**: a JSON body with a lone surrogate (``"\\ud800"``) anywhere answers 422
  ``invalid_input`` naming where.
"""

from __future__ import annotations

import ipaddress
from typing import Any

from flask import Flask, current_app, request

from domain.requests import surrogate_path

from .errors import ApiError, error_response

WRITES = {"POST", "PUT", "PATCH", "DELETE"}
IMPORT_TYPES = {"application/x-ndjson", "application/jsonl", "application/json-lines"}
LOOPBACK_NAMES = {"localhost", "localhost."}


def loopback_host(host: str) -> bool:
    """Whether a Host header (``name[:port]``, ``[v6]:port``) names this machine's loopback interface."""
    name = host.strip().lower()
    if name.startswith("["):
        name = name[1:].partition("]")[0]
    elif name.count(":") == 1:
        name = name.partition(":")[0]
    if name in LOOPBACK_NAMES or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def _host_guard() -> None:
    if not current_app.config["QUESTLOG_AUTH"] and not loopback_host(request.host):
        raise ApiError(403, "forbidden", "without tokens (QUESTLOG_AUTH=off) only loopback host names (localhost, 127.0.0.1, [::1]) "
                                         "are served")


def _json_only() -> Any:
    if request.method not in WRITES or request.routing_exception is not None \
            or request.blueprint not in current_app.config.get("QUESTLOG_JSON_BLUEPRINTS", ()):
        return None
    mimetype = request.mimetype or ""
    has_body = bool(request.content_length) or bool(request.headers.get("Transfer-Encoding")) or bool(mimetype)
    if not has_body:
        return None
    if request.endpoint == "campaigns.CampaignImport":
        if mimetype and mimetype not in IMPORT_TYPES:  # no type at all: taken as JSON Lines
            raise ApiError(415, "unsupported_media_type", "an import is JSON Lines: send it as Content-Type: application/x-ndjson")
        return None
    if mimetype != "application/json" and not mimetype.endswith("+json"):
        raise ApiError(415, "unsupported_media_type", f"send a JSON body (Content-Type: application/json), not {mimetype or 'no type'}")
    body = request.get_json(silent=True)
    where = surrogate_path(body)
    if where is not None:
        return error_response({"error": "invalid_input", "message": f"{where or 'the body'}: a lone surrogate is not text",
                               "fields": {where or "_schema": ["a lone surrogate is not text"]}}, 422)
    return None


def install_guards(app: Flask, authenticate: Any) -> None:
    """Register the guards on ``app``: the Host guard, then ``authenticate`` (the auth hook), then the body checks."""
    app.before_request(_host_guard)
    app.before_request(authenticate)
    app.before_request(_json_only)
