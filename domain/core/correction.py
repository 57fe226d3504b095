"""Corrections of mis-typed physical results (DESIGN.md § Undo, redo and seals, 8).

A correction is not an undo: a die entered as 5 that showed 3 is fixed by naming the action and the
corrected values. The corrected action and every later effective action are then *decided again*
against the corrected state, each with the values it recorded (nothing is rolled again), and their new
consequence events are appended. Nothing stored is edited; the seal stays where it was.

This module is the pure part: from the campaign's effective actions it computes the new decisions, or
refuses naming the first later action that the correction would make illegal.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .campaign import event_from_record, fold, initial_campaign_state
from .errors import QuestlogError, RuleViolation
from .ruleset import Command, GameEvent, Ruleset, State
from .names import quoted

RULE = "corrections of mis-typed values: see `questlog correct --help`"
"""What a correction refusal cites: no rulebook rule, so the command that explains corrections (users have no DESIGN.md)."""


@dataclass(frozen=True)
class Redecision:
    """One action decided again: its id and its new events (records ``{"type", "data"}``)."""

    action_id: str
    events: list[dict[str, Any]]


@dataclass(frozen=True)
class CorrectionPlan:
    """What a correction appends: the new decisions in order, and the state after the latest seal."""

    redecisions: list[Redecision]
    sealed_state: State


def decide(ruleset: Ruleset, state: State, verb: str, fields: Mapping[str, Any], actor: str | None) -> list[GameEvent]:
    """Decide one recorded action (core or ruleset) against ``state``."""
    from .table import decide_action  # the core's actions and their schemas: only when something is decided

    return decide_action(ruleset, state, Command(verb=verb, fields=fields, actor=actor))


def plan_correction(ruleset: Ruleset, setup: Mapping[str, Any], effective: list[dict[str, Any]], target_id: str,
                    corrected_fields: Mapping[str, Any], seal_action_id: str | None, kind: str = "correction") -> CorrectionPlan:
    """Decide ``target_id`` again with ``corrected_fields`` and every later effective action with its own.

    ``effective`` lists the effective actions in order (``action_id, verb, fields, actor, events`` — their
    latest decision); ``kind`` names it in messages (``"correction"`` or ``"amendment"``). Raises
    :class:`RuleViolation` naming the first action that no longer holds.
    """
    state = initial_campaign_state(ruleset, dict(setup))
    sealed_state = state
    redecisions: list[Redecision] = []
    started = False
    for action in effective:
        started = started or action["action_id"] == target_id
        if not started:
            records = action["events"]
        else:
            fields = corrected_fields if action["action_id"] == target_id else action["fields"]
            try:
                records = [{"type": e.type, "data": e.to_data()} for e in decide(ruleset, state, action["verb"], fields, action["actor"])]
            except QuestlogError as refusal:
                what = "the corrected action itself" if action["action_id"] == target_id else \
                    f"the later action {quoted(action['summary'])} (version {action['version']})"
                raise RuleViolation(getattr(refusal, "rule", RULE), f"this {kind} would make {what} illegal: "
                                    f"{getattr(refusal, 'reason', refusal.message)}") from None
            redecisions.append(Redecision(action["action_id"], records))
        state = fold(ruleset, state, [event_from_record(ruleset, r) for r in records])
        if action["action_id"] == seal_action_id:
            sealed_state = state
    if not started:
        raise RuleViolation(RULE, f"no effective action {quoted(target_id)} to correct")
    return CorrectionPlan(redecisions, sealed_state)
