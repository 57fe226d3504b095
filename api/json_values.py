"""JSON types at the API's boundary: an action's ``fields`` arrive as JSON, so a number is a JSON number and a yes/no a
JSON boolean. ``"dice": [2, 4, 5, 2, "6"]`` is refused (422 ``invalid_input``, ``dice: 4: Not a valid integer.``),
as are ``"true"`` or ``1`` for a yes/no.

The domain itself still reads a whole number from ASCII digits (``WholeNumber``: a command line's ``"6"``, the table
page's form values in its legality check): only JSON is held to JSON's types, here, before the action is recorded.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import fields

from domain.core.values import ActionSpec

NOT_INTEGER = "Not a valid integer."
NOT_BOOLEAN = "Not a valid boolean."


def json_type_errors(schema: Any, raw: Mapping[str, Any]) -> dict[str, Any]:
    """Field messages for the values of ``raw`` whose JSON type is wrong for ``schema`` (a marshmallow schema
    instance), shaped as marshmallow's own (``{"dice": {4: ["Not a valid integer."]}}``): a string (or a boolean)
    where an integer belongs, anything but ``true``/``false`` where a boolean belongs, in lists and nested records
    too. Fields the schema does not know, and values of the right type, are left to the schema. ``{}``: none."""
    errors: dict[str, Any] = {}
    for name, value in raw.items():
        field = schema.fields.get(name) if isinstance(name, str) else None
        problem = _type_problem(field, value) if field is not None else None
        if problem:
            errors[name] = problem
    return errors


def _type_problem(field: fields.Field, value: Any) -> Any:
    if value is None:
        return None  # the schema says whether a field may be null
    if isinstance(field, fields.Boolean):
        return None if isinstance(value, bool) else [NOT_BOOLEAN]
    if isinstance(field, fields.Integer):
        return [NOT_INTEGER] if isinstance(value, (str, bool)) else None  # a fraction: the schema's own refusal
    if isinstance(field, fields.List) and isinstance(value, list):
        return {i: p for i, item in enumerate(value) if (p := _type_problem(field.inner, item))} or None
    if isinstance(field, fields.Nested):
        items = value if isinstance(value, list) else [value]
        found = {i: e for i, item in enumerate(items) if isinstance(item, Mapping) and (e := json_type_errors(field.schema, item))}
        return (found if isinstance(value, list) else found.get(0)) or None
    return None


def check_json_types(spec: ActionSpec, raw: Mapping[str, Any]) -> None:
    """Refuse ``raw`` (an action's JSON ``fields``) when a value has the wrong JSON type for ``spec``'s schema.
    Raises :class:`~domain.core.errors.BadInput` (422 ``invalid_input``) worded as the schema's own refusals
    (``roll-action-dice: dice: 4: Not a valid integer.``)."""
    wrong = json_type_errors(spec.schema(), raw)
    if wrong:
        raise spec.refusal(wrong)


def check_corrected_types(app: Any, campaign_id: str, action_id: str, raw: Mapping[str, Any]) -> None:
    """:func:`check_json_types` for a correction's or an amendment's ``raw`` fields, against the schema of the
    recorded action ``action_id`` (an indexed lookup). An id that names no action is left to the domain's refusal."""
    known = app.find_action(campaign_id, action_id) if isinstance(action_id, str) else None
    if known is not None:
        check_json_types(app.action_spec(app.game_of(campaign_id), known.verb), raw)
