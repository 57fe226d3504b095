"""The Ruleset contract and the registry through which the core finds games.

A ruleset is one game's package (DESIGN.md § Ruleset contract): its actions (verb -> marshmallow schema,
help, whether it reveals randomness), its events (frozen dataclasses, past tense), its state (plain
JSON data that ``evolve`` copies, never mutates), ``decide`` and ``evolve``, and its views.

The core never names a game: it asks :func:`get_ruleset` for the package registered under a campaign's
``game``. Rulesets register themselves with :func:`register` when their package's ``ruleset`` module is imported:
only when a campaign of that game is used, or when every game is listed (:func:`rulesets`). What a read needs
without the rules (the rules' version, the text drawings) the package's light ``__init__`` says
(:func:`rules_version`, :func:`text_drawing`).
"""

from __future__ import annotations

import abc
import dataclasses
import functools
import importlib
import marshal
import pickle
import pkgutil
import re
import threading
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from .errors import BadInput, QuestlogError, RuleViolation
from .names import did_you_mean

if TYPE_CHECKING:
    from marshmallow import Schema

TABLE_KEY = "table"
"""The state key under which the core keeps who sits where (:mod:`.table`)."""
PRACTICE_KEY = "practice"
"""The state key under which the core keeps the state saved while a practice play runs."""
RESERVED_KEYS: tuple[str, ...] = (TABLE_KEY, PRACTICE_KEY)
"""State keys the core owns in every game's state (``table``: who sits where; ``practice``: the state kept while a
practice play runs); a ruleset never uses them."""

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
            messages = exc.messages if isinstance(exc.messages, dict) else {"_schema": exc.messages}
            details = "; ".join(f"{k}: {' '.join(map(str, _flat(v)))}" for k, v in messages.items())
            raise BadInput(f"{self.verb}: {details}", messages) from None


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


def _flat(value: Any) -> list[Any]:
    if isinstance(value, dict):
        return [f"{k}: {' '.join(map(str, _flat(v)))}" for k, v in value.items()]
    if isinstance(value, list):
        return [m for v in value for m in _flat(v)]
    return [value]


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
            value = getattr(event, name, None)
            if isinstance(value, str):
                out.add(value)
            elif isinstance(value, (list, tuple)):
                out.update(v for v in value if isinstance(v, str))
            elif isinstance(value, dict):
                out.update(k for k in value if isinstance(k, str))
        return frozenset(out & self.characters.keys() if self.characters else out)

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
        hint = did_you_mean(name, [*self.characters, *(a for al in self.characters.values() for a in al)])
        raise BadInput(f"unknown character {name!r}{hint}; {self.title} has {known}", {"character": [f"unknown character {name!r}"]})

    def action(self, verb: str) -> ActionSpec:
        """The spec of ``verb``. Raises :class:`BadInput` naming the known verbs."""
        if verb in self.queries and verb not in self.actions:
            raise BadInput(f"{verb} is a check that stores nothing, not an action: ask it with `questlog {verb}` or "
                           f"GET /campaigns/ID/queries/{verb}", {"verb": [f"{verb!r} is a query, not an action"]})
        try:
            return self.actions[verb]
        except KeyError:
            raise BadInput(
                f"{self.title} has no action {verb!r}{did_you_mean(verb, self.actions)}; known: {', '.join(sorted(self.actions))}",
                {"verb": [f"unknown action {verb!r}"]},
            ) from None


_REGISTRY: dict[str, Ruleset] = {}
_discovered = False
RULESETS_PACKAGE = "domain.rulesets"
"""Where the shipped games live: one package per game, ``domain.rulesets.<game, - written _>``. Its ``__init__`` is
the game's light card (``VERSION``, ``TEXT_VIEWS``); its Ruleset lives in its ``ruleset`` module."""


def register(ruleset_cls: type[Ruleset]) -> type[Ruleset]:
    """Class decorator: make ``ruleset_cls`` findable by its ``game``."""
    _REGISTRY[ruleset_cls.game] = ruleset_cls()
    return ruleset_cls


def unregister(game: str) -> None:
    """Forget the ruleset registered for ``game`` (a test's game, once the test is over)."""
    _REGISTRY.pop(game, None)


def _package(game: str) -> str | None:
    """The dotted name of ``game``'s package (``nin-gonost`` -> ``domain.rulesets.nin_gonost``), or ``None`` for a
    name no package can have."""
    name = game.replace("-", "_") if isinstance(game, str) else ""
    return f"{RULESETS_PACKAGE}.{name}" if name.isidentifier() else None


def _card(game: str) -> Any:
    """``game``'s package (its light ``__init__``: what a read needs without the rules), or ``None`` when no package
    of that name is shipped."""
    package = _package(game)
    if package is None:
        return None
    try:
        return importlib.import_module(package)
    except ModuleNotFoundError as exc:
        if exc.name != package:  # the package exists but something it imports does not: a broken game, said loudly
            raise
        return None


def _load(package: str) -> None:
    """Import a game package's ``ruleset`` module, which registers its Ruleset."""
    importlib.import_module(f"{package}.ruleset")


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    import domain.rulesets as package

    for info in pkgutil.iter_modules(package.__path__):
        if info.ispkg:
            try:
                _load(f"{package.__name__}.{info.name}")
            except Exception as exc:  # one broken ruleset must not take the other games down with it
                warnings.warn(f"ruleset package {info.name!r} failed to load and is unavailable: {exc!r}", stacklevel=2)
    _discovered = True


def rulesets() -> dict[str, Ruleset]:
    """Every registered ruleset, by game (discovers ``domain.rulesets.*`` on first use: imports every game's rules)."""
    _discover()
    return dict(_REGISTRY)


def get_ruleset(game: str) -> Ruleset:
    """The ruleset registered for ``game``. Raises :class:`BadInput` naming the known games.

    Imports only that game's rules (``domain.rulesets.<game>.ruleset``) when it can: loading a campaign must not
    pay for importing every game."""
    package = _package(game)
    if game not in _REGISTRY and package is not None:
        try:
            _load(package)
        except ImportError:
            pass  # no such game, or a broken one: the discovery below says which and why
    if game not in _REGISTRY:
        _discover()
    try:
        return _REGISTRY[game]
    except KeyError:
        raise BadInput(f"unknown game {game!r}{did_you_mean(game, _REGISTRY)}; known: {', '.join(sorted(_REGISTRY))}",
                       {"game": [f"unknown game {game!r}"]}) from None


def rules_version(game: str) -> int:
    """The version of ``game``'s rules in this code (``Ruleset.version``), read from the game's card (``VERSION``)
    without importing its rules unless they are loaded already. Raises :class:`BadInput` for an unknown game."""
    if game in _REGISTRY:
        return _REGISTRY[game].version
    card = _card(game)
    version = getattr(card, "VERSION", None)
    return version if isinstance(version, int) else get_ruleset(game).version


def text_drawing(game: str, view: str) -> Callable[[Any], str] | None:
    """The function drawing ``game``'s view ``view`` as text (``Ruleset.text_views``), or ``None`` when the game has
    none for it (a generic rendering then). Found through the game's card (``TEXT_VIEWS``: view -> ``"module:function"``
    in its package) without importing its rules unless they are loaded already. Raises :class:`BadInput` for an
    unknown game."""
    if game in _REGISTRY:
        return _REGISTRY[game].text_views.get(view)
    card = _card(game)
    drawings = getattr(card, "TEXT_VIEWS", None)
    if not isinstance(drawings, Mapping):
        return get_ruleset(game).text_views.get(view)
    where = drawings.get(view)
    if where is None:
        return None
    module, _, name = where.partition(":")
    return getattr(importlib.import_module(f".{module}", card.__name__), name)


__all__ = ["PAPER_VERB", "plain_words", "PRACTICE_KEY", "RESERVED_KEYS", "TABLE_KEY", "ActionSpec", "Command", "copy_state", "DiceRoll", "GameEvent", "QuerySpec",
           "Ruleset", "State", "Track", "get_ruleset", "register", "rules_version", "rulesets", "text_drawing", "unregister"]
