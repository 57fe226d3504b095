"""The one :class:`~domain.core.kit.Kit` of the Nîn-Gonost ruleset and its citations (nin-gonost.txt).

Every sub-module declares its actions and evolve handlers on :data:`KIT`; refusals cite a section of the
Core Rules with :func:`refuse` (``"nin-gonost.txt § Speeds"``).
"""

from __future__ import annotations

from domain.core import RuleViolation
from domain.core.kit import Kit

BOOK = "nin-gonost.txt"
KIT = Kit(BOOK)


def rule(section: str) -> str:
    """The citation ``"nin-gonost.txt § <section>"``."""
    return KIT.rule(section)


def refuse(section: str, message: str) -> RuleViolation:
    """A :class:`RuleViolation` citing ``section`` of nin-gonost.txt (raise it)."""
    return KIT.refuse(section, message)


__all__ = ["BOOK", "KIT", "refuse", "rule"]
