"""Checks shared by the rules: is an Encounter on, which phase, may this character act now.

Each raises :class:`~domain.core.errors.RuleViolation` naming the rulebook section it enforces.
"""

from __future__ import annotations

from domain.core.ruleset import State

from ..state import board, hacked, in_own_nanoshock_action, nobody_activated
from ..vocabulary import NAMES, SIDEKICK, Phase
from .consequences import refuse


def name(character: str) -> str:
    """The rulebook's spelling of a character id (``vaa-lith`` -> ``Vaa-Lith``)."""
    return NAMES.get(character, character)


def require_encounter(state: State) -> None:
    """An Encounter must be in progress (§ Encounter)."""
    if not state.get("encounter"):
        raise refuse("Encounter", "no Encounter is in progress: start one with start-encounter")


def require_phase(state: State, section: str, *phases: Phase) -> None:
    """The Encounter must be in one of ``phases`` (§ ``section``)."""
    require_encounter(state)
    if state["phase"] not in {p.value for p in phases}:
        wanted = " or ".join(p.title for p in phases)
        raise refuse(section, f"this happens in the {wanted}, but the Encounter is in the {Phase(state['phase']).title}")


def require_hero(character: str, doing: str) -> None:
    """Sidekick has no Player Board of his own: Cora spends the dice (§ Cora and Sidekick)."""
    if character == SIDEKICK:
        raise refuse("Cora and Sidekick", f"Sidekick cannot {doing}: he acts with Cora's Action Dice and has no Stress Index")


def require_conscious(state: State, character: str, doing: str) -> None:
    """An Unconscious character cannot perform any kind of actions (§ Unconscious)."""
    if board(state, character)["unconscious"]:
        raise refuse("Unconscious", f"{name(character)} is Unconscious and cannot {doing}")


def require_not_hacked(state: State, character: str, doing: str) -> None:
    """While Hacked, a character can do nothing but try to remove the Hacked Tokens (§ Hacked)."""
    if hacked(state, character):
        raise refuse("Hacked", f"{name(character)} is Hacked and can only try to remove the Hacked Tokens "
                               f"(remove-hacked), not {doing}")


def may_activate(state: State, character: str, doing: str) -> bool:
    """Whether ``character`` may act in their own activation now; ``True`` if this starts it.

    § Basic Rules for Sequence of Activation: one character activates at a time, and a character who ended
    their activation performs no more actions this Round. § 1.1 Status Phase, step 5: the Initiative
    holder starts the Character Action Phase.
    """
    require_phase(state, "1.2 Character Action Phase", Phase.CHARACTER_ACTION)
    require_hero(character, doing)
    require_conscious(state, character, doing)
    activating = state.get("activating")
    if activating == character:
        return False
    if activating is not None:
        raise refuse("Basic Rules for Sequence of Activation",
                     f"{name(activating)} is activating; {name(character)} cannot {doing} until that activation ends "
                     "(only a Nanosync may be paid out of turn)")
    if board(state, character)["activated"]:
        raise refuse("Basic Rules for Sequence of Activation",
                     f"{name(character)} has ended their activation and cannot {doing} again this Round")
    holder = state.get("initiative")
    if holder and holder != character and nobody_activated(state):
        raise refuse("1.1 Status Phase", f"{name(holder)} holds the Initiative Token and activates first this Round")
    return True


def require_no_open_nanoshock_action(state: State, character: str, doing: str) -> None:
    """A Nanoshock Action in progress must be ended first (end-nanoshock-action)."""
    if in_own_nanoshock_action(state, character):
        raise refuse("Nanoshock Action", f"{name(character)} is performing a Nanoshock Action; end it before they {doing}")
