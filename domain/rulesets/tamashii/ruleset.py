"""The Tamashii Ruleset class, registered when this module is imported: what the registry loads when a Tamashii
campaign is used (the package's ``__init__`` is the game's light card; see there for the modules)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core import BadInput, GameEvent, State, Track, register
from domain.core.kit import KitRuleset

from . import board, combat, growth, launch, modes, paper, progress, quest, scenario_rules, turn  # noqa: F401  (declare the actions)
from . import page  # noqa: F401  (the page's declarations: labels, picks, owes)
from . import evolve, evolve_play, evolve_rules, flow  # noqa: F401  (declare the evolve handlers, the guard and follow-up)
from .catalogue import BOARDS
from .describe import describe_event
from .html import HTML_VIEWS
from .kit import KIT
from .text import draw_board, draw_progress, draw_score, draw_turn
from .views import VIEWS
from .vocabulary import ASSET_MAX, rule
from . import VERSION  # the card's: read without importing this module (domain.core.ruleset.rules_version)
from . import stats

stats.declare(KIT)  # dice, curves and turning points (domain/rulesets/tamashii/stats.py)


@register
class Tamashii(KitRuleset):
    """Tamashii: Chronicle of Ascend."""

    game = "tamashii"
    title = "Tamashii: Chronicle of Ascend"
    rulebook = "tamashii.txt"
    version = VERSION
    kit = KIT
    characters = BOARDS
    owned_paths = ("play.boards.*",)  # a Player Board is what a seat runs
    tracks = (
        Track("play.boards.*.assets.*", 0, ASSET_MAX, rule=rule("Assets – Shield, Memory, Power and Reroll")),
        Track("play.boards.*.integrity", 0, 20, rule=rule("Player Board, Launcher & Data tokens")),
        Track("play.boards.*.limiter", 1, 20, rule=rule("UPGRADE")),
        Track("play.boards.*.trace", 0, 30, rule=rule("Trace")),
        Track("play.boards.*.exp", 0, 40, rule=rule("List of all Components")),
        Track("play.boards.*.locks", 0, 4, rule=rule("Player Board, Launcher & Data tokens")),
        Track("play.boards.*.tile", 1, 99, rule=rule("Movement & Revealing District tiles")),
        Track("play.time", 0, 20, rule=rule("Quest phase")),
        Track("play.corrupted_pool", 0, 16, rule=rule("Special Data tokens")),
        Track("play.success_tokens", 0, 8, rule=rule("List of all Components")),
        Track("play.trace_top", 1, 30, rule=rule("Trace")),
    )
    views = VIEWS
    default_view = "board"
    html_views = HTML_VIEWS
    text_views = {"board": draw_board, "turn": draw_turn, "progress": draw_progress, "score": draw_score}

    def initial_state(self, setup: Mapping[str, Any]) -> State:
        """A fresh box: an empty Progress sheet, no play. ``setup`` takes no options."""
        if setup:
            raise BadInput(f"a Tamashii campaign takes no setup options, not {sorted(setup)}", {"setup": ["no options"]})
        return progress.initial_box()

    ends_plays = frozenset({"ScenarioEnded"})

    def play_result(self, event: GameEvent, state: State) -> dict[str, Any] | None:
        """A Scenario ends with its Victory or Defeat card (§ Ending the game & using the PROGRESS sheet): co-operative
        and solo plays are won or lost together; a competitive play is scored in VP, most VP winning (§ Victory Points)."""
        if type(event).__name__ != "ScenarioEnded":
            return None
        scores = event.scores or {}
        totals = {board: lines["total"] for board, lines in scores.get("boards", {}).items()}
        boards = (state.get("play") or {}).get("players") or list(totals)
        return {"title": event.scenario, "outcome": event.outcome, "cooperative": event.outcome in ("won", "lost"),
                "won": event.outcome == "won", "scores": totals, "winners": list(scores.get("winners", [])),
                "players": {board: [board] for board in boards}}

    def current_play(self, state: State) -> str | None:
        """``"Prologue, turn 2, Action phase (red)"`` or None between Scenarios."""
        play = state.get("play")
        if not play:
            return None
        active = f" ({play['active']})" if play.get("active") else ""
        return f"{play['title']}, turn {play['turn']}, {play['phase'].title()} phase{active}"

    def describe(self, event: GameEvent) -> str:
        """One human line for ``history``."""
        return describe_event(event) or super().describe(event)
