"""Nanolith: Encounter bookkeeping (rulebooks/nanolith.txt).

The Player Boards (Damage and Stress Indexes, Nanoshock Cube and Token, Action Dice and Inactive Index,
Effect Tokens), Rounds and their phases, Reinforcement Tokens, enemies on the map and the Spawn Pool.
The players enter what they rolled and decided; Questlog applies what the rulebook derives (Stress from
1s, Nanoshocks, Unconscious, RT schedule and cap, Effect Token maxima) and refuses what it forbids,
citing ``nanolith.txt § <section>``.

Two sub-modes, each a kit (``domain.core.kit``), composed into one in :mod:`.ruleset`: the Encounter (:mod:`.kit`,
deciders in :mod:`.rules`, handlers in :mod:`.evolve` and :mod:`.evolve_encounter`) and Campaign Mode
(:mod:`.campaign`). Other modules: :mod:`.vocabulary` (enums, numbers), :mod:`.events`, :mod:`.state`,
:mod:`.schemas`, :mod:`.views`, :mod:`.text`, :mod:`.describe`.

This ``__init__`` is the game's light card (README § Adding a game): :mod:`.ruleset` holds the Ruleset with every
action and event, imported by the registry only when a Nanolith campaign is used; a read command finds the rules'
version and the text drawings here without it.
"""

VERSION = 1
"""The rules' version (the Ruleset's ``version``): raise it when ``evolve`` changes; read models keep it with each view."""
TEXT_VIEWS: dict[str, str] = {
    "board": "text:board_text",
    "stickers": "campaign.text:stickers_text",
    "unlocks": "campaign.text:unlocks_text",
    "progress": "campaign.text:progress_text",
    "content": "content_text:content_text",
    "turn": "text:turn_text",
}
"""View name -> ``"module:function"`` in this package drawing that view's JSON as text (the Ruleset's ``text_views``,
the same functions: the conformance suite checks it); each module is light, so a kept view is drawn without the rules."""
