"""The OpenAPI document's plumbing: schema names, custom fields, one request body per action.

Every action's own fields come from its ruleset's marshmallow schema (never written twice): each verb
gets a request envelope whose ``fields`` is that schema (or a ``oneOf`` when two rulesets share a verb
with different schemas). ``Character`` fields are documented as strings whose ``enum`` lists the ids
and aliases.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import marshmallow as ma
from apispec.ext.marshmallow import MarshmallowPlugin

from domain.core.fields import Character
from domain.core.ruleset import ActionSpec

from .schemas import RecordBodyBase


def schema_name(schema: type[ma.Schema] | ma.Schema) -> str:
    """The component name of a schema: ``Campaign`` for the API's, ``nanolith.RollActionDice`` for a ruleset's
    (``nanolith.campaign.CharacterAmount`` for one in a subpackage)."""
    cls = schema if isinstance(schema, type) else type(schema)
    name = cls.__name__.removesuffix("Schema") or cls.__name__
    module = cls.__module__
    if module.startswith("api."):
        return name
    parts = module.split(".")
    if "rulesets" in parts[:-1]:
        # the game, its subpackages and the module unless it is plain "schemas": unique across one game's modules
        owner = [p for p in parts[parts.index("rulesets") + 1:] if p != "schemas"]
    else:
        owner = parts[-1:]
    return f"{'.'.join(owner)}.{name}"


def character2properties(self: Any, field: ma.fields.Field, **kwargs: Any) -> dict[str, Any]:
    """apispec attribute function: a :class:`Character` is a string, one of its ids or aliases."""
    if isinstance(field, Character):
        names = {c for c in field.characters} | {a for aliases in field.characters.values() for a in aliases}
        return {"type": "string", "enum": sorted(names)}
    return {}


def oneof2properties(self: Any, field: ma.fields.Field, **kwargs: Any) -> dict[str, Any]:
    """apispec attribute function: :class:`OneOfNested` documents ``oneOf`` its schemas."""
    if isinstance(field, OneOfNested):
        return {"oneOf": [self.resolve_nested_schema(s) for s in field.schemas]}
    return {}


class OneOfNested(ma.fields.Dict):
    """A JSON object documented as one of several schemas (the action validates it; this only documents)."""

    def __init__(self, schemas: Iterable[type[ma.Schema]], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.schemas = list(schemas)


def marshmallow_plugin() -> MarshmallowPlugin:
    """The marshmallow plugin with Questlog's schema names and field converters."""
    plugin = MarshmallowPlugin(schema_name_resolver=schema_name)
    return plugin


def register_converters(plugin: MarshmallowPlugin) -> None:
    """Add the attribute functions once the plugin's converter exists (after ``Api.init_app``)."""
    plugin.converter.add_attribute_function(character2properties)
    plugin.converter.add_attribute_function(oneof2properties)


def verb_body_schema(verb: str, specs: list[tuple[str, ActionSpec]]) -> type[ma.Schema]:
    """The documented request body of ``POST /campaigns/{id}/actions/{verb}``: its ``fields`` is the action's schema."""
    schemas = list(dict.fromkeys(spec.schema for _, spec in specs))
    games = ", ".join(game for game, _ in specs)
    help_text = specs[0][1].help
    description = f"{verb}: {help_text} (games: {games})"
    # ``fields`` is required wherever the server requires it: when every game's schema for this verb has a required field
    needed = {"required": True} if all(_has_required(s) for s in schemas) else {"load_default": dict}
    if len(schemas) == 1:
        field = ma.fields.Nested(schemas[0], metadata={"description": description}, **needed)
    else:
        field = OneOfNested(schemas, metadata={"description": description}, **needed)
    class_name = "".join(p.capitalize() for p in verb.split("-")) + "RequestSchema"
    return type(class_name, (RecordBodyBase,), {"fields": field, "__module__": "api.generated"})


def _has_required(schema: type[ma.Schema]) -> bool:
    return any(field.required for field in schema().fields.values())


def verb_catalogue(games: dict[str, Any]) -> dict[str, list[tuple[str, ActionSpec]]]:
    """Every verb of every ruleset (core verbs included) -> the ``(game, spec)`` pairs that define it."""
    from domain.core.table import CORE_ACTIONS

    verbs: dict[str, list[tuple[str, ActionSpec]]] = {}
    for game, ruleset in sorted(games.items()):
        for verb, spec in {**ruleset.actions, **CORE_ACTIONS}.items():
            verbs.setdefault(verb, []).append((game, spec))
    return verbs


def json_schema(plugin: MarshmallowPlugin, schema: type[ma.Schema]) -> dict[str, Any]:
    """The JSON schema of an action's fields, inline (for the rulesets' catalogues)."""
    return plugin.converter.schema2jsonschema(schema)  # type: ignore[union-attr]


SECURITY_SCHEMES = {"bearerAuth": {"type": "http", "scheme": "bearer",
                                   "description": "an API token from `questlog token create`"}}
