"""The Ruleset contract: the base class every game's package fills (DESIGN.md § Ruleset contract).

A ruleset is one game's package: its actions (verb -> :class:`~.values.ActionSpec`), its events, its state (plain
JSON data that ``evolve`` copies, never mutates), ``decide`` and ``evolve``, and its views. Games are written with
the kit (:mod:`.kit`), which builds a subclass of :class:`Ruleset`; the core finds them through :mod:`.registry`.
"""

from __future__ import annotations

import abc
import dataclasses
import functools
import re
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from .errors import BadInput, QuestlogError, RuleViolation
from .names import did_you_mean, quoted
from .values import ActionSpec, Command, GameEvent, QuerySpec, State, Track, plain_words


class Ruleset(abc.ABC):
    """Base class of a game's ruleset; subclasses fill the class attributes and override the hooks.

    Class attributes: ``game`` (registry key, e.g. ``"nanolith"``), ``title``, ``rulebook`` (file under
    ``rulebooks/``), ``version`` (int, stored with each campaign), ``actions`` (verb -> :class:`ActionSpec`),
    ``events`` (event class name -> class), ``characters`` (id -> aliases), ``tracks`` (what the manual
    adjustment may set), ``views`` (name -> function of state returning JSON data), ``text_views``
    (optional: name -> function drawing a view's JSON as text), ``html_views`` (optional: name -> function
    drawing a view's JSON as an HTML fragment for the table's page).
    """

    game: ClassVar[str]
    title: ClassVar[str]
    rulebook: ClassVar[str]
    version: ClassVar[int] = 1
    actions: ClassVar[dict[str, ActionSpec]] = {}
    events: ClassVar[dict[str, type[GameEvent]]] = {}
    characters: ClassVar[dict[str, tuple[str, ...]]] = {}
    tracks: ClassVar[tuple[Track, ...]] = ()
    owned_paths: ClassVar[tuple[str, ...]] = ()
    """Where a path in the state names what a seat runs: dotted patterns (``*`` matches one key) whose LAST key is a
    character id (``"characters.*"``; a Player Board, a Strain, a figure: whatever ``characters`` and ``seat`` name).
    A path through one (``characters.cora.stress``) belongs to that character: the manual adjustment reads the key
    as an action reads a character's name (:meth:`resolve_character`: aliases, any case), and a seat token's check
    knows whose track it is before the rules decide (:func:`domain.core.table.path_owners`). Keys at other places
    (an enemy's, a room's) name no character. The core names no game: each ruleset declares its own."""
    views: ClassVar[dict[str, Callable[[State], Any]]] = {}
    text_views: ClassVar[dict[str, Callable[[Any], str]]] = {}
    """Optional: view name -> function drawing that view's JSON as text for a terminal (pure)."""
    queries: ClassVar[dict[str, QuerySpec]] = {}
    """Optional: checks and questions by verb, answered from the state without storing anything."""
    html_views: ClassVar[dict[str, Callable[[Any], str]]] = {}
    """Optional: view name -> function drawing that view's JSON as an HTML fragment for the page (pure).

    The fragment is inserted as is into a ``<section>`` of the page: every text taken from the view
    must be escaped (``html.escape``); no ``<script>``, no inline event handlers, no external resources.
    Views without an entry are drawn by the page's generic renderer (tables and definition lists).
    """
    default_view: ClassVar[str] = ""
    """The view shown when none is named (``play`` at the end of a script, the page's board); "" = the first view."""
    persisted_views: ClassVar[tuple[str, ...] | None] = None
    """The views the read models keep per campaign; ``None`` = just the default view."""
    file_options: ClassVar[dict[str, Callable[[list[tuple[str, bytes]]], Any]]] = {}
    """Setup options read from files at the edge, never by the ruleset: option -> a pure reader of the files'
    ``(name, bytes)`` in order, returning the data the setup carries instead (raises :class:`BadInput` naming
    the file). The CLI reads paths (``--setup OPTION=PATH`` and ``QUESTLOG_<OPTION>``); the server reads files
    an admin installed in ``QUESTLOG_<OPTION>_DIR``, named by the client (``infrastructure.files``)."""
    shipped_options: ClassVar[dict[str, tuple[str, ...]]] = {}
    """Optional: file option -> the names of data the ruleset ships for it (a Nemesis layout ``nemesis-b``): such a
    value is taken as it is, never read as a path or an installed file."""

    @abc.abstractmethod
    def initial_state(self, setup: Mapping[str, Any]) -> State:
        """The state of a new campaign given its ``setup`` options. Raises :class:`BadInput`."""

    @abc.abstractmethod
    def decide(self, state: State, command: Command) -> list[GameEvent]:
        """The events an action yields, or :class:`~domain.core.errors.RuleViolation`. Pure."""

    @abc.abstractmethod
    def evolve(self, state: State, event: GameEvent) -> State:
        """The state after ``event``: pure and total, never validates. Returns a new value."""

    def decide_folded(self, state: State, command: Command) -> tuple[list[GameEvent], State]:
        """``decide``'s events and the state they lead to from ``state`` (``evolve`` folded over them). A ruleset
        whose decision folds its events anyway returns the state it already has (:class:`~.kit.KitRuleset`)."""
        events = self.decide(state, command)
        for event in events:
            state = self.evolve(state, event)
        return events, state

    @property
    def main_view(self) -> str:
        """The default view's name: ``default_view`` or the first declared view."""
        return self.default_view or next(iter(self.views), "")

    @property
    def kept_views(self) -> tuple[str, ...]:
        """The views the read models persist (``persisted_views``, else the default view)."""
        if self.persisted_views is not None:
            return tuple(self.persisted_views)
        return (self.main_view,) if self.main_view else ()

    def seals(self, command: Command, events: list[GameEvent]) -> bool:
        """Whether recording ``command`` with ``events`` seals history: it is declared a reveal and one of
        its events actually revealed something (a Spawn Phase that rolled nothing seals nothing;
        nanolith.txt § Undoing Moves)."""
        spec = self.actions.get(command.verb)
        return bool(spec and spec.reveal) and any(e.reveals for e in events)

    def involves(self, event: GameEvent) -> frozenset[str]:
        """The character ids ``event`` involves (for audit tags), from its class's ``involved`` fields.

        A field may hold a character or something else (Nanolith's ``target``: a character, Sidekick or an
        enemy): where the ruleset declares ``characters``, only those ids count."""
        out: set[str] = set()
        for name in event.involved:
            _add_ids(out, getattr(event, name, None))
        return frozenset(out & self.characters.keys() if self.characters else out)

    def involves_stored(self, cls: type[GameEvent], data: Mapping[str, Any]) -> list[str]:
        """``sorted(self.involves(cls(**data)))``: the characters a stored event (class ``cls``, fields ``data``)
        involves, in order. What a rebuild asks of every action (bench figure 3), so where this ruleset keeps the
        generic :meth:`involves` the answer is read from ``data`` (a property such as ``path_keys`` from the
        event built without its ``__init__``, which only assigns the same values); a ruleset that overrides
        :meth:`involves`, or data that are not exactly the class's fields, get the event built as stored.
        Raises what ``cls(**data)`` raises for data that do not fit the class."""
        plan = _stored_plan(cls) if type(self).involves is Ruleset.involves else None
        if plan is None or data.keys() != plan[0]:
            return sorted(self.involves(cls(**data)))
        chars, built = self.characters, None
        if len(cls.involved) == 1 and cls.involved[0] in data and type(data[cls.involved[0]]) is str:  # most events: one id
            value = data[cls.involved[0]]
            return [value] if not chars or value in chars else []
        values = []
        for name in cls.involved:
            if name in plan[1]:
                values.append(data[name])
                continue
            if built is None:
                built = object.__new__(cls)
                built.__dict__.update(data)
            values.append(getattr(built, name, None))
        # many events name the same few characters the same way (a path through one character's track): the answer
        # depends only on these values, so it is remembered per ruleset for hashable ones (lists as tuples)
        key = (cls, *(tuple(v) if type(v) is list else v for v in values))
        memo: dict[Any, list[str]] = self.__dict__.setdefault("_involves_memo", {})
        try:
            known = memo.get(key)
        except TypeError:  # an unhashable value (a dict, a list of lists): not remembered
            known, key = None, None
        if known is not None:
            return list(known)
        out: set[str] = set()
        for value in values:
            _add_ids(out, value)
        found = sorted(out & chars.keys() if chars else out)
        if key is not None and len(memo) < 10_000:
            memo[key] = found
        return list(found)

    def legal(self, state: State, command: Command) -> QuestlogError | None:
        """The legality query: ``None`` if ``command`` would be accepted now, else the refusal it would get
        (a dry-run ``decide``: nothing is stored)."""
        try:
            self.decide(state, command)
        except (BadInput, RuleViolation) as exc:
            return exc
        return None

    bgg_id: ClassVar[int | None] = None
    """The game's BoardGameGeek id for play exports (``None``: not known to Questlog; exports write 0)."""

    ends_plays: ClassVar[frozenset[str]] = frozenset()
    """Names of the events that may end a play (``EncounterEnded``): :meth:`play_result` is asked only of these."""

    def play_result(self, event: GameEvent, state: State) -> dict[str, Any] | None:
        """If ``event`` ends a play, what became of it, else ``None`` (for play exports, :mod:`domain.plays`, and closing
        a practice play). ``state`` is the campaign's state as the play ended: the action's earlier events applied, not
        ``event`` itself (so the play, its players and scores are still there).

        ``{"title": str, "outcome": the rulebook's word, "cooperative": bool, "won": bool (co-operative plays),
        "scores": {character id: number} (may be empty), "winners": [character ids] (competitive plays),
        "players": {name: [character ids]} (who played, used when nobody is seated: a Scientist, a warband, or each
        character standing for its player)}``."""
        return None

    def current_play(self, state: State) -> str | None:
        """A label for the play in progress (``"Encounter 1, Round 3"``), or ``None`` between plays."""
        return None

    def describe(self, event: GameEvent) -> str:
        """One human line for an event in ``history``: an event's own ``line()`` (the core's practice events), the
        core's seat and manual adjustment, else the event's name and fields in words (``Stress gained: character
        cora, amount 2``). Rulesets override it with a line per event type and fall back to this."""
        if callable(getattr(event, "line", None)):
            return event.line()
        words = re.sub(r"(?<!^)(?=[A-Z])", " ", event.type).capitalize()
        data = ", ".join(f"{k.replace('_', ' ')} {plain_words(v)}" for k, v in event.to_data().items())
        return f"{words}: {data}" if data else words

    def event_from_data(self, type_name: str, data: Mapping[str, Any]) -> GameEvent:
        """Rebuild a stored event. Raises :class:`BadInput` for an unknown type (a corrupt import)."""
        try:
            cls = self.events[type_name]
        except KeyError:
            raise BadInput(f"unknown {self.game} event type {type_name!r}") from None
        return cls(**data)

    def resolve_character(self, name: str) -> str:
        """The character id for a name or alias (case-insensitive). Raises :class:`BadInput`."""
        key = str(name).strip().lower()
        for char_id, aliases in self.characters.items():
            if key == char_id or key in aliases:
                return char_id
        known = ", ".join(f"{c} ({'/'.join(a)})" if a else c for c, a in self.characters.items())
        hint = did_you_mean(name, [*self.characters, *(a for al in self.characters.values() for a in al)],
                           {a: c for c, al in self.characters.items() for a in al})
        raise BadInput(f"unknown character {quoted(name)}{hint}; {self.title} has {known}", {"character": [f"unknown character {quoted(name)}"]})

    def action(self, verb: str) -> ActionSpec:
        """The spec of ``verb``. Raises :class:`BadInput` naming the known verbs."""
        if verb in self.queries and verb not in self.actions:
            raise BadInput(f"{verb} is a check that stores nothing, not an action: ask it with `questlog {verb}` or "
                           f"GET /campaigns/ID/queries/{verb}", {"verb": [f"{quoted(verb)} is a query, not an action"]})
        try:
            return self.actions[verb]
        except KeyError:
            raise BadInput(
                f"{self.title} has no action {quoted(verb)}{did_you_mean(verb, self.actions)}; known: {', '.join(sorted(self.actions))}",
                {"verb": [f"unknown action {quoted(verb)}"]},
            ) from None


__all__ = ["Ruleset"]


def _add_ids(out: set[str], value: Any) -> None:
    """Add to ``out`` the character ids an ``involved`` field's value names (a string, a list of ids, a dict keyed by ids)."""
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, (list, tuple)):
        out.update(v for v in value if isinstance(v, str))
    elif isinstance(value, dict):
        out.update(k for k in value if isinstance(k, str))


@functools.cache
def _stored_plan(cls: type) -> tuple[frozenset[str], frozenset[str]] | None:
    """``(the field names, the involved names that are fields)`` of an event class whose stored data can stand in for
    the event (:meth:`Ruleset.involves_stored`): a plain dataclass with a ``__dict__``, every field set by ``__init__``,
    no ``__post_init__``; else ``None``."""
    if not dataclasses.is_dataclass(cls) or hasattr(cls, "__post_init__") or hasattr(cls, "__slots__"):
        return None
    fields = dataclasses.fields(cls)
    if not all(f.init for f in fields):
        return None
    names = frozenset(f.name for f in fields)
    return names, frozenset(n for n in cls.involved if n in names)
