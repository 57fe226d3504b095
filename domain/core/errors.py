"""Questlog's errors: one type per distinct refusal, each with a stable code.

Every adapter maps these the same way (DESIGN.md § Interfaces):

============================  ==================  =========  ===========
error                         ``code``            CLI exit   HTTP status
============================  ==================  =========  ===========
:class:`BadInput`             ``invalid_input``   2          422
:class:`UnknownCampaign`      ``not_found``       2          404
:class:`UnknownToken`         ``not_found``       2          404
:class:`RuleViolation`        ``rule_violation``  3          422
:class:`NothingToUndo`        ``nothing_to_undo`` 4          409
:class:`NothingToRedo`        ``nothing_to_redo`` 4          409
:class:`SealedHistory`        ``sealed``          4          409
:class:`StaleVersion`         ``stale_version``   4          409
:class:`IdempotencyConflict`  ``idempotency_conflict`` 4     409
:class:`StoreBusy`            ``unavailable``     1          503 (``Retry-After``)
============================  ==================  =========  ===========
"""

from __future__ import annotations

from typing import Any


class QuestlogError(Exception):
    """Base of every refusal Questlog gives; nothing is stored when one is raised."""

    code = "error"
    exit_code = 1
    http_status = 500

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def to_dict(self) -> dict[str, Any]:
        """The JSON error payload: ``{"error": code, "message": text, ...}``."""
        return {"error": self.code, "message": self.message}


class IncompatibleRuleset(QuestlogError):
    """A campaign recorded under a newer version of its game's rules than this Questlog knows: its events may
    mean what this code cannot replay, so it is refused rather than served wrong (upgrade Questlog)."""

    code = "ruleset_version"
    exit_code = 1
    http_status = 409


class BadInput(QuestlogError):
    """Input that is not well formed: unknown verb or character, a die of 7, a missing field.

    ``fields`` maps field names to lists of messages, each one plain sentence: marshmallow's nested shapes
    (``{"dice": {4: ["Not a valid integer."]}}``) are flattened by :func:`plain_fields` (``{"dice": ["item 5: Not a
    valid integer."]}``), so no client ever shows a dict or a list's repr.
    """

    code = "invalid_input"
    exit_code = 2
    http_status = 422

    def __init__(self, message: str, fields: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.fields = plain_fields(fields or {})

    def to_dict(self) -> dict[str, Any]:
        payload = super().to_dict()
        if self.fields:
            payload["fields"] = self.fields
        return payload


def plain_fields(messages: Any) -> dict[str, list[str]]:
    """Field messages as ``{field: [sentence, ...]}``: each message one plain string, a nested list's item named by its
    place counted from 1 (``item 5: ...``), a nested record's key by its name (``dice: ...``); a bare message or list
    is the body's as a whole (``_schema``, marshmallow's name)."""
    if not isinstance(messages, dict):
        messages = {"_schema": messages}
    return {str(name): plain_messages(value) for name, value in messages.items()}


def plain_messages(value: Any) -> list[str]:
    """One field's messages (a string, a list, or marshmallow's ``{index: [...]}`` for a list's items) as plain sentences."""
    if isinstance(value, dict):
        return [f"{_place(key)}: {message}" for key, inner in value.items() for message in plain_messages(inner)]
    if isinstance(value, (list, tuple)):
        return [message for inner in value for message in plain_messages(inner)]
    return [str(value)]


def _place(key: Any) -> str:
    """A nested key as words: a list index (0-based, as marshmallow gives it) is ``item N`` counted from 1."""
    text = str(key)
    return f"item {int(text) + 1}" if text.isascii() and text.isdigit() else text


def fields_text(fields: dict[str, list[str]]) -> str:
    """Plain field messages (:func:`plain_fields`) as one line: ``dice: item 5: Not a valid integer.; ...``."""
    return "; ".join(f"{name}: {' '.join(messages)}" for name, messages in fields.items())


class UnknownCampaign(BadInput):
    """No campaign with that id or name in this store (or, in the API, not granted)."""

    code = "not_found"
    http_status = 404


class UnknownToken(BadInput):
    """No token with that id in this store (revoking one: ``DELETE /tokens/{id}``, ``questlog token revoke``)."""

    code = "not_found"
    http_status = 404


class RuleViolation(QuestlogError):
    """Well-formed input the rules forbid here.

    ``rule`` cites the rulebook: ``"nanolith.txt § Manipulating the Action Dice"``.
    """

    code = "rule_violation"
    exit_code = 3
    http_status = 422

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{message} ({rule})")
        self.rule = rule
        self.reason = message

    def to_dict(self) -> dict[str, Any]:
        return {"error": self.code, "message": self.message, "rule": self.rule}


class Conflict(QuestlogError):
    """Base of refusals about the campaign's history rather than the input (exit 4, HTTP 409)."""

    exit_code = 4
    http_status = 409

    def __init__(self, message: str, current_version: int) -> None:
        super().__init__(message)
        self.current_version = current_version

    def to_dict(self) -> dict[str, Any]:
        payload = super().to_dict()
        payload["current_version"] = self.current_version
        return payload


class NothingToUndo(Conflict):
    """No action has been recorded that undo could take back."""

    code = "nothing_to_undo"


class NothingToRedo(Conflict):
    """No undone action can be put back (none undone, or a new action was recorded since)."""

    code = "nothing_to_redo"


class SealedHistory(Conflict):
    """Every action since the campaign began is at or before a seal (a reveal).

    ``seal`` describes the reveal: ``{"action_id", "verb", "version", "summary"}``.
    """

    code = "sealed"

    def __init__(self, message: str, current_version: int, seal: dict[str, Any]) -> None:
        super().__init__(message, current_version)
        self.seal = seal

    def to_dict(self) -> dict[str, Any]:
        payload = super().to_dict()
        payload["seal"] = self.seal
        return payload


class StaleVersion(Conflict):
    """The client's expected version is not the campaign's current version.

    ``since`` lists what was stored after the expected version, oldest first: history entries cut down to
    ``{"version", "kind", "verb", "summary", "actor"}`` (``kind`` as :func:`domain.history.actions_from_events` names
    it: ``"action"``, ``"undo"``, ``"redo"``...; an undo's ``verb`` and ``summary`` are the action it took back), so
    the loser of a race can see what the winner did before deciding again.
    """

    code = "stale_version"
    SHOWN = 5
    """How many of the entries ``since`` holds the message names (the latest ones); JSON carries them all."""

    def __init__(self, expected: int, current_version: int, since: list[dict[str, Any]] | None = None) -> None:
        self.expected = expected
        self.since = list(since or [])
        super().__init__(f"expected version {expected}, but the campaign is at version {current_version}"
                         f"{self._since_text()}; reload and decide again", current_version)

    def _since_text(self) -> str:
        if not self.since:
            return ""
        lines = [since_line(entry) for entry in self.since[-self.SHOWN:]]
        more = len(self.since) - len(lines)
        return f": since then, {'; '.join(lines)}" + (f" (and {more} earlier)" if more > 0 else "")

    def to_dict(self) -> dict[str, Any]:
        payload = super().to_dict()
        payload["since"] = self.since
        return payload


def since_line(entry: dict[str, Any]) -> str:
    """One entry of :attr:`StaleVersion.since` as words: ``"v4 undo of count bob 2 by ann"``."""
    what = entry.get("summary") or entry.get("verb") or entry.get("kind") or "a change"
    kind = entry.get("kind")
    text = f"{kind} of {what}" if kind in ("undo", "redo", "correction", "amendment") else what if kind == "action" else \
        f"{kind} {what}" if what != kind else str(kind)
    by = f" by {entry['actor']}" if entry.get("actor") else ""
    return f"v{entry.get('version')} {text}{by}"


class IdempotencyConflict(Conflict):
    """An action id (``Idempotency-Key``) already recorded for a different action: the retry is not a retry."""

    code = "idempotency_conflict"


class StoreBusy(QuestlogError):
    """A write without an expected version lost the race to other writers every time it was decided again,
    up to the retry bound: nothing was stored; try again after ``retry_after`` seconds (HTTP 503 + Retry-After)."""

    code = "unavailable"
    exit_code = 1
    http_status = 503

    def __init__(self, message: str, retry_after: int = 1) -> None:
        super().__init__(message)
        self.retry_after = retry_after
        self.headers = {"Retry-After": str(retry_after)}
