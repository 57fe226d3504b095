"""Recording actions, undo and redo, with optimistic concurrency (DESIGN.md § Undo, redo and seals, 5).

``POST /campaigns/{id}/actions`` takes any verb; ``POST /campaigns/{id}/actions/{verb}`` exists for every
verb of every registered ruleset, its body documented with that action's own schema, and any other verb in the URL
is recorded like the body form's (an unknown verb: the same 422 ``invalid_input`` naming the game's actions). The expected
version comes in the body (``expected_version``) or as ``If-Match: "VERSION"`` (the ETag); both given
and different is a 400. ``Idempotency-Key`` becomes the action id, so a retried request records once.
"""

from __future__ import annotations

from typing import Any

import flask
from flask import request
from flask.views import MethodView
from flask_smorest import Blueprint

from domain.core.names import quoted, whole_number
from domain.requests import MAX_VERSION, expected_version_refusal

from .auth import grant
from .campaigns import etag, questlog
from .errors import ApiError, header_text
from .json_values import check_corrected_types, check_json_types
from .seats import actor_for, check_action, check_undo
from .openapi import verb_body_schema
from .schemas import ActionResultSchema, CorrectionSchema, RecordSchema, RedoSchema, UndoSchema, VerbBodySchema

IF_MATCH = {"in": "header", "name": "If-Match", "required": False,
            "description": 'the expected version as an ETag ("12"); a 409 stale_version if the campaign moved on',
            "schema": {"type": "string", "maxLength": 40}}
IDEMPOTENCY_KEY = {"in": "header", "name": "Idempotency-Key", "required": False,
                   "description": "the action id: repeating a request with the same key records the action once",
                   "schema": {"type": "string", "minLength": 1, "maxLength": 100}}
REQUIRED_VERSION = ("The version the client saw is required, in `expected_version` or `If-Match` (428 precondition_required "
                    "without it; 409 stale_version when the campaign moved on): an undo always names what the person saw.")
ETAG_HEADER = {"ETag": {"description": "the campaign's new version, quoted", "schema": {"type": "string"}}}


def expected_version(body_value: int | None) -> int | None:
    """The expected version from the body and ``If-Match``. Raises a 400 when they disagree or If-Match is not a
    version, a 412 for a weak ETag (``W/"12"``: RFC 9110 § 13.1.1 compares If-Match strongly, so it never matches)."""
    header = header_text("If-Match")
    if header is None or header.strip() == "*":
        return body_value
    text = header.strip()
    if text.startswith("W/"):
        raise ApiError(412, "precondition_failed", f"If-Match {quoted(header[:40])} is a weak ETag, which never matches (RFC 9110 § 13.1.1); "
                                                   f'send the version as a strong ETag, e.g. {text[2:].strip() or chr(34) + "12" + chr(34)}')
    version = whole_number(text.strip('"'))
    if version is None:
        raise ApiError(400, "bad_request", f'If-Match must be a campaign version as an ETag ("12", digits 0-9), not {quoted(header[:40])}')
    if version > MAX_VERSION:
        raise ApiError(400, "bad_request", f"If-Match: {expected_version_refusal(version)}")
    if body_value is not None and body_value != version:
        raise ApiError(400, "bad_request", f"If-Match says version {version} but the body says expected_version {body_value}")
    return version


def idempotency_key() -> str | None:
    """The ``Idempotency-Key`` header, if given: printable ASCII only (the header draft's key is an ASCII string), else a 400.
    The application checks it further as an action id."""
    key = request.headers.get("Idempotency-Key")
    if key is not None and not (key.isascii() and key.isprintable()):
        raise ApiError(400, "bad_request", "Idempotency-Key must be printable ASCII (1..100 characters)")
    return key


def token_label() -> str:
    """The label kept with what the request's token records (its label, else its id)."""
    who = grant()
    return who.label or who.token_id


def record(campaign_id: str, verb: str, body: dict[str, Any]) -> tuple[dict[str, Any], int, dict[str, str]]:
    """Record one action through the application; returns the 201 response. A seat token records as its seat, and only
    its seat's or the table's actions (403 ``not_your_seat``, :mod:`api.seats`)."""
    who, app = grant(), questlog()
    fields = body.get("fields") or {}
    check_json_types(app.action_spec(app.game_of(campaign_id), verb), fields)  # JSON's types: "6" is no die (the CLI's text is its own)
    result = app.record(campaign_id, verb, fields, expected_version=expected_version(body.get("expected_version")),
                        actor=actor_for(who, body.get("actor")), action_id=idempotency_key(), digital=body.get("digital", False),
                        token=token_label(), authorize=check_action(who))
    payload = with_lines(result.to_dict(), app.game_of(campaign_id))
    ended = app.ended_play(result)
    if ended is not None:  # additive: the play this action finished, and where its recap is (issue 30)
        cid = result.campaign_id
        payload["play_ended"] = {**ended, "recap": f"/campaigns/{cid}/plays/{ended['n']}/recap", "page": f"/play/{cid}/recap/{ended['n']}"}
    return payload, 201, etag(result.version)


def with_lines(payload: dict[str, Any], game: str) -> dict[str, Any]:
    """``payload`` with each event's history line as ``text`` (the ruleset's ``describe``, as the history shows it),
    so a client shows an action's effects in words (issue 24 item 4)."""
    from domain.core.ruleset import get_ruleset
    from domain.history import ruleset_text

    ruleset = get_ruleset(game)
    payload["events"] = [{**e, "text": ruleset_text(ruleset, e)} for e in payload["events"]]
    return payload


def actions_blueprint(verbs: dict[str, list[tuple[str, Any]]]) -> Blueprint:
    """A new blueprint with the generic route, one route per verb in ``verbs`` (see :func:`verb_catalogue`), undo and redo."""
    blp = Blueprint("actions", __name__, url_prefix="/campaigns", description="Actions, undo and redo")

    @blp.route("/<campaign_id>/actions")
    class Actions(MethodView):
        """Any action of the campaign's game."""

        @blp.arguments(RecordSchema)
        @blp.doc(parameters=[IF_MATCH, IDEMPOTENCY_KEY])
        @blp.response(201, ActionResultSchema, headers=ETAG_HEADER)
        def post(self, body: dict[str, Any], campaign_id: str) -> Any:
            """Record an action: its verb and fields (see GET /rulesets/{game}), optionally the expected version."""
            return record(campaign_id, body["verb"], body)

    for verb, specs in verbs.items():
        doc = {"requestBody": {"required": True, "content": {"application/json": {"schema": verb_body_schema(verb, specs)}}},
               "parameters": [IF_MATCH, IDEMPOTENCY_KEY], "summary": specs[0][1].help,
               "description": f"Record `{verb}` ({', '.join(g for g, _ in specs)}): the body's `fields` are the action's own."}
        blp.route(f"/<campaign_id>/actions/{verb}", endpoint=f"action-{verb}")(_verb_view(blp, verb, doc))
    # any other verb: the same 422 invalid_input naming the game's actions as the body form gives, not a bare 404 for the
    # URL. Flask's own add_url_rule keeps it out of the OpenAPI document (a static rule above matches first).
    flask.Blueprint.add_url_rule(blp, "/<campaign_id>/actions/<verb>", "action-any", _any_verb_view(blp).as_view("action-any"))

    @blp.route("/<campaign_id>/corrections")
    class Corrections(MethodView):
        """Corrections of mis-typed physical values (not undo: later actions are decided again)."""

        @blp.arguments(CorrectionSchema)
        @blp.doc(parameters=[IF_MATCH])
        @blp.response(201, ActionResultSchema, headers=ETAG_HEADER)
        def post(self, body: dict[str, Any], campaign_id: str) -> Any:
            """Correct a reveal's recorded values; 422 rule_violation names a later action it would make illegal."""
            check_corrected_types(questlog(), campaign_id, body["action_id"], body["fields"])
            result = questlog().correct(campaign_id, body["action_id"], body["fields"], body["reason"],
                                        expected_version=expected_version(body.get("expected_version")), actor=actor_for(grant(), body.get("actor")),
                                        authorize=check_action(grant()))
            return result.to_dict(), 201, etag(result.version)

    blp.route("/<campaign_id>/undo", endpoint="undo")(_undo_redo(blp, "undo"))
    blp.route("/<campaign_id>/redo", endpoint="redo")(_undo_redo(blp, "redo"))
    return blp


def _verb_view(blp: Blueprint, verb: str, doc: dict[str, Any]) -> type[MethodView]:
    @blp.arguments(VerbBodySchema)
    @blp.doc(**doc)
    @blp.response(201, ActionResultSchema, headers=ETAG_HEADER)
    def post(self: MethodView, body: dict[str, Any], campaign_id: str) -> Any:
        return record(campaign_id, verb, body)

    post.__doc__ = doc["summary"]
    return type(f"Action_{verb.replace('-', '_')}", (MethodView,), {"post": post, "__doc__": doc["summary"]})


def _any_verb_view(blp: Blueprint) -> type[MethodView]:
    """``POST /campaigns/{id}/actions/{verb}`` for a verb no registered ruleset has a route for: recorded exactly as the
    body form records it, so an unknown verb is the same 422 ``invalid_input`` naming the campaign's actions (a verb
    of a game registered after the routes were built is recorded)."""

    @blp.arguments(VerbBodySchema)
    @blp.response(201, ActionResultSchema, headers=ETAG_HEADER)
    def post(self: MethodView, body: dict[str, Any], campaign_id: str, verb: str) -> Any:
        RecordSchema(only=("verb",)).load({"verb": verb})  # a verb the body form would refuse is refused the same way
        return record(campaign_id, verb, body)

    return type("ActionAnyVerb", (MethodView,), {"post": post, "__doc__": "Any other verb, as POST /campaigns/{id}/actions"})


def _undo_redo(blp: Blueprint, verb: str) -> type[MethodView]:
    summary = ("Take back the latest action not sealed by a reveal (with to: every action after a version or bookmark)"
               if verb == "undo" else "Put back the most recently undone action (until a new action is recorded)")

    @blp.arguments(UndoSchema if verb == "undo" else RedoSchema)
    @blp.doc(parameters=[IF_MATCH], summary=summary, description=REQUIRED_VERSION)
    @blp.response(200, ActionResultSchema, headers=ETAG_HEADER)
    def post(self: MethodView, body: dict[str, Any], campaign_id: str) -> Any:
        version = expected_version(body.get("expected_version"))
        if version is None:
            raise ApiError(428, "precondition_required", f"{verb} needs the version you saw: send If-Match: \"VERSION\" or expected_version "
                                                         "(RFC 6585 § 3), so two devices pressing it at once take back one action")
        app, who, authorize = questlog(), actor_for(grant(), body.get("actor")), check_undo(grant())
        if body.get("to") is not None:
            to = app.resolve_version(campaign_id, body["to"])
            result = app.undo_to(campaign_id, to, expected_version=version, actor=who, authorize=authorize)
        else:
            result = (app.undo if verb == "undo" else app.redo)(campaign_id, expected_version=version, actor=who, authorize=authorize)
        return result.to_dict(), etag(result.version)

    return type(verb.capitalize(), (MethodView,), {"post": post, "__doc__": summary})

