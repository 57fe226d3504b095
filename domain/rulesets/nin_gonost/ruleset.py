"""The Nîn-Gonost Ruleset class, registered when this module is imported: what the registry loads when a Nîn-Gonost
campaign is used (the package's ``__init__`` is the game's light card; see there for the modules)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core import BadInput, GameEvent, State, Track, register
from domain.core.kit import KitRuleset

from . import conditions, ending, fighting, holds, movement, objects, rallies, ranged, skills, turns, warband, weapons  # noqa: F401  (declare the actions)
from .book import BOOK, KIT
from .cards import card_aliases
from .describe import describe_event
from .fields import SLUG
from .state import initial_state as _initial
from .text import HTML_VIEWS, TEXT_VIEWS
from .views import VIEWS
from . import page  # noqa: F401  (the page's declarations: sources, labels, what is owed)
from .board_cards import board_cards
from . import VERSION  # the card's: read without importing this module (domain.core.ruleset.rules_version)
from . import stats
from domain.core.names import quoted

stats.declare(KIT)  # dice, curves and turning points (domain/rulesets/nin_gonost/stats.py)


@register
class NinGonost(KitRuleset):
    """Nîn-Gonost: warbands, Action Points, speeds and facing, Duel / Accuracy / Fate, Manna and Morale."""

    game = "nin-gonost"
    title = "Nîn-Gonost"
    rulebook = BOOK
    version = VERSION
    kit = KIT
    characters = card_aliases()
    owned_paths = ("figures.*",)  # a figure is what a seat runs
    tracks = (
        Track("figures.*.manna_lost", 0, 99, rule=KIT.rule("Taking Damage & Fatigue")),
        Track("figures.*.saved_ap", 0, 1, rule=KIT.rule("Saved AP")),
        Track("figures.*.nocked", choices=(True, False), rule=KIT.rule("Ranged Attacks")),
        Track("figures.*.morale", choices=("terrified", "scared", "intimidated", "normal", "inspired"), rule=KIT.rule("Morale")),
    )
    views = {**VIEWS, "turn": page.turn_view}
    text_views = TEXT_VIEWS
    html_views = {**HTML_VIEWS, "board": board_cards}
    default_view = "board"
    persisted_views = ("board", "roll")

    def initial_state(self, setup: Mapping[str, Any]) -> State:
        """No warbands yet; ``setup`` may say ``rules=beginner`` (Basics § Note To Beginners)."""
        return _initial(setup)

    def describe(self, event: GameEvent) -> str:
        """One human line for ``history``."""
        return describe_event(event) or super().describe(event)

    ends_plays = frozenset({"BattleEnded"})

    def play_result(self, event: GameEvent, state: State) -> dict[str, Any] | None:
        """A battle ends with ``end-battle`` (:mod:`.ending`): each warband plays for its player."""
        return ending.result(event, state) if type(event).__name__ == "BattleEnded" else None

    def current_play(self, state: State) -> str | None:
        """``"Turn 2: orcs (orc-archer acting)"`` during a battle, else ``None`` (before it starts, after it ended)."""
        battle = state["battle"]
        if not battle["started"] or battle.get("ended"):
            return None
        return f"Turn {battle['turn']}: {battle['player']}" + (f" ({battle['active']} acting)" if battle["active"] else "")

    def resolve_character(self, name: str) -> str:
        """A figure id: a book card's id or alias, or any figure id (``orc-warrior-2``, a card of your own)."""
        key = str(name).strip().lower()
        for card_id, aliases in self.characters.items():
            if key == card_id or key in aliases:
                return card_id
        if SLUG.match(key):
            return key
        raise BadInput(f"a figure id is lowercase letters, digits and dashes, not {quoted(name)}", {"character": [f"not a figure id: {quoted(name)}"]})
