"""Nanolith Campaign Mode (nanolith.txt §§ Campaign ... Nanosync Tokens): what persists between Encounters.

Nanofragments on the Divider Cards and the Bonus Skills they bring, High-Frequency Nanopotential, Skill Cards
(unconscious / conscious / Active) and their stickers, Nanosync Tokens, Weapon Upgrades, Body Augmentations,
Start Item levels, Shop stock, Sidekick's saved programs, Hidden Cards and Quest Items, Defragmented Texts,
Mission Tokens, the City Phase, Lobbies, Riddles, Nanostories, Save Points, Game Over and the difficulty level.

It owns the top-level ``"campaign"`` key of Nanolith's state (:mod:`.state`) and plugs into the ruleset
through the names below: its actions, events, views and text drawings, ``decide`` for its verbs and an
``evolve`` that the ruleset applies after the Encounter's own (it also reads ``EncounterStarted``,
``EncounterEnded`` and ``RewardsGained``). The Encounter rules can ask :func:`owned_skills`.

Modules: :mod:`.vocabulary`, :mod:`.events`, :mod:`.story_events`, :mod:`.state`, :mod:`.schemas`,
:mod:`.actions`, :mod:`.rules`, :mod:`.evolve`, :mod:`.evolve_story`, :mod:`.views`, :mod:`.text`,
:mod:`.describe`.
"""

from __future__ import annotations

from domain.core.ruleset import Track

from .actions import CAMPAIGN_ACTIONS
from .describe import describe
from .events import UPGRADE_EVENTS
from .evolve import evolve
from .rules import decide
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

__all__ = ["CAMPAIGN_ACTIONS", "CAMPAIGN_EVENTS", "CAMPAIGN_TEXT_VIEWS", "CAMPAIGN_TRACKS", "CAMPAIGN_VIEWS", "KEY",
           "decide", "describe", "evolve", "initial_campaign", "owned_skills"]
