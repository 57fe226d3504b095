"""Reading a campaign: the history (paginated) and any view, as of any version (``?at=VERSION``)."""

from __future__ import annotations

from typing import Any

from flask import request
from flask.views import MethodView
from flask_smorest import Blueprint

from domain.history import history_page
from domain.views import view_names
from infrastructure.files import resolve_query

from .campaigns import questlog
from .errors import ApiError
from .schemas import AtQuerySchema, HistoryQuerySchema, HistorySchema, ViewSchema
from domain.core.names import quoted

blp = Blueprint("reads", __name__, url_prefix="/campaigns", description="History and views, as of any version")


@blp.route("/<campaign_id>/history")
class History(MethodView):
    """Every action, undone ones marked, with the seals and the undo horizon."""

    @blp.arguments(HistoryQuerySchema, location="query")
    @blp.response(200, HistorySchema)
    def get(self, query: dict[str, Any], campaign_id: str) -> dict[str, Any]:
        """One page of the history (oldest first): actions with status effective / undone and sealed flags. A page
        costs the same on a long campaign as on a short one (``domain.history.history_page``)."""
        app = questlog()
        return history_page(app, campaign_id, query["page"], query["page_size"], app.resolve_version(campaign_id, query.get("at")))


@blp.route("/<campaign_id>/views/<name>")
class View(MethodView):
    """A view by name (board, progress, history... the campaign's ``views`` lists them)."""

    @blp.arguments(AtQuerySchema, location="query")
    @blp.response(200, ViewSchema)
    def get(self, query: dict[str, Any], campaign_id: str, name: str) -> dict[str, Any]:
        """The view's JSON, as of version ``at`` if given (the state after the last action ending at or before it).
        ``history`` is paged like ``GET /campaigns/{id}/history`` (``?page=``, ``?page_size=`` at most 200, default
        200): a long campaign's whole history is never one answer."""
        app = questlog()
        at = app.resolve_version(campaign_id, query.get("at"))  # 5, v5 or a bookmark, as view --at reads it
        ruleset = app.get_campaign(campaign_id).ruleset
        if name not in view_names(ruleset):
            raise ApiError(404, "not_found", f"no view {quoted(name)}; {ruleset.title} campaigns have: {', '.join(view_names(ruleset))}")
        if name == "history":
            paging = HistoryQuerySchema().load({"page": request.args.get("page", "1"), "page_size": request.args.get("page_size", "200")})
            data = history_page(app, campaign_id, paging["page"], paging["page_size"], at)
        else:
            data = app.view(campaign_id, name, at)
        version = at if at is not None else app.get_campaign(campaign_id).version
        return {"name": name, "version": version, "data": data}


@blp.route("/<campaign_id>/queries/<verb>")
class Query(MethodView):
    """A check that stores nothing (``check-content``...): the ruleset's ``queries`` list them."""

    @blp.response(200, ViewSchema)
    def get(self, campaign_id: str, verb: str) -> dict[str, Any]:
        """The query's answer for the campaign's current state; its fields come as query parameters (a content
        pack by the name it is installed under, never a path). Nothing is stored."""
        app = questlog()
        raw: dict[str, Any] = request.args.to_dict()
        ruleset = app.get_campaign(campaign_id).ruleset
        spec = ruleset.queries.get(verb)
        if spec is not None:  # file fields name packs installed on the server (QUESTLOG_CONTENT_DIR), never a path
            raw = resolve_query(ruleset, spec, raw, "http")
        data = app.ask(campaign_id, verb, raw)
        return {"name": verb, "version": app.get_campaign(campaign_id).version, "data": data}
