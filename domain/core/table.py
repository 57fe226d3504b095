"""Actions every ruleset has: the manual adjustment and the people at the table.

``adjust`` sets one track to a value with a reason (groups start tracking mid-play or fix a forgotten
step); it is recorded and shown in history as such. ``seat`` says which characters a person runs, so
history can tell who did what. Both live in the state under keys the core owns: tracks are the
ruleset's own paths, the seats are under ``"table"``. ``practice`` makes the next play a practice play
(:mod:`.practice`). Their events and evolve live in :mod:`.table_events` (what loading a campaign needs); this module,
with the actions' marshmallow schemas, is imported when an action is validated or decided.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from marshmallow import Schema, fields, validate

from .errors import BadInput, RuleViolation
from .fields import AnyValue, Text, clean_text
from .practice import closing, decide_practice
from .ruleset import ActionSpec, Command, GameEvent, Ruleset, State, Track
from .table_events import CORE_EVENTS, SeatTaken, TrackAdjusted, evolve_core, get_path  # noqa: F401  (re-exported)
from .names import quoted

ADJUST_RULE = "the manual adjustment: see `questlog adjust --help`"
"""Cited when a track has no rulebook bound of its own (users have no DESIGN.md)."""


class AdjustSchema(Schema):
    path = Text(200, required=True, metadata={"description": "dotted path of the track, e.g. characters.cora.stress"})
    value = AnyValue(required=True, metadata={"description": "the value to set (JSON: 3, -1, \"active\", true)"})
    reason = Text(500, required=True, metadata={"description": "why the track is set by hand"})


class SeatSchema(Schema):
    person = Text(80, required=True, metadata={"description": "the person's name"})
    characters = fields.List(Text(80), required=True, validate=validate.Length(1, 20),
                             metadata={"description": "the characters they run (ids or aliases), each once"})


class PracticeSchema(Schema):
    """``practice`` takes no fields."""


PRACTICE_ACTION = ActionSpec("practice", PracticeSchema, "Make the next play a practice play: recorded, but it changes no campaign progress")

CORE_ACTIONS: dict[str, ActionSpec] = {
    "adjust": ActionSpec("adjust", AdjustSchema, "Set a track to a value by hand, with a reason (manual adjustment)", args=("path", "value")),
    "seat": ActionSpec("seat", SeatSchema, "Say which characters a person at the table runs", args=("person", "characters")),
    "practice": PRACTICE_ACTION,
}


def decide_action(ruleset: Ruleset, state: State, command: Command) -> list[GameEvent]:
    """Decide any action, the core's or the ruleset's, then close a practice play the action ended (the one way
    recording and corrections' re-decisions decide). Raises :class:`BadInput` / :class:`RuleViolation`."""
    return decide_folded(ruleset, state, command)[0]


def decide_folded(ruleset: Ruleset, state: State, command: Command) -> tuple[list[GameEvent], State | None]:
    """:func:`decide_action`'s events and, when the decision folded them anyway, the state they lead to from ``state``
    (``None``: not at hand, fold them). A campaign recording the action takes that state instead of folding every
    event once more (:meth:`~.campaign.Campaign.record_action`). Raises :class:`BadInput` / :class:`RuleViolation`."""
    if command.verb in CORE_ACTIONS:
        return decide_core(ruleset, state, command), None
    events, after = ruleset.decide_folded(state, command)
    ending = closing(ruleset, state, events)
    if ending or any(type(ev).__name__ in CORE_EVENTS for ev in events):
        return events + ending, None  # folded with the core's evolve, not the ruleset's: let the campaign fold them
    return events, after


def decide_core(ruleset: Ruleset, state: State, command: Command) -> list[GameEvent]:
    """Decide ``adjust``, ``seat`` or ``practice``. Raises :class:`BadInput` / :class:`RuleViolation`."""
    f = command.fields
    if command.verb == "practice":
        return decide_practice(ruleset, state)
    if command.verb == "seat":
        chars = [ruleset.resolve_character(c) for c in f["characters"]]
        twice = next((c for i, c in enumerate(chars) if c in chars[:i]), None)
        if twice:
            raise BadInput(f"{twice} is named twice in {' '.join(f['characters'])}: give each character once",
                           {"characters": [f"{twice} given twice"]})
        return [SeatTaken(person=clean_text(f["person"], "a person's name", 80), characters=chars)]
    path, value = resolve_path(ruleset, f["path"].strip()), f["value"]
    track = next((t for t in ruleset.tracks if t.matches(path)), None)
    if track is None:
        allowed = ", ".join(t.pattern for t in ruleset.tracks)
        raise BadInput(f"{quoted(path)} is not a track the manual adjustment may set; tracks: {allowed}", {"path": ["not an adjustable track"]})
    try:
        previous = get_path(state, path)
    except KeyError:
        raise BadInput(f"{quoted(path)} does not exist in this campaign's state", {"path": ["no such track"]}) from None
    value = _check_value(track, path, previous, _as_track_type(previous, value))
    return [TrackAdjusted(path=path, value=value, previous=previous, reason=f["reason"].strip())]


def _owned_keys(ruleset: Ruleset, keys: list[str]) -> list[int]:
    """The places in a path's ``keys`` that name a character, by the ruleset's :attr:`~.contract.Ruleset.owned_paths`."""
    places = []
    for pattern in ruleset.owned_paths:
        want = pattern.split(".")
        if len(keys) >= len(want) and all(w in ("*", k) for w, k in zip(want, keys)):
            places.append(len(want) - 1)
    return places


def resolve_path(ruleset: Ruleset, path: str) -> str:
    """``path`` with each key naming a character (:attr:`~.contract.Ruleset.owned_paths`) read as an action reads a
    character's name: ``characters.Cora.stress`` and ``characters.co.stress`` are ``characters.cora.stress``.
    Raises :class:`BadInput` for a name the game does not know (with its did-you-mean)."""
    keys = path.split(".")
    for at in _owned_keys(ruleset, keys):
        try:
            keys[at] = ruleset.resolve_character(keys[at])
        except BadInput as exc:  # said of the path: the field the person typed
            raise BadInput(f"{path}: {exc.message}", {"path": [f"no character {keys[at]} here"]}) from None
    return ".".join(keys)


def path_owners(ruleset: Ruleset, path: Any) -> set[str]:
    """The character ids ``path`` belongs to (``characters.co.stress``: ``{"cora"}``), by the ruleset's
    :attr:`~.contract.Ruleset.owned_paths`, aliases resolved: what a seat token's check knows of an ``adjust`` before
    the rules decide it. A key no character answers to is left out (the rules then refuse it by name). Never raises."""
    keys = str(path or "").strip().split(".")
    owners = set()
    for at in _owned_keys(ruleset, keys):
        try:
            owners.add(ruleset.resolve_character(keys[at]))
        except BadInput:
            continue
    return owners


def named_by_core(ruleset: Ruleset, command: Command) -> set[str]:
    """The character ids a core action's own fields name (``adjust``: whose track its path is; others: none), for the
    seat check (``api.seats``), which knows a ruleset's actions by their ``Character`` fields."""
    return path_owners(ruleset, command.fields.get("path")) if command.verb == "adjust" else set()


def _as_track_type(previous: Any, value: Any) -> Any:
    """``value`` read as the track's type: a command line's ``3`` sets a track holding text (a chapter "3") as text."""
    if isinstance(previous, str) and isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    return value


def _check_value(track: Track, path: str, previous: Any, value: Any) -> Any:
    """``value`` if ``track`` allows it at ``path``; raises :class:`BadInput` / :class:`RuleViolation` otherwise."""
    if track.choices:
        if value not in track.choices:
            raise BadInput(f"{path} must be one of {list(track.choices)}, not {value!r}", {"value": ["not an allowed value"]})
        return value
    if previous is None and track.minimum is None and track.maximum is None:
        return value  # a track not yet set (a chapter before the first) takes the value as given
    if isinstance(previous, bool) or isinstance(value, bool):
        if not isinstance(value, bool) or not isinstance(previous, bool):
            raise BadInput(f"{path} takes true or false, not {value!r}", {"value": ["wrong type"]})
        return value
    if isinstance(previous, int) != isinstance(value, int):
        raise BadInput(f"{path} takes a whole number, not {value!r}", {"value": ["wrong type"]})
    if isinstance(value, int):
        low, high = track.minimum, track.maximum
        if (low is not None and value < low) or (high is not None and value > high):
            raise RuleViolation(track.rule or ADJUST_RULE, f"{path} must be within {low}..{high}, not {value}")
    return value
