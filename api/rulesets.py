"""The rulesets and their action catalogues, generated from the actions' schemas (public: no token needed)."""

from __future__ import annotations

from typing import Any

from flask import current_app
from flask.views import MethodView
from flask_smorest import Blueprint

from domain.core.errors import BadInput
from domain.core.ruleset import ActionSpec, Ruleset, get_ruleset, rulesets
from domain.core.table import CORE_ACTIONS
from domain.views import view_names

from .errors import ApiError
from .openapi import json_schema
from .schemas import RulesetSchema

blp = Blueprint("rulesets", __name__, url_prefix="/rulesets", description="Games and their actions")


def action_doc(spec: ActionSpec) -> dict[str, Any]:
    """One action's catalogue entry: verb, help, reveal, digital (Questlog can roll its dice), positional args, fields
    (name, type, required...) and JSON schema."""
    schema = json_schema(current_app.extensions["questlog_api"].ma_plugin, spec.schema)
    required = set(schema.get("required", []))
    fields = [{"name": name, "required": name in required, **prop} for name, prop in schema.get("properties", {}).items()]
    return {"verb": spec.verb, "help": spec.help, "reveal": spec.reveal, "digital": spec.dice is not None, "args": list(spec.args),
            "rule": spec.rule, "fields": fields, "schema": schema}


def ruleset_doc(ruleset: Ruleset, with_actions: bool = True) -> dict[str, Any]:
    """A ruleset's entry: game, title, rulebook, version, characters, views and (optionally) its catalogue."""
    doc = {"game": ruleset.game, "title": ruleset.title, "rulebook": ruleset.rulebook, "version": ruleset.version,
           "characters": {c: list(a) for c, a in ruleset.characters.items()}, "views": view_names(ruleset)}
    if with_actions:
        doc["actions"] = [action_doc(s) for s in {**ruleset.actions, **CORE_ACTIONS}.values()]
    return doc


@blp.route("")
class Rulesets(MethodView):
    """Every registered game."""

    public = True

    @blp.doc(security=[])
    @blp.response(200, RulesetSchema(many=True))
    def get(self) -> list[dict[str, Any]]:
        """List the games this Questlog knows, with their action catalogues."""
        return [ruleset_doc(r) for _, r in sorted(rulesets().items())]


@blp.route("/<game>")
class RulesetDetail(MethodView):
    """One game."""

    public = True

    @blp.doc(security=[])
    @blp.response(200, RulesetSchema)
    def get(self, game: str) -> dict[str, Any]:
        """A game's ruleset and its action catalogue: each action's fields, types and help."""
        try:
            ruleset = get_ruleset(game)
        except BadInput as error:
            raise ApiError(404, "not_found", error.message) from None
        return ruleset_doc(ruleset)
