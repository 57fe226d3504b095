"""Statistics over HTTP (issue 30): a campaign's dice luck and curves, and a play's recap (see
:mod:`projections.statistics`).

``GET /campaigns/{id}/stats?format=json|csv|svg|png`` answers the figures (JSON), the CSV of ``questlog stats
--csv``, or the dice luck chart; ``GET /campaigns/{id}/plays/{n}/recap?format=json|html|svg|png`` one play's recap
as data, as one self-contained HTML file, or as its picture; ``GET /campaigns/{id}/standings`` the campaign's
standings and timeline (``questlog timeline``). ``GET /standings`` spans every campaign of the store (``questlog
standings``): admin tokens only (403 ``forbidden`` for any other), since a campaign-scoped token must not learn of
campaigns it was not granted (DESIGN.md § Interfaces). scipy and matplotlib are imported by these routes only (when
first called), never when the app starts.
"""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from flask import Response
from flask.views import MethodView
from flask_smorest import Blueprint
from marshmallow import validate

from .campaigns import questlog
from .schemas import Strict

blp = Blueprint("statistics", __name__, url_prefix="/campaigns", description="Dice luck, curves of a play, recaps")
IMAGES = {"svg": "image/svg+xml", "png": "image/png"}


class StatsQuerySchema(Strict):
    format = ma.fields.String(load_default="json", validate=validate.OneOf(["json", "csv", "svg", "png"]),
                              metadata={"description": "json: the figures; csv: one row per series point; svg/png: the dice chart"})


class RecapQuerySchema(Strict):
    format = ma.fields.String(load_default="json", validate=validate.OneOf(["json", "html", "svg", "png"]),
                              metadata={"description": "json: the recap; html: one self-contained file; svg/png: its picture"})


def _content(kinds: dict[str, dict[str, Any]]) -> dict[str, Any]:
    return {"200": {"description": "the chosen format", "content": kinds}}


@blp.route("/<campaign_id>/stats")
class Stats(MethodView):
    """Dice luck (each die kind's faces against the fair expectation: chi-square, p-value) and the latest play's curves."""

    @blp.arguments(StatsQuerySchema, location="query")
    @blp.response(200)
    @blp.doc(responses=_content({"application/json": {"schema": {"type": "object"}}, "text/csv": {"schema": {"type": "string"}},
                                 "image/svg+xml": {"schema": {"type": "string"}},
                                 "image/png": {"schema": {"type": "string", "format": "binary"}}}))
    def get(self, query: dict[str, Any], campaign_id: str) -> Response:
        """Undone actions never count; corrected dice count as corrected. From the statistics read model."""
        from projections.statistics import campaign_stats, series_csv

        data = campaign_stats(questlog(), campaign_id)
        fmt = query["format"]
        if fmt == "csv":
            return Response(series_csv(data), mimetype="text/csv",
                            headers={"Content-Disposition": 'attachment; filename="questlog-stats.csv"'})
        if fmt in IMAGES:
            from projections.charts import dice_chart

            return Response(dice_chart(data["dice"]["kind"], fmt, f"Dice luck · {data['campaign']['name']}"), mimetype=IMAGES[fmt])
        import json

        return Response(json.dumps(data, ensure_ascii=False), mimetype="application/json")


@blp.route("/<campaign_id>/plays/<int:n>/recap")
class Recap(MethodView):
    """One play (1 = the campaign's first): when, how long, who played, the result, turning points, dice luck, curves."""

    @blp.arguments(RecapQuerySchema, location="query")
    @blp.response(200)
    @blp.doc(responses=_content({"application/json": {"schema": {"type": "object"}}, "text/html": {"schema": {"type": "string"}},
                                 "image/svg+xml": {"schema": {"type": "string"}},
                                 "image/png": {"schema": {"type": "string", "format": "binary"}}}))
    def get(self, query: dict[str, Any], campaign_id: str, n: int) -> Response:
        """A play the campaign does not have is a 422 ``invalid_input``."""
        from projections.statistics import recap

        data = recap(questlog(), campaign_id, n)
        fmt = query["format"]
        if fmt == "html":
            from projections.recap_html import recap_html

            return Response(recap_html(data), mimetype="text/html")
        if fmt in IMAGES:
            from projections.recap_html import recap_image

            return Response(recap_image(data, fmt), mimetype=IMAGES[fmt])
        import json

        return Response(json.dumps(data, ensure_ascii=False), mimetype="application/json")


@blp.route("/<campaign_id>/standings")
class CampaignStandings(MethodView):
    """This campaign's standings and timeline: per person, co-operative and competitive plays apart (a tie counts as a
    win and a tie for everyone tied; practice plays left out); its finished plays in order; each person's score per
    play and the series the ruleset declares for the campaign's progress, sampled after each finished play."""

    @blp.response(200)
    @blp.doc(responses=_content({"application/json": {"schema": {"type": "object", "properties": {
        "campaign": {"type": "object"}, "people": {"type": "object"}, "timeline": {"type": "object", "properties": {
            "plays": {"type": "array", "items": {"type": "object"}}, "series": {"type": "object"}}}}}}}))
    def get(self, campaign_id: str) -> Response:
        """This campaign's standings and timeline (as ``questlog timeline --json``).

        Per person, co-operative and competitive plays apart; the finished plays in order; each person's score per play
        and the ruleset's campaign series (Nanolith: stickers, unlocks), sampled after each finished play."""
        import json

        from projections.statistics import campaign_standings

        return Response(json.dumps(campaign_standings(questlog(), campaign_id), ensure_ascii=False), mimetype="application/json")


store_blp = Blueprint("store_standings", __name__, url_prefix="/standings", description="Standings across every campaign")


@store_blp.route("")
class StoreStandings(MethodView):
    """Each person across every campaign of the store, co-operative and competitive apart, and the sessions by date
    with their plays (as ``questlog standings --json``). Admin tokens only: 403 ``forbidden`` for any other token."""

    admin_methods = {"GET"}

    @store_blp.response(200)
    @store_blp.doc(responses=_content({"application/json": {"schema": {"type": "object", "properties": {
        "people": {"type": "object"}, "timeline": {"type": "array", "items": {"type": "object"}}}}}}))
    def get(self) -> Response:
        """Each person across every campaign of the store.

        Admin tokens only (403 ``forbidden`` for any other: a campaign-scoped token must not learn of campaigns it was
        not granted); one campaign's standings are ``GET /campaigns/{id}/standings``, for any token that may read it."""
        import json

        from projections.statistics import standings

        return Response(json.dumps(standings(questlog()), ensure_ascii=False), mimetype="application/json")


__all__ = ["blp", "store_blp"]
