"""Action forms generated from the action catalogue the API serves (``GET /rulesets/{game}``), never per game.

Each catalogue field (its JSON schema: type, enum, minimum, maximum, items, default, description) becomes a
:class:`FormField` of one *kind*, which the form template draws:

========== ===============================================================================================
kind       widget
========== ===============================================================================================
flag       a checkbox (boolean)
choice     a select of the ``enum`` (a field listing a game's characters and their aliases shows the ids)
multi      tap to add choices to a list (an array whose items have an ``enum``)
pips       one die face to tap (an integer from 1 up to 8 at most: a die's pips)
dice       dice entered by tapping pips, in roll order (an array of integers from 1 up to 12 at most)
number     a number box (any other integer)
list       a text box split on commas and spaces (any other array; numbers when its items are integers)
text       a text box (strings, and fields without a type, sent as typed: the schema parses them)
========== ===============================================================================================

:func:`order_actions` puts the actions the ruleset's legality query accepts now first, when the ruleset
has one (``ruleset.legal(state, command)``); without it the catalogue order stays.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from domain.core.errors import BadInput
from domain.core.ruleset import ActionSpec, Command, Ruleset, State
from domain.core.table import CORE_ACTIONS

log = logging.getLogger("questlog.pages")
DIE_SIDES_MAX = 12
"""Largest die an array of integers may describe to be entered as dice (Nanolith's D8s, Tamashii's D6s)."""
PIP_MAX = 8
"""Largest single integer field drawn as a die face to tap."""


@dataclass
class FormField:
    """One input of an action form: ``name`` (the catalogue's), ``kind`` (see the module), and what the widget needs."""

    name: str
    kind: str
    required: bool = False
    help: str = ""
    default: Any = None
    choices: list[tuple[str, str]] = field(default_factory=list)
    """``(value, label)`` pairs for choice / multi."""
    minimum: int | None = None
    """number: the lowest value; pips / dice: the die's lowest face."""
    maximum: int | None = None
    """number: the highest value; pips / dice: the die's highest face."""
    numbers: bool = False
    """list: the items are integers."""
    nullable: bool = False

    @property
    def label(self) -> str:
        """The field's name as people read it (``exit_icon`` -> ``exit icon``)."""
        return self.name.replace("_", " ")


def _characters(enum: list[Any], characters: dict[str, list[str]]) -> list[tuple[str, str]] | None:
    """When ``enum`` is a game's character ids and aliases, the ids it names (labelled) in the game's order."""
    names = {c for c in characters} | {a for aliases in characters.values() for a in aliases}
    if not enum or not set(enum) <= names:
        return None
    return [(cid, cid) for cid in characters if cid in enum]


def _choices(enum: list[Any], characters: dict[str, list[str]]) -> list[tuple[str, str]]:
    return _characters(enum, characters) or [(str(v), str(v)) for v in enum]


def classify(doc: dict[str, Any], characters: dict[str, list[str]]) -> FormField:
    """The :class:`FormField` for one catalogue field ``doc`` (``{"name", "type", "required", ...}``)."""
    base = {"name": doc["name"], "required": bool(doc.get("required")), "help": doc.get("description", ""),
            "default": doc.get("default"), "nullable": bool(doc.get("nullable"))}
    kind, items = doc.get("type"), doc.get("items") or {}
    if kind == "boolean":
        return FormField(kind="flag", **base)
    if kind == "integer" and doc.get("minimum", 0) >= 1 and doc.get("maximum", 99) <= PIP_MAX:
        return FormField(kind="pips", minimum=doc["minimum"], maximum=doc["maximum"], **base)
    if kind == "integer":
        return FormField(kind="number", minimum=doc.get("minimum"), maximum=doc.get("maximum"), **base)
    if kind == "array" and items.get("type") == "integer" and items.get("minimum", 0) >= 1 and items.get("maximum", 99) <= DIE_SIDES_MAX:
        return FormField(kind="dice", minimum=items["minimum"], maximum=items["maximum"], **base)
    if kind == "array" and items.get("enum"):
        return FormField(kind="multi", choices=_choices(items["enum"], characters), **base)
    if kind == "array":
        return FormField(kind="list", numbers=items.get("type") == "integer", **base)
    if doc.get("enum"):
        return FormField(kind="choice", choices=_choices(doc["enum"], characters), **base)
    return FormField(kind="text", **base)


def form_fields(action: dict[str, Any], characters: dict[str, list[str]]) -> list[FormField]:
    """Every field of a catalogue ``action``, required ones first (in the catalogue's order otherwise)."""
    made = [classify(f, characters) for f in action["fields"]]
    return [f for f in made if f.required] + [f for f in made if not f.required]


@dataclass
class Choice:
    """An action in the page's picker: its catalogue entry, whether it is possible ``now`` and why not."""

    action: dict[str, Any]
    status: str
    """``"now"`` (accepted as it stands), ``"details"`` (needs fields first), ``"not-now"`` (refused now) or ``"any"``."""
    reason: str = ""


def legality(ruleset: Ruleset, state: State, spec: ActionSpec) -> tuple[str, str]:
    """``(status, reason)`` for one action, by the ruleset's legality query asked with the action's defaults.

    ``"any"`` when the ruleset has no query (or for the core's ``adjust`` / ``seat``, always possible);
    ``"details"`` when the action cannot be asked without fields the players must give. A query that fails
    unexpectedly counts as ``"details"`` (logged): a page must never fail because of a dry run.
    """
    query = getattr(ruleset, "legal", None)
    if query is None or spec.verb in CORE_ACTIONS:
        return "any", ""
    try:
        fields = spec.load({})
    except BadInput:
        return "details", ""
    try:
        refusal = query(state, Command(verb=spec.verb, fields=fields))
    except Exception:  # a dry run must not take the page down; the action stays available
        log.exception("legality query failed for %s", spec.verb)
        return "details", ""
    return ("now", "") if refusal is None else ("not-now", getattr(refusal, "message", str(refusal)))


def order_actions(ruleset: Ruleset, state: State, actions: list[dict[str, Any]], specs: dict[str, ActionSpec]) -> list[Choice]:
    """The catalogue's ``actions`` as :class:`Choice` s: possible now first, then those needing details, then the
    refused ones (each with its reason), the catalogue's order kept within each group."""
    rank = {"now": 0, "details": 1, "any": 1, "not-now": 2}
    made = [Choice(a, *legality(ruleset, state, specs[a["verb"]])) for a in actions]
    return sorted(made, key=lambda c: rank[c.status])
