"""Campaign Mode's kit (nanolith.txt § Campaign): its actions are declared on :data:`KIT` by their deciders
in :mod:`.rules`, its evolve handlers in :mod:`.evolve` / :mod:`.evolve_story`.

None of its actions reveals randomness: taking a Hidden Card by its code is not a reveal (DESIGN.md § Words).
Its deciders get a :class:`Decision` that also shows the campaign record (``d.campaign``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.core.decision import Decision as CoreDecision
from domain.core.kit import Kit
from domain.core.ruleset import GameEvent, State

from .state import KEY, record


class Decision(CoreDecision):
    """The events of one Campaign Mode action so far, the state they lead to, and its campaign record."""

    @property
    def campaign(self) -> dict[str, Any]:
        """The campaign record as it stands (``state["campaign"]``)."""
        return record(self.state)


KIT = Kit("nanolith.txt", decision=Decision)
"""Campaign Mode: Nanofragments, Skill Cards and stickers, Shops, the story, the City Phase, Save Points."""

RecordHandler = Callable[[State, dict[str, Any], Any], None]


def on_record(fn: RecordHandler) -> Callable[[State, Any], None]:
    """Adapt a handler ``fn(state, campaign record, event)`` to the kit's ``handler(state, event)``: the record
    is ``state["campaign"]`` (created for a state that predates Campaign Mode)."""
    def handler(s: State, e: GameEvent) -> None:
        s[KEY] = record(s)
        fn(s, s[KEY], e)
    handler.__doc__, handler.__name__ = fn.__doc__, fn.__name__
    return handler
