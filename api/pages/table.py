"""The table's own page parts (issue 25): who holds this phone, invites and the joined phones (admin), a new
campaign from the page (admin), joining by code, and the installable shell (manifest, icons, service worker).

Fragments pass the API's access checks like every other (``/fragments/<campaign_id>/...``); the shells, the
manifest and the service worker are public and hold no data.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any

from flask import Response, current_app, render_template, request
from markupsafe import Markup

from domain.access import issue_invite, list_tokens
from domain.core.ruleset import TABLE_KEY, rulesets

from ..auth import grant
from ..errors import ApiError
from .routes import blp

INVITE_HOURS = (3, 12, 24 * 7)
"""The expiries an invite made on the page may have (hours)."""


def _app() -> Any:
    return current_app.extensions["questlog"]


def _admin() -> None:
    if not grant().admin:
        raise ApiError(403, "forbidden", "only an admin token may do this")


@blp.get("/fragments/<campaign_id>/table")
def table_fragment(campaign_id: str) -> str:
    """Who holds this phone (the seated people to pick from, or the token's seat), and for an admin the invites."""
    campaign = _app().get_campaign(campaign_id)
    who = grant()
    seated = list((campaign.state.get(TABLE_KEY) or {}).keys())
    phones = [g.to_dict() for g in list_tokens(_app(), str(campaign.id))] if who.admin else []
    return render_template("table/panel.html", cid=str(campaign.id), seated=seated, seat=who.seat, admin=who.admin,
                           can_write=who.can_write(str(campaign.id)), phones=phones, hours=INVITE_HOURS)


@blp.post("/fragments/<campaign_id>/invite")
def invite_fragment(campaign_id: str) -> str:
    """Make an invite (admin): JSON ``{"read_only", "seat", "hours"}``; answers its link, QR code and join code."""
    import segno

    _admin()
    body = request.get_json(silent=True) or {}
    hours = body.get("hours", 12)
    if hours not in INVITE_HOURS:
        raise ApiError(422, "invalid_input", f"an invite lasts one of {', '.join(map(str, INVITE_HOURS))} hours")
    seat = (body.get("seat") or "").strip() or None
    read_only = body.get("read_only") is True
    campaign = _app().get_campaign(campaign_id)
    label = f"invite{' for ' + seat if seat else ''}{' (watch)' if read_only else ''}"
    token, invite, code = issue_invite(_app(), str(campaign.id), read_only=read_only, seat=seat, label=label,
                                       expires_at=datetime.now(timezone.utc) + timedelta(hours=hours))
    link = f"{request.host_url}play/{campaign.id}#token={token}"
    svg = segno.make(link, error="l").svg_inline(scale=4, dark="#000", light="#fff", title="invite link")
    return render_template("table/invite.html", link=link, qr=Markup(svg), code=code, invite=invite.to_dict(),
                           join=f"{request.host_url}join")


@blp.get("/fragments/new-campaign")
def new_campaign_fragment() -> str:
    """The new-campaign form (admin): game, name, and optionally setup options and a paper sheet as JSON."""
    _admin()
    games = [{"game": game, "title": r.title} for game, r in sorted(rulesets().items()) if not game.startswith("_")]
    return render_template("table/new_campaign.html", games=games)


@blp.get("/join")
def join_shell() -> str:
    """The join page (public shell): type an invite's join code."""
    return render_template("table/join.html", page="join", poll_ms=0)


join_shell.public = True  # type: ignore[attr-defined]


MANIFEST = {"name": "Questlog", "short_name": "Questlog", "start_url": "/", "scope": "/", "display": "standalone",
            "background_color": "#12141a", "theme_color": "#12141a", "description": "The table's record of a campaign board game",
            "icons": [{"src": "/static/page/icon-192.png", "sizes": "192x192", "type": "image/png"},
                      {"src": "/static/page/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any maskable"}]}


@blp.get("/manifest.webmanifest")
def manifest() -> Response:
    """The web app manifest (installing the page needs a secure context: HTTPS or localhost)."""
    return current_app.response_class(current_app.json.dumps(MANIFEST), mimetype="application/manifest+json")


@blp.get("/sw.js")
def service_worker() -> Response:
    """The service worker script at the root, so its scope is the whole page (registered only in a secure context)."""
    response = current_app.send_static_file("page/sw.js")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Service-Worker-Allowed"] = "/"
    response.mimetype = "text/javascript"
    return response


for _view in (manifest, service_worker):
    _view.public = True  # type: ignore[attr-defined]
