"""Nanolith Campaign Mode (nanolith.txt §§ Campaign ... Nanosync Tokens): what persists between Encounters.

Nanofragments on the Divider Cards and the Bonus Skills they bring, High-Frequency Nanopotential, Skill Cards
(unconscious / conscious / Active) and their stickers, Nanosync Tokens, Weapon Upgrades, Body Augmentations,
Start Item levels, Shop stock, Sidekick's saved programs, Hidden Cards and Quest Items, Defragmented Texts,
Mission Tokens, the City Phase, Lobbies, Riddles, Nanostories, Save Points, Game Over and the difficulty level.

It owns the top-level ``"campaign"`` key of Nanolith's state (:mod:`.state`) and is a sub-mode of the
ruleset: its own kit (:data:`KIT`: its actions and evolve handlers, which also follow the Encounter's
``EncounterStarted``, ``EncounterEnded``, ``RewardsGained`` and ``SkillsChosen``), its views and text
drawings, composed with the Encounter's by the ruleset. The Encounter rules can ask :func:`owned_skills`.

Modules: :mod:`.vocabulary`, :mod:`.events`, :mod:`.story_events`, :mod:`.state`, :mod:`.schemas`,
:mod:`.kit`, :mod:`.rules` (deciders), :mod:`.evolve`, :mod:`.evolve_story`, :mod:`.views`, :mod:`.text`,
:mod:`.describe`.
"""

from __future__ import annotations

from domain.core.ruleset import Track

from . import evolve, evolve_story, rules  # noqa: F401  (declare the actions and handlers on KIT)
from .describe import describe
from .events import UPGRADE_EVENTS
from .kit import KIT
from .state import KEY, initial_campaign, owned_skills
from .story_events import STORY_EVENTS
from .text import CAMPAIGN_TEXT_VIEWS
from .views import CAMPAIGN_VIEWS
from .vocabulary import rule

CAMPAIGN_EVENTS = {**UPGRADE_EVENTS, **STORY_EVENTS}
"""Every Campaign Mode event class by stored name."""

CAMPAIGN_TRACKS: tuple[Track, ...] = (
    Track("campaign.upgrades.characters.*.unconscious", 0, 999, rule=rule("Divider Cards, Conscious Memories, Unconscious Memories and Bonus Skills")),
    Track("campaign.upgrades.characters.*.conscious", 0, 999, rule=rule("Divider Cards, Conscious Memories, Unconscious Memories and Bonus Skills")),
    Track("campaign.upgrades.characters.*.nanosync_tokens", 0, 99, rule=rule("Nanosync Tokens")),
    Track("campaign.upgrades.high_frequency.unspent", 0, 999, rule=rule("High-Frequency Nanopotential")),
    Track("campaign.upgrades.high_frequency.spent", 0, 999, rule=rule("High-Frequency Nanopotential")),
    Track("campaign.progress.chapter"),
)
"""What the manual adjustment may set in the campaign record (a group starting mid-campaign)."""

__all__ = ["CAMPAIGN_EVENTS", "CAMPAIGN_TEXT_VIEWS", "CAMPAIGN_TRACKS", "CAMPAIGN_VIEWS", "KEY", "KIT",
           "describe", "initial_campaign", "owned_skills"]
