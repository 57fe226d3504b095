"""One error payload for everything: ``{"error": code, "message": text, ...}`` (DESIGN.md § Interfaces).

Questlog's own refusals keep their codes and statuses (:mod:`domain.core.errors`); HTTP-level refusals
get a code of their own (400 ``bad_request``, 401 ``unauthorized``, 403 ``forbidden``, 404 ``not_found``,
405 ``method_not_allowed``, 413 ``too_large``...); request validation by the schemas is 422
``invalid_input`` with the field messages, exactly as the application's own :class:`BadInput`.
"""

from __future__ import annotations

import logging
import math
import re
import time
from typing import Any

import marshmallow as ma
from flask import Flask, jsonify, request
from flask_smorest import Api
from werkzeug.exceptions import HTTPException

from eventsourcing.persistence import ConnectionUnavailableError, OperationalError

from domain.core.errors import BadInput, QuestlogError, fields_text, plain_fields

log = logging.getLogger("questlog.api")

HTTP_CODES = {400: "bad_request", 401: "unauthorized", 403: "forbidden", 404: "not_found", 405: "method_not_allowed",
              406: "not_acceptable", 409: "conflict", 412: "precondition_failed", 413: "too_large", 429: "too_many_requests",
              415: "unsupported_media_type", 422: "invalid_input", 428: "precondition_required", 500: "internal_error",
              503: "unavailable"}


class ErrorSchema(ma.Schema):
    """The error payload every non-2xx response carries."""

    error = ma.fields.String(required=True, metadata={"description": "stable code: invalid_input, rule_violation, stale_version, not_found..."})
    message = ma.fields.String(required=True, metadata={"description": "what went wrong, for people"})
    fields = ma.fields.Dict(metadata={"description": "invalid_input: field name -> messages"})
    rule = ma.fields.String(metadata={"description": "rule_violation: the rulebook section"})
    current_version = ma.fields.Integer(metadata={"description": "409s: the campaign's current version"})
    seal = ma.fields.Dict(metadata={"description": "sealed: the reveal that seals history"})
    since = ma.fields.List(ma.fields.Dict(), metadata={"description": "stale_version: what was stored after the expected version, "
                                                                      "oldest first ({version, kind, verb, summary, actor})"})


class ApiError(HTTPException):
    """An HTTP refusal with a Questlog error code (401, 403, 400...)."""

    def __init__(self, status: int, code: str, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.code = status
        self.error_code = code
        self.message = message
        self.extra_headers = headers or {}


def header_text(name: str) -> str | None:
    """The request header ``name`` as the client sent it: WSGI hands a header's bytes over decoded as latin-1, so a
    UTF-8 ``"１２"`` would be quoted back as ``"ï¼\x91ï¼\x92"``; decoded again as UTF-8 (undecodable bytes replaced), a
    refusal shows what was sent."""
    raw = request.headers.get(name)
    if raw is None:
        return None
    try:
        return raw.encode("latin-1").decode("utf-8", "replace")
    except UnicodeEncodeError:  # already text beyond latin-1 (a test client): as it is
        return raw


FLAG = re.compile(r"(^|[\s(])--([a-z][a-z0-9-]*)")
"""A command-line option in a refusal's text (``give --trace-top``), not at the start of a word (``a--b`` stays)."""

CLI_ONLY = ("questlog CLI", "questlog ")
"""A message that names the CLI on purpose (``give it to the questlog CLI (--setup content=PATH)``) keeps its options."""


def flags_as_fields(text: str, field: Any) -> str:
    """``text`` with each CLI option (:data:`FLAG`) said as the field ``field(option)`` names, ``the “...” field``: the
    one rewriting of the API's words (:func:`api_words`) and the page's (:func:`api.pages.forms.page_words`)."""
    return FLAG.sub(lambda m: f"{m.group(1)}the “{field(m.group(2))}” field", str(text))


def api_words(text: str) -> str:
    """A refusal's text in the API's words: the rules and the application service say what to give as the CLI types
    it (``give --trace-top``); over HTTP that is a JSON field (``give the “trace_top” field``, the field name as the
    body spells it, in the page's wording of the same thing). A message naming the questlog CLI keeps its options."""
    if any(cli in text for cli in CLI_ONLY):
        return text
    return flags_as_fields(text, lambda option: option.replace("-", "_"))


def in_api_words(payload: dict[str, Any]) -> dict[str, Any]:
    """An error payload with :func:`api_words` applied to its ``message`` and its field messages."""
    out = dict(payload)
    if isinstance(out.get("message"), str):
        out["message"] = api_words(out["message"])
    if isinstance(out.get("fields"), dict):
        out["fields"] = {k: [api_words(m) if isinstance(m, str) else m for m in v] if isinstance(v, list) else v
                         for k, v in out["fields"].items()}
    return out


def query_as_sent(wsgi_app: Any) -> Any:
    """WSGI middleware: a query string sent unencoded (``?at=５``, UTF-8 bytes in the request line) reaches the app as
    the server decoded it, latin-1 (PEP 3333), which werkzeug then reads as ``ï¼\x95``; its non-ASCII bytes are
    percent-encoded again here, so every parameter, and every refusal that quotes one, is the text that was sent
    (as :func:`header_text` does for headers). A query already percent-encoded is ASCII and passes untouched; bytes
    that are not UTF-8 are passed on as sent (werkzeug then replaces what it cannot decode)."""

    def app(environ: dict[str, Any], start_response: Any) -> Any:
        query = environ.get("QUERY_STRING", "")
        if not query.isascii():
            raw = query.encode("latin-1") if all(ord(ch) < 256 for ch in query) else query.encode("utf-8", "surrogatepass")
            raw = _undoubled(raw)
            environ["QUERY_STRING"] = "".join(chr(b) if b < 128 else f"%{b:02X}" for b in raw)
        return wsgi_app(environ, start_response)

    return app


def _undoubled(raw: bytes) -> bytes:
    """The request line's bytes, once: werkzeug's development server encodes the latin-1 text of a request line as
    UTF-8 again (``５``'s three bytes become six); when the bytes are UTF-8 of text within latin-1 that is itself UTF-8,
    that is what happened, and the inner bytes are the ones sent (gunicorn hands them over once, as they are)."""
    try:
        once = raw.decode("utf-8")
        inner = once.encode("latin-1")
        inner.decode("utf-8")
    except UnicodeError:
        return raw
    return inner if not inner.isascii() else raw


def error_response(payload: dict[str, Any], status: int, headers: dict[str, str] | None = None) -> Any:
    """A JSON error response."""
    response = jsonify(payload)
    response.status_code = status
    response.headers.update(headers or {})
    return response


class QuestlogApi(Api):
    """flask-smorest's ``Api`` with Questlog's error payload (documented as the default response)."""

    ERROR_SCHEMA = ErrorSchema

    def handle_http_exception(self, error: HTTPException) -> Any:
        """Turn any ``HTTPException`` (ours, webargs', werkzeug's routing) into the error payload."""
        status = error.code or 500
        if isinstance(error, ApiError):
            return error_response({"error": error.error_code, "message": error.message}, status, error.extra_headers)
        data = getattr(error, "data", None) or {}
        messages = data.get("messages") or data.get("errors")
        if status == 422 and messages:
            return error_response(_validation_payload(messages), 422)
        if status == 400 and messages:
            return error_response({"error": "bad_request", "message": "malformed body: not valid JSON"}, 400)
        headers = dict(error.get_headers())
        headers.pop("Content-Type", None)
        message = data.get("message") or error.description or error.name
        return error_response({"error": HTTP_CODES.get(status, "http_" + str(status)), "message": message}, status, headers)


def _validation_payload(messages: Any) -> dict[str, Any]:
    if isinstance(messages, dict) and len(messages) == 1 and next(iter(messages)) in ("json", "query", "headers", "path"):
        messages = next(iter(messages.values()))
    fields = plain_fields(messages)
    if set(fields) == {"_schema"}:  # marshmallow's name for the body as a whole ("Invalid input type." for a body of [] or "x")
        text = "the body: " + " ".join(fields["_schema"]).replace("Invalid input type.", "must be a JSON object")
    else:
        text = fields_text(fields)
    return BadInput(f"invalid input: {text}", fields).to_dict()


DOWN_SECONDS = 2
"""After a request found the store unreachable, how long every request is answered 503 at once (no request waits on a
database known to be down); the first request after it tries the store again, so the API recovers by itself."""


class StoreDown:
    """Whether this worker found the store unreachable less than :data:`DOWN_SECONDS` ago."""

    def __init__(self) -> None:
        self.until = 0.0

    def mark(self) -> None:
        """The store was found unreachable now."""
        self.until = time.monotonic() + DOWN_SECONDS

    def refuse_while_down(self) -> Any:
        """A before-request hook: 503 ``unavailable`` with ``Retry-After`` at once while the store is known down
        (static files and the docs are served: they need no store)."""
        wait = self.until - time.monotonic()
        if wait <= 0 or request.endpoint == "static" or (request.endpoint or "").startswith("api-docs."):
            return None
        return error_response({"error": "unavailable", "message": "the store is unreachable; try again"}, 503,
                              {"Retry-After": str(max(1, math.ceil(wait)))})


def install_error_handlers(app: Flask) -> None:
    """Map Questlog's errors, stray validation errors and anything unexpected to the error payload."""

    @app.errorhandler(QuestlogError)
    def questlog_error(error: QuestlogError) -> Any:
        return error_response(in_api_words(error.to_dict()), error.http_status, getattr(error, "headers", None))

    @app.errorhandler(ma.ValidationError)
    def validation_error(error: ma.ValidationError) -> Any:  # a schema run outside the request parser
        return error_response(_validation_payload(error.messages), 422)

    @app.errorhandler(ValueError)
    def value_error(error: ValueError) -> Any:  # Python refuses integers of more than 4300 digits while parsing
        if "integer string conversion" in str(error):
            return error_response({"error": "bad_request", "message": "a number in the request has too many digits"}, 400)
        return unexpected(error)

    @app.errorhandler(RecursionError)
    def too_deep(error: RecursionError) -> Any:
        return error_response({"error": "bad_request", "message": "the body is nested too deeply"}, 400)

    down = StoreDown()
    app.extensions["questlog_store_down"] = down
    app.before_request(down.refuse_while_down)

    @app.errorhandler(ConnectionUnavailableError)
    @app.errorhandler(OperationalError)
    def store_busy(error: Exception) -> Any:  # a store that stays locked or unreachable: tell the client to retry
        log.warning("store busy: %s", error)
        from infrastructure.store import unreachable

        if isinstance(error, ConnectionUnavailableError) or unreachable(error):
            down.mark()
        return error_response({"error": "unavailable", "message": "the store is busy or unreachable; try again"}, 503,
                              {"Retry-After": str(DOWN_SECONDS)})

    @app.errorhandler(Exception)
    def unexpected(error: Exception) -> Any:
        if isinstance(error, HTTPException):  # pragma: no cover - routed to handle_http_exception
            raise error
        log.exception("unexpected error")
        return error_response({"error": "internal_error", "message": "an unexpected error; it was logged"}, 500)
