"""The values of the Ruleset contract: what a game's rules take and give (DESIGN.md § Ruleset contract).

Events (:class:`GameEvent`, frozen dataclasses in the past tense), commands (:class:`Command`: a verb and its
fields), an action's declaration (:class:`ActionSpec`, a check's :class:`QuerySpec`), dice (:class:`DiceRoll`),
the adjustable tracks (:class:`Track`), the state keys the core owns in every game's state and :func:`copy_state`.
The contract itself is :mod:`.contract`, the registry of games :mod:`.registry`; :mod:`.ruleset` names all three.
"""

from __future__ import annotations

import dataclasses
import functools
import marshal
import pickle
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from .errors import BadInput, fields_text, plain_fields

if TYPE_CHECKING:
    from marshmallow import Schema

TABLE_KEY = "table"
"""The state key under which the core keeps who sits where (:mod:`.table`)."""
PRACTICE_KEY = "practice"
"""The state key under which the core keeps the state saved while a practice play runs."""
PRACTICED_KEY = "practiced"
"""The state key under which the core keeps the latest practice play that ended: ``{"title", "outcome"}``."""
RESERVED_KEYS: tuple[str, ...] = (TABLE_KEY, PRACTICE_KEY, PRACTICED_KEY)
"""State keys the core owns in every game's state (``table``: who sits where; ``practice``: the state kept while a
practice play runs; ``practiced``: the latest practice play that ended); a ruleset never writes them (it may read
``practiced`` through :func:`domain.core.practice.last_practice`)."""

PAPER_VERB = "start-from-paper"
"""The verb of a ruleset's paper campaign sheet: a campaign started with ``new GAME NAME --from-sheet FILE`` records it
as its first action (fields: the sheet), so history and audit show "started from paper"."""

State = dict[str, Any]
"""A ruleset's state: JSON-able data. ``evolve`` returns a new value and never mutates its input."""


def copy_state(state: Any) -> Any:
    """A deep copy of ``state`` (JSON-able data, or any picklable object) for ``evolve`` to change in place.

    A :mod:`marshal` round trip: about 2x faster than pickle's and ~8x faster than ``copy.deepcopy`` on game
    states (each evolve copies the state, so this is much of recording an action, bench figure 1). marshal
    knows only the exact built-in types (dict, list, str, int, float, bool, None, tuple...) and keeps shared
    references as pickle does; anything else (a str or dict subclass, an aggregate) makes it refuse, and then
    the pickle round trip copies it with its types, as before."""
    try:
        return marshal.loads(marshal.dumps(state))
    except ValueError:  # "unmarshallable object": not only built-in types
        return pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))


@dataclass(frozen=True)
class GameEvent:
    """Base of every domain event: a frozen dataclass whose fields are JSON scalars, lists or dicts.

    Stored as ``{"type": <class name>, "data": <fields>}``; the class name is a persisted contract.

    Class attributes (not fields): ``reveals`` is true for an event that reveals randomness (dice rolled, a
    card drawn, a tile flipped): an action seals only if one of its events reveals (DESIGN.md § Undo, redo and
    seals, 9). ``involved`` names the fields whose values are character ids (a string, a list of ids, or a
    dict keyed by ids): the audit trail tags the event with them (:meth:`Ruleset.involves`).
    """

    reveals: ClassVar[bool] = False
    involved: ClassVar[tuple[str, ...]] = ()

    @property
    def type(self) -> str:
        """The event's stored name, e.g. ``"StressGained"``."""
        return type(self).__name__

    def to_data(self) -> dict[str, Any]:
        """The event's fields as a JSON-able dict (copies, so callers may keep it): each field's value copied on
        its own (as ``copy.deepcopy`` of each did), immutable scalars as they are."""
        return {name: value if type(value) in _SCALARS else copy_state(value)
                for name in _field_names(type(self)) for value in (getattr(self, name),)}


_SCALARS = frozenset({str, int, float, bool, type(None)})
"""Exact types a copy of event data returns as they are (``copy.deepcopy`` does the same)."""


@functools.cache
def _field_names(cls: type) -> tuple[str, ...]:
    """The dataclass field names of an event class, in order (``dataclasses.fields`` is slow to ask each time)."""
    return tuple(f.name for f in dataclasses.fields(cls))


@dataclass(frozen=True)
class Command:
    """One action as validated by its schema: ``verb`` plus the schema's loaded ``fields``.

    ``actor`` is the person at the table who gave it (or ``None``); ``digital`` is true when Questlog
    rolled the revealed values itself.
    """

    verb: str
    fields: Mapping[str, Any]
    actor: str | None = None
    digital: bool = False


@dataclass(frozen=True)
class DiceRoll:
    """How Questlog rolls for the table (``--digital``): ``count`` dice of ``sides`` into ``field``."""

    field: str
    count: int
    sides: int


_SCHEMAS = threading.local()


def _schema(schema: type[Schema], partial: bool) -> Schema:
    """One instance of ``schema`` per thread (and ``partial``), built on first use: building one binds and copies
    every declared field, which cost more than loading the fields of an action. A thread of its own keeps any
    state a hook might set during a load from being shared."""
    cache = getattr(_SCHEMAS, "by_class", None)
    if cache is None:
        cache = _SCHEMAS.by_class = {}
    key = (schema, partial)
    instance = cache.get(key)
    if instance is None:
        instance = cache[key] = schema(partial=partial)
    return instance


@dataclass(frozen=True)
class ActionSpec:
    """One action of a ruleset.

    ``verb`` is kebab-case in the rulebook's words (``roll-action-dice``); ``schema`` validates and
    normalises its fields; ``help`` is one line; ``reveal`` tells whether it reveals randomness (and so
    seals everything before it); ``args`` names the fields given positionally on a command line, in
    order (a list field last takes the rest); ``dice(state, fields)`` returns the :class:`DiceRoll`
    Questlog makes when asked to roll for the table, or ``None`` if this action rolls nothing.
    """

    verb: str
    schema: type[Schema]
    help: str
    reveal: bool = False
    args: tuple[str, ...] = ()
    dice: Callable[[State, Mapping[str, Any]], DiceRoll | None] | None = None
    rule: str = ""

    def load(self, raw: Mapping[str, Any], partial: bool = False) -> dict[str, Any]:
        """Validate raw fields (JSON or CLI strings) into the command's fields (``partial``: missing ones allowed).

        Raises :class:`BadInput` with marshmallow's field messages.
        """
        from marshmallow import ValidationError  # imported when input is validated: it costs ~50 ms to import

        try:
            return _schema(self.schema, partial).load(dict(raw))
        except ValidationError as exc:
            raise self.refusal(exc.messages) from None

    def refusal(self, messages: Any) -> BadInput:
        """The :class:`BadInput` for marshmallow-shaped field ``messages`` (``{"dice": {4: ["Not a valid integer."]}}``):
        ``roll-action-dice: dice: item 5: Not a valid integer.``, the messages as its fields, one plain sentence each
        (:func:`~domain.core.errors.plain_fields`)."""
        fields = plain_fields(messages)
        return BadInput(f"{self.verb}: {fields_text(fields)}", fields)


@dataclass(frozen=True)
class QuerySpec(ActionSpec):
    """A question the players ask that stores nothing (``check-content``): not an action, so nothing to undo
    (DESIGN.md § Undo, redo and seals, 9). Declared like an action (``verb``, ``schema``, ``help``, ``args``);
    ``run(state, fields)`` returns JSON-able data or raises :class:`BadInput` / ``RuleViolation``.

    ``files`` names fields whose values are files the edge reads (each a ``Ruleset.file_options`` option): the
    CLI reads the paths given, the server the packs installed under the names given
    (``infrastructure.files.resolve_query``), and ``run`` receives the option reader's data, never a path."""

    run: Callable[[State, Mapping[str, Any]], Any] | None = None
    files: tuple[str, ...] = ()


def plain_words(value: Any) -> str:
    """A JSON value in words for a history line: lists space-separated, records ``key value``, never a repr
    (``{"dice": [1, 4]}`` -> ``(dice 1 4)``)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return "(" + ", ".join(f"{k} {plain_words(v)}" for k, v in value.items()) + ")"
    if isinstance(value, list):
        return " ".join(map(plain_words, value)) or "none"
    return "none" if value is None else str(value)


@dataclass(frozen=True)
class Track:
    """A value the manual adjustment may set: ``pattern`` is a dotted path where ``*`` matches one key.

    ``minimum``/``maximum`` bound integers; ``choices`` lists allowed strings; ``rule`` cites where the
    bounds come from.
    """

    pattern: str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[Any, ...] = ()
    rule: str = ""

    def matches(self, path: str) -> bool:
        """Whether ``path`` (``characters.cora.stress``) fits this track's pattern."""
        want, have = self.pattern.split("."), path.split(".")
        return len(want) == len(have) and all(w in ("*", h) for w, h in zip(want, have))


__all__ = ["PAPER_VERB", "PRACTICED_KEY", "PRACTICE_KEY", "RESERVED_KEYS", "TABLE_KEY", "ActionSpec", "Command", "DiceRoll",
           "GameEvent", "QuerySpec", "State", "Track", "copy_state", "plain_words"]
