"""A running decision: the events of one action so far, folded into the state as they are emitted.

Rulesets decide consequences one event at a time against the board as it stands (a 1 that brings the
Stress Cube to the Nanoshock Cube triggers the Nanoshock before the next 1 is counted), so ``decide``
keeps a :class:`Decision` and ``emit``s into it.
"""

from __future__ import annotations

from collections.abc import Callable

from .ruleset import GameEvent, State


class Decision:
    """``events`` emitted so far and the ``state`` they lead to, given the ruleset's pure ``evolve``."""

    def __init__(self, state: State, evolve: Callable[[State, GameEvent], State]) -> None:
        self.state = state
        self.events: list[GameEvent] = []
        self._evolve = evolve

    def emit(self, *events: GameEvent) -> None:
        """Record ``events`` and fold each into :attr:`state`."""
        for event in events:
            self.events.append(event)
            self.state = self._evolve(self.state, event)
