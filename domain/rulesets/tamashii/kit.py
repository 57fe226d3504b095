"""Tamashii's kit (tamashii.txt): every action is declared on :data:`KIT` by its decider (:mod:`.board`,
:mod:`.growth`, :mod:`.turn`, :mod:`.launch`, :mod:`.combat`, :mod:`.quest`, :mod:`.modes`, :mod:`.progress`,
:mod:`.scenario_rules`), every event's evolve handler in :mod:`.evolve` / :mod:`.evolve_play` / :mod:`.evolve_rules`;
:mod:`.flow` registers the guard run before every decider (a reset or a Scenario ending owed first) and the
follow-up run after it (what passes by itself).

Tamashii's deciders compute an action's events from the state as the action found it (``state = d.state``) and
emit them together, as every game's deciders do (``decider(d, fields)``).
"""

from __future__ import annotations

from domain.core.kit import Kit

from .vocabulary import BOOK

KIT = Kit(BOOK)
"""Tamashii: Chronicle of Ascend, one Tamashii box and its Scenarios."""
