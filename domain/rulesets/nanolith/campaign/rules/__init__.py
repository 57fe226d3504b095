"""Campaign Mode's rules: one decider per verb, each declared on Campaign Mode's kit (:data:`..kit.KIT`) with
``@KIT.action(...)`` where it is written, citing ``nanolith.txt § <section>``.

A decider receives a :class:`~..kit.Decision` (events so far, the state they lead to, the campaign record) and
the command's loaded fields; it raises :class:`~domain.core.errors.RuleViolation` where the rulebook forbids
the action and checks everything before it emits anything. Pure: no clock, no dice, no storage. Importing
this package declares every Campaign Mode action.
"""

from . import city, fragments, shops, skills, story  # noqa: F401

__all__ = ["city", "fragments", "shops", "skills", "story"]
