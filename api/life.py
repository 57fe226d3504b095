"""Campaign life over HTTP: amendments, bookmarks, branches and play records (see :mod:`domain.life`).

``POST /campaigns/{id}/amendments`` amends a recorded outcome that was not a reveal; ``GET``/``POST
/campaigns/{id}/bookmarks`` lists / names versions; ``GET``/``POST /campaigns/{id}/branches`` lists / makes
practice and what-if copies (making one is admin-only: it creates a campaign); ``GET /campaigns/{id}/plays``
writes the finished plays for BG Stats or BoardGameGeek.
"""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from flask import Response, current_app
from flask.views import MethodView
from flask_smorest import Blueprint
from marshmallow import validate

from domain.core.errors import BadInput

from .actions import expected_version
from .campaigns import campaign_summary, etag, questlog
from .json_values import check_corrected_types
from .auth import grant, visible
from .seats import actor_for, check_action
from .schemas import ActionResultSchema, CampaignSchema, CorrectionSchema, Digits, Strict
from domain.core.names import quoted

blp = Blueprint("campaign-life", __name__, url_prefix="/campaigns", description="Amendments, bookmarks, branches and play records")
ETAG_HEADER = {"ETag": {"description": "the campaign's version after the write, quoted", "schema": {"type": "string"}}}


class AmendmentSchema(CorrectionSchema):
    """``POST /campaigns/{id}/amendments``: the values a recorded outcome (not a reveal) should have had."""


class BookmarkSchema(Strict):
    name = ma.fields.String(required=True, validate=validate.Length(1, 80), metadata={"description": "a name for the current version"})


class BookmarkListSchema(ma.Schema):
    bookmarks = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.Integer())


class BranchSchema(Strict):
    name = ma.fields.String(required=True, validate=validate.Length(1, 120), metadata={"description": "the new campaign's name"})
    at = ma.fields.String(validate=validate.Length(1, 80), metadata={"description": "a version (12 or v12) or a bookmark; default: now"})


class BranchEntrySchema(ma.Schema):
    id = ma.fields.String()
    name = ma.fields.String()
    version = ma.fields.Integer()


class PageQuerySchema(Strict):
    """``?page=1&page_size=50``: one page of the list, oldest first (no ``page_size``: all of it); ``?after=...``: the
    page that follows the previous page's last entry (a keyset page); each full page's ``Link: <...>; rel="next"``
    names the next one, as ``GET /campaigns`` does."""

    page = Digits(load_default=1, validate=validate.Range(1, 1_000_000), metadata={"description": "the page, from 1"})
    page_size = Digits(validate=validate.Range(1, 500), metadata={"description": "entries per page (1-500); none: all"})


def _zone(name: str) -> Any:
    """An IANA time zone (``Europe/Paris``). Raises ``ValidationError`` for a name the system's zone database lacks."""
    from zoneinfo import ZoneInfo

    try:
        return ZoneInfo(name)
    except (ValueError, OSError, KeyError):  # ZoneInfoNotFoundError is a KeyError; a path-like name a ValueError
        raise ma.ValidationError(f"no time zone {name[:60]!r}: give an IANA name such as Europe/Paris or UTC") from None


class PlaysQuerySchema(PageQuerySchema):
    format = ma.fields.String(load_default="bgstats", validate=validate.OneOf(["bgstats", "bgg"]))
    tz = ma.fields.String(load_default="UTC", validate=validate.Length(1, 64),
                          metadata={"description": "the IANA time zone of the exported dates (the table's; default UTC); "
                                                   "each BG Stats play names it in timezone"})
    after = Digits(validate=validate.Range(0, 2**63 - 1),
                              metadata={"description": "the version the previous page's last play ended at: the plays that ended after it"})


class BookmarkPageSchema(PageQuerySchema):
    after = ma.fields.String(validate=validate.Length(1, 80), metadata={"description": "the previous page's last bookmark: the ones made after it"})


def _page(entries: list[Any], query: dict[str, Any], after_index: int | None) -> list[Any]:
    """The entries of the page ``query`` asks for: after the entry at ``after_index`` (keyset), else page ``page``."""
    size = query.get("page_size")
    if after_index is not None:
        entries = entries[after_index + 1:]
        return entries if size is None else entries[:size]
    if size is None:
        return entries
    start = (query["page"] - 1) * size
    return entries[start:start + size]


def _next_link(response: Response, path: str, after: Any, query: dict[str, Any], shown: int, **more: str) -> Response:
    """Add ``Link: <path?after=...&page_size=N>; rel="next"`` when the page is full (there may be more)."""
    from urllib.parse import urlencode

    size = query.get("page_size")
    if size is not None and shown == size:
        response.headers["Link"] = f'<{path}?{urlencode({"after": after, "page_size": size, **more})}>; rel="next"'
    return response


@blp.route("/<campaign_id>/amendments")
class Amendments(MethodView):
    """Amendments of recorded outcomes that were not reveals (later actions are decided again)."""

    @blp.arguments(AmendmentSchema)
    @blp.response(201, ActionResultSchema, headers=ETAG_HEADER)
    def post(self, body: dict[str, Any], campaign_id: str) -> Any:
        """Amend an action's recorded fields with a reason; 422 rule_violation names a later action it would make illegal."""
        check_corrected_types(questlog(), campaign_id, body["action_id"], body["fields"])  # JSON's types, as for an action
        result = questlog().amend(campaign_id, body["action_id"], body["fields"], body["reason"],
                                  expected_version=expected_version(body.get("expected_version")), actor=actor_for(grant(), body.get("actor")),
                                  authorize=check_action(grant()))
        return result.to_dict(), 201, etag(result.version)


@blp.route("/<campaign_id>/bookmarks")
class Bookmarks(MethodView):
    """Named versions of a campaign."""

    @blp.arguments(BookmarkPageSchema, location="query")
    @blp.response(200, BookmarkListSchema)
    def get(self, query: dict[str, Any], campaign_id: str) -> Any:
        """The campaign's bookmarks, name -> version, in the order they were made; paged with ``page`` and
        ``page_size``, or ``after`` a bookmark's name. 422 invalid_input for an ``after`` that names no bookmark."""
        marks = list(questlog().bookmarks(campaign_id).items())
        after = query.get("after")
        names = [name for name, _ in marks]
        if after is not None and after not in names:
            raise BadInput(f"no bookmark {quoted(after)} to page after", {"after": ["no such bookmark"]})
        shown = dict(_page(marks, query, names.index(after) if after is not None else None))
        response = current_app.json.response({"bookmarks": shown})
        return _next_link(response, f"/campaigns/{campaign_id}/bookmarks", next(reversed(shown), ""), query, len(shown))

    @blp.arguments(BookmarkSchema)
    @blp.response(201, BookmarkListSchema, headers=ETAG_HEADER)
    def post(self, body: dict[str, Any], campaign_id: str) -> Any:
        """Name the current version; 422 invalid_input for a taken name or one that looks like a version."""
        result = questlog().bookmark(campaign_id, body["name"])
        return {"bookmarks": questlog().bookmarks(campaign_id)}, 201, etag(result.version)


@blp.route("/<campaign_id>/branches")
class Branches(MethodView):
    """Practice and what-if copies of a campaign."""

    admin_methods = ("POST",)

    @blp.response(200, BranchEntrySchema(many=True))
    def get(self, campaign_id: str) -> Any:
        """The campaigns branched from this one that this token may see, with the version each copied."""
        return [b for b in questlog().branches_of(campaign_id) if visible(b["id"])]  # others 404 to it: never named

    @blp.arguments(BranchSchema)
    @blp.response(201, CampaignSchema)
    def post(self, body: dict[str, Any], campaign_id: str) -> Any:
        """A new campaign copying this one's history up to ``at`` (admin-only: it creates a campaign)."""
        new_id = questlog().branch(campaign_id, body["name"], at=body.get("at"))
        return campaign_summary(new_id), 201


@blp.route("/<campaign_id>/plays")
class Plays(MethodView):
    """The campaign's finished plays as BG Stats JSON or BoardGameGeek play XML."""

    @blp.arguments(PlaysQuerySchema, location="query")
    @blp.response(200)
    @blp.doc(responses={"200": {"description": "BG Stats JSON (format=bgstats) or BoardGameGeek play XML (format=bgg)",
                                "content": {"application/json": {"schema": {"type": "object"}},
                                            "application/xml": {"schema": {"type": "string"}}}}})
    def get(self, query: dict[str, Any], campaign_id: str) -> Response:
        """The finished plays (date, duration, players, scores, winners) in the chosen format, oldest first; paged with
        ``page`` and ``page_size``, or ``after`` the version the previous page's last play ended at."""
        from domain.plays import to_bgg_xml, to_bgstats

        app = questlog()
        plays = app.finished_plays(campaign_id)
        after = query.get("after")
        start = sum(1 for p in plays if p.version <= after) - 1 if after is not None else None  # plays end in order
        plays = _page(plays, query, start)
        try:
            zone = _zone(query["tz"])
        except ma.ValidationError as bad:
            raise BadInput(f"tz: {bad.messages[0]}", {"tz": bad.messages}) from None
        if query["format"] == "bgg":
            response = Response(to_bgg_xml(plays, zone), mimetype="application/xml")
        else:
            import json

            response = Response(json.dumps(to_bgstats(plays, zone), ensure_ascii=False, indent=1), mimetype="application/json")
        last = plays[-1].version if plays else 0
        return _next_link(response, f"/campaigns/{campaign_id}/plays", last, query, len(plays), format=query["format"])
