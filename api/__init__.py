"""The Flask API: a thin adapter over :class:`domain.application.Questlog` (DESIGN.md § Interfaces, API).

``create_app()`` builds the app (configuration from the environment, see :mod:`api.config`); run it with
``questlog serve`` for development or ``gunicorn -c python:api.gunicorn_conf 'api:create_app()'``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import marshmallow as ma
from flask import Flask, request
from werkzeug.exceptions import RequestEntityTooLarge

from domain.core.fields import Character

if TYPE_CHECKING:
    from domain.application import Questlog


def create_app(db: str | None = None, config: Mapping[str, Any] | None = None, questlog: Questlog | None = None) -> Flask:
    """Build the API over the store ``db`` (else ``QUESTLOG_DB``, else the CLI's default SQLite file).

    ``config`` overrides settings (``QUESTLOG_AUTH``, ``MAX_CONTENT_LENGTH``...); ``questlog`` reuses an
    open application instead of opening one (one application per process).
    """
    from infrastructure.runtime import open_questlog
    from domain.core.ruleset import rulesets

    from . import actions, auth, campaigns, events, guards, http_cache, life, pages, reads, stats, tokens
    from . import rulesets as rulesets_api
    from .config import load_config
    from .errors import QuestlogApi, install_error_handlers, query_as_sent
    from .openapi import SECURITY_SCHEMES, marshmallow_plugin, register_converters, verb_catalogue

    app = Flask(__name__)
    app.wsgi_app = query_as_sent(app.wsgi_app)  # type: ignore[method-assign]
    app.config.update(load_config(config))
    app.json.sort_keys = False  # type: ignore[attr-defined]
    app.config.setdefault("API_SPEC_OPTIONS", {"security": [{"bearerAuth": []}],
                                               "components": {"securitySchemes": SECURITY_SCHEMES}})
    # writes answer once stored; a background runner catches the read models up, reads catch up first
    app.extensions["questlog"] = questlog or open_questlog(db or app.config.get("QUESTLOG_DB"), read_models="background")
    api = QuestlogApi(app, spec_kwargs={"marshmallow_plugin": marshmallow_plugin()})
    app.extensions["questlog_api"] = api
    register_converters(api.ma_plugin)
    api.register_field(Character, ma.fields.String)
    install_error_handlers(app)
    from .security import install_security_headers

    install_security_headers(app)
    guards.install_guards(app, lambda: auth.check_request() or _import_limit())  # the body is read after auth, before the body checks
    for blueprint in (campaigns.blp, actions.actions_blueprint(verb_catalogue(rulesets())), reads.blp, rulesets_api.blp, tokens.blp,
                      tokens.join_blp, life.blp, stats.blp, stats.store_blp, events.blp):
        api.register_blueprint(blueprint)
        app.config.setdefault("QUESTLOG_JSON_BLUEPRINTS", set()).add(blueprint.name)  # the 415 guard's scope
    pages.install(app)
    http_cache.install(app)
    return app


def _import_limit() -> None:
    """The body limit of this request (an import's is larger); a chunked body (no ``Content-Length``) is read here, up
    to the limit, so one over it answers 413 ``too_large`` like a declared one instead of arriving cut short."""
    from flask import current_app

    from .errors import ApiError

    if request.endpoint == "campaigns.CampaignImport":
        request.max_content_length = current_app.config["QUESTLOG_MAX_IMPORT"]
    if request.content_length is not None or "chunked" not in request.headers.get("Transfer-Encoding", "").lower():
        return
    limit = request.max_content_length
    chunks, total = [], 0
    try:
        while chunk := request.stream.read(64 * 1024):
            chunks.append(chunk)
            total += len(chunk)
            if limit is not None and total > limit:
                break
    except RequestEntityTooLarge:
        total = (limit or 0) + 1
    if limit is not None and (total > limit or (total == limit and not _ended(request.stream))):
        raise ApiError(413, "too_large", f"the body is larger than {limit} bytes")
    request._cached_data = b"".join(chunks)  # what get_data / get_json read


def _ended(stream: Any) -> bool:
    """Whether a request stream that gave exactly the limit has nothing more (a limited stream stops at its limit:
    its underlying stream is asked for one byte more)."""
    inner = getattr(stream, "_stream", None)
    try:
        return inner is None or not inner.read(1)
    except Exception:  # the underlying stream cannot be read once more: take it as ended
        return True


__all__ = ["create_app"]
