"""Checking and preparing what a client sends, for the application service (:mod:`domain.application`).

Ids, versions, digital rolls, idempotent retries, corrected fields, summaries: small pure helpers kept out of
the service so it reads as load -> decide -> save.
"""

from __future__ import annotations

from datetime import datetime, timezone

import random
import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from domain.core.campaign import Campaign
from domain.core.correction import RULE as CORRECTION_RULE
from domain.core.errors import BadInput, IdempotencyConflict, RuleViolation, StaleVersion, UnknownCampaign
from domain.core.ruleset import TABLE_KEY, ActionSpec

MAX_VERSION = 2**62
"""Versions beyond this are refused as bad input (the stores hold 64-bit integers)."""


@dataclass(frozen=True)
class ActionResult:
    """What recording an action (or an undo / redo) gave.

    ``events`` are ``{"type", "data"}`` dicts in stored order; ``version`` is the campaign's version after
    it; ``duplicate`` is true when the action id had already been recorded and nothing new was stored.
    """

    campaign_id: str
    action_id: str
    verb: str
    events: list[dict[str, Any]]
    version: int
    reveal: bool = False
    duplicate: bool = False
    undone_action: dict[str, Any] | None = None
    fields: dict[str, Any] | None = None
    digital: bool = False

    def to_dict(self) -> dict[str, Any]:
        """JSON form for ``--json`` and the API."""
        out = {"campaign_id": self.campaign_id, "action_id": self.action_id, "verb": self.verb,
               "events": self.events, "version": self.version, "reveal": self.reveal}
        if self.duplicate:
            out["duplicate"] = True
        if self.undone_action:
            out["action"] = self.undone_action
        return out


def as_uuid(value: str | uuid.UUID) -> uuid.UUID:
    if isinstance(value, uuid.UUID):
        return value
    try:
        return uuid.UUID(str(value))
    except ValueError:
        raise UnknownCampaign(f"no campaign {value!r} in this store") from None


def check_expected(campaign: Campaign, expected: int | None) -> None:
    if expected is not None and (not isinstance(expected, int) or isinstance(expected, bool) or not 0 <= expected <= MAX_VERSION):
        raise BadInput(f"an expected version is a whole number within 0..{MAX_VERSION}, not {expected!r}",
                       {"expected_version": ["out of range"]})
    if expected is not None and expected != campaign.version:
        raise StaleVersion(expected, campaign.version)


def check_action_id(action_id: str) -> str:
    action_id = str(action_id).strip()
    if not 1 <= len(action_id) <= 100:
        raise BadInput("an action id has 1..100 characters", {"action_id": ["1..100 characters"]})
    return action_id


def roll_for_table(spec: ActionSpec, state: dict[str, Any], raw: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    if spec.dice is None or not spec.reveal:
        raise BadInput(f"{spec.verb} rolls no dice, so Questlog cannot roll for it")
    given = {k: v for k, v in raw.items() if v not in (None, "", [], ())}  # an empty DICE... argument is "not given"
    roll = spec.dice(state, spec.load(given, partial=True))
    if roll is None:
        raise BadInput(f"{spec.verb}: nothing to roll here")
    if raw.get(roll.field):
        raise BadInput(f"give either the {roll.field} you rolled or --digital, not both")
    return {**given, roll.field: [rng.randint(1, roll.sides) for _ in range(roll.count)]}


def same_request(known: ActionResult, spec: ActionSpec, verb: str, raw: Mapping[str, Any], digital: bool) -> ActionResult:
    """``known`` if this request is a retry of it; a reused action id with another action is a conflict."""
    same = verb == known.verb and (digital and known.digital or jsonable(spec.load(raw)) == known.fields)
    if not same:
        raise IdempotencyConflict(f"the action id {known.action_id!r} was already used for {known.verb} at version {known.version} "
                                  "with other fields; a retry must repeat the same request (use a new id for a new action)",
                                  known.version)
    return known


def corrected_fields(spec: ActionSpec, target: dict[str, Any], raw: Mapping[str, Any]) -> dict[str, Any]:
    if not spec.reveal:
        raise RuleViolation(CORRECTION_RULE, f"{spec.verb} revealed nothing: only a reveal's physical values are corrected; "
                                             "take other actions back with undo")
    if target["digital"]:
        raise RuleViolation(CORRECTION_RULE, "Questlog rolled these dice itself: a digital roll cannot be mis-typed or corrected")
    if target["status"] != "effective":
        raise RuleViolation(CORRECTION_RULE, "that action is undone: redo it before correcting it")
    unknown = sorted(set(raw) - set(spec.schema().fields))
    if unknown or not raw:
        raise BadInput(f"{spec.verb} has no field {', '.join(unknown)}" if unknown else "name the corrected values",
                       {name: ["unknown field"] for name in unknown})
    fields = jsonable(spec.load({**target["fields"], **raw}))
    if fields == target["fields"]:
        raise BadInput("those are the values the action already has: nothing to correct")
    return fields


def seat_of(campaign: Campaign, fields: Mapping[str, Any]) -> str | None:
    character = fields.get("character")
    for person, chars in campaign.state.get(TABLE_KEY, {}).items():
        if character in chars:
            return person
    return None


def summary(spec: ActionSpec, fields: Mapping[str, Any], play: str | None) -> str:
    args = " ".join(_arg_text(fields[a]) for a in spec.args if a in fields and fields[a] not in (None, [], ""))
    return f"{spec.verb} {args}".strip() + (f" ({play})" if play else "")


def _arg_text(value: Any) -> str:
    return " ".join(map(str, value)) if isinstance(value, list) else str(value)


def jsonable(fields: Mapping[str, Any]) -> dict[str, Any]:
    return {k: (list(v) if isinstance(v, tuple) else v) for k, v in fields.items()}


def now() -> str:
    """The current UTC time as stored in records (ISO 8601, seconds)."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds")
