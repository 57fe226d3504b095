"""The Character Action Phase: spending and manipulating Action Dice, activations, Nanoshock Actions, Hacked.

nanolith.txt § 1.2 Character Action Phase, § Basic Rules for Sequence of Activation, § Skill Cards,
§ 2. Calculating and Paying Action Costs, § Spending Action Dice, § Manipulating the Action Dice,
§ Nanosync Skills, § Nanoshock Action, § Hacked.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..kit import KIT
from .. import schemas as sc
from .. import events as ev
from ..state import board, hacked, in_own_nanoshock_action, spent_count, unspent
from ..vocabulary import ACTION_DIE_SIDES, HACKED_DEFENSE, Combination, Phase
from .consequences import Decision, close_character_phase_if_done, gain_stress, place_reinforcements, refuse
from .guards import (may_activate, name, require_conscious, require_hero, require_no_open_nanoshock_action,
                     require_not_hacked, require_phase)

COMBINATION_SIZE = {Combination.DOUBLE.value: 2, Combination.TRIPLE.value: 3}


@KIT.action("spend-dice", sc.SpendDiceSchema, "Place unspent Action Dice (by pips) in the Inactive Index to pay a cost or a Nanosync",
            section="Spending Action Dice", args=("character", "values"))
def spend_dice(d: Decision, f: Mapping[str, Any]) -> None:
    """Place unspent Action Dice in the Inactive Index to pay a cost (or for a Nanosync).

    Dice are named by pips: each value takes the first unspent die showing it, in roll order.
    """
    s, c = d.state, f["character"]
    if f.get("nanosync"):
        _check_nanosync(s, c, f["values"])
        starts = False
    else:
        starts = may_activate(s, c, "spend Action Dice")
        require_not_hacked(s, c, "spend Action Dice")
    positions = pick_dice(s, c, f["values"])
    check_cost(f["values"], f.get("cost"), f.get("combination"))
    if starts:
        d.emit(ev.ActivationStarted(character=c))
    place_dice(d, c, positions, cost=f.get("cost"), combination=f.get("combination"), nanosync=bool(f.get("nanosync")),
               purpose=f.get("purpose") or "")


def _check_nanosync(s: Mapping[str, Any], c: str, values: list[int]) -> None:
    """§ Nanosync Skills: the character shown spends any one die for the character performing the Skill."""
    require_phase(s, "Nanosync Skills", Phase.CHARACTER_ACTION)
    require_hero(c, "Nanosync")
    require_conscious(s, c, "Nanosync")
    require_not_hacked(s, c, "perform a Nanosync")
    activating = s.get("activating")
    if activating is None or activating == c:
        raise refuse("Nanosync Skills", f"a Nanosync boosts the Skill of another character who is activating; "
                                        f"{'nobody' if activating is None else name(c)} is activating")
    if len(values) != 1:
        raise refuse("Nanosync Skills", f"a Nanosync is paid with one die, not {len(values)}")


def pick_dice(s: Mapping[str, Any], c: str, values: list[int], section: str = "Spending Action Dice") -> list[int]:
    """1-based positions of the unspent dice showing ``values`` (the first in roll order for each).

    Raises :class:`RuleViolation` citing ``section`` (the rule of the action that needs the dice)."""
    dice = board(s, c)["dice"]
    if not dice:
        raise refuse(section, f"{name(c)} has no Action Dice this Round (roll-action-dice first)")
    free = unspent(s, c)
    chosen: list[int] = []
    for value in values:
        position = next((p for p in free if dice[p - 1]["value"] == value and p not in chosen), None)
        if position is None:
            have = " ".join(str(dice[p - 1]["value"]) for p in free) or "none"
            wanted = values.count(value)
            what = f"{wanted} unspent Action Dice showing {value}" if wanted > 1 else f"an unspent Action Die showing {value}"
            raise refuse(section, f"{name(c)} does not have {what} (unspent: {have})")
        chosen.append(position)
    return chosen


def check_cost(values: list[int], cost: int | None, combination: str | None) -> None:
    """Whether ``values`` pay ``cost``: all costs are minimums (§ 2. Calculating and Paying Action Costs).

    A combination must be an actual double, triple or straight (at least 3 dice in a row) whose lowest pips
    reach ``cost`` (§ Skill Cards); without one, several dice may be summed.
    """
    low = cost or 1
    if combination in COMBINATION_SIZE:
        size = COMBINATION_SIZE[combination]
        if len(values) != size or len(set(values)) != 1:
            raise refuse("Skill Cards", f"a {combination} is {size} dice showing the same pips, not {_pips(values)}; "
                                        "combinations are never assembled from lower dice")
        if values[0] < low:
            raise refuse("Skill Cards", f"this {combination} needs dice of {low} or more, not {_pips(values)}")
    elif combination == Combination.STRAIGHT.value:
        row = sorted(values)
        if len(row) < 3 or any(b - a != 1 for a, b in zip(row, row[1:])):
            raise refuse("Skill Cards", f"a straight is a row of at least 3 dice (3 4 5), not {_pips(values)}")
        if row[0] < low:
            raise refuse("Skill Cards", f"this straight must start at {low} or more, not {_pips(row)}")
    elif cost is not None and sum(values) < cost:
        raise refuse("2. Calculating and Paying Action Costs",
                     f"dice showing {_pips(values)} (sum {sum(values)}) do not pay an Action Cost of {cost}")


def _pips(values: list[int]) -> str:
    return " ".join(map(str, values))


def place_dice(d: Decision, c: str, positions: list[int], *, cost: int | None, combination: str | None,
               nanosync: bool, purpose: str) -> None:
    """Put dice in the next Inactive Index spaces, then their consequences (§ Spending Action Dice):
    a Reinforcement Token for the last die (§ Spawn Phase), 1 Stress per die on a Stress space."""
    first = spent_count(d.state, c) + 1
    slots = list(range(first, first + len(positions)))
    dice = board(d.state, c)["dice"]
    d.emit(ev.DiceSpent(character=c, positions=positions, values=[dice[p - 1]["value"] for p in positions], slots=slots,
                        cost=cost, combination=combination, nanosync=nanosync, purpose=purpose))
    if not unspent(d.state, c):
        place_reinforcements(d, 1, f"{name(c)} placed their last Action Die")
    stressful = [x for x in slots if x in (board(d.state, c)["stress_spaces"] or [])]
    gain_stress(d, c, len(stressful), "Action Die placed on a Stress space of the Inactive Index")


@KIT.action("manipulate-die", sc.ManipulateDieSchema, "Turn an Action Die up or down by 1 for 1 Stress (once per die per phase)",
            section="Manipulating the Action Dice", args=("character", "value", "direction"))
def manipulate_die(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Manipulating the Action Dice: +1 or -1 on one die, once per die per Character Action Phase,
    within 1..6, for 1 Stress; not while Hacked."""
    s, c = d.state, f["character"]
    require_phase(s, "Manipulating the Action Dice", Phase.CHARACTER_ACTION)
    require_hero(c, "manipulate Action Dice")
    require_conscious(s, c, "manipulate Action Dice")
    require_not_hacked(s, c, "manipulate Action Dice")
    activating = s.get("activating")
    if activating not in (None, c):
        raise refuse("Basic Rules for Sequence of Activation", f"{name(activating)} is activating; {name(c)} waits")
    if activating is None and board(s, c)["activated"]:
        raise refuse("Basic Rules for Sequence of Activation", f"{name(c)} has ended their activation this Round")
    position = _die_to_manipulate(s, c, f["value"], f.get("die"))
    after = f["value"] + (1 if f["direction"] == "up" else -1)
    if not 1 <= after <= ACTION_DIE_SIDES:
        raise refuse("Manipulating the Action Dice", f"Action Dice are manipulated within 1..6: a {f['value']} cannot go {f['direction']}")
    d.emit(ev.DieManipulated(character=c, position=position, before=f["value"], after=after))
    gain_stress(d, c, 1, "manipulated an Action Die")


def _die_to_manipulate(s: Mapping[str, Any], c: str, value: int, die: int | None) -> int:
    dice = board(s, c)["dice"]
    free = unspent(s, c)
    if die is not None:
        if die not in free or dice[die - 1]["value"] != value:
            raise refuse("Manipulating the Action Dice", f"{name(c)}'s die {die} is not an unspent die showing {value}")
        candidates = [die]
    else:
        candidates = [p for p in free if dice[p - 1]["value"] == value]
        if not candidates:
            pick_dice(s, c, [value], "Manipulating the Action Dice")  # raises the "no unspent die showing" refusal
    fresh = [p for p in candidates if not dice[p - 1]["manipulated"]]
    if not fresh:
        raise refuse("Manipulating the Action Dice", f"each Action Die may be manipulated once per Character Action Phase; "
                                                     f"{name(c)}'s {value} has been already")
    return fresh[0]


@KIT.action("end-activation", sc.CharacterSchema, "End (or pass) a character's activation for this Round",
            section="Basic Rules for Sequence of Activation and End of Activation", args=("character",))
def end_activation(d: Decision, f: Mapping[str, Any]) -> None:
    """End (or pass) an activation; that character performs no more actions this Round."""
    s, c = d.state, f["character"]
    require_no_open_nanoshock_action(s, c, "end their activation")
    starting = may_activate(s, c, "end an activation")
    d.emit(ev.ActivationEnded(character=c, reason="passed" if starting else "ended"))
    close_character_phase_if_done(d)


@KIT.action("perform-nanoshock-action", sc.CharacterSchema, "Flip the active Nanoshock Token and begin the Nanoshock Action",
            section="Nanoshock Action", args=("character",))
def perform_nanoshock_action(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Nanoshock Action: flip the active Nanoshock Token (no dice) and perform the Character Card's Nanoshock.

    Until end-nanoshock-action the character's attacks are Nanoshock Attacks (§ Nanoshock Attacks).
    """
    s, c = d.state, f["character"]
    starts = may_activate(s, c, "perform a Nanoshock Action")
    require_not_hacked(s, c, "perform a Nanoshock Action")
    if s.get("nanoshock_action"):
        raise refuse("Nanoshock Action", f"{name(s['nanoshock_action']['character'])}'s Nanoshock Action is in progress")
    if board(s, c)["nanoshock_token"] != "active":
        raise refuse("Nanoshock Action", f"{name(c)} has no active Nanoshock Token (it is gained with a Nanoshock)")
    if starts:
        d.emit(ev.ActivationStarted(character=c))
    d.emit(ev.NanoshockActionPerformed(character=c))


@KIT.action("end-nanoshock-action", sc.CharacterSchema, "End the Nanoshock Action in progress",
            section="Nanoshock Action", args=("character",))
def end_nanoshock_action(d: Decision, f: Mapping[str, Any]) -> None:
    """End a Nanoshock Action. A Nanoshock Token obtained during it is discarded (§ Ashitaka – Rush); a
    character who fell Unconscious during Rush / Falling Stars ends their activation now (§ Unconscious)."""
    s, c = d.state, f["character"]
    if not in_own_nanoshock_action(s, c):
        raise refuse("Nanoshock Action", f"{name(c)} is not performing a Nanoshock Action")
    d.emit(ev.NanoshockActionEnded(character=c, token_discarded=bool(s["nanoshock_action"]["nanoshock_obtained"])))
    if board(d.state, c)["unconscious"] and d.state.get("activating") == c:
        d.emit(ev.ActivationEnded(character=c, reason="unconscious"))
    close_character_phase_if_done(d)


def remove_hacked(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Hacked, Removing Hacked Tokens: spend any die, roll BCV Hacking dice against Defense 6; a success
    removes ALL Hacked Tokens, a failure removes 1. 1s rolled give Stress (§ Stress Factors)."""
    s, c = d.state, f["character"]
    starts = may_activate(s, c, "try to remove Hacked Tokens")
    if not hacked(s, c):
        raise refuse("Hacked", f"{name(c)} has no Hacked Token to remove")
    positions = pick_dice(s, c, [f["die"]])
    if starts:
        d.emit(ev.ActivationStarted(character=c))
    place_dice(d, c, positions, cost=None, combination=None, nanosync=False, purpose="Hacking Attack on the Hacked Token")
    success = any(v >= HACKED_DEFENSE for v in f["roll"])
    d.emit(ev.HackedRemovalRolled(character=c, dice=list(f["roll"]), success=success))
    gain_stress(d, c, f["roll"].count(1), "rolled a 1 on a Combat Die")
    count = board(d.state, c)["effects"].get("hacked", 0)
    if count:
        removed = count if success else 1
        d.emit(ev.EffectRemoved(target=c, effect="hacked", removed=removed, count=count - removed))
