"""Nemesis — the ruleset (nemesis.txt): the ship's rooms and corridors, exploration, Noise, markers, Doors
and Intruders on the board, written with the ruleset kit.

One campaign is one game of Nemesis. Modules:

- :mod:`.layout` the ship as data (``ship.yaml``, checked on load); :mod:`.rules` vocabulary, the kit, shared checks;
- :mod:`.movement` setup, the Movement Action, exploration, Search and Room Actions; :mod:`.noise` the Noise roll;
- :mod:`.markers` Slime, Fire, Malfunction, Doors; :mod:`.intruders` Encounters and Intruders; :mod:`.turn` the round;
- :mod:`.evolve` the state and its handlers; :mod:`.views`, :mod:`.drawing`, :mod:`.describe` what people see.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core import BadInput, GameEvent, State, Track, register
from domain.core.kit import KitRuleset

from . import intruders, markers, movement, noise, turn  # noqa: F401  (declare the actions)
from .describe import describe_event
from .drawing import board_svg, board_text
from .evolve import initial_state
from .layout import LAYOUTS
from .rules import CHARACTERS, EXPLORATION, FIRE, KIT, MALFUNCTION, MALFUNCTION_POOL, rule_of
from .views import VIEWS


@register
class Nemesis(KitRuleset):
    """Nemesis (``game = "nemesis"``)."""

    game = "nemesis"
    title = "Nemesis"
    rulebook = "nemesis.txt"
    version = 1
    kit = KIT
    characters = CHARACTERS
    tracks = (
        Track("characters.*.light_wounds", 0, 99, rule=rule_of(FIRE)),
        Track("characters.*.serious_wounds", 0, 99, rule=rule_of(FIRE)),
        Track("malfunction_pool", 0, MALFUNCTION_POOL, rule=rule_of(MALFUNCTION)),
        Track("rooms.*.items", 0, 9, rule=rule_of(EXPLORATION)),
    )
    views = VIEWS
    text_views = {"board": board_text}
    html_views = {"board": board_svg}
    default_view = "board"

    def initial_state(self, setup: Mapping[str, Any]) -> State:
        """A ship before the game. ``setup`` may name a ``layout`` (default ``nemesis``, the shipped one)."""
        extra = set(setup) - {"layout"}
        key = str(setup.get("layout", "nemesis"))
        if extra or key not in LAYOUTS:
            raise BadInput(f"a Nemesis game takes only layout=NAME (known: {', '.join(LAYOUTS)}), not {dict(setup)}",
                           {"setup": ["layout=NAME only"]})
        return initial_state(key, LAYOUTS[key])

    def current_play(self, state: State) -> str | None:
        """``"Round 3"``, ``"Game over"``, or ``None`` before the game starts."""
        if state["ended"]:
            return "Game over"
        return f"Round {state['round']}" if state["characters"] else None

    def describe(self, event: GameEvent) -> str:
        """One human line for ``history``."""
        return describe_event(event) or super().describe(event)
