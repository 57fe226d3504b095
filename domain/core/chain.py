"""The tamper-evident chain: each stored record carries a SHA-256 over its canonical content as first
recorded and the previous record's digest, from the campaign's creation record on.

Covered: the creation record (game, name, setup, ruleset version, who, when); each action (its id, verb,
fields as given, revealed values, who, when, summary, and its consequence events in stored form); each
undo and redo. The campaign id is not covered, so an import under a new id still verifies. Digests are
computed over the stored form, so upcasting on read never changes what was hashed.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from typing import Any

GENESIS = ""
CREATED_FIELDS = ("game", "name", "setup", "ruleset_version", "actor", "created_at")
ACTION_FIELDS = ("action_id", "verb", "fields", "actor", "recorded_at", "reveal", "digital", "summary", "play")
MARK_FIELDS = ("action_id", "actor", "recorded_at")


def digest(previous: str, kind: str, content: Mapping[str, Any]) -> str:
    """SHA-256 hex of ``{"previous", "kind", **content}`` as canonical JSON (sorted keys, no spaces)."""
    body = json.dumps({"previous": previous, "kind": kind, **content}, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(body.encode("utf-8")).hexdigest()


def record_kind(topic_or_name: str) -> str | None:
    """The chain kind of a stored event by its class name: created, event, action, undo, redo (None otherwise)."""
    name = topic_or_name.rsplit(".", 1)[-1].rsplit(":", 1)[-1]
    return {"Created": "created", "GameEventRecorded": "event", "ActionRecorded": "action",
            "ActionUndone": "undo", "ActionRedone": "redo"}.get(name)


def expected_digest(previous: str, kind: str, state: Mapping[str, Any], events: list[dict[str, Any]]) -> str:
    """The digest a stored record of ``kind`` should carry, given its stored ``state`` dict."""
    if kind == "created":
        return digest(previous, kind, {k: state.get(k) for k in CREATED_FIELDS})
    if kind == "action":
        return digest(previous, kind, {**{k: state.get(k) for k in ACTION_FIELDS}, "events": events})
    return digest(previous, kind, {k: state.get(k) for k in MARK_FIELDS})


def verify_records(records: Iterable[tuple[int, str, Mapping[str, Any]]]) -> dict[str, Any]:
    """Check a chain of stored records ``(position, class name or topic, stored state dict)`` in order.

    Returns ``{"ok": True, "records": n, "head": digest}`` or ``{"ok": False, "position": p, "reason": text}``
    naming the first broken link (``position`` is the record's version or the export's line number).
    """
    previous, pending, count = GENESIS, [], 0
    for position, topic, state in records:
        kind = record_kind(topic)
        if kind is None:
            continue
        count += 1
        if kind == "event":
            pending.append({"type": state.get("type"), "data": state.get("data")})
            continue
        if count == 1 and kind != "created":
            return {"ok": False, "position": position, "reason": "the chain does not start with the campaign's creation record"}
        want = expected_digest(previous, kind, state, pending)
        if state.get("digest") != want:
            reason = ("this record or one of its events was changed, removed or moved"
                      if state.get("previous_digest", previous) == previous else "the record before this one is not the one it was chained to")
            return {"ok": False, "position": position, "reason": reason}
        previous, pending = want, []
    if pending:
        return {"ok": False, "position": None, "reason": "events at the end belong to no action record"}
    if count == 0:
        return {"ok": False, "position": None, "reason": "no records"}
    return {"ok": True, "records": count, "head": previous}
