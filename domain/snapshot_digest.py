"""A stored snapshot's own digest (``state_digest``), and the cheap check that a stored snapshot is exactly a fresh one.

Each snapshot's stored state carries ``state_digest`` as its last member: a SHA-256 over the rest of that state.
Snapshots stored since 2026-12 (digest format 2) hash the state's JSON bytes as the store holds them
(:func:`bytes_digest`); older ones (format 1) its canonical JSON (sorted keys, ASCII escapes:
:func:`canonical_digest`). A stored snapshot is trusted when either matches (:func:`checked_state`).

Because the digest is not keyed, ``verify`` also compares every snapshot with one taken from a replay of the records
(:mod:`domain.integrity`). :func:`same_as_fresh` does that on bytes: a stored snapshot whose bytes are exactly those
the replay's snapshot would be stored as (the library's envelope, then the same state, then its format-2 digest) is
that snapshot, digest included, with no parse and no re-encoding of the stored one; anything else is compared the
slow way (parsed, by value), so a snapshot stored in another order or format is still judged rightly.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

from domain.core.chain import canonical, exact_form

STATE_DIGEST = "state_digest"
_FRAME = b"questlog snapshot 2\n"
_ENVELOPE = re.compile(rb'\{"timestamp":\{"_type_":"datetime_iso","_data_":"[0-9T:.+-]{10,40}"\},"topic":"[A-Za-z0-9_.:]{1,200}",')
"""What the library writes before a snapshot's ``state`` (its last member): its own timestamp and the aggregate's topic."""


def canonical_digest(state: dict[str, Any]) -> str:
    """Format-1 digest of a snapshot's parsed stored ``state`` (its ``state_digest`` left out): SHA-256 hex of its
    canonical JSON. Raises ``ValueError`` / ``TypeError`` for what JSON cannot hold."""
    return hashlib.sha256(canonical({k: v for k, v in state.items() if k != STATE_DIGEST})).hexdigest()


def bytes_digest(state_bytes: bytes) -> str:
    """Format-2 digest: SHA-256 hex over a snapshot state's stored JSON bytes, ``state_digest`` not yet in them."""
    return hashlib.sha256(_FRAME + state_bytes).hexdigest()


def digest_for(state: dict[str, Any], encoded: bytes) -> str:
    """The ``state_digest`` to store with a snapshot whose ``state`` (no ``state_digest`` in it) the library encodes
    as ``encoded`` (the state's JSON, not the envelope): format 2 when those bytes are in Questlog's exact form, so
    a check can recompute them from the parsed state, else format 1."""
    try:
        if len(encoded) > 2 and exact_form(state) == encoded:
            return bytes_digest(encoded)
    except (ValueError, TypeError):
        pass
    return canonical_digest(state)


def checked_state(stored: Any) -> tuple[Any, str | None]:
    """``stored`` (a snapshot's stored JSON, parsed)'s ``state`` and why it cannot be trusted (``None``: it can)."""
    try:
        state = stored["state"]
        claimed = state.get(STATE_DIGEST)
        rest = {k: v for k, v in state.items() if k != STATE_DIGEST}
        if claimed != bytes_digest(_exact_or_empty(rest)) and claimed != canonical_digest(state):
            return None, "the snapshot's state does not match its digest"
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
        return None, "the snapshot is not readable"
    return state, None


def _exact_or_empty(state: dict[str, Any]) -> bytes:
    try:
        return exact_form(state)
    except (ValueError, TypeError):
        return b""


def same_as_fresh(stored: bytes, fresh_state: bytes) -> bool:
    """Whether ``stored`` (a snapshot's stored JSON bytes) is exactly what a snapshot whose state the library encodes as
    ``fresh_state`` is stored as, with its format-2 digest: then its state equals the fresh one and its digest holds.
    ``False`` says nothing more (another key order, an older digest, an edit: compare the slow way)."""
    if len(fresh_state) <= 2 or not fresh_state.endswith(b"}"):
        return False
    tail = b'"state":' + fresh_state[:-1] + b',"' + STATE_DIGEST.encode() + b'":"' + bytes_digest(fresh_state).encode() + b'"}}'
    return stored.endswith(tail) and _ENVELOPE.fullmatch(stored, 0, len(stored) - len(tail)) is not None
