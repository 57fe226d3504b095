"""The core engine: actions, undo/redo/seal, the Campaign aggregate, the Ruleset contract, errors.

The core never names a game; rulesets register themselves (see :mod:`domain.core.ruleset`).
"""

from .errors import (BadInput, Conflict, NothingToRedo, NothingToUndo, QuestlogError, RuleViolation, SealedHistory,
                     StaleVersion, UnknownCampaign)
from .ruleset import ActionSpec, Command, DiceRoll, GameEvent, Ruleset, State, Track, get_ruleset, register, rulesets

__all__ = ["ActionSpec", "BadInput", "Command", "Conflict", "DiceRoll", "GameEvent", "NothingToRedo", "NothingToUndo",
           "QuestlogError", "RuleViolation", "Ruleset", "SealedHistory", "StaleVersion", "State", "Track", "UnknownCampaign",
           "get_ruleset", "register", "rulesets"]
