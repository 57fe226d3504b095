"""The Nanolith Ruleset class, registered when this module is imported: what the registry loads when a Nanolith
campaign is used (the package's ``__init__`` is the game's light card; see there for the modules)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core.kit import Kit, KitRuleset
from domain.core.ruleset import GameEvent, State, Track, register

from . import campaign, evolve, evolve_encounter, page, rules, stats  # noqa: F401  (declare the actions and handlers)
from .content import packs_from_files
from .describe import describe as describe_event
from .html import HTML_VIEWS
from .kit import KIT as ENCOUNTER
from .state import initial_state as make_initial_state
from .text import TEXT_VIEWS
from .views import VIEWS
from .vocabulary import CHARACTERS, DAMAGE_MAX, RT_CAP, STRESS_LIMIT_START, Phase, rule
from . import VERSION  # the card's: read without importing this module (domain.core.ruleset.rules_version)
from domain.core.names import quoted

TRACKS: tuple[Track, ...] = (
    Track("characters.*.damage", 0, DAMAGE_MAX - 1, rule=rule("Character Preparation")),
    Track("characters.*.stress", 0, STRESS_LIMIT_START - 1, rule=rule("Nanoshock Cube")),
    Track("characters.*.stress_limit", 1, STRESS_LIMIT_START, rule=rule("Nanoshock Cube")),
    Track("characters.*.nanoshocks", 0, None, rule=rule("Nanoshock")),
    Track("characters.*.nanoshock_token", choices=("inactive", "active"), rule=rule("Nanoshock Action")),
    Track("characters.*.unconscious", choices=(True, False), rule=rule("Unconscious")),
    Track("characters.*.activated", choices=(True, False), rule=rule("Basic Rules for Sequence of Activation")),
    Track("characters.*.effects.poisoned", 0, 4, rule=rule("Poisoned")),
    Track("characters.*.effects.hacked", 0, 4, rule=rule("Hacked")),
    Track("characters.*.effects.bleeding", 0, 1, rule=rule("Bleeding")),
    Track("characters.*.effects.*", 0, 20, rule=rule("Status Effects")),
    Track("characters.*.skill_tokens", 0, 20, rule=rule("Skill Tokens")),
    Track("characters.*.action_dice_value", 0, 6, rule=rule("Action Dice Value")),
    Track("round", 1, None, rule=rule("Round Overview")),
    Track("reinforcement_pool", 0, RT_CAP, rule=rule("Spawn Phase")),
    Track("phase", choices=tuple(p.value for p in Phase), rule=rule("Round Overview")),
    Track("initiative", choices=(None, "ashitaka", "vaa-lith", "cora", "ada"), rule=rule("1.1 Status Phase")),
    Track("activating", choices=(None, "ashitaka", "vaa-lith", "cora", "ada"), rule=rule("Basic Rules for Sequence of Activation")),
    Track("lower_difficulty", choices=(True, False), rule=rule("Lower Difficulty Level")),
    Track("enemies.*.damage", 0, 99, rule=rule("Maximum Damage")),
    Track("enemies.*.life", 1, 99, rule=rule("Maximum Damage")),
    Track("enemies.*.effects.*", 0, 20, rule=rule("Status Effects")),
    Track("sidekick.damage", 0, 30, rule=rule("Cora and Sidekick")),
)
"""What the core ``adjust`` may set, with the bounds the rulebook gives."""

KIT = Kit("nanolith.txt").include(ENCOUNTER).include(campaign.KIT)
"""Nanolith: the Encounter and Campaign Mode composed (one table of verbs and evolve handlers)."""
page.declare(KIT)
stats.declare(KIT)  # dice, curves and turning points (domain/rulesets/nanolith/stats.py)


@register
class Nanolith(KitRuleset):
    """Nanolith: Encounters and Campaign Mode (``game = "nanolith"``)."""

    game = "nanolith"
    title = "Nanolith"
    rulebook = "nanolith.txt"
    version = VERSION
    kit = KIT
    file_options = {"content": packs_from_files}
    characters = CHARACTERS
    tracks = TRACKS + campaign.CAMPAIGN_TRACKS
    owned_paths = ("characters.*", "campaign.upgrades.characters.*")  # whose track an adjust sets (a seat's check)
    views = {**VIEWS, **campaign.CAMPAIGN_VIEWS}
    default_view = "board"
    text_views = {**TEXT_VIEWS, **campaign.CAMPAIGN_TEXT_VIEWS}
    html_views = HTML_VIEWS

    def initial_state(self, setup: Mapping[str, Any]) -> State:
        """A campaign with no Encounter yet; ``setup`` may set ``lower_difficulty``. Raises ``BadInput``."""
        return {**make_initial_state(setup), campaign.KEY: campaign.initial_campaign()}

    def describe(self, event: GameEvent) -> str:
        """One human line per event (see :mod:`.describe`)."""
        return describe_event(event) or campaign.describe(event) or super().describe(event)

    ends_plays = frozenset({"EncounterEnded"})

    def play_result(self, event: GameEvent, state: State) -> dict[str, Any] | None:
        """An Encounter ends with ``end-encounter`` (§ Game Over; § Victory): co-operative, won on ``victory``; the four
        heroes play it (§ Character Preparation), each standing for its player when nobody is seated."""
        if type(event).__name__ != "EncounterEnded":
            return None
        return {"title": f"Encounter {event.name!r}", "outcome": event.outcome, "cooperative": True,
                "won": event.outcome == "victory", "scores": {}, "winners": [],
                "players": {c: [c] for c in state.get("characters", {})}}

    def current_play(self, state: State) -> str | None:
        """``"Encounter 'Chapter 1', Round 3, Character Action Phase"``, or ``None`` between Encounters."""
        encounter = state.get("encounter")
        if not encounter:
            return None
        if state["phase"] == Phase.SETUP.value:
            return f"Encounter {quoted(encounter['name'])}, Setup"
        return f"Encounter {quoted(encounter['name'])}, Round {state['round']}, {Phase(state['phase']).title}"


__all__ = ["Nanolith"]
