"""The tamper-evident chain: each stored record of a campaign carries a SHA-256 over its whole stored form and
the previous record's digest, from the campaign's creation record on.

A record's digest (chain format 3, every record stored since 2026-12) covers the previous record's digest, the
record's topic (its event class), its version in the stream, and its stored JSON *bytes* exactly as the store
holds them, with its own digest blanked (the one ``"digest":"<64 hex>"`` member written ``"digest":""``):
every field the event has (the revealed values, who, when, the play...), the library's ``timestamp``,
``class_version`` and ``originator_topic``, and their very spelling (:func:`bytes_digest`). A record is sealed
in this format only when its bytes are in Questlog's exact form (compact JSON as :func:`exact_form` writes it,
so an export can write them as they are and an import stores them unchanged). Verifying hashes those bytes and
never re-encodes the record. Digests are computed over the stored form when the records are saved
(:func:`seal_events`), so upcasting on read never changes what was hashed, and an edited, removed, inserted
or moved record breaks the chain exactly where it stands. The campaign id is not covered, so an import under
a new id still verifies.

Older records still verify: chain format 2 hashed the same content as canonical JSON (sorted keys, ASCII
escapes: :func:`record_digest`, so the bytes' spelling was not covered), and records stored before it
(legacy, format 1) a fixed list of their fields (:func:`legacy_digest`), with that narrower coverage.
A record's format is not stored: the check tries 3, then 2, then 1 (:func:`link_format`); a digest of one
format cannot pass for another's without a SHA-256 preimage, since each hashes a differently framed input.

What a chain cannot prove: the digests are not keyed, so someone who rewrites a record *and* recomputes
every later digest makes a new chain that verifies; removing records from the end leaves a shorter chain
that verifies. The head digest is what pins a chain: an export's header commits to it
(:mod:`domain.transfer`), and a store's verify compares the chain with the campaign index.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Callable, Iterable, Mapping
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


_FRAME = b"questlog chain 3\n"
"""Starts every format-3 digest's input: never the ``{`` a format-2 input (canonical JSON) starts with."""
_BLANK = b'"digest":""'


def exact_form(state: Any) -> bytes:
    """``state`` as the bytes Questlog writes a record's JSON: compact, keys in their order, UTF-8 (not ASCII
    escapes), which is also how the library's JSON transcoder writes it. Raises ``ValueError`` (NaN, infinities,
    not JSON), ``TypeError`` (not JSON) and ``UnicodeEncodeError`` (a lone surrogate)."""
    return _EXACT.encode(state).encode("utf-8")


_EXACT = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def _needle(digest_hex: str) -> bytes:
    return b'"digest":"' + digest_hex.encode("ascii", "replace") + b'"'


def blanked(raw: bytes, digest_hex: str) -> bytes | None:
    """``raw`` (a record's stored JSON bytes) with its one ``"digest":"<digest_hex>"`` member written
    ``"digest":""``; ``None`` if that member is not there exactly once (then the record is not format 3)."""
    needle = _needle(digest_hex)
    at = raw.find(needle)
    if at < 0 or raw.find(needle, at + 1) >= 0:
        return None
    return raw[:at] + _BLANK + raw[at + len(needle):]


def bytes_digest(previous: str, topic: str, version: int, blank: bytes) -> str:
    """Format-3 digest: SHA-256 hex over ``previous``, ``topic`` and ``version`` (one line each) and then ``blank``,
    the record's stored JSON bytes with its digest blanked (:func:`blanked`)."""
    head = f"{previous}\n{topic}\n{version}\n".encode("utf-8", "surrogatepass")
    return hashlib.sha256(_FRAME + head + blank).hexdigest()


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


PLACEHOLDER = secrets.token_hex(32)
"""What a record's ``digest`` holds while its stored form is encoded to be sealed: 64 hex digits like a digest, drawn per
process (a record whose data holds it too is sealed in format 2)."""


def seal_events(events: Iterable[Any], previous: str, encode: Callable[[Any], tuple[str, int, bytes]],
                placeholder: str | None = PLACEHOLDER) -> tuple[str, list[bytes | None]]:
    """Set ``previous_digest`` and ``digest`` on each new event (in order) over its stored form.

    ``encode(event)`` gives ``(topic, version, bytes)``: the event's JSON exactly as the store will hold it, made
    while its ``digest`` holds ``placeholder``. Returns the last digest and, per event, the bytes to store (format
    3: those bytes with the digest written in, which the store must hold as they are) or ``None`` where the record
    could not be sealed so (its bytes not in :func:`exact_form`, or holding the placeholder elsewhere) and was sealed
    in format 2, over its parsed state, instead. ``placeholder=None``: every record in format 2 (a store that encodes
    each record again when it saves it cannot promise those bytes). The events are the library's frozen dataclasses: their two chain
    fields are set in place before saving.
    """
    sealed: list[bytes | None] = []
    for event in events:
        if "previous_digest" in vars(event):  # the creation record has none: it starts the chain
            object.__setattr__(event, "previous_digest", previous)
        object.__setattr__(event, "digest", placeholder or GENESIS)
        topic, version, raw = encode(event)
        previous, stored = _sealed(previous, topic, version, raw, placeholder)
        sealed.append(stored)
        object.__setattr__(event, "digest", previous)
    return previous, sealed


def _sealed(previous: str, topic: str, version: int, raw: bytes, placeholder: str | None) -> tuple[str, bytes | None]:
    """One record's digest and its sealed bytes (format 3), or its format-2 digest and ``None``."""
    state = json.loads(raw)
    blank = blanked(raw, placeholder) if placeholder and raw.count(placeholder.encode("ascii")) == 1 else None
    try:
        exact = blank is not None and exact_form(state) == raw
    except (ValueError, TypeError):  # NaN, say: format 2 refuses it as it always did
        exact = False
    if exact and blank is not None and placeholder:
        value = bytes_digest(previous, topic, version, blank)
        stored = raw.replace(placeholder.encode("ascii"), value.encode("ascii"))
        if blanked(stored, value) == blank:  # the digest's own text nowhere else in the record (as good as certain)
            return value, stored
    return record_digest(previous, topic, version, state), None


def link_format(previous: str, topic: Any, version: Any, state: Any, raw: bytes | None = None) -> int | str:
    """The chain format (3, 2 or 1) in which this record is a valid next link after ``previous``, else why it is not
    (a string). ``state`` is the record's stored JSON, parsed; ``raw`` its bytes (``None``: not at hand, so it cannot
    pass as format 3)."""
    if topic not in TOPICS:
        return f"not a campaign record (topic {str(topic)[:80]!r})"
    if not isinstance(state, dict) or not isinstance(state.get("digest"), str):
        return "this record carries no digest"
    if state.get("previous_digest", GENESIS) != previous:
        return "this record is not chained to the one before it: a record was removed or moved (or one added)"
    claimed = state["digest"]
    blank = blanked(raw, claimed) if isinstance(raw, bytes) and len(claimed) == 64 else None
    if blank is not None and claimed == bytes_digest(previous, topic, version, blank):
        return 3
    try:
        if claimed == record_digest(previous, topic, version, state):
            return 2
        if claimed == legacy_digest(previous, record_kind(topic) or "", state):
            return 1
    except (TypeError, ValueError, RecursionError):  # a value JSON cannot hold (NaN, a loop): not what was stored
        pass
    return "this record was changed after it was stored"


def verify_records(records: Iterable[tuple[Any, Any, int, Any, bytes | None]],
                   linked: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Check a chain of stored records ``(position, topic, version, stored JSON state, its bytes or None)`` in order.

    ``position`` is what a report names (the record's version, or an export's line number). Returns
    ``{"ok": True, "records": n, "head": digest}`` or ``{"ok": False, "position": p, "reason": text}``
    naming the first broken link. ``linked(format)``, if given, is told each record's chain format (3, 2 or 1)
    once it passed, before the next record is taken. Never raises for malformed records: they are broken links.
    """
    previous, count = GENESIS, 0
    for position, topic, version, state, raw in records:
        count += 1
        created = topic == _CREATED if isinstance(topic, str) and topic in TOPICS else record_kind(str(topic)) == "created"
        if count == 1 and not created:
            return {"ok": False, "position": position, "reason": "the chain does not start with the campaign's creation record"}
        if count > 1 and created:
            return {"ok": False, "position": position, "reason": "a second creation record inside the chain"}
        found = link_format(previous, topic, version, state, raw)
        if isinstance(found, str):
            return {"ok": False, "position": position, "reason": found}
        if linked is not None:
            linked(found)
        previous = state["digest"]
    if count == 0:
        return {"ok": False, "position": None, "reason": "no records"}
    return {"ok": True, "records": count, "head": previous}
