"""API tokens: who may read and write which campaigns (DESIGN.md § Interfaces, API).

Tokens live in the same event store as the campaigns, in one event-sourced :class:`TokenRegistry`
aggregate under a fixed id. Only the SHA-256 of a token is stored; the token itself is shown once, when
it is issued. A token is either an *admin* token (every campaign; may create campaigns and grant tokens)
or a *campaign* token granted a list of campaigns, optionally read-only (a spectator's share token), optionally
limited to one *seat* (the person whose characters it may act for: DESIGN.md § The table page, Joining) and
expiring. An invite may carry a short *join code* a person can type instead of opening the link; the code is
stored hashed too and trades once per phone for a token with the invite's grant (:func:`join_with_code`).
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
from typing import TYPE_CHECKING, Any, Protocol

from eventsourcing.application import AggregateNotFoundError, project_aggregate
from eventsourcing.domain import Aggregate, event
from eventsourcing.persistence import IntegrityError

from domain.core.errors import BadInput, UnknownToken
from domain.core.names import clean_text, quoted

if TYPE_CHECKING:
    from domain.core.campaign import Campaign


class TokenStore(Protocol):
    """What the token registry uses of the store it lives in (the application service satisfies it): the repository
    (the registry aggregate), a save, and a campaign by id (a grant names only campaigns that exist)."""

    repository: Any

    def save(self, *objs: Any, **kwargs: Any) -> Any: ...

    def get_campaign(self, campaign_id: str | uuid.UUID, at: int | None = None) -> Campaign: ...


TOKENS_ID = uuid.uuid5(uuid.NAMESPACE_URL, "questlog:tokens")
"""The fixed id of the store's one :class:`TokenRegistry`."""

TOKEN_PREFIX = "qlt_"
TOKEN_SNAPSHOT_INTERVAL = 50
"""Registry events between snapshots of the :class:`TokenRegistry` (see ``Questlog.snapshotting_intervals``)."""
_RETRIES = 5


def token_snapshots_due(versions: Iterable[int], interval: int = TOKEN_SNAPSHOT_INTERVAL) -> list[int]:
    """The registry versions among ``versions`` to snapshot: every ``interval`` while the registry is small, then every
    quarter of its version rounded down to a power of two (every 1,024 events from version 4,096). A snapshot holds
    every token, so a fixed interval made issuing cost grow with the tokens issued; this way its cost per event stays
    bounded, and a cold start replays at most a quarter of the registry's events after its latest snapshot."""
    return [v for v in versions if v % max(interval, (1 << max(0, v.bit_length() - 1)) // 4) == 0]


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
    seat: str | None = None
    """The person at the table this token acts for (its actor), or ``None``: a table-wide token."""
    expires_at: str | None = None
    """ISO 8601 UTC time after which the token no longer authenticates, or ``None``."""

    def can_read(self, campaign_id: str) -> bool:
        """Whether this token may see campaign ``campaign_id`` (canonical str UUID)."""
        return self.admin or campaign_id in self.campaigns

    def expired(self, now: datetime | None = None) -> bool:
        """Whether the token's expiry has passed (``now``: UTC, default the clock)."""
        return self.expires_at is not None and (now or datetime.now(timezone.utc)).isoformat(timespec="seconds") >= self.expires_at

    def can_write(self, campaign_id: str) -> bool:
        """Whether this token may record, undo and redo in ``campaign_id``."""
        return self.can_read(campaign_id) and not self.read_only

    def to_dict(self) -> dict[str, Any]:
        """JSON form (never the token or its hash)."""
        return {"token_id": self.token_id, "admin": self.admin, "campaigns": list(self.campaigns),
                "read_only": self.read_only, "label": self.label, "created_at": self.created_at, "seat": self.seat,
                "expires_at": self.expires_at}


class TokenRegistry(Aggregate):
    """Every token issued in a store, by SHA-256 hex digest; revoked tokens are removed."""

    @event("Created")
    def __init__(self) -> None:
        self.tokens: dict[str, dict[str, Any]] = {}
        self.join_codes: dict[str, str] = {}
        """Join code hash -> the invite's token hash: the index :meth:`by_join_code` looks a code up in."""

    @event("TokenIssued")
    def issue(self, token_hash: str, admin: bool, campaigns: list[str], read_only: bool, label: str, created_at: str) -> None:
        """Record a new token (validated by :func:`issue_token` first)."""
        self.tokens[token_hash] = {"admin": admin, "campaigns": list(campaigns), "read_only": read_only,
                                   "label": label, "created_at": created_at}

    @event("TokenLimited")
    def limit(self, token_hash: str, seat: str | None, expires_at: str | None, join_code_hash: str | None) -> None:
        """Limit a token just issued (same save) to a seat and / or an expiry; remember its join code's hash. The
        token's record is replaced, never changed in place: copies of the registry share the records (:func:`_clone`)."""
        self.tokens[token_hash] = {**self.tokens[token_hash], "seat": seat, "expires_at": expires_at, "join_code": join_code_hash}
        if join_code_hash:
            self._codes()[join_code_hash] = token_hash

    @event("TokenRevoked")
    def revoke(self, token_hash: str) -> None:
        """Forget a token: it no longer authenticates."""
        info = self.tokens.pop(token_hash, None)
        if info and info.get("join_code"):
            self._codes().pop(info["join_code"], None)

    def _codes(self) -> dict[str, str]:
        """The join code index, built once from the records for a registry restored from a snapshot taken before the
        index existed (a snapshot restores the attributes it holds, and ``__init__`` does not run)."""
        codes = self.__dict__.get("join_codes")
        if codes is None:
            codes = self.join_codes = {info["join_code"]: h for h, info in self.tokens.items() if info.get("join_code")}
        return codes

    def by_join_code(self, code_hash: str) -> str | None:
        """The hash of the live token whose join code hashes to ``code_hash``, or ``None``: one dictionary look-up in
        the index (joining used to scan every token issued)."""
        return self._codes().get(code_hash)

    def grant(self, token_hash: str) -> Grant | None:
        """The :class:`Grant` of the token with this hash, or ``None``."""
        info = self.tokens.get(token_hash)
        if info is None:
            return None
        return Grant(token_hash[:12], info["admin"], tuple(info["campaigns"]), info["read_only"], info["label"], info["created_at"],
                     info.get("seat"), info.get("expires_at"))


def hash_token(token: str) -> str:
    """SHA-256 hex digest of a token, the only form stored."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


_KEPT: weakref.WeakKeyDictionary[Any, TokenRegistry] = weakref.WeakKeyDictionary()
_KEPT_LOCK = threading.Lock()


def _clone(registry: TokenRegistry) -> TokenRegistry:
    """A copy of ``registry`` to apply events to: its own ``tokens`` mapping (one pointer per token, at C speed), the
    token records shared, as no event changes a record in place (issuing a token used to deep-copy every record,
    twice: ~0.1 s per token with 3,000 of them)."""
    twin = copy.copy(registry)
    twin.tokens = dict(registry.tokens)
    twin.join_codes = dict(registry._codes())  # its own index too: an event applied to the twin must not change the original's
    twin._pending_events = []
    return twin


def _keep(app: TokenStore, registry: TokenRegistry) -> None:
    """Remember ``registry`` (stored up to its version, never changed again) as ``app``'s latest, unless a newer one is."""
    with _KEPT_LOCK:
        if (current := _KEPT.get(app)) is None or current.version <= registry.version:
            _KEPT[app] = registry


def _registry(app: TokenStore, *, writable: bool = False) -> TokenRegistry | None:
    """The latest registry. Each application keeps the one it last read or saved and reads only the registry events
    stored after it (one query, usually empty: a revocation anywhere is seen at once), so checking or issuing a token
    costs the same however many tokens were ever issued; a cold start loads the latest snapshot (every
    ``TOKEN_SNAPSHOT_INTERVAL`` events) and the few events after it. ``writable`` returns a private copy to change and
    save (:func:`_clone`)."""
    with _KEPT_LOCK:
        kept = _KEPT.get(app)
    if kept is None:
        try:
            latest = app.repository.get(TOKENS_ID)
        except AggregateNotFoundError:
            return None
    else:
        newer = list(app.repository.event_store.get(TOKENS_ID, gt=kept.version))
        latest = project_aggregate(_clone(kept), newer) if newer else kept
    _keep(app, latest)
    return _clone(latest) if writable else latest


def issue_token(app: TokenStore, *, admin: bool = False, campaigns: Iterable[str] = (), read_only: bool = False,
                label: str = "", seat: str | None = None, expires_at: datetime | None = None) -> tuple[str, Grant]:
    """Issue a token; returns ``(token, grant)``. The token is shown once and never stored.

    A token is admin or granted campaigns (which must exist), not both. ``seat`` (a person's name, as the core's
    ``seat`` action names people) limits it to that person's characters and the table's actions; ``expires_at``
    (aware datetime, in the future) ends it. :func:`issue_invite` also gives a join code. Raises :class:`BadInput`.
    """
    token, grant, _ = _issue(app, admin, campaigns, read_only, label, seat, expires_at, False)
    return token, grant


def issue_invite(app: TokenStore, campaign_id: str, *, read_only: bool = False, label: str = "invite", seat: str | None = None,
                 expires_at: datetime | None = None) -> tuple[str, Grant, str]:
    """An invite to one campaign: ``(token, grant, join_code)``; the code (``ABCD-EFGH``, 40 bits) trades for a token
    with the same grant (:func:`join_with_code`) until the invite expires or is revoked. Raises :class:`BadInput`."""
    return _issue(app, False, [campaign_id], read_only, label, seat, expires_at, True)


_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I: typed from a screen


def normal_code(code: str) -> str:
    """A join code as stored: upper case, without spaces or dashes (``abcd-efgh`` -> ``ABCDEFGH``)."""
    return "".join(ch for ch in str(code).upper() if ch.isalnum())


def _issue(app: TokenStore, admin: bool, campaigns: Iterable[str], read_only: bool, label: str, seat: str | None,
           expires_at: datetime | None, join_code: bool) -> tuple[str, Grant, str]:
    ids = sorted({str(app.get_campaign(c).id) for c in campaigns})
    if admin == bool(ids):
        raise BadInput("a token is either --admin or granted --campaign ID (one or more), not both or neither")
    if admin and (read_only or seat):
        raise BadInput("an admin token cannot be read-only or limited to a seat; grant campaigns with --read-only or --seat instead")
    if seat is not None and read_only:
        raise BadInput("a read-only token records nothing: --seat limits what a token may record")
    seat = clean_text(seat, "a seat (a person's name)", 80) if seat is not None else None
    label = clean_text(label, "a token label", 120) if label.strip() else ""
    expiry = _expiry(expires_at)
    token = TOKEN_PREFIX + secrets.token_urlsafe(32)
    digest = hash_token(token)
    code = "".join(secrets.choice(_CODE_ALPHABET) for _ in range(8)) if join_code else ""
    created_at = datetime.now(timezone.utc).isoformat(timespec="seconds")
    for _ in range(_RETRIES):
        registry = _registry(app, writable=True) or TokenRegistry._create(TokenRegistry.Created, id=TOKENS_ID)
        registry.issue(digest, admin, ids, read_only, label, created_at)
        if seat is not None or expiry is not None or code:
            registry.limit(digest, seat, expiry, hash_token(code) if code else None)
        try:
            app.save(registry)
            _keep(app, registry)  # the next issue starts from it, with no events to read back
            return token, registry.grant(digest), (f"{code[:4]}-{code[4:]}" if code else "")  # type: ignore[return-value]
        except IntegrityError:
            continue
    raise BadInput("the token registry is busy; try again")


def _expiry(expires_at: datetime | None) -> str | None:
    if expires_at is None:
        return None
    if expires_at.tzinfo is None:
        raise BadInput("an expiry needs a time zone (UTC)")
    if expires_at <= datetime.now(timezone.utc):
        raise BadInput(f"the expiry {expires_at.isoformat(timespec='seconds')} has passed: give a time in the future")
    return expires_at.astimezone(timezone.utc).isoformat(timespec="seconds")


def join_with_code(app: TokenStore, code: str, label: str = "") -> tuple[str, Grant]:
    """Trade an invite's join code for a new token with the invite's grant (its seat and expiry too); returns
    ``(token, grant)``. Raises :class:`BadInput` for an unknown, revoked or expired code (one message for all)."""
    registry = _registry(app)
    found = registry.by_join_code(hash_token(normal_code(code))) if registry and 6 <= len(normal_code(code)) <= 12 else None
    invite = registry.grant(found) if registry and found else None
    if invite is None or invite.expired():
        raise BadInput("no invite has this join code (or it expired): ask the table for the link or a new code",
                       {"code": ["unknown or expired"]})
    when = datetime.fromisoformat(invite.expires_at) if invite.expires_at else None
    token, grant, _ = _issue(app, False, invite.campaigns, invite.read_only, label or f"{invite.label} (joined by code)"[:120],
                             invite.seat, when, False)
    return token, grant


def authenticate(app: TokenStore, token: str) -> Grant | None:
    """The grant of ``token``, or ``None`` when it is unknown or revoked."""
    registry = _registry(app)
    found = registry.grant(hash_token(token)) if registry else None
    return None if found is None or found.expired() else found


def list_tokens(app: TokenStore, campaign_id: str | None = None) -> list[Grant]:
    """Every live token's grant, oldest first (expired ones included: they still show in the list until revoked);
    with ``campaign_id``, only the tokens granted that campaign (not admin tokens)."""
    registry = _registry(app)
    if registry is None:
        return []
    grants = sorted((registry.grant(h) for h in registry.tokens), key=lambda g: g.created_at)  # type: ignore[arg-type,union-attr]
    return [g for g in grants if campaign_id is None or campaign_id in g.campaigns]  # type: ignore[union-attr,misc]


def revoke_token(app: TokenStore, token_id: str) -> Grant:
    """Revoke the token whose id (a hash prefix of 6+ hex digits) is ``token_id``. Raises :class:`BadInput`."""
    token_id = token_id.strip().lower()
    for _ in range(_RETRIES):
        registry = _registry(app, writable=True)
        found = [h for h in (registry.tokens if registry else {}) if len(token_id) >= 6 and h.startswith(token_id)]
        if not found:
            raise UnknownToken(f"no token with id {quoted(token_id)}; `questlog token list` shows them")
        if len(found) != 1:
            raise BadInput(f"no single token with id {quoted(token_id)}; `questlog token list` shows them")
        grant = registry.grant(found[0])  # type: ignore[union-attr]
        registry.revoke(found[0])  # type: ignore[union-attr]
        try:
            app.save(registry)
            _keep(app, registry)  # type: ignore[arg-type]
            return grant  # type: ignore[return-value]
        except IntegrityError:
            continue
    raise BadInput("the token registry is busy; try again")


def has_tokens(app: TokenStore) -> bool:
    """Whether any live token exists in this store."""
    registry = _registry(app)
    return bool(registry and registry.tokens)


__all__ = ["Grant", "TOKENS_ID", "TokenRegistry", "authenticate", "token_snapshots_due", "hash_token", "has_tokens", "issue_invite", "issue_token", "join_with_code",
           "list_tokens", "normal_code", "revoke_token"]
