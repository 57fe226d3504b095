"""The tamper-evident chain: each stored record carries a SHA-256 over its canonical content as first
recorded and the previous record's digest, from the campaign's creation record on.

Covered, each as its own link: the creation record (game, name, setup, ruleset version, who, when); each
consequence event of an action in stored form (its action id, type and data: the revealed values are
there); each action's closing record (its id, verb, fields as given, who, when, summary, play); each undo,
redo, rename, re-decision and correction. So an edited, removed or moved record breaks the chain exactly where it stands. The campaign id is not covered, so an import under a new id still verifies. Digests are
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
EVENT_FIELDS = ("action_id", "type", "data")
MARK_FIELDS = ("action_id", "actor", "recorded_at")
RENAME_FIELDS = ("name", "actor", "recorded_at")
CORRECTION_FIELDS = ("action_id", "fields", "reason", "actor", "recorded_at", "sealed_state")
BOOKMARK_FIELDS = ("name", "version", "actor", "recorded_at")
BRANCHED_FIELDS = ("campaign_id", "name", "version", "actor", "recorded_at")


def digest(previous: str, kind: str, content: Mapping[str, Any]) -> str:
    """SHA-256 hex of ``{"previous", "kind", **content}`` as canonical JSON (sorted keys, no spaces)."""
    body = json.dumps({"previous": previous, "kind": kind, **content}, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(body.encode("utf-8")).hexdigest()


def record_kind(topic_or_name: str) -> str | None:
    """The chain kind of a stored event by its class name: created, event, action, undo, redo (None otherwise)."""
    name = topic_or_name.rsplit(".", 1)[-1].rsplit(":", 1)[-1]
    return {"Created": "created", "GameEventRecorded": "event", "ActionRecorded": "action",
            "ActionUndone": "undo", "ActionRedone": "redo", "Renamed": "rename", "ActionRedecided": "redecided",
            "ActionCorrected": "correction", "ActionAmended": "amendment", "Bookmarked": "bookmark",
            "BranchedFrom": "branched"}.get(name)


def expected_digest(previous: str, kind: str, state: Mapping[str, Any]) -> str:
    """The digest a stored record of ``kind`` should carry, given its stored ``state`` dict."""
    if kind == "action":
        # only the fields the record was stored with: a version-1 record has no ``play`` (upcasting adds it on read)
        return digest(previous, kind, {k: state[k] for k in ACTION_FIELDS if k in state})
    fields = {"created": CREATED_FIELDS, "event": EVENT_FIELDS, "rename": RENAME_FIELDS, "redecided": ("action_id",),
              "correction": CORRECTION_FIELDS, "amendment": CORRECTION_FIELDS, "bookmark": BOOKMARK_FIELDS,
              "branched": BRANCHED_FIELDS}.get(kind, MARK_FIELDS)
    return digest(previous, kind, {k: state.get(k) for k in fields})


def verify_records(records: Iterable[tuple[int, str, Mapping[str, Any]]]) -> dict[str, Any]:
    """Check a chain of stored records ``(position, class name or topic, stored state dict)`` in order.

    Returns ``{"ok": True, "records": n, "head": digest}`` or ``{"ok": False, "position": p, "reason": text}``
    naming the first broken link (``position`` is the record's version or the export's line number).
    """
    previous, count = GENESIS, 0
    for position, topic, state in records:
        kind = record_kind(topic)
        if kind is None:
            continue
        count += 1
        if count == 1 and kind != "created":
            return {"ok": False, "position": position, "reason": "the chain does not start with the campaign's creation record"}
        if state.get("previous_digest", GENESIS) != previous:
            return {"ok": False, "position": position, "reason": "this record is not chained to the one before it: "
                                                                 "a record was removed or moved"}
        if state.get("digest") != expected_digest(previous, kind, state):
            return {"ok": False, "position": position, "reason": "this record was changed after it was stored"}
        previous = state["digest"]
    if count == 0:
        return {"ok": False, "position": None, "reason": "no records"}
    return {"ok": True, "records": count, "head": previous}
