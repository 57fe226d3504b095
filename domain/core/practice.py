"""Practice plays: a play recorded in full that changes no campaign progress.

A practice play (DESIGN.md § Undo, redo and seals, 10; issue "Campaigns as they really happen") records
everything but changes no campaign progress: ``practice`` (between plays) stores the game's state as it
stands; when the next play ends (the ruleset reports a play result) the same action closes the practice and
puts that state back, so the Progress sheet, unlocks, stickers and characters are as before. History, audit
and play exports keep the practice play (BG Stats marks it ignored). The ``practice`` action itself (its schema) is
declared with the core's other actions in :mod:`.table`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import RuleViolation
from .ruleset import PRACTICE_KEY, RESERVED_KEYS, GameEvent, Ruleset, State, copy_state

RULE = "README.md § Campaign life (practice plays)"


@dataclass(frozen=True)
class PracticeStarted(GameEvent):
    """The next play is practice; ``kept`` is the game's state when it began (put back when the play ends)."""

    kept: dict[str, Any]

    def line(self) -> str:
        """The history line."""
        return "the next play is a practice play: it will change no campaign progress"


@dataclass(frozen=True)
class PracticeEnded(GameEvent):
    """The practice play ``title`` ended (``outcome``); the state kept when it began is back."""

    title: str
    outcome: str
    restored: dict[str, Any]

    def line(self) -> str:
        """The history line."""
        return f"practice play {self.title} ended ({self.outcome}): the campaign is back as it was before it"


PRACTICE_EVENTS: dict[str, type[GameEvent]] = {"PracticeStarted": PracticeStarted, "PracticeEnded": PracticeEnded}


def decide_practice(ruleset: Ruleset, state: State) -> list[GameEvent]:
    """Start practice. Raises ``RuleViolation`` during a play or when practice is already on."""
    if ruleset.current_play(state) is not None:
        raise RuleViolation(RULE, f"a play is in progress ({ruleset.current_play(state)}): mark practice before a play starts")
    if PRACTICE_KEY in state:
        raise RuleViolation(RULE, "the next play is already a practice play")
    return [PracticeStarted(kept=game_state(state))]


def closing(ruleset: Ruleset, state: State, events: list[GameEvent]) -> list[GameEvent]:
    """The events that close a practice play: ``[PracticeEnded]`` if practice is on in ``state`` (the state before
    the action) and one of ``events`` ends a play, else ``[]``."""
    if PRACTICE_KEY not in state:
        return []
    kept, at = state[PRACTICE_KEY]["kept"], state
    for event in events:
        result = ruleset.play_result(event, at) if event.type in ruleset.ends_plays else None
        if result is not None:
            return [PracticeEnded(title=result["title"], outcome=result["outcome"], restored=kept)]
        at = ruleset.evolve(at, event)
    return []


def game_state(state: State) -> dict[str, Any]:
    """The ruleset's own part of ``state`` (without the core's reserved keys), copied."""
    return copy_state({k: v for k, v in state.items() if k not in RESERVED_KEYS})


def evolve_practice(state: State, event: GameEvent) -> State:
    """Apply a practice event (pure): start keeps the game's state; the end puts it back (the seats stay)."""
    if isinstance(event, PracticeStarted):
        return {**state, PRACTICE_KEY: {"kept": copy_state(event.kept)}}
    reserved = {k: v for k, v in state.items() if k in RESERVED_KEYS and k != PRACTICE_KEY}
    return {**copy_state(event.restored), **reserved}


__all__ = ["PRACTICE_EVENTS", "PRACTICE_KEY", "PracticeEnded", "PracticeStarted", "closing",
           "decide_practice", "evolve_practice"]
