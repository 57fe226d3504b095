"""Nanolith's Encounter rules: one decider per verb, each declared on the Encounter's kit (:data:`..kit.KIT`)
with ``@KIT.action(...)`` where it is written.

Each decider receives a running :class:`~domain.core.decision.Decision` (the events so far and the state they
lead to) and the command's loaded fields; it raises :class:`~domain.core.errors.RuleViolation` citing
``nanolith.txt § <section>`` where the rules forbid the action. Nothing here reads a clock, rolls a die or
touches storage. Importing this package declares every Encounter action.
"""

from . import activation, combat, content_rules, effects, encounter, enemy_turn, items, rounds, sidekick, skills  # noqa: F401

__all__ = ["activation", "combat", "content_rules", "effects", "encounter", "enemy_turn", "items", "rounds", "sidekick", "skills"]
