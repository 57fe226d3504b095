"""The ruleset kit: the one way every game declares its actions, deciders and evolve handlers.

A game (or one sub-mode of a game, such as Nanolith's Encounter and Campaign Mode) is a :class:`Kit`:

.. code-block:: python

    KIT = Kit("nemesis.txt")

    @KIT.action("place-noise-marker", NoiseSchema, "Place a Noise marker in a corridor",
                section="Noise", args=("corridor",))
    def place_noise_marker(d: Decision, f: Mapping[str, Any]) -> None:
        if f["corridor"] in d.state["noise"]:
            raise KIT.refuse("Noise", f"corridor {f['corridor']} already has a Noise marker")
        d.emit(NoisePlaced(corridor=f["corridor"]))

    @KIT.evolves(NoisePlaced)
    def _noise_placed(s: State, e: NoisePlaced) -> None:   # s is a private copy: change it in place
        s["noise"].append(e.corridor)

A ruleset class then derives from :class:`KitRuleset` and names its kit (``kit = KIT``); the kit supplies
``actions``, ``events``, ``decide``, ``evolve`` and the legality query. Sub-modes compose with
:meth:`Kit.include` (one table of verbs and handlers, duplicates refused at import time); a sub-mode that
must also react to another's event (Campaign Mode reading the Encounter's ``EncounterEnded``) declares a
follower with :meth:`Kit.follows`, applied after the owner's handler.

One option per kit: ``decision=`` a :class:`Decision` subclass handed to its deciders (with helpers for that
sub-mode's part of the state); it survives :meth:`Kit.include`. Every decider is written one way,
``decider(d, fields)``, emitting into the running decision.

Beside the rules, a kit holds what the page and the statistics need (:mod:`.declarations`: sources of choices,
action presentations, what is owed now, dice, curves, turning points), composed by :meth:`Kit.include` too.

Totality policy (DESIGN.md § Ruleset contract): ``evolve`` of an event with no handler, or a handler that
raises, is a loud :class:`EvolveError`, never a silent no-op: a bug must not drop an event.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar, TypeVar

from marshmallow import Schema

from .decision import Decision
from .declarations import Declarations, Declared
from .errors import BadInput, QuestlogError, RuleViolation
from .ruleset import ActionSpec, Command, DiceRoll, GameEvent, QuerySpec, Ruleset, State, copy_state

Decider = Callable[[Decision, Mapping[str, Any]], None]
"""``decider(d, fields)``: emits the action's events into ``d`` or raises ``RuleViolation``/``BadInput``."""
Handler = Callable[[State, Any], None]
"""``handler(state, event)``: applies one event to a private copy of the state, in place."""
E = TypeVar("E", bound=Callable[..., Any])


class EvolveError(QuestlogError):
    """An event the ruleset cannot apply: no handler for its class, or its handler failed (a bug, not input)."""

    code = "evolve_error"
    exit_code = 1


class Kit(Declarations):
    """One game's (or sub-mode's) declarations: ``actions`` (verb -> :class:`ActionSpec`), ``deciders``
    (verb -> :data:`Decider`), ``handlers`` (event class -> :data:`Handler`) and ``events`` (stored name ->
    class). ``rulebook`` is the file under ``rulebooks/`` its citations name (``"nanolith.txt"``)."""

    def __init__(self, rulebook: str, *, decision: type[Decision] = Decision) -> None:
        super().__init__()
        self.rulebook = rulebook
        self.actions: dict[str, ActionSpec] = {}
        self.queries: dict[str, QuerySpec] = {}
        self.deciders: dict[str, Decider] = {}
        self.handlers: dict[type[GameEvent], Handler] = {}
        self.followers: dict[type[GameEvent], list[Handler]] = {}
        self.events: dict[str, type[GameEvent]] = {}
        self.guards: list[Callable[[State, str], None]] = []
        self.follow_ups: list[Callable[[State], list[GameEvent]]] = []
        self.decision_class = decision
        self._decisions: dict[str, type[Decision]] = {}

    # -- citations -------------------------------------------------------------------------------

    def rule(self, section: str) -> str:
        """The citation of ``section``: ``"nanolith.txt § Nanoshock"``."""
        return f"{self.rulebook} § {section}"

    def refuse(self, section: str, message: str) -> RuleViolation:
        """A :class:`RuleViolation` citing ``section`` of this kit's rulebook (raise it)."""
        return RuleViolation(self.rule(section), message)

    # -- declarations ----------------------------------------------------------------------------

    def action(self, verb: str, schema: type[Schema], help: str, *, section: str, reveal: bool = False,
               args: tuple[str, ...] = (), dice: Callable[[State, Mapping[str, Any]], DiceRoll | None] | None = None,
               ) -> Callable[[Decider], Decider]:
        """Decorator declaring ``verb`` (kebab-case, rulebook words) and its decider.

        ``schema`` validates the fields; ``help`` is one line for ``--help`` and the catalogue; ``section``
        the rulebook section it follows; ``reveal`` whether it may reveal randomness (it seals only if one of
        its events ``reveals``); ``args`` the fields given positionally; ``dice`` how Questlog rolls for the
        table (``--digital``). Raises ``ValueError`` for a verb declared twice. The decorated function is
        returned unchanged.
        """
        def wrap(fn: Any) -> Any:
            if verb in self.actions:
                raise ValueError(f"action {verb!r} declared twice in the {self.rulebook} kit")
            self.actions[verb] = ActionSpec(verb, schema, help, reveal=reveal, args=args, dice=dice, rule=self.rule(section))
            self.deciders[verb] = fn
            self._decisions[verb] = self.decision_class
            return fn
        return wrap

    def query(self, verb: str, schema: type[Schema], help: str, *, section: str, args: tuple[str, ...] = (),
              files: tuple[str, ...] = ()) -> Callable[[E], E]:
        """Decorator declaring the query ``verb``: a check that stores nothing (``check-content``), answered by
        the decorated ``fn(state, fields) -> JSON data`` (DESIGN.md § Undo, redo and seals, 9). ``files`` names
        the fields the edge reads as files before ``fn`` sees them (see :attr:`QuerySpec.files`). Raises
        ``ValueError`` for a verb declared twice or also declared as an action."""
        def wrap(fn: E) -> E:
            if verb in self.queries or verb in self.actions:
                raise ValueError(f"query {verb!r} declared twice in the {self.rulebook} kit")
            self.queries[verb] = QuerySpec(verb, schema, help, args=args, rule=self.rule(section), run=fn, files=files)
            return fn
        return wrap

    def evolves(self, *event_classes: type[GameEvent]) -> Callable[[E], E]:
        """Decorator registering a handler for ``event_classes`` (each also becomes a known stored event)."""
        def wrap(fn: E) -> E:
            for cls in event_classes:
                if cls in self.handlers:
                    raise ValueError(f"event {cls.__name__} has two evolve handlers in the {self.rulebook} kit")
                self.handlers[cls] = fn
                self._event(cls)
            return fn
        return wrap

    def follows(self, *event_classes: type[GameEvent]) -> Callable[[E], E]:
        """Decorator registering a follower for events another sub-mode owns: applied after the owner's
        handler on the same private copy (Campaign Mode keeps its record of the Encounter's ``EncounterEnded``).
        An event with followers but no owner is still unknown (:meth:`evolve` refuses it)."""
        def wrap(fn: E) -> E:
            for cls in event_classes:
                self.followers.setdefault(cls, []).append(fn)
            return fn
        return wrap

    def guard(self, fn: Callable[[State, str], None]) -> Callable[[State, str], None]:
        """Decorator registering ``fn(state, verb)``, run before every decider: it raises ``RuleViolation`` to
        refuse any action while something else is owed (Tamashii's reset, due first)."""
        self.guards.append(fn)
        return fn

    def follow_up(self, fn: Callable[[State], list[GameEvent]]) -> Callable[[State], list[GameEvent]]:
        """Decorator registering ``fn(state) -> events``, run after every decider on the state its events made:
        what passes by itself (an empty phase ending). Its events join the action's."""
        self.follow_ups.append(fn)
        return fn

    def records(self, *event_classes: type[GameEvent]) -> None:
        """Declare events that change no state (history only): their handler is explicitly a no-op."""
        self.evolves(*event_classes)(_no_change)

    def _event(self, cls: type[GameEvent]) -> None:
        known = self.events.get(cls.__name__)
        if known is not None and known is not cls:
            raise ValueError(f"two event classes are stored as {cls.__name__!r} in the {self.rulebook} kit")
        self.events[cls.__name__] = cls

    def include(self, other: Kit) -> Kit:
        """Compose a sub-mode: ``other``'s actions, deciders and handlers join this kit (duplicates refused)."""
        for verb, spec in other.actions.items():
            if verb in self.actions:
                raise ValueError(f"action {verb!r} is declared by two sub-modes")
            self.actions[verb], self.deciders[verb] = spec, other.deciders[verb]
            self._decisions[verb] = other._decisions.get(verb, other.decision_class)
        for verb, query in other.queries.items():
            if verb in self.queries:
                raise ValueError(f"query {verb!r} is declared by two sub-modes")
            self.queries[verb] = query
        for cls, handler in other.handlers.items():
            if cls in self.handlers:
                raise ValueError(f"event {cls.__name__} has handlers in two sub-modes")
            self.handlers[cls] = handler
            self._event(cls)
        for cls, handlers in other.followers.items():
            self.followers.setdefault(cls, []).extend(handlers)
        self.merge(other)
        self.guards += other.guards
        self.follow_ups += other.follow_ups
        return self

    # -- use -------------------------------------------------------------------------------------

    def evolve(self, state: State, event: GameEvent) -> State:
        """The state after ``event`` (pure: the input is untouched). Raises :class:`EvolveError`."""
        handler = self.handlers.get(type(event))
        if handler is None:
            raise EvolveError(f"{self.rulebook}: no evolve handler for event {event.type}")
        new = copy_state(state)
        try:
            handler(new, event)
            for follower in self.followers.get(type(event), ()):
                follower(new, event)
        except Exception as exc:  # a handler bug must be loud, naming the event
            raise EvolveError(f"{self.rulebook}: applying {event.type} failed: {type(exc).__name__}: {exc}") from exc
        return new

    def decision(self, state: State, verb: str | None = None) -> Decision:
        """A running :class:`Decision` over ``state`` folding with this kit's ``evolve`` (of the class the kit
        that declared ``verb`` asked for)."""
        return self._decisions.get(verb or "", self.decision_class)(state, self.evolve)

    def decide(self, state: State, command: Command) -> list[GameEvent]:
        """The events ``command`` yields against ``state``. Raises ``BadInput`` / ``RuleViolation``."""
        return self.decide_folded(state, command)[0]

    def decide_folded(self, state: State, command: Command) -> tuple[list[GameEvent], State]:
        """The events ``command`` yields against ``state`` and the state they lead to (the running decision's,
        folded as they were emitted). Raises ``BadInput`` / ``RuleViolation``."""
        decider = self.deciders.get(command.verb)
        if decider is None:
            raise BadInput(f"no action {command.verb!r} in {self.rulebook}", {"verb": ["unknown action"]})
        for guard in self.guards:
            guard(state, command.verb)
        d = self.decision(state, command.verb)
        decider(d, command.fields)
        for follow_up in self.follow_ups:
            d.emit(*follow_up(d.state))
        for event in d.events:
            if event.reveals and not self.actions[command.verb].reveal:
                raise EvolveError(f"{command.verb} emitted {event.type}, a revealing event, but is not declared reveal=True")
        return d.events, d.state


def _no_change(state: State, event: GameEvent) -> None:
    """The handler of a history-only event: the state stays as it is."""


class KitRuleset(Declared, Ruleset):
    """A :class:`Ruleset` whose actions, queries, events, ``decide`` and ``evolve`` come from its :class:`Kit`.

    Subclasses set ``kit`` plus the contract's plain data (``game``, ``title``, ``rulebook``, ``characters``,
    ``tracks``, ``views``, ``default_view``, ``persisted_views``...) and ``initial_state``.
    """

    kit: ClassVar[Kit]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "kit" in cls.__dict__:
            cls.actions = cls.kit.actions
            cls.events = cls.kit.events
            cls.queries = cls.kit.queries

    def decide(self, state: State, command: Command) -> list[GameEvent]:
        """The events of ``command`` (see :meth:`Kit.decide`)."""
        return self.kit.decide(state, command)

    def evolve(self, state: State, event: GameEvent) -> State:
        """The state after ``event`` (see :meth:`Kit.evolve`)."""
        return self.kit.evolve(state, event)

    def decide_folded(self, state: State, command: Command) -> tuple[list[GameEvent], State]:
        """The events of ``command`` and the state they lead to (see :meth:`Kit.decide_folded`). A ``decide``
        or ``evolve`` replaced on the class or the instance is what decides or folds: the events are then folded one
        by one with ``self.evolve``, as a campaign folds them."""
        if (getattr(self.decide, "__func__", None) is not KitRuleset.decide
                or getattr(self.evolve, "__func__", None) is not KitRuleset.evolve):
            return super().decide_folded(state, command)
        return self.kit.decide_folded(state, command)


__all__ = ["Decider", "EvolveError", "Handler", "Kit", "KitRuleset"]
