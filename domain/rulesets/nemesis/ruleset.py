"""The Nemesis Ruleset class, registered when this module is imported: what the registry loads when a Nemesis
campaign is used (the package's ``__init__`` is the game's light card; see there for the modules)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core import BadInput, GameEvent, State, Track, register
from domain.core.kit import KitRuleset

from . import intruders, markers, movement, noise, turn  # noqa: F401  (declare the actions)
from .describe import describe_event
from .terminal import board_text
from .evolve import initial_state
from .layout import SHIPPED
from .layout_check import layout_from_files
from .ships import resolve
from .rules import CHARACTERS, EXPLORATION, FIRE, KIT, MALFUNCTION, MALFUNCTION_POOL, rule_of
from .views import VIEWS
from . import page  # noqa: F401  (the page's declarations: sources, labels, what is owed)
from .board_html import board_html
from . import VERSION  # the card's: read without importing this module (domain.core.ruleset.rules_version)
from . import stats
from domain.core.names import quoted

stats.declare(KIT)  # dice, curves and turning points (domain/rulesets/nemesis/stats.py)


@register
class Nemesis(KitRuleset):
    """Nemesis (``game = "nemesis"``)."""

    game = "nemesis"
    title = "Nemesis"
    rulebook = "nemesis.txt"
    version = VERSION
    kit = KIT
    characters = CHARACTERS
    owned_paths = ("characters.*",)  # whose track an adjust sets (a seat's check)
    tracks = (
        Track("characters.*.light_wounds", 0, 99, rule=rule_of(FIRE)),
        Track("characters.*.serious_wounds", 0, 99, rule=rule_of(FIRE)),
        Track("malfunction_pool", 0, MALFUNCTION_POOL, rule=rule_of(MALFUNCTION)),
        Track("rooms.*.items", 0, 9, rule=rule_of(EXPLORATION)),
    )
    views = {**VIEWS, "turn": page.turn_view}
    text_views = {"board": board_text}
    html_views = {"board": board_html}
    default_view = "board"
    file_options = {"layout": layout_from_files}
    shipped_options = {"layout": tuple(SHIPPED)}

    def initial_state(self, setup: Mapping[str, Any]) -> State:
        """A ship before the game. ``setup`` may give a ``layout``: a shipped name (default ``nemesis``; ``nemesis-b``
        the board's other side) or a layout's data (read from a file at the edge: :mod:`.layout_check`), recorded in
        the campaign's first event with the setup. Raises ``BadInput`` naming the layout's first problem."""
        extra = set(setup) - {"layout"}
        if extra:
            raise BadInput(f"a Nemesis game takes only layout=NAME or layout=FILE, not {sorted(extra)}",
                           {"setup": [f"unknown option {quoted(sorted(extra)[0])}"]})
        return initial_state(*resolve(setup.get("layout")))

    ends_plays = frozenset({"GameEnded"})

    def play_result(self, event: GameEvent, state: State) -> dict[str, Any] | None:
        """A game ends with ``end-game`` or when the ship loses hull integrity (§ Malfunction Marker): each Character
        plays for its player, who wins or not on their own (winners as recorded; none for the hull ending)."""
        if type(event).__name__ != "GameEnded":
            return None
        return {"title": "Nemesis game", "outcome": event.reason, "cooperative": False, "won": False, "scores": {},
                "winners": list(event.winners), "players": {c: [c] for c in state["characters"]}}

    def current_play(self, state: State) -> str | None:
        """``"Round 3"``, ``"Game over"``, or ``None`` before the game starts."""
        if state["ended"]:
            return "Game over"
        return f"Round {state['round']}" if state["characters"] else None

    def describe(self, event: GameEvent) -> str:
        """One human line for ``history``."""
        return describe_event(event) or super().describe(event)
