"""Campaigns: create, list, show; export as JSON Lines and import (DESIGN.md § Interfaces, API)."""

from __future__ import annotations

from typing import Any

from flask import Response, current_app, request
from flask.views import MethodView
from flask_smorest import Blueprint

from domain.core.errors import BadInput, UnknownCampaign
from domain.core.ruleset import get_ruleset
from domain.transfer import MEDIA_TYPE, export_lines, import_campaign
from domain.views import view_names
from infrastructure.files import resolve_setup

from .auth import canonical_id, grant, visible
from .exports import ExportGate
from .schemas import CampaignCreateSchema, CampaignEntrySchema, CampaignListQuerySchema, CampaignSchema, ImportQuerySchema

ENTRY_FIELDS = tuple(CampaignEntrySchema().fields)
"""The keys of a campaign list entry, as documented by :class:`~.schemas.CampaignEntrySchema`."""

blp = Blueprint("campaigns", __name__, url_prefix="/campaigns", description="Campaigns: one group's running record for one game")


def questlog() -> Any:
    """The process's one application service."""
    return current_app.extensions["questlog"]


def etag(version: int) -> dict[str, str]:
    """The ETag header for a campaign at ``version`` (send it back as ``If-Match``)."""
    return {"ETag": f'"{version}"'}


def campaign_summary(campaign_id: str) -> dict[str, Any]:
    """A campaign's summary with its view names. Raises ``UnknownCampaign``."""
    app = questlog()
    campaign = app.get_campaign(campaign_id)
    return {**app.summary(campaign), "views": view_names(campaign.ruleset)}


@blp.route("")
class Campaigns(MethodView):
    """The campaigns the token may see; admins create new ones."""

    admin_methods = {"POST"}

    @blp.arguments(CampaignListQuerySchema, location="query")
    @blp.response(200, CampaignEntrySchema(many=True))
    def get(self, query: dict[str, Any]) -> Response:
        """List the campaigns this token may see, oldest first; ``page_size`` campaigns of page ``page`` if given, or
        of the campaigns after ``after`` (a keyset page). Raises ``UnknownCampaign`` for an ``after`` not listed."""
        size, after = query.get("page_size"), query.get("after")
        after = str(after) if after is not None else None
        if after is not None and (not visible(after) or questlog().game_of(after) is None):  # game_of: 404 if none
            raise UnknownCampaign(f"no campaign {after} to page after")
        start = 0 if after is not None or size is None else (query["page"] - 1) * size
        if size is not None and grant().admin:  # an admin sees every campaign: the page is read as a page
            found = questlog().campaigns(size, start, after=after)
        else:
            found = [c for c in questlog().campaigns(after=after) if visible(c["id"])]
            found = found if size is None else found[start:start + size]
        # the index rows are already the documented entries: dumping them through the schema again cost a third of a
        # page of 50 on a store of 10,000 campaigns (bench figure 9); a test checks each row against the schema
        response = current_app.json.response([{k: c[k] for k in ENTRY_FIELDS} for c in found])
        if size is not None and len(found) == size:
            response.headers["Link"] = f'</campaigns?after={found[-1]["id"]}&page_size={size}>; rel="next"'
        return response

    @blp.arguments(CampaignCreateSchema)
    @blp.response(201, CampaignSchema)
    def post(self, body: dict[str, Any]) -> Any:
        """Create a campaign of a game (admin tokens only)."""
        setup = resolve_setup(get_ruleset(body["game"]), body["setup"], "http")  # installed packs by name, never a path
        cid = questlog().create_campaign(body["game"], body["name"], setup, actor=grant().label or None,
                                         from_sheet=body.get("from_sheet"))
        summary = campaign_summary(cid)
        return summary, {"ETag": etag(summary["version"])["ETag"], "Location": f"/campaigns/{cid}"}


@blp.route("/<campaign_id>")
class CampaignDetail(MethodView):
    """One campaign."""

    @blp.response(200, CampaignSchema, headers={"ETag": {"description": "the version, quoted", "schema": {"type": "string"}}})
    def get(self, campaign_id: str) -> Any:
        """Show a campaign: game, name, setup, current version (also as ETag) and current play."""
        summary = campaign_summary(campaign_id)
        return summary, etag(summary["version"])


@blp.route("/<campaign_id>/export")
class CampaignExport(MethodView):
    """The campaign's stored form as JSON Lines."""

    @blp.response(200, {"type": "string"}, content_type=MEDIA_TYPE,
                  description="a header line, then one line per stored action, undo and redo")
    def get(self, campaign_id: str) -> Response:
        """Export the campaign as JSON Lines, streamed (import it with POST /campaigns/import).

        The store is verified first: a broken chain answers 409 ``broken_chain`` before any line. One export per
        campaign runs at a time and a read-only token's exports are rate-limited (429 with ``Retry-After``, see
        :mod:`api.exports`)."""
        app, who = questlog(), grant()
        cid = str(canonical_id(campaign_id))
        gate = current_app.extensions.setdefault("questlog_exports", ExportGate(current_app.config["QUESTLOG_EXPORT_RATE"]))
        leave = gate.enter(cid, who.token_id, read_only=not who.can_write(cid))
        try:
            lines = export_lines(app, cid)  # verified here: errors become JSON, not a broken stream
        except BaseException:
            leave()
            raise

        def body() -> Any:
            try:
                for line in lines:
                    yield line + "\n"
            finally:
                leave()

        name = f"questlog-{cid[:8]}.jsonl"
        response = Response(body(), 200, mimetype=MEDIA_TYPE, headers={"Content-Disposition": f'attachment; filename="{name}"'})
        response.call_on_close(leave)
        return response


@blp.route("/import")
class CampaignImport(MethodView):
    """Import a campaign exported by any Questlog."""

    admin_methods = {"POST"}

    @blp.arguments(ImportQuerySchema, location="query")
    @blp.doc(requestBody={"required": True, "content": {MEDIA_TYPE: {"schema": {"type": "string"}}}})
    @blp.response(201, CampaignSchema)
    def post(self, query: dict[str, Any]) -> Any:
        """Import a JSON Lines export under a new campaign id (admin tokens only); the views replay identically."""
        text = request.get_data(cache=False).decode("utf-8", errors="replace")
        if not text.strip():
            raise BadInput("the request body is empty: send the JSON Lines of an export (GET /campaigns/{id}/export)",
                           {"body": ["empty"]})
        cid = import_campaign(questlog(), text, name=query.get("name"), actor=grant().label or None)
        summary = campaign_summary(cid)
        return summary, {"ETag": etag(summary["version"])["ETag"], "Location": f"/campaigns/{cid}"}
