"""Campaign life over HTTP: amendments, bookmarks, branches and play records (see :mod:`domain.life`).

``POST /campaigns/{id}/amendments`` amends a recorded outcome that was not a reveal; ``GET``/``POST
/campaigns/{id}/bookmarks`` lists / names versions; ``GET``/``POST /campaigns/{id}/branches`` lists / makes
practice and what-if copies (making one is admin-only: it creates a campaign); ``GET /campaigns/{id}/plays``
writes the finished plays for BG Stats or BoardGameGeek.
"""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from flask import Response
from flask.views import MethodView
from flask_smorest import Blueprint
from marshmallow import validate

from .actions import expected_version
from .campaigns import campaign_summary, etag, questlog
from .auth import visible
from .schemas import ActionResultSchema, CampaignSchema, CorrectionSchema, Strict

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


class PlaysQuerySchema(Strict):
    format = ma.fields.String(load_default="bgstats", validate=validate.OneOf(["bgstats", "bgg"]))


@blp.route("/<campaign_id>/amendments")
class Amendments(MethodView):
    """Amendments of recorded outcomes that were not reveals (later actions are decided again)."""

    @blp.arguments(AmendmentSchema)
    @blp.response(201, ActionResultSchema, headers=ETAG_HEADER)
    def post(self, body: dict[str, Any], campaign_id: str) -> Any:
        """Amend an action's recorded fields with a reason; 422 rule_violation names a later action it would make illegal."""
        result = questlog().amend(campaign_id, body["action_id"], body["fields"], body["reason"],
                                  expected_version=expected_version(body.get("expected_version")), actor=body.get("actor"))
        return result.to_dict(), 201, etag(result.version)


@blp.route("/<campaign_id>/bookmarks")
class Bookmarks(MethodView):
    """Named versions of a campaign."""

    @blp.response(200, BookmarkListSchema)
    def get(self, campaign_id: str) -> Any:
        """The campaign's bookmarks: name -> version."""
        return {"bookmarks": questlog().bookmarks(campaign_id)}

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
        """Every finished play (date, duration, players, scores, winners) in the chosen format."""
        from domain.plays import to_bgg_xml, to_bgstats

        app = questlog()
        plays = app.finished_plays(campaign_id)
        if query["format"] == "bgg":
            return Response(to_bgg_xml(plays), mimetype="application/xml")
        import json

        return Response(json.dumps(to_bgstats(plays), ensure_ascii=False, indent=1), mimetype="application/json")
