"""Actions every ruleset has: the manual adjustment and the people at the table.

``adjust`` sets one track to a value with a reason (groups start tracking mid-play or fix a forgotten
step); it is recorded and shown in history as such. ``seat`` says which characters a person runs, so
history can tell who did what. Both live in the state under keys the core owns: tracks are the
ruleset's own paths, the seats are under ``"table"``.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from marshmallow import Schema, fields, validate

from .errors import BadInput, RuleViolation
from .fields import AnyValue, Text, clean_text
from .practice import PRACTICE_ACTION, PRACTICE_EVENTS, PracticeEnded, PracticeStarted, closing, decide_practice, evolve_practice
from .ruleset import TABLE_KEY, ActionSpec, Command, GameEvent, Ruleset, State, Track, copy_state

ADJUST_RULE = "the manual adjustment: see `questlog adjust --help`"
"""Cited when a track has no rulebook bound of its own (users have no DESIGN.md)."""


@dataclass(frozen=True)
class TrackAdjusted(GameEvent):
    """A track set by hand: ``path`` (dotted), the ``value`` set, the ``previous`` value and the ``reason``.

    It involves the characters its path names (``characters.cora.stress``: cora)."""

    involved = ("path_keys",)

    path: str
    value: Any
    previous: Any
    reason: str

    def line(self) -> str:
        """Its history line: ``characters.cora.stress set by hand to 3 (was 1): forgot a 1``."""
        return f"{self.path} set by hand to {_words(self.value)} (was {_words(self.previous)}): {self.reason}"

    @property
    def path_keys(self) -> list[str]:
        """The keys of ``path``, in order."""
        return self.path.split(".")


@dataclass(frozen=True)
class SeatTaken(GameEvent):
    """``person`` sits at the table running ``characters`` (ids); replaces that person's earlier seat."""

    involved = ("characters",)

    person: str
    characters: list[str]

    def line(self) -> str:
        """Its history line: ``Mia runs ashitaka, cora``."""
        return f"{self.person} runs {', '.join(self.characters)}"


class AdjustSchema(Schema):
    path = Text(200, required=True, metadata={"description": "dotted path of the track, e.g. characters.cora.stress"})
    value = AnyValue(required=True, metadata={"description": "the value to set (JSON: 3, -1, \"active\", true)"})
    reason = Text(500, required=True, metadata={"description": "why the track is set by hand"})


class SeatSchema(Schema):
    person = Text(80, required=True, metadata={"description": "the person's name"})
    characters = fields.List(Text(80), required=True, validate=validate.Length(1, 20),
                             metadata={"description": "the characters they run (ids or aliases), each once"})


CORE_ACTIONS: dict[str, ActionSpec] = {
    "adjust": ActionSpec("adjust", AdjustSchema, "Set a track to a value by hand, with a reason (manual adjustment)", args=("path", "value")),
    "seat": ActionSpec("seat", SeatSchema, "Say which characters a person at the table runs", args=("person", "characters")),
    "practice": PRACTICE_ACTION,
}
CORE_EVENTS: dict[str, type[GameEvent]] = {"TrackAdjusted": TrackAdjusted, "SeatTaken": SeatTaken, **PRACTICE_EVENTS}


def _words(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return " ".join(map(_words, value)) or "none"
    return "nothing" if value is None else str(value)


def get_path(state: Any, path: str) -> Any:
    """The value at a dotted ``path`` (list indexes are numbers). Raises ``KeyError``."""
    node = state
    for part in path.split("."):
        if isinstance(node, list):
            if not part.isdigit() or int(part) >= len(node):
                raise KeyError(path)
            node = node[int(part)]
        elif isinstance(node, dict) and part in node:
            node = node[part]
        else:
            raise KeyError(path)
    return node


def _set_path(state: State, path: str, value: Any) -> State:
    new = copy_state(state)
    *parents, last = path.split(".")
    node: Any = new
    for part in parents:
        node = node[int(part)] if isinstance(node, list) else node[part]
    if isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value
    return new


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
    ending = closing(ruleset, after, events)
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
    path, value = f["path"].strip(), f["value"]
    track = next((t for t in ruleset.tracks if t.matches(path)), None)
    if track is None:
        allowed = ", ".join(t.pattern for t in ruleset.tracks)
        raise BadInput(f"{path!r} is not a track the manual adjustment may set; tracks: {allowed}", {"path": ["not an adjustable track"]})
    try:
        previous = get_path(state, path)
    except KeyError:
        raise BadInput(f"{path!r} does not exist in this campaign's state", {"path": ["no such track"]}) from None
    value = _check_value(track, path, previous, _as_track_type(previous, value))
    return [TrackAdjusted(path=path, value=value, previous=previous, reason=f["reason"].strip())]


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


def evolve_core(state: State, event: GameEvent) -> State:
    """Apply a core event (pure)."""
    if isinstance(event, TrackAdjusted):
        return _set_path(state, event.path, copy.deepcopy(event.value))
    if isinstance(event, (PracticeStarted, PracticeEnded)):
        return evolve_practice(state, event)
    assert isinstance(event, SeatTaken)
    new = copy_state(state)
    seats = new.setdefault(TABLE_KEY, {})
    for person, chars in list(seats.items()):
        seats[person] = [c for c in chars if c not in event.characters]
        if not seats[person]:
            del seats[person]
    seats[event.person] = list(event.characters)
    return new

