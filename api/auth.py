"""Bearer-token access control, checked before every request (tokens: :mod:`domain.access`).

- 401 ``unauthorized``: no token or an unknown one (on every route but the docs and the rulesets);
- 404 ``not_found``: a campaign the token was not granted, answered exactly as an unknown campaign;
- 403 ``forbidden``: a write to a campaign the token may only read, or an admin-only route
  (create or import a campaign, grant a token) with a campaign token;
- 403 ``not_your_seat``: a seat-limited token recording another seat's action (:mod:`api.seats`);
- an expired token is unknown (401).

``QUESTLOG_AUTH=off`` turns this off (every request acts as admin): for a single user on their own
machine only; ``questlog serve`` refuses it on anything but a loopback address.
"""

from __future__ import annotations

import uuid
from typing import Any

from flask import Flask, current_app, g, request

from domain.access import Grant, authenticate

from .errors import ApiError

ANONYMOUS_ADMIN = Grant(token_id="auth-off", admin=True, label="QUESTLOG_AUTH=off")
WRITE_METHODS = {"POST", "PUT", "PATCH", "DELETE"}
_CHALLENGE = {"WWW-Authenticate": 'Bearer realm="questlog"'}


def grant() -> Grant:
    """The grant of the request's token (set by the before-request check)."""
    return g.questlog_grant


def canonical_id(campaign_id: str) -> str | None:
    """The canonical form of a campaign id, or ``None`` when it is not a UUID."""
    try:
        return str(uuid.UUID(campaign_id))
    except (ValueError, TypeError, AttributeError):
        return None


def not_found(campaign_id: str) -> ApiError:
    """The 404 an unknown campaign gets (the application's own message, word for word)."""
    return ApiError(404, "not_found", f"no campaign {campaign_id} in this store")


def visible(campaign_id: str) -> bool:
    """Whether the request's token may see ``campaign_id`` (used to filter lists)."""
    return grant().can_read(campaign_id)


def _view_class(endpoint: str | None) -> Any:
    view = current_app.view_functions.get(endpoint or "")
    return getattr(view, "view_class", None)


def _bearer() -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


def check_request() -> None:
    """The before-request hook: authenticate, then check the campaign grant and the write permission."""
    if request.routing_exception is not None or request.method == "OPTIONS":
        return  # unknown routes 404 / 405 whoever asks
    endpoint = request.endpoint or ""
    cls = _view_class(endpoint)
    public = getattr(cls, "public", False) or getattr(current_app.view_functions.get(endpoint), "public", False)
    if endpoint.startswith("api-docs.") or public or endpoint == "static":
        return
    g.questlog_grant = _authenticate()
    who = grant()
    campaign_id = (request.view_args or {}).get("campaign_id")
    if campaign_id is not None:
        cid = canonical_id(campaign_id)
        if cid is None or not who.can_read(cid):
            raise not_found(campaign_id)
        if request.method in WRITE_METHODS and not who.can_write(cid):
            raise ApiError(403, "forbidden", "this token may only read this campaign")
    if request.method in getattr(cls, "admin_methods", ()) and not who.admin:
        raise ApiError(403, "forbidden", "only an admin token may do this")


def _authenticate() -> Grant:
    if not current_app.config["QUESTLOG_AUTH"]:
        return ANONYMOUS_ADMIN
    token = _bearer()
    if token is None:
        raise ApiError(401, "unauthorized", "send an API token as `Authorization: Bearer TOKEN` (create one with `questlog token create`)",
                       _CHALLENGE)
    if len(token) > 200 or (found := authenticate(current_app.extensions["questlog"], token)) is None:
        raise ApiError(401, "unauthorized", "unknown or revoked API token", _CHALLENGE)
    return found


def install_auth(app: Flask) -> None:
    """Register the before-request check on ``app``."""
    app.before_request(check_request)
