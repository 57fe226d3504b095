"""Action catalogues generated from the action schemas: each action's fields, types, help and usage line."""

from __future__ import annotations

from typing import Any

from marshmallow import fields as mf

from .fields import choices_of
from .ruleset import ActionSpec, Ruleset
from .table import CORE_ACTIONS


def field_info(field: mf.Field) -> dict[str, Any]:
    """``{"type", "required", "description", ...}`` for one marshmallow field."""
    kind = {mf.Integer: "integer", mf.Boolean: "boolean", mf.List: "array", mf.Float: "number", mf.Dict: "object"}
    info: dict[str, Any] = {"type": next((v for k, v in kind.items() if isinstance(field, k)), "string"),
                            "required": bool(field.required)}
    if isinstance(field, mf.List):
        info["items"] = field_info(field.inner)
    if field.metadata.get("description"):
        info["description"] = field.metadata["description"]
    characters = getattr(field, "characters", None)
    if characters:
        info["characters"] = {k: list(v) for k, v in characters.items()}
    if choices_of(field):
        info["choices"] = choices_of(field)
    return info


def usage(spec: ActionSpec) -> str:
    """The command-line usage: positional args first (``DICE...`` for a list), then ``--options``."""
    schema_fields = spec.schema().fields
    parts = [_placeholder(a, schema_fields[a]) if schema_fields[a].required else f"[{_placeholder(a, schema_fields[a])}]"
             for a in spec.args]
    for name, field in schema_fields.items():
        if name in spec.args:
            continue
        opt = "--" + name.replace("_", "-")
        shown = opt if isinstance(field, mf.Boolean) else f"{opt} {_placeholder(name, field)}"
        parts.append(shown if field.required and not isinstance(field, mf.Boolean) else f"[{shown}]")
    return " ".join(parts)


def _placeholder(name: str, field: mf.Field) -> str:
    """``DIRECTION`` as ``{up|down}`` when the field lists its values; ``DICE...`` for a list."""
    inner = field.inner if isinstance(field, mf.List) else field
    shown = "{" + "|".join(choices_of(inner)) + "}" if choices_of(inner) else name.upper()
    return f"{shown}..." if isinstance(field, mf.List) else shown


def action_info(spec: ActionSpec) -> dict[str, Any]:
    """One action's catalogue entry."""
    return {"verb": spec.verb, "help": spec.help, "reveal": spec.reveal, "digital": spec.dice is not None,
            "args": list(spec.args), "usage": f"{spec.verb} {usage(spec)}".strip(),
            "fields": {name: field_info(f) for name, f in spec.schema().fields.items()}}


def catalogue(ruleset: Ruleset) -> dict[str, Any]:
    """A ruleset's catalogue: ``{"game", "title", "rulebook", "actions": {verb: action_info}}`` (core actions included)."""
    specs = {**ruleset.actions, **CORE_ACTIONS}
    return {"game": ruleset.game, "title": ruleset.title, "rulebook": ruleset.rulebook,
            "actions": {verb: action_info(spec) for verb, spec in specs.items()}}
