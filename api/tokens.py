"""Granting, listing and revoking tokens over HTTP (admin tokens only), and joining with an invite's code (public);
the CLI's ``questlog token`` does the same locally. An invite is a campaign token (write or read-only, optionally
limited to a seat, expiring) whose link carries it in the URL fragment (DESIGN.md § The table page, Joining)."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

from domain.access import issue_invite, issue_token, join_with_code, list_tokens, revoke_token

from .auth import canonical_id
from .campaigns import questlog
from .errors import ApiError
from .schemas import GrantSchema, JoinSchema, TokenCreateSchema, TokenQuerySchema, TokenSchema

blp = Blueprint("tokens", __name__, url_prefix="/tokens", description="API tokens (admin only) and joining by code")


@blp.route("")
class Tokens(MethodView):
    """Grant and list campaign tokens."""

    admin_methods = {"POST", "GET"}

    @blp.arguments(TokenCreateSchema)
    @blp.response(201, TokenSchema)
    def post(self, body: dict[str, Any]) -> dict[str, Any]:
        """Grant a token for some campaigns: read-only (a spectator's share token) or not, optionally limited to a seat
        and expiring; with ``join_code`` (one campaign only) also a short code to type at ``/join``. Shown once."""
        options = {"read_only": body["read_only"], "label": body["label"], "seat": body["seat"], "expires_at": body["expires_at"]}
        if body["join_code"]:
            if len(body["campaigns"]) != 1:
                raise ApiError(422, "invalid_input", "a join code invites to one campaign")
            token, grant, code = issue_invite(questlog(), body["campaigns"][0], **options)
            return {"token": token, **grant.to_dict(), "join_code": code}
        token, grant = issue_token(questlog(), campaigns=body["campaigns"], **options)
        return {"token": token, **grant.to_dict()}

    @blp.arguments(TokenQuerySchema, location="query")
    @blp.response(200, GrantSchema(many=True))
    def get(self, query: dict[str, Any]) -> list[dict[str, Any]]:
        """The live tokens (ids and grants, never the tokens), oldest first; ``?campaign=ID``: that campaign's (its joined phones)."""
        campaign = query.get("campaign")
        if campaign is not None and canonical_id(campaign) is None:
            raise ApiError(404, "not_found", f"no campaign {campaign[:40]} in this store")
        return [g.to_dict() for g in list_tokens(questlog(), canonical_id(campaign) if campaign else None)]


@blp.route("/<token_id>")
class TokenItem(MethodView):
    """One token, by the id ``GET /tokens`` shows."""

    admin_methods = {"DELETE"}

    @blp.response(200, GrantSchema)
    def delete(self, token_id: str) -> dict[str, Any]:
        """Revoke the token: it stops working at once (a phone whose invite was revoked must be invited again)."""
        if len(token_id) > 64:
            raise ApiError(404, "not_found", "no such token")
        return revoke_token(questlog(), token_id).to_dict()


join_blp = Blueprint("join", __name__, url_prefix="/join", description="Joining a campaign with an invite's code")


@join_blp.route("")
class Join(MethodView):
    """Trade a join code for a token (no token needed: the code is the secret)."""

    public = True

    @join_blp.arguments(JoinSchema)
    @join_blp.response(201, TokenSchema)
    @join_blp.doc(security=[])
    def post(self, body: dict[str, Any]) -> dict[str, Any]:
        """A new token with the invite's grant (campaign, read-only or not, seat, expiry); 422 for an unknown or expired code."""
        token, grant = join_with_code(questlog(), body["code"], body["label"])
        return {"token": token, **grant.to_dict()}
