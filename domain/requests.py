"""Checking and preparing what a client sends, for the application service (:mod:`domain.application`).

Ids, versions, digital rolls, idempotent retries, corrected fields, summaries: small pure helpers kept out of
the service so it reads as load -> decide -> save.
"""

from __future__ import annotations

import json
import random
import time
from datetime import datetime, timezone
import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from domain.core.campaign import Campaign
from domain.core.correction import RULE as CORRECTION_RULE
from domain.core.errors import (BadInput, IdempotencyConflict, NothingToUndo, RuleViolation, SealedHistory, StaleVersion, StoreBusy,
                               UnknownCampaign)
from domain.core.names import printable_line, quoted
from domain.core.ruleset import TABLE_KEY, ActionSpec, plain_words

MAX_VERSION = 2**62
"""Versions beyond this are refused as bad input (the stores hold 64-bit integers): the one bound of the CLI and the API."""


def expected_version_refusal(expected: object) -> str:
    """The refusal of an expected version out of 0..:data:`MAX_VERSION` (or not a whole number), as the CLI and the
    API say it."""
    return f"an expected version is a whole number within 0..{MAX_VERSION}, not {expected!r}"


def version_refusal(version: object) -> str:
    """The refusal of a version out of 1..:data:`MAX_VERSION` (``view --at``, ``?at=``, ``undo --to``): version 0 is
    before the campaign was created, so nothing can be shown or kept as of it."""
    return f"version must be a whole number within 1..{MAX_VERSION}, not {version!r}"


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
    undone_actions: list[dict[str, Any]] | None = None
    """``undo --to``: every action taken back, latest first (``undone_action`` is the last one taken back)."""

    def to_dict(self) -> dict[str, Any]:
        """JSON form for ``--json`` and the API."""
        out = {"campaign_id": self.campaign_id, "action_id": self.action_id, "verb": self.verb,
               "events": self.events, "version": self.version, "reveal": self.reveal}
        if self.duplicate:
            out["duplicate"] = True
        if self.undone_action:
            out["action"] = self.undone_action
        if self.undone_actions is not None:
            out["actions"] = self.undone_actions
        return out


def as_uuid(value: str | uuid.UUID) -> uuid.UUID:
    if isinstance(value, uuid.UUID):
        return value
    try:
        return uuid.UUID(str(value))
    except ValueError:
        raise UnknownCampaign(f"no campaign {quoted(value)} in this store") from None


def undo_targets(campaign: Campaign, to: int) -> list[dict[str, Any]]:
    """The effective actions ``undo --to`` takes back: every one ending after version ``to``, latest first.

    Raises :class:`BadInput` for a ``to`` beyond the current version, :class:`SealedHistory` when a reveal after ``to``
    seals what lies before it (nothing is undone), :class:`NothingToUndo` when no effective action follows ``to``."""
    if not 0 <= to <= campaign.version:
        raise BadInput(f"undo back to version {to}: the campaign is at version {campaign.version}", {"to": ["beyond the current version"]})
    seal = campaign.seal
    if seal and seal["version"] > to:
        raise SealedHistory(f"cannot undo back to version {to}: {seal['summary']}, version {seal['version']}, revealed something "
                            f"and seals everything before it (undo can go back to version {seal['version']})", campaign.version, dict(seal))
    targets = [a for a in reversed(campaign.undoable()) if a["version"] > to]
    if not targets:
        raise NothingToUndo(f"nothing to undo after version {to}: no effective action was recorded since", campaign.version)
    return targets


def check_expected(campaign: Campaign, expected: int | None) -> None:
    if expected is not None and (not isinstance(expected, int) or isinstance(expected, bool) or not 0 <= expected <= MAX_VERSION):
        raise BadInput(expected_version_refusal(expected),
                       {"expected_version": ["out of range"]})
    if expected is not None and expected != campaign.version:
        raise StaleVersion(expected, campaign.version)


def check_action_id(action_id: str) -> str:
    """An action id (an ``Idempotency-Key``): 1..100 printable characters on one line. Raises :class:`BadInput`."""
    action_id = str(action_id).strip()
    if not 1 <= len(action_id) <= 100 or not printable_line(action_id):
        raise BadInput("an action id has 1..100 printable characters", {"action_id": ["1..100 printable characters"]})
    return action_id


def surrogate_path(value: Any, path: str = "") -> str | None:
    """The dotted path of the first string (key or value) in ``value`` holding a lone surrogate, else ``None``
    (``""`` when ``value`` itself is such a string)."""
    if isinstance(value, str):
        return path if any("\ud800" <= ch <= "\udfff" for ch in value) else None
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        where = f"{path}.{key}" if path else str(key)
        if isinstance(key, str) and surrogate_path(key) is not None:
            return where
        found = surrogate_path(item, where)
        if found is not None:
            return found
    return None


def check_text_fields(raw: Mapping[str, Any]) -> None:
    """Every text in an action's fields (``raw``, as given) is one printable line, as names are
    (:func:`~domain.core.names.clean_text`'s rule). Raises :class:`BadInput` naming the field."""
    for name, value in raw.items():
        texts = [value] if isinstance(value, str) else [v for v in value if isinstance(v, str)] if isinstance(value, list) else []
        if not isinstance(name, str) or not printable_line(name) or any(not printable_line(t) for t in texts) \
                or surrogate_path(value) is not None:
            field = name if isinstance(name, str) and printable_line(name) else "_schema"
            raise BadInput(f"{field}: text must be one printable line (no control characters, line breaks or lone surrogates)",
                           {field: ["one printable line"]})


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
    """``known`` if this request is a retry of it; a reused action id with another action is a conflict.

    A digital roll's retry repeats every field it gave (the dice Questlog rolled are the only fields it may
    leave out): the same key for another character's roll is a conflict, never that roll's dice."""
    if verb != known.verb or digital != known.digital or not _same_fields(known, spec, raw, digital):
        raise IdempotencyConflict(f"the action id {quoted(known.action_id)} was already used for {known.verb} at version {known.version} "
                                  "with other fields; a retry must repeat the same request (use a new id for a new action)",
                                  known.version)
    return known


def _same_fields(known: ActionResult, spec: ActionSpec, raw: Mapping[str, Any], digital: bool) -> bool:
    recorded = known.fields or {}
    if not digital:
        return jsonable(spec.load(raw)) == recorded
    given = jsonable(spec.load({k: v for k, v in raw.items() if v not in (None, "", [], ())}, partial=True))
    rolled = set(recorded) - set(given)
    return all(recorded.get(k) == v for k, v in given.items()) and len(rolled) <= 1


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
    """A field's value in an action's summary: as the CLI takes it (``true``, ``1 2``), never a Python repr."""
    return plain_words(value) if isinstance(value, (list, dict)) else json.dumps(value) if isinstance(value, bool) or value is None else str(value)


def jsonable(fields: Mapping[str, Any]) -> dict[str, Any]:
    return {k: (list(v) if isinstance(v, tuple) else v) for k, v in fields.items()}


def now() -> str:
    """The current UTC time as stored in records (ISO 8601, seconds)."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


RETRIES = 5
"""How often a write that named its expected version is decided again (a lost race is its ``StaleVersion``)."""
WRITE_RETRIES = 40
"""How often a write without an expected version is decided again after losing a race, before :class:`StoreBusy`."""


def attempts(expected_version: int | None) -> range:
    """The attempts of one write: a client that named its version gets one (a lost race is its ``StaleVersion``)."""
    return range(RETRIES if expected_version is not None else WRITE_RETRIES)


def backoff(attempt: int) -> None:
    """A short random pause after a lost race, growing with the attempt, so racing writers spread out."""
    if attempt:
        time.sleep(random.uniform(0, min(0.05, 0.002 * attempt)))


def busy(campaign_id: str) -> StoreBusy:
    """The refusal after :data:`WRITE_RETRIES` lost races: nothing stored, try again later (HTTP 503)."""
    return StoreBusy(f"campaign {campaign_id} is busy: other writers won the race {WRITE_RETRIES} times; nothing was stored, "
                     "try again")
