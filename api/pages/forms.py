"""Action forms generated from the action catalogue the API serves (``GET /rulesets/{game}``), never per game.

Each catalogue field (its JSON schema: type, enum, minimum, maximum, items, default, description) becomes a
:class:`FormField` of one *kind*, which the form template draws:

========== ===============================================================================================
kind       widget
========== ===============================================================================================
flag       a checkbox (boolean)
choice     a select of the ``enum`` (a field listing a game's characters and their aliases shows the ids)
multi      tap to add choices to a list (an array whose items have an ``enum``, or pick from a kind with at most
           ``CHIPS_MAX`` options)
pips       one die face to tap (an integer from 1 up to 8 at most: a die's pips)
dice       dice entered by tapping pips, in roll order (an array of integers from 1 up to 12 at most)
number     a number box with - / + steppers (any other integer)
pick       a select of the things of a kind the state knows (the ruleset's ``presentation(verb).picks``,
           options from ``ruleset.options(state, kind)`` with the rulebook's names)
items      one input per item, with "add" (any other array: exactly what the CLI takes, one word per item,
           so ``Kinetic battery`` and ``1,1,E`` are one item each); a select per item when the field picks
           from a kind; numbers when its items are integers
text       a text box (strings, and fields without a type, sent as typed: the schema parses them)
========== ===============================================================================================

A field is never one text box split on a separator: what is one word on the command line is one item here.

:func:`order_actions` puts the actions the ruleset's legality query accepts now first, when the ruleset
has one (``ruleset.legal(state, command)``); without it the catalogue order stays.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from domain.core.declarations import CORE_FIELD_LABELS, field_words
from domain.core.errors import BadInput
from domain.core.ruleset import ActionSpec, Command, Ruleset, State
from domain.core.table import CORE_ACTIONS

log = logging.getLogger("questlog.pages")
DIE_SIDES_MAX = 12
"""Largest die an array of integers may describe to be entered as dice (a D8 or a D12 is drawn as dice; a 20-sided range is a number)."""
PIP_MAX = 8
"""Largest single integer field drawn as a die face to tap."""
CHIPS_MAX = 24
"""Most options a list field shows as chips to tap (more: a select per item)."""


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
    """items: the items are integers."""
    nullable: bool = False
    pick: str = ""
    """pick / items: the kind of thing the field (each item) picks from ("" for free items)."""
    commas: bool = False
    """items: each item is split on commas, as the CLI splits an option's list (``--modifier a,b``); a positional list
    (``grow blight 3 1,1,E 2,1,E``) keeps each item whole."""
    words: str = ""
    """The ruleset's words for the field ("" : its name in words)."""
    shown_for: tuple[str, list[str]] | None = None
    """Shown only while the field named first holds one of the values second (the kit's ``shown_when``); None: always."""

    @property
    def label(self) -> str:
        """The field as people read it: the ruleset's words, else its name in words (``exit_icon`` -> ``Exit icon``)."""
        return self.words or field_words(self.name)


def _characters(enum: list[Any], characters: dict[str, list[str]]) -> list[tuple[str, str]] | None:
    """When ``enum`` is a game's character ids and aliases, the ids it names (labelled) in the game's order."""
    names = {c for c in characters} | {a for aliases in characters.values() for a in aliases}
    if not enum or not set(enum) <= names:
        return None
    return [(cid, cid) for cid in characters if cid in enum]


def _choices(enum: list[Any], characters: dict[str, list[str]]) -> list[tuple[str, str]]:
    enum = [v for v in enum if v is not None]  # a nullable field's null is the empty choice, never the text "None"
    return _characters(enum, characters) or [(str(v), str(v)) for v in enum]


def classify(doc: dict[str, Any], characters: dict[str, list[str]]) -> FormField:
    """The :class:`FormField` for one catalogue field ``doc`` (``{"name", "type", "required", ...}``)."""
    base = {"name": doc["name"], "required": bool(doc.get("required")), "help": doc.get("description", ""),
            "default": doc.get("default"), "nullable": bool(doc.get("nullable"))}
    kind, items = doc.get("type"), doc.get("items") or {}
    if kind == "boolean":
        return FormField(kind="flag", **base)
    if kind == "integer" and doc.get("minimum", 0) >= 1 and doc.get("maximum", 99) <= PIP_MAX:
        return FormField(kind="pips", minimum=doc["minimum"], maximum=doc["maximum"], numbers=True, **base)
    if kind == "integer":  # numbers: sent as JSON numbers, also once a presentation makes it a picker (the API takes no "5")
        return FormField(kind="number", minimum=doc.get("minimum"), maximum=doc.get("maximum"), numbers=True, **base)
    if kind == "array" and items.get("type") == "integer" and items.get("minimum", 0) >= 1 and items.get("maximum", 99) <= DIE_SIDES_MAX:
        return FormField(kind="dice", minimum=items["minimum"], maximum=items["maximum"], **base)
    if kind == "array" and items.get("enum"):
        return FormField(kind="multi", choices=_choices(items["enum"], characters), numbers=items.get("type") == "integer", **base)
    if kind == "array":
        return FormField(kind="items", numbers=items.get("type") == "integer", **base)
    if doc.get("enum"):
        return FormField(kind="choice", choices=_choices(doc["enum"], characters), **base)
    return FormField(kind="text", **base)


def picked(f: FormField, kind: str, options: list[tuple[str, str]]) -> FormField:
    """``f`` made a picker of ``kind`` with ``options`` (``(value, label)``): a scalar becomes ``pick``, a list
    ``items`` with a select per item. Dice, pips and flags stay as they are; with no options known it stays typed."""
    if f.kind in ("flag", "pips", "dice") or not options:
        return f
    f.pick, f.choices = kind, options
    if f.kind in ("multi", "items"):
        f.kind = "multi" if len(options) <= CHIPS_MAX else "items"
    else:
        f.kind = "pick"
    return f


def form_fields(action: dict[str, Any], characters: dict[str, list[str]], ruleset: Ruleset | None = None,
                state: State | None = None) -> list[FormField]:
    """Every field of a catalogue ``action``, required ones first (in the catalogue's order otherwise); with the
    campaign's ``ruleset`` and ``state``, each field its presentation picks from a kind is a picker of that kind's
    options now (a source that fails is logged and the field stays typed: a page never fails on a picker)."""
    made = [as_numbers(classify(f, characters), _numbers(ruleset, action.get("verb", ""))) for f in action["fields"]]
    spec = {**getattr(ruleset, "actions", {}), **CORE_ACTIONS}.get(action.get("verb", "")) if ruleset is not None else None
    for f in made:
        f.commas = f.kind == "items" and spec is not None and f.name not in spec.args
    picks = _picks(ruleset, action.get("verb", ""))
    for f in made:
        if f.name in picks and state is not None:
            picked(f, picks[f.name], kind_options(ruleset, state, picks[f.name]))
    _words(made, ruleset, action.get("verb", ""), state)
    return [f for f in made if f.required] + [f for f in made if not f.required]


def _words(made: list[FormField], ruleset: Any, verb: str, state: State | None) -> None:
    """Each field's words (the ruleset's ``field_label``; the core's own for its actions) and, with the ``state``, the
    values of another field it is shown for (the kit's ``shown_when``; a failing one is logged: the field shows)."""
    label = getattr(ruleset, "field_label", None)
    for f in made:
        f.words = label(f.name, verb) if label is not None and verb not in CORE_ACTIONS else CORE_FIELD_LABELS.get(f.name, "")
    when = getattr(ruleset, "shown_when", None)
    if when is None or state is None or verb in CORE_ACTIONS:
        return
    try:
        shown = when(verb, state)
    except Exception:  # a declaration must not take the page down: the field is asked always
        log.exception("shown_when of %s failed", verb)
        return
    for f in made:
        f.shown_for = shown.get(f.name)


def as_numbers(f: FormField, numbers: tuple[str, ...]) -> FormField:
    """``f`` entered as plain numbers when the ruleset presents it so (``Presentation.numbers``: space numbers, not
    dice): a list of dice becomes one number box per item, a die face a number box."""
    if f.name in numbers and f.kind == "dice":
        f.kind, f.numbers = "items", True
    elif f.name in numbers and f.kind == "pips":
        f.kind = "number"
    return f


def _numbers(ruleset: Ruleset | None, verb: str) -> tuple[str, ...]:
    present = getattr(ruleset, "presentation", None)
    if present is None or verb in CORE_ACTIONS or verb not in getattr(ruleset, "actions", {}):
        return ()
    return tuple(present(verb).numbers)


def _picks(ruleset: Ruleset | None, verb: str) -> dict[str, str]:
    present = getattr(ruleset, "presentation", None)
    if present is None or verb in CORE_ACTIONS:
        return {}
    return dict(present(verb).picks)


def kind_options(ruleset: Any, state: State, kind: str) -> list[tuple[str, str]]:
    """``(value, label)`` for the things of ``kind`` the state knows now ([] when the ruleset cannot say: logged)."""
    try:
        return [(o.value, o.label) for o in ruleset.options(state, kind)]
    except Exception:  # a source must not take the page down: the field is typed instead
        log.exception("options of kind %s failed", kind)
        return []


def presented(ruleset: Any, verb: str) -> dict[str, Any]:
    """``{"label", "group", "table_wide"}`` of ``verb`` for the page (the verb's words for the core's actions)."""
    from domain.core.declarations import default_label

    present = getattr(ruleset, "presentation", None)
    if present is None or verb in CORE_ACTIONS or verb not in ruleset.actions:
        return {"label": default_label(verb), "group": "Any time", "table_wide": True}
    p = present(verb)
    return {"label": p.label, "group": p.group or "Other actions", "table_wide": p.table_wide}


def said(ruleset: Any, verb: str, summary: str) -> str:
    """An action's summary in the page's words: its label for its verb (``"spend-dice ashitaka 4 (Encounter 1)"`` ->
    ``"Spend Action Dice: ashitaka 4 (Encounter 1)"``); the fields stay as recorded."""
    label = presented(ruleset, verb)["label"]
    rest = summary[len(verb):].strip() if summary.startswith(verb) else summary
    return f"{label}: {rest}" if rest and not rest.startswith("(") else f"{label} {rest}".strip()


@dataclass
class Choice:
    """An action in the page's picker: its catalogue entry, whether it is possible ``now`` and why not, and how the
    page shows it (``label``, ``group``: see :func:`presented`)."""

    action: dict[str, Any]
    status: str
    """``"now"`` (accepted as it stands), ``"details"`` (needs fields first), ``"not-now"`` (refused now) or ``"any"``."""
    reason: str = ""
    label: str = ""
    group: str = ""


FILL_VALUES = 3
"""Most values tried per missing field when the legality query is asked with the missing fields filled in."""
FILL_FIELDS = 3
"""Most missing fields filled in to ask the legality query (more: "needs details", nothing tried)."""
FILL_TRIES = 3
"""Most dry runs for one action (the n-th value of every missing field together)."""


def legality(ruleset: Ruleset, state: State, spec: ActionSpec, given: dict[str, Any] | None = None) -> tuple[str, str]:
    """``(status, reason)`` for one action, by the ruleset's legality query asked with the action's defaults and the
    ``given`` raw fields (a tap's thing: ``{"character": "ashitaka"}``; nothing is stored).

    ``"any"`` when the ruleset has no query (or for the core's ``adjust`` / ``seat``, always possible). When fields
    the players must give are missing, the query is asked again with them filled in from their known choices
    (:func:`fill_ins`: a ``OneOf``'s values, the things of the kind the field picks, a die's faces; at most
    ``FILL_VALUES`` per field, ``FILL_FIELDS`` fields, ``FILL_TRIES`` runs): ``"not-now"`` when every run is refused
    by the rules with the same message (the refusal does not depend on the values to give, e.g. the wrong phase),
    else ``"details"``. A query that fails unexpectedly counts as ``"details"`` (logged): a page must never fail
    because of a dry run.
    """
    query = getattr(ruleset, "legal", None)
    if query is None or spec.verb in CORE_ACTIONS:
        return "any", ""
    given = dict(given or {})
    try:
        fields = spec.load(given)
    except BadInput as error:
        wrong = set(getattr(error, "fields", None) or {}) & set(given)
        if wrong:
            return "not-now", page_words(error.message)
        return _filled(ruleset, state, spec, given, sorted(set(getattr(error, "fields", None) or {}) - set(given)))
    status, reason = _ask(query, state, spec, fields)
    return ("details", reason) if status == "bad" else (status, reason)  # a value still to give: not a refusal


def page_words(text: str) -> str:
    """A rule's message in the page's words: the CLI's ``--some-flag`` is the form's "some flag" field (``"give
    --activate SKILL"`` -> ``"give the “activate” field SKILL"``), as ``pageWords`` in forms.js says a refusal."""
    from api.errors import flags_as_fields

    return flags_as_fields(text, lambda option: option.replace("-", " "))


def _ask(query: Any, state: State, spec: ActionSpec, fields: dict[str, Any]) -> tuple[str, str]:
    """One dry run: ``("now", "")``, ``("not-now", reason)`` (a rule refuses), ``("bad", reason)`` (a value the
    players must still give) or ``("details", "")`` when the query failed (logged)."""
    try:
        refusal = query(state, Command(verb=spec.verb, fields=fields))
    except Exception:  # a dry run must not take the page down; the action stays available
        log.exception("legality query failed for %s", spec.verb)
        return "details", ""
    if refusal is None:
        return "now", ""
    reason = page_words(getattr(refusal, "message", str(refusal)))
    return ("bad", reason) if isinstance(refusal, BadInput) else ("not-now", reason)


def _filled(ruleset: Ruleset, state: State, spec: ActionSpec, given: dict[str, Any], missing: list[str]) -> tuple[str, str]:
    """The legality of ``spec`` with the ``missing`` fields filled in from their known choices (see :func:`legality`)."""
    query = getattr(ruleset, "legal")
    choices = [fill_ins(ruleset, state, spec, name) for name in missing]
    if not missing or len(missing) > FILL_FIELDS or not all(choices):
        return "details", ""
    # the optional fields too, in a second round: a rule may ask for one ("give Walker's PRO") rather than refuse
    optional = [n for n in spec.schema._declared_fields if n not in given and n not in missing]
    extra = [(n, c) for n, c in ((n, fill_ins(ruleset, state, spec, n)) for n in optional) if c]
    reasons = set()
    for pairs in (list(zip(missing, choices)), list(zip(missing, choices)) + extra):
        for n in range(min(FILL_TRIES, max(len(c) for _, c in pairs))):  # each field's n-th value together
            attempt = {**given, **{name: c[n % len(c)] for name, c in pairs}}
            try:
                fields = spec.load(attempt)
            except BadInput:
                continue  # the values tried do not fit together: nothing learnt of the rules
            status, reason = _ask(query, state, spec, fields)
            if status != "not-now":
                return "details", ""
            reasons.add(reason)
    return ("not-now", reasons.pop()) if len(reasons) == 1 else ("details", "")


def fill_ins(ruleset: Ruleset, state: State, spec: ActionSpec, name: str) -> list[Any]:
    """Up to ``FILL_VALUES`` raw values the field ``name`` of ``spec`` may take now, to ask the legality query with:
    the things of the kind its presentation picks (``ruleset.options(state, kind)``), else its ``OneOf``'s values,
    else a spread of its range's whole numbers (a die's faces: lowest, middle, highest). A list field gets lists of
    different lengths (its ``Length``'s minimum and up), so a refusal about how many items never looks like a rule
    refusing the action. [] when nothing is known (a free text)."""
    declared = spec.schema._declared_fields.get(name)
    if declared is None:
        return []
    inner = getattr(declared, "inner", None)
    values: list[Any] = []
    kind = _picks(ruleset, spec.verb).get(name)
    if kind:
        values = [v for v, _ in kind_options(ruleset, state, kind)]
    for check in (inner or declared).validators:
        if values:
            break
        if getattr(check, "choices", None):
            values = [v for v in check.choices if v is not None]
        elif isinstance(getattr(check, "min", None), int) and isinstance(getattr(check, "max", None), int):
            low, high = check.min, check.max
            values = sorted({low, (low + high) // 2, high})
    values = values[:FILL_VALUES]
    if inner is None or not values:
        return values
    shortest = next((c.min for c in declared.validators if isinstance(getattr(c, "min", None), int)), 1) or 1
    return [[values[i % len(values)]] * (shortest + 2 * i) for i in range(FILL_VALUES)]


def order_actions(ruleset: Ruleset, state: State, actions: list[dict[str, Any]], specs: dict[str, ActionSpec]) -> list[Choice]:
    """The catalogue's ``actions`` as :class:`Choice` s: possible now first, then those needing details, then the
    refused ones (each with its reason), the catalogue's order kept within each group."""
    rank = {"now": 0, "details": 1, "any": 1, "not-now": 2}
    made = [Choice(a, *legality(ruleset, state, specs[a["verb"]])) for a in actions]
    for c in made:
        shown = presented(ruleset, c.action["verb"])
        c.label, c.group = shown["label"], shown["group"]
    return sorted(made, key=lambda c: rank[c.status])
