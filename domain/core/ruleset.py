"""The Ruleset contract and the registry through which the core finds games: one name for three modules.

- :mod:`.values`: what the rules take and give (events, commands, action declarations, dice, tracks, the state
  keys the core owns, :func:`copy_state`);
- :mod:`.contract`: the :class:`Ruleset` base class a game's package fills (DESIGN.md § Ruleset contract);
- :mod:`.registry`: :func:`register`, :func:`get_ruleset`, :func:`rulesets`, and what a read needs without a game's
  rules (:func:`rules_version`, :func:`text_drawing`).

Every game and adapter imports these names from here (``from domain.core.ruleset import GameEvent, get_ruleset``).
"""

from __future__ import annotations

from .contract import Ruleset
from .registry import RULESETS_PACKAGE, get_ruleset, register, rules_version, rulesets, text_drawing, unregister
from .values import (PAPER_VERB, PRACTICE_KEY, PRACTICED_KEY, RESERVED_KEYS, TABLE_KEY, ActionSpec, Command, DiceRoll,
                     GameEvent, QuerySpec, State, Track, copy_state, plain_words)

__all__ = ["PAPER_VERB", "plain_words", "PRACTICE_KEY", "PRACTICED_KEY", "RESERVED_KEYS", "RULESETS_PACKAGE", "TABLE_KEY",
           "ActionSpec", "Command", "copy_state", "DiceRoll", "GameEvent", "QuerySpec", "Ruleset", "State", "Track",
           "get_ruleset", "register", "rules_version", "rulesets", "text_drawing", "unregister"]
