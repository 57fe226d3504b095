"""What a ruleset declares with the kit beside its rules: what the table's page needs, and what statistics count.

These are plain data about a game, never behaviour of the core: generic code (the page, the statistics read
model) reads them and names no game (DESIGN.md § The table page, § Layouts and statistics).

**The page** (:class:`Presentation`, :class:`Source`, :class:`Owed`):

- ``KIT.source("room", "Room")`` decorates ``fn(state) -> iterable of Option | (value, label) | value``: the things
  of one *kind* the state knows now (rooms, cells, figures, cards), with the rulebook's names. The kind
  ``"character"`` is built in: a field of the core's ``Character`` type picks from the game's characters.
- ``KIT.present("move", label="Move", picks={"room": "room"}, table_wide=False)``: the action's human label, which
  field picks from which kind (a list field: each item), and whether it is the table's (no seat owns it). A drawn
  board marks each tappable element with ``data-kind`` and ``data-id``; a tap on a thing of kind K offers every
  action with a field picking from K (:meth:`Declarations.taps`), that field filled in with the thing's id.
- ``KIT.owes(fn)`` decorates ``fn(state) -> list[Owed]``: what the turn says is owed now, who owes it and which
  actions settle it; the page shows it first, above the board.
- ``KIT.stylesheet(Path(__file__).with_name("page.css"))``: the CSS of the game's drawn board (its own class names),
  served as ``/page/styles/GAME.css`` so the page's own stylesheet names no game.
- ``KIT.field_labels({"mov": "MOV (movement)", "move.token": "Exploration token"})``: a field's words on every form
  of this kit (``"verb.field"``: on that action's only) where its name alone
  would not say it (an abbreviation, an id); other fields read as their name in words (``exit_icon`` -> "Exit icon").
- ``KIT.shown_when("move", "exploration", "room", "unexplored")``: a field asked only while another field's chosen
  thing is of a group the state names (:class:`ShownWhen`); the page hides it otherwise and sends nothing for it.

**Statistics** (:class:`DieKind`, :class:`Rolls`, :class:`Series`):

- ``KIT.die_kind("action-die", "Action Die", faces=(1, 2, 3, 4, 5, 6))``: a kind of die and its faces when the
  rulebook prints them (``faces=None``: counted, never tested for fairness).
- ``KIT.rolls(ActionDiceRolled, field="dice", kind="action-die", who="character")``: which field of which event
  holds revealed dice (a list of faces or one face), of which kind (or ``kind_field``: the event field naming it),
  and which field names the character who rolled. Each may be a dotted path into a mapping field
  (``"resolution.face"``).
- ``KIT.series("stress", "Stress", fn)``: a curve of a play, ``fn(state) -> number | {key: number} | None``,
  sampled after each effective action while a play runs.
- ``KIT.turning_points(NanoshockTriggered, ...)``: events a recap names as the play's turning points.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from .form_declarations import CORE_FIELD_LABELS, FormDeclarations, FormDeclared, ShownWhen, field_words
from .ruleset import GameEvent, State

E = TypeVar("E", bound=Callable[..., Any])
CHARACTER_KIND = "character"
"""The built-in kind of the core's ``Character`` fields: the game's characters."""


@dataclass(frozen=True)
class Option:
    """One choice of a picker: ``value`` exactly as the CLI takes it, ``label`` the rulebook's name shown."""

    value: str
    label: str

    @classmethod
    def of(cls, item: Any) -> Option:
        """An :class:`Option` from an ``Option``, a ``(value, label)`` pair or a bare value (its own label)."""
        if isinstance(item, Option):
            return item
        if isinstance(item, (tuple, list)) and len(item) == 2:
            return cls(str(item[0]), str(item[1]))
        return cls(str(item), str(item))


@dataclass(frozen=True)
class Source:
    """Where the choices of one ``kind`` of thing come from: ``options(state)`` (see :meth:`Declarations.source`)."""

    kind: str
    label: str
    options: Callable[[State], Iterable[Any]]

    def choices(self, state: State) -> list[Option]:
        """The options the state holds now, as :class:`Option` s (a failing source is a bug: it raises)."""
        return [Option.of(item) for item in self.options(state)]


@dataclass(frozen=True)
class Presentation:
    """How the page shows one action: ``label`` (human words, never the raw verb), ``picks`` (field -> kind),
    ``table_wide`` (the table's action: any seat may record it), ``group`` (the phase or rulebook section the full
    action list groups it under; "" = the section it was declared with)."""

    verb: str
    label: str
    picks: Mapping[str, str] = field(default_factory=dict)
    table_wide: bool = False
    group: str = ""


@dataclass(frozen=True)
class Owed:
    """Something the turn says is owed now: ``text`` in the rulebook's words ("Cora: roll the Action Dice"),
    ``who`` the character who owes it (``None``: the table), ``verbs`` the actions that settle it."""

    text: str
    who: str | None = None
    verbs: tuple[str, ...] = ()

    def to_data(self) -> dict[str, Any]:
        """``{"text", "who", "verbs"}`` as JSON."""
        return {"text": self.text, "who": self.who, "verbs": list(self.verbs)}


@dataclass(frozen=True)
class DieKind:
    """A kind of die: ``name`` (kebab-case key), ``label``, ``faces`` in order (``None``: not printed, counts only)."""

    name: str
    label: str
    faces: tuple[Any, ...] | None = None


@dataclass(frozen=True)
class Rolls:
    """Where an event records revealed dice: ``event`` class, ``field`` (a list of faces or one face), the die
    ``kind`` (or ``kind_field``, the event field naming it), ``who`` the field naming the character who rolled."""

    event: type[GameEvent]
    field: str
    kind: str = ""
    kind_field: str = ""
    who: str = ""

    def faces(self, event: GameEvent) -> list[Any]:
        """The faces ``event`` revealed, in roll order ([] when the field is empty or missing)."""
        value = _at(event, self.field)
        if value is None:
            return []
        return list(value) if isinstance(value, (list, tuple)) else [value]

    def kind_of(self, event: GameEvent) -> str:
        """The die kind of ``event``'s dice."""
        return str(_at(event, self.kind_field)) if self.kind_field else self.kind

    def roller(self, event: GameEvent) -> str | None:
        """The character who rolled, when declared."""
        return _at(event, self.who) if self.who else None


def _at(event: GameEvent, path: str) -> Any:
    """``event``'s field ``path``; a dotted path goes on into the field's mappings (``resolution.face``). ``None``
    where anything on the way is missing."""
    head, _, rest = path.partition(".")
    value = getattr(event, head, None)
    for key in rest.split(".") if rest else ():
        value = value.get(key) if isinstance(value, Mapping) else None
    return value


@dataclass(frozen=True)
class Series:
    """A curve of a play: ``name``, ``label``, ``sample(state) -> number | {key: number} | None``."""

    name: str
    label: str
    sample: Callable[[State], Any]


def default_label(verb: str) -> str:
    """``roll-action-dice`` -> ``Roll action dice``: a label when the ruleset gives none."""
    return verb.replace("-", " ").capitalize()


class Declarations(FormDeclarations):
    """The kit's declarations beside the rules (mixed into :class:`~.kit.Kit`); :meth:`merge` composes sub-modes."""

    def __init__(self) -> None:
        self.sources: dict[str, Source] = {}
        self.presentations: dict[str, Presentation] = {}
        self.owed_by: list[Callable[[State], list[Owed]]] = []
        self.die_kinds: dict[str, DieKind] = {}
        self.rolled: list[Rolls] = []
        self.curves: dict[str, Series] = {}
        self.progress: dict[str, Series] = {}
        self.turning: list[type[GameEvent]] = []
        self.init_forms()

    # -- the page --------------------------------------------------------------------------------

    def source(self, kind: str, label: str = "") -> Callable[[E], E]:
        """Decorator: ``fn(state)`` lists the things of ``kind`` the state knows (see the module). Raises
        ``ValueError`` for a kind declared twice."""
        def wrap(fn: E) -> E:
            if kind in self.sources:
                raise ValueError(f"source {kind!r} declared twice")
            self.sources[kind] = Source(kind, label or kind.replace("-", " ").capitalize(), fn)
            return fn
        return wrap

    def present(self, verb: str, label: str = "", *, picks: Mapping[str, str] | None = None, table_wide: bool = False,
                group: str = "") -> None:
        """How the page shows ``verb`` (see :class:`Presentation`). Raises ``ValueError`` for a verb presented twice."""
        if verb in self.presentations:
            raise ValueError(f"action {verb!r} presented twice")
        self.presentations[verb] = Presentation(verb, label or default_label(verb), dict(picks or {}), table_wide, group)

    def owes(self, fn: Callable[[State], list[Owed]]) -> Callable[[State], list[Owed]]:
        """Decorator: ``fn(state) -> list[Owed]`` says what is owed now (several are concatenated in order)."""
        self.owed_by.append(fn)
        return fn

    # -- statistics ------------------------------------------------------------------------------

    def die_kind(self, name: str, label: str, faces: Iterable[Any] | None = None) -> None:
        """Declare a kind of die (see :class:`DieKind`). Raises ``ValueError`` for a kind declared twice."""
        if name in self.die_kinds:
            raise ValueError(f"die kind {name!r} declared twice")
        self.die_kinds[name] = DieKind(name, label, tuple(faces) if faces is not None else None)

    def rolls(self, event: type[GameEvent], field: str, *, kind: str = "", kind_field: str = "", who: str = "") -> None:
        """Declare that ``event``'s ``field`` holds revealed dice (see :class:`Rolls`). Raises ``ValueError`` when
        neither ``kind`` nor ``kind_field`` is given, or ``field`` is not a field of ``event``."""
        names = {f.name for f in dataclasses.fields(event)}
        heads = [p.partition(".")[0] for p in (field, kind_field, who) if p]  # a dotted path: into a mapping field
        if not (kind or kind_field) or any(h not in names for h in heads):
            raise ValueError(f"rolls of {event.__name__}.{field}: name a field of the event and a die kind")
        self.rolled.append(Rolls(event, field, kind, kind_field, who))

    def series(self, name: str, label: str, sample: Callable[[State], Any]) -> None:
        """Declare a curve of a play (see :class:`Series`). Raises ``ValueError`` for a name declared twice."""
        if name in self.curves:
            raise ValueError(f"series {name!r} declared twice")
        self.curves[name] = Series(name, label, sample)

    def campaign_series(self, name: str, label: str, sample: Callable[[State], Any]) -> None:
        """Declare a series of the campaign's progress, sampled on the state just after each finished play (its
        timeline: stickers, unlocks). Raises ``ValueError`` for a name declared twice."""
        if name in self.progress:
            raise ValueError(f"campaign series {name!r} declared twice")
        self.progress[name] = Series(name, label, sample)

    def turning_points(self, *events: type[GameEvent]) -> None:
        """Declare events a recap names as turning points (a Nanoshock, a kill, a scored chain)."""
        self.turning.extend(e for e in events if e not in self.turning)

    # -- composition -----------------------------------------------------------------------------

    def merge(self, other: Declarations) -> None:
        """Take ``other``'s declarations (a sub-mode's); a name declared by both is refused (``ValueError``)."""
        for mine, theirs, what in ((self.sources, other.sources, "source"), (self.presentations, other.presentations, "presentation"),
                                   (self.die_kinds, other.die_kinds, "die kind"), (self.curves, other.curves, "series"),
                                   (self.progress, other.progress, "campaign series")):
            both = mine.keys() & theirs.keys()
            if both:
                raise ValueError(f"{what} {sorted(both)[0]!r} declared by two sub-modes")
            mine.update(theirs)
        self.owed_by += other.owed_by
        self.merge_forms(other)
        self.rolled += other.rolled
        self.turning_points(*other.turning)


__all__ = ["CHARACTER_KIND", "CORE_FIELD_LABELS", "Declarations", "Declared", "DieKind", "Option", "Owed", "Presentation", "Rolls",
           "Series", "ShownWhen", "Source", "default_label", "field_words"]


class Declared(FormDeclared):
    """What a ruleset built with the kit answers from its declarations (mixed into :class:`~.kit.KitRuleset`).

    Needs ``kit`` (a :class:`Declarations`), ``actions`` (verb -> ActionSpec) and ``characters`` (id -> aliases)."""

    kit: Declarations
    actions: Mapping[str, Any]
    characters: Mapping[str, tuple[str, ...]]

    def presentation(self, verb: str) -> Presentation:
        """How the page shows ``verb``: its declared :class:`Presentation`, else one with the verb's words as label,
        the rulebook section it was declared under as group, and every ``Character`` field picking a character."""
        declared = self.kit.presentations.get(verb)
        picks = {name: CHARACTER_KIND for name in _character_fields(self.actions[verb])} if verb in self.actions else {}
        if declared is None:
            group = getattr(self.actions.get(verb), "rule", "").partition("§ ")[2]
            return Presentation(verb, default_label(verb), picks, False, group)
        group = declared.group or getattr(self.actions.get(verb), "rule", "").partition("§ ")[2]
        return dataclasses.replace(declared, picks={**picks, **declared.picks}, group=group)

    def options(self, state: State, kind: str) -> list[Option]:
        """The things of ``kind`` the state knows now (``"character"``: the game's characters). Raises ``KeyError``
        for a kind the ruleset never declared."""
        if kind == CHARACTER_KIND and kind not in self.kit.sources:
            return [Option(c, c.replace("-", " ").title()) for c in self.characters]
        return self.kit.sources[kind].choices(state)

    def kinds(self) -> dict[str, str]:
        """Every kind of thing a field may pick from: kind -> its label (``character`` first when there are any)."""
        built_in = {CHARACTER_KIND: "Character"} if self.characters else {}
        return {**built_in, **{k: s.label for k, s in self.kit.sources.items()}}

    def taps(self, kind: str) -> list[tuple[str, str]]:
        """``(verb, field)`` for every action with a field picking from ``kind``, in declaration order: what a tap
        on a thing of that kind may offer (the page asks the legality query for each, the field filled in)."""
        return [(verb, name) for verb in self.actions for name, k in self.presentation(verb).picks.items() if k == kind]

    def owed(self, state: State) -> list[Owed]:
        """What the turn says is owed now (every ``owes`` declaration's, in order; [] between plays)."""
        return [item for fn in self.kit.owed_by for item in fn(state)]

    @property
    def die_kinds(self) -> dict[str, DieKind]:
        """The declared kinds of die, by name."""
        return self.kit.die_kinds

    @property
    def rolled(self) -> list[Rolls]:
        """Where events record revealed dice."""
        return self.kit.rolled

    @property
    def curves(self) -> dict[str, Series]:
        """The declared curves of a play, by name."""
        return self.kit.curves

    @property
    def timeline(self) -> dict[str, Series]:
        """The declared series of the campaign's progress (sampled after each finished play), by name."""
        return self.kit.progress

    @property
    def turning(self) -> list[type[GameEvent]]:
        """The events a recap names as turning points."""
        return self.kit.turning


def _character_fields(spec: Any) -> list[str]:
    """The fields of an action's schema holding the game's characters (a ``Character`` field, or a list of them)."""
    from .fields import Character  # marshmallow is imported only where schemas are used

    out = []
    for name, f in spec.schema._declared_fields.items():
        inner = getattr(f, "inner", f)
        if isinstance(f, Character) or isinstance(inner, Character):
            out.append(name)
    return out
