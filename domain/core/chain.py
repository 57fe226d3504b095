"""The tamper-evident chain: each stored record of a campaign carries a SHA-256 over its whole stored form and
the previous record's digest, from the campaign's creation record on.

A record's digest (chain format 2) covers, as canonical JSON: the previous record's digest, the record's
topic (its event class), its version in the stream, and its *entire* stored state except the digest
itself: every field the event has (the revealed values, who, when, the play...), the library's
``timestamp``, ``class_version`` and ``originator_topic``. Digests are computed over the stored form when
the records are saved (:func:`seal_events`), so upcasting on read never changes what was hashed, and an
edited, removed, inserted or moved record breaks the chain exactly where it stands. The campaign id is not
covered, so an import under a new id still verifies.

Records stored before chain format 2 (legacy) were hashed over a fixed list of their fields
(:func:`legacy_digest`); they still verify, with that narrower coverage.

What a chain cannot prove: the digests are not keyed, so someone who rewrites a record *and* recomputes
every later digest makes a new chain that verifies; removing records from the end leaves a shorter chain
that verifies. The head digest is what pins a chain: an export's header commits to it
(:mod:`domain.transfer`), and a store's verify compares the chain with the campaign index.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from typing import Any

GENESIS = ""
CREATED_FIELDS = ("game", "name", "setup", "ruleset_version", "actor", "created_at")
ACTION_FIELDS = ("action_id", "verb", "fields", "actor", "recorded_at", "reveal", "digital", "summary", "play", "token")
EVENT_FIELDS = ("action_id", "type", "data")
MARK_FIELDS = ("action_id", "actor", "recorded_at")
RENAME_FIELDS = ("name", "actor", "recorded_at")
CORRECTION_FIELDS = ("action_id", "fields", "reason", "actor", "recorded_at", "sealed_state")
BOOKMARK_FIELDS = ("name", "version", "actor", "recorded_at")
BRANCHED_FIELDS = ("campaign_id", "name", "version", "actor", "recorded_at")
KINDS = {"Created": "created", "GameEventRecorded": "event", "ActionRecorded": "action", "ActionUndone": "undo",
         "ActionRedone": "redo", "Renamed": "rename", "ActionRedecided": "redecided", "ActionCorrected": "correction",
         "ActionAmended": "amendment", "Bookmarked": "bookmark", "BranchedFrom": "branched"}
TOPIC_PREFIX = "domain.core.campaign:Campaign."
TOPICS = frozenset(TOPIC_PREFIX + name for name in KINDS)
"""The only topics a campaign's stream may hold (a persisted contract: see DESIGN.md, the library facts)."""
_CREATED = TOPIC_PREFIX + "Created"


_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False)
"""Built once: ``json.dumps`` with these options builds a new encoder on every call (about half its time on a record)."""


def canonical(value: Any) -> bytes:
    """``value`` as canonical JSON bytes: sorted keys, no spaces, ASCII escapes (a lone surrogate cannot break it).
    Raises ``ValueError`` (NaN, infinities, a circular reference) or ``TypeError`` (not JSON), as ``json.dumps`` does."""
    return _CANONICAL.encode(value).encode("ascii")


def digest(previous: str, kind: str, content: Mapping[str, Any]) -> str:
    """Legacy (format 1) digest: SHA-256 hex of ``{"previous", "kind", **content}`` as canonical JSON."""
    body = json.dumps({"previous": previous, "kind": kind, **content}, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(body.encode("utf-8", "surrogatepass")).hexdigest()


def record_digest(previous: str, topic: str, version: int, state: Mapping[str, Any]) -> str:
    """Format-2 digest of one stored record: ``state`` is its stored JSON state (the ``digest`` key is left out)."""
    content = dict(state)  # a copy without the digest (a C copy and delete: this runs once per record verified)
    content.pop("digest", None)
    return hashlib.sha256(canonical({"previous": previous, "topic": topic, "version": version, "state": content})).hexdigest()


def record_kind(topic_or_name: str) -> str | None:
    """The chain kind of a stored event by its class name: created, event, action, undo, redo... (None otherwise)."""
    return KINDS.get(topic_or_name.rsplit(".", 1)[-1].rsplit(":", 1)[-1])


def legacy_digest(previous: str, kind: str, state: Mapping[str, Any]) -> str:
    """The format-1 digest a stored record of ``kind`` carried, given its stored ``state`` dict."""
    if kind == "action":
        # only the fields the record was stored with: a version-1 record has no ``play`` (upcasting adds it on read)
        return digest(previous, kind, {k: state[k] for k in ACTION_FIELDS if k in state})
    fields = {"created": CREATED_FIELDS, "event": EVENT_FIELDS, "rename": RENAME_FIELDS, "redecided": ("action_id",),
              "correction": CORRECTION_FIELDS, "amendment": CORRECTION_FIELDS, "bookmark": BOOKMARK_FIELDS,
              "branched": BRANCHED_FIELDS}.get(kind, MARK_FIELDS)
    return digest(previous, kind, {k: state.get(k) for k in fields})


def expected_digest(previous: str, kind: str, state: Mapping[str, Any]) -> str:
    """Alias of :func:`legacy_digest` (the format-1 rule), kept for callers that name it."""
    return legacy_digest(previous, kind, state)


def seal_events(events: Iterable[Any], previous: str, stored_state: Any) -> str:
    """Set ``previous_digest`` and ``digest`` on each new event (in order) over its stored form; returns the last digest.

    ``stored_state(event)`` gives ``(topic, version, state dict)`` exactly as the store will hold the event.
    The events are the library's frozen dataclasses: their two chain fields are set in place before saving.
    """
    for event in events:
        if "previous_digest" in vars(event):  # the creation record has none: it starts the chain
            object.__setattr__(event, "previous_digest", previous)
        object.__setattr__(event, "digest", "")
        topic, version, state = stored_state(event)
        previous = record_digest(previous, topic, version, state)
        object.__setattr__(event, "digest", previous)
    return previous


def _link_error(previous: str, topic: Any, version: Any, state: Any) -> str | None:
    """Why this record is not a valid next link after ``previous``, or ``None``."""
    if topic not in TOPICS:
        return f"not a campaign record (topic {str(topic)[:80]!r})"
    if not isinstance(state, dict) or not isinstance(state.get("digest"), str):
        return "this record carries no digest"
    if state.get("previous_digest", GENESIS) != previous:
        return "this record is not chained to the one before it: a record was removed or moved (or one added)"
    try:
        if state["digest"] == record_digest(previous, topic, version, state):
            return None
        if state["digest"] == legacy_digest(previous, record_kind(topic) or "", state):
            return None
    except (TypeError, ValueError, RecursionError):  # a value JSON cannot hold (NaN, a loop): not what was stored
        pass
    return "this record was changed after it was stored"


def verify_records(records: Iterable[tuple[Any, Any, int, Any]]) -> dict[str, Any]:
    """Check a chain of stored records ``(position, topic, version, stored JSON state)`` in order.

    ``position`` is what a report names (the record's version, or an export's line number). Returns
    ``{"ok": True, "records": n, "head": digest}`` or ``{"ok": False, "position": p, "reason": text}``
    naming the first broken link. Never raises for malformed records: they are broken links.
    """
    previous, count = GENESIS, 0
    for position, topic, version, state in records:
        count += 1
        created = topic == _CREATED if isinstance(topic, str) and topic in TOPICS else record_kind(str(topic)) == "created"
        if count == 1 and not created:
            return {"ok": False, "position": position, "reason": "the chain does not start with the campaign's creation record"}
        if count > 1 and created:
            return {"ok": False, "position": position, "reason": "a second creation record inside the chain"}
        error = _link_error(previous, topic, version, state)
        if error:
            return {"ok": False, "position": position, "reason": error}
        previous = state["digest"]
    if count == 0:
        return {"ok": False, "position": None, "reason": "no records"}
    return {"ok": True, "records": count, "head": previous}
