"""Granting tokens over HTTP (admin tokens only); the CLI's ``questlog token`` does the same locally."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

from domain.access import issue_token

from .campaigns import questlog
from .schemas import TokenCreateSchema, TokenSchema

blp = Blueprint("tokens", __name__, url_prefix="/tokens", description="API tokens (admin only)")


@blp.route("")
class Tokens(MethodView):
    """Grant campaign tokens."""

    admin_methods = {"POST"}

    @blp.arguments(TokenCreateSchema)
    @blp.response(201, TokenSchema)
    def post(self, body: dict[str, Any]) -> dict[str, Any]:
        """Grant a token for some campaigns, optionally read-only (a spectator's share token). The token is shown once."""
        token, grant = issue_token(questlog(), campaigns=body["campaigns"], read_only=body["read_only"], label=body["label"])
        return {"token": token, **grant.to_dict()}
