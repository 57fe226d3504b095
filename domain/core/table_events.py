"""The core's own events (the manual adjustment, the seats, practice plays) and how they change a campaign's state.

Loading a campaign needs only these (:mod:`.campaign` folds them); the actions that decide them, with their
marshmallow schemas, live in :mod:`.table`, so opening a store and reading a view never import the schema library.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from .practice import PRACTICE_EVENTS, PracticeEnded, PracticeStarted, evolve_practice
from .ruleset import TABLE_KEY, GameEvent, State, copy_state


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
    """``state`` with the value at ``path`` replaced by ``value``: a new state that copies only the containers on the
    path (each a shallow copy) and shares every other part with ``state``, which is left as it was.

    Sharing is safe because states are values: every ``evolve`` copies what it changes (:func:`copy_state`) and
    nothing changes a state in place. A deep copy of the whole state per adjustment was most of replaying a campaign
    of adjustments (bench figure 11: verify and export replay every record)."""
    *parents, last = path.split(".")
    new = node = _shallow(state)
    for part in parents:
        key: Any = int(part) if isinstance(node, list) else part
        child = _shallow(node[key])
        node[key] = child
        node = child
    node[int(last) if isinstance(node, list) else last] = value
    return new


def _shallow(node: Any) -> Any:
    """A copy of one container of a state, its items shared (``copy.copy`` for a subclass of dict or list)."""
    kind = type(node)
    return dict(node) if kind is dict else list(node) if kind is list else copy.copy(node)


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

