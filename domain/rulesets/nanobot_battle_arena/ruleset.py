"""The NanoBot Battle Arena Ruleset class, registered when this module is imported: what the registry loads when a NanoBot Battle Arena
campaign is used (the package's ``__init__`` is the game's light card; see there for the modules)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core import BadInput, GameEvent, State, Track, register
from domain.core.kit import KitRuleset

from . import effects, evolve, setup, turn  # noqa: F401  (declare the actions and handlers)
from .describe import describe_event
from .drawing import HTML_VIEWS, TEXT_VIEWS
from .rules import CARDS_PER_DECK, DIVISIONS, HAND_SIZE, KIT, STRAINS, phase_label
from .views import VIEWS
from . import page  # noqa: F401  (the page's declarations: sources, labels, what is owed)
from .board_html import board_html
from . import VERSION  # the card's: read without importing this module (domain.core.ruleset.rules_version)
from . import stats

stats.declare(KIT)  # dice, curves and turning points (domain/rulesets/nanobot_battle_arena/stats.py)


@register
class NanoBotBattleArena(KitRuleset):
    """NanoBot Battle Arena: a league of matches on one Battle Arena grid each."""

    game = "nanobot-battle-arena"
    title = "NanoBot Battle Arena"
    rulebook = "nanobot-battle-arena.txt"
    version = VERSION
    kit = KIT
    characters = {s: () for s in STRAINS}
    views = {**VIEWS, "turn": page.turn_view}
    text_views = TEXT_VIEWS
    html_views = {**HTML_VIEWS, "board": board_html}
    default_view = "board"
    owned_paths = ("match.scientists.*",)  # a Scientist's record is keyed by the Strain a seat runs
    tracks = (
        Track("match.scientists.*.cache", 0, max(DIVISIONS.values()), rule=KIT.rule("1. Determine the Division")),
        Track("match.scientists.*.hand", 0, HAND_SIZE, rule=KIT.rule("Quick Play Rules")),
        Track("match.scientists.*.frozen", 0, HAND_SIZE, rule=KIT.rule("Reaction Card Explanations")),
        Track("match.deck", 0, 8 * CARDS_PER_DECK, rule=KIT.rule("3. Separate Reaction Cards and Deal")),
        Track("match.discard", 0, 8 * CARDS_PER_DECK, rule=KIT.rule("3. Separate Reaction Cards and Deal")),
    )
    persisted_views = ("board", "standings")

    def initial_state(self, setup: Mapping[str, Any]) -> State:
        """An empty league: no matches played, none under way. ``setup`` takes no options."""
        if setup:
            raise BadInput(f"a NanoBot Battle Arena league takes no setup options, not {sorted(setup)}",
                           {"setup": ["no options: start-match sets a match up"]})
        return {"matches": [], "match": None}

    ends_plays = frozenset({"MatchDecided"})

    def play_result(self, event: GameEvent, state: State) -> dict[str, Any] | None:
        """A match ends when it is decided (§ Ending the Game, § Tiebreakers): each Scientist plays one Strain, scored by
        its longest chain; winners by chain, Cache or Charges, all tied in a tie."""
        if type(event).__name__ != "MatchDecided":
            return None
        m = state["match"]
        outcome = "tie" if event.tie else f"won by {event.by}"
        return {"title": f"Match {m['number']} ({m['division']})", "outcome": outcome, "cooperative": False, "won": False,
                "scores": dict(m["ended"]["scores"]), "winners": list(event.winners),
                "players": {sci["name"]: [strain] for strain, sci in m["scientists"].items()}}

    def current_play(self, state: State) -> str | None:
        """``"Match 2, turn 5 (vex), Phase 2: Play 2 NanoBot Tiles"``, or ``None`` between matches."""
        m = state.get("match")
        if not m or m["stage"] == "over":
            return None
        if m["stage"] != "playing":
            return f"Match {m['number']}, {m['stage']}"
        return f"Match {m['number']}, turn {m['turn']} ({m['active']}), {phase_label(m['division'], m['phase'])}"

    def describe(self, event: GameEvent) -> str:
        """One human line for ``history``."""
        return describe_event(event) or super().describe(event)
