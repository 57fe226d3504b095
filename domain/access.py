"""API tokens: who may read and write which campaigns (DESIGN.md § Interfaces, API).

Tokens live in the same event store as the campaigns, in one event-sourced :class:`TokenRegistry`
aggregate under a fixed id. Only the SHA-256 of a token is stored; the token itself is shown once, when
it is issued. A token is either an *admin* token (every campaign; may create campaigns and grant tokens)
or a *campaign* token granted a list of campaigns, optionally read-only (a spectator's share token).
"""

from __future__ import annotations

import copy
import hashlib
import secrets
import threading
import uuid
import weakref
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any

from eventsourcing.application import AggregateNotFoundError, project_aggregate
from eventsourcing.domain import Aggregate, event
from eventsourcing.persistence import IntegrityError

from domain.core.errors import BadInput
from domain.core.names import clean_text

if TYPE_CHECKING:
    from domain.application import Questlog

TOKENS_ID = uuid.uuid5(uuid.NAMESPACE_URL, "questlog:tokens")
"""The fixed id of the store's one :class:`TokenRegistry`."""

TOKEN_PREFIX = "qlt_"
TOKEN_SNAPSHOT_INTERVAL = 50
"""Registry events between snapshots of the :class:`TokenRegistry` (see ``Questlog.snapshotting_intervals``)."""
_RETRIES = 5


@dataclass(frozen=True)
class Grant:
    """What one token may do. ``token_id`` is the first 12 hex digits of its hash (safe to show).

    ``admin`` tokens see every campaign; otherwise ``campaigns`` lists the granted ids and ``read_only``
    forbids writes.
    """

    token_id: str
    admin: bool = False
    campaigns: tuple[str, ...] = ()
    read_only: bool = False
    label: str = ""
    created_at: str = ""

    def can_read(self, campaign_id: str) -> bool:
        """Whether this token may see campaign ``campaign_id`` (canonical str UUID)."""
        return self.admin or campaign_id in self.campaigns

    def can_write(self, campaign_id: str) -> bool:
        """Whether this token may record, undo and redo in ``campaign_id``."""
        return self.can_read(campaign_id) and not self.read_only

    def to_dict(self) -> dict[str, Any]:
        """JSON form (never the token or its hash)."""
        return {"token_id": self.token_id, "admin": self.admin, "campaigns": list(self.campaigns),
                "read_only": self.read_only, "label": self.label, "created_at": self.created_at}


class TokenRegistry(Aggregate):
    """Every token issued in a store, by SHA-256 hex digest; revoked tokens are removed."""

    @event("Created")
    def __init__(self) -> None:
        self.tokens: dict[str, dict[str, Any]] = {}

    @event("TokenIssued")
    def issue(self, token_hash: str, admin: bool, campaigns: list[str], read_only: bool, label: str, created_at: str) -> None:
        """Record a new token (validated by :func:`issue_token` first)."""
        self.tokens[token_hash] = {"admin": admin, "campaigns": list(campaigns), "read_only": read_only,
                                   "label": label, "created_at": created_at}

    @event("TokenRevoked")
    def revoke(self, token_hash: str) -> None:
        """Forget a token: it no longer authenticates."""
        self.tokens.pop(token_hash, None)

    def grant(self, token_hash: str) -> Grant | None:
        """The :class:`Grant` of the token with this hash, or ``None``."""
        info = self.tokens.get(token_hash)
        if info is None:
            return None
        return Grant(token_hash[:12], info["admin"], tuple(info["campaigns"]), info["read_only"], info["label"], info["created_at"])


def hash_token(token: str) -> str:
    """SHA-256 hex digest of a token, the only form stored."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


_KEPT: weakref.WeakKeyDictionary[Any, TokenRegistry] = weakref.WeakKeyDictionary()
_KEPT_LOCK = threading.Lock()


def _registry(app: Questlog, *, writable: bool = False) -> TokenRegistry | None:
    """The latest registry. Each application keeps the one it last read and reads only the registry events stored
    after it (one query, usually empty: a revocation anywhere is seen at once), so checking a token costs the same
    however many tokens were ever issued; a cold start loads the latest snapshot (every ``TOKEN_SNAPSHOT_INTERVAL``
    events) and the few events after it. ``writable`` returns a private copy to change and save."""
    with _KEPT_LOCK:
        kept = _KEPT.get(app)
    if kept is None:
        try:
            latest = app.repository.get(TOKENS_ID)
        except AggregateNotFoundError:
            return None
    else:
        newer = list(app.repository.event_store.get(TOKENS_ID, gt=kept.version))
        latest = project_aggregate(copy.deepcopy(kept), newer) if newer else kept
    with _KEPT_LOCK:
        if (current := _KEPT.get(app)) is None or current.version <= latest.version:
            _KEPT[app] = latest
    return copy.deepcopy(latest) if writable else latest


def issue_token(app: Questlog, *, admin: bool = False, campaigns: Iterable[str] = (), read_only: bool = False,
                label: str = "") -> tuple[str, Grant]:
    """Issue a token; returns ``(token, grant)``. The token is shown once and never stored.

    A token is admin or granted campaigns (which must exist), not both. Raises :class:`BadInput`.
    """
    ids = sorted({str(app.get_campaign(c).id) for c in campaigns})
    if admin == bool(ids):
        raise BadInput("a token is either --admin or granted --campaign ID (one or more), not both or neither")
    if admin and read_only:
        raise BadInput("an admin token cannot be read-only; grant campaigns with --read-only instead")
    label = clean_text(label, "a token label", 120) if label.strip() else ""
    token = TOKEN_PREFIX + secrets.token_urlsafe(32)
    digest = hash_token(token)
    created_at = datetime.now(timezone.utc).isoformat(timespec="seconds")
    for _ in range(_RETRIES):
        registry = _registry(app, writable=True) or TokenRegistry._create(TokenRegistry.Created, id=TOKENS_ID)
        registry.issue(digest, admin, ids, read_only, label, created_at)
        try:
            app.save(registry)
            return token, registry.grant(digest)  # type: ignore[return-value]
        except IntegrityError:
            continue
    raise BadInput("the token registry is busy; try again")


def authenticate(app: Questlog, token: str) -> Grant | None:
    """The grant of ``token``, or ``None`` when it is unknown or revoked."""
    registry = _registry(app)
    return registry.grant(hash_token(token)) if registry else None


def list_tokens(app: Questlog) -> list[Grant]:
    """Every live token's grant, oldest first."""
    registry = _registry(app)
    if registry is None:
        return []
    return sorted((registry.grant(h) for h in registry.tokens), key=lambda g: g.created_at)  # type: ignore[arg-type,return-value]


def revoke_token(app: Questlog, token_id: str) -> Grant:
    """Revoke the token whose id (a hash prefix of 6+ hex digits) is ``token_id``. Raises :class:`BadInput`."""
    token_id = token_id.strip().lower()
    for _ in range(_RETRIES):
        registry = _registry(app, writable=True)
        found = [h for h in (registry.tokens if registry else {}) if len(token_id) >= 6 and h.startswith(token_id)]
        if len(found) != 1:
            raise BadInput(f"no single token with id {token_id!r}; `questlog token list` shows them")
        grant = registry.grant(found[0])  # type: ignore[union-attr]
        registry.revoke(found[0])  # type: ignore[union-attr]
        try:
            app.save(registry)
            return grant  # type: ignore[return-value]
        except IntegrityError:
            continue
    raise BadInput("the token registry is busy; try again")


def has_tokens(app: Questlog) -> bool:
    """Whether any live token exists in this store."""
    registry = _registry(app)
    return bool(registry and registry.tokens)


__all__ = ["Grant", "TOKENS_ID", "TokenRegistry", "authenticate", "hash_token", "has_tokens", "issue_token", "list_tokens", "revoke_token"]
