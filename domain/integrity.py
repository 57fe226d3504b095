"""Tamper evidence over everything a store holds for a campaign: its records, its snapshots, its length.

- Records: each new record is sealed over its stored form before it is saved (:func:`seal_campaign`, the
  chain's rules in :mod:`domain.core.chain`).
- Snapshots: each snapshot's stored state carries ``state_digest``, a SHA-256 over that stored state (which
  includes ``last_digest``, the chain's head at the snapshot's version). :class:`CheckedSnapshots` serves
  only snapshots whose digest matches; any other is logged and skipped, so the campaign is replayed from
  its records instead (a forged snapshot is never served). Because that digest is not keyed, ``verify``
  also rebuilds every snapshot from the records and compares (:func:`verify_store`).
- Length: a chain cut short still verifies by itself, so ``verify`` compares its length with what the
  campaign index (a read model) and the snapshots saw.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import logging
import secrets
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from eventsourcing.persistence import EventStore, Mapper, StoredEvent

from domain.core.chain import canonical, seal_events, verify_records

if TYPE_CHECKING:
    from domain.application import Questlog
    from domain.core.campaign import Campaign

log = logging.getLogger("questlog.integrity")
STATE_DIGEST = "state_digest"


def stored_json(mapper: Any, state: bytes) -> Any:
    """A stored record's state as the JSON the store holds (deciphered and decompressed if configured).

    Raises ``ValueError`` (or the cipher's error) when it is not JSON."""
    if mapper.cipher:
        state = mapper.cipher.decrypt(state)
    if mapper.compressor:
        state = mapper.compressor.decompress(state)
    return json.loads(state)


_PLACEHOLDER = secrets.token_hex(32)
"""Stands for a record's digest while it is encoded to be sealed: 64 hex characters like a digest, drawn per process."""


class SealingMapper(Mapper):
    """The library's mapper, except that a record :func:`seal_campaign` sealed is stored as the very bytes the seal
    was computed over (its digest written in), instead of being encoded once more when it is saved.

    Used only without a cipher or compressor (:meth:`Questlog.construct_mapper`), so a record's stored state is
    its JSON as is; every other event is mapped as the library maps it."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._sealed: dict[int, tuple[Any, StoredEvent]] = {}  # id(event) -> (event, its stored form); the event is held so its id stays its own

    def encode(self, event: Any) -> StoredEvent:
        """``event``'s stored form as the library makes it (never a remembered one)."""
        return super().to_stored_event(event)

    def remember(self, event: Any, record: StoredEvent) -> None:
        """Store ``record`` when ``event`` is saved next (it must be what :meth:`encode` makes of ``event`` now)."""
        self._sealed[id(event)] = (event, record)

    def forget(self, events: Any) -> None:
        """Drop what was remembered for ``events`` and not used (a save that failed before storing them)."""
        for event in events:
            self._sealed.pop(id(event), None)

    def to_stored_event(self, domain_event: Any) -> StoredEvent:
        """The remembered stored form of a sealed record (once), else the library's mapping."""
        kept = self._sealed.pop(id(domain_event), None)
        if kept is not None and kept[0] is domain_event:
            return kept[1]
        return super().to_stored_event(domain_event)


def seal_campaign(campaign: Campaign, mapper: Any) -> None:
    """Set the chain fields of ``campaign``'s pending records over their stored form (before saving them).

    With a :class:`SealingMapper` each record is encoded once: with a placeholder digest (the digest covers
    the stored state without its ``digest``, so the placeholder changes nothing), then the digest replaces the
    placeholder in those bytes, which the mapper stores as they are; the bytes are those the library would make."""
    splice = isinstance(mapper, SealingMapper)
    encoded: dict[int, StoredEvent] = {}

    def stored(event: Any) -> tuple[str, int, Any]:
        if splice:
            object.__setattr__(event, "digest", _PLACEHOLDER)
            record = encoded[id(event)] = mapper.encode(event)
        else:
            record = mapper.to_stored_event(event)
        return record.topic, record.originator_version, stored_json(mapper, record.state)

    events = campaign.pending_events
    campaign.last_digest = seal_events(events, campaign.last_digest, stored)
    if splice:
        placeholder = _PLACEHOLDER.encode("ascii")
        for event in events:
            record = encoded[id(event)]
            if record.state.count(placeholder) == 1:  # else the data holds it too: the mapper encodes the record again
                mapper.remember(event, dataclasses.replace(record, state=record.state.replace(placeholder, event.digest.encode("ascii"))))


def _snapshot_digest(state: Any) -> str:
    return hashlib.sha256(canonical({k: v for k, v in state.items() if k != STATE_DIGEST})).hexdigest()


class CheckedSnapshots(EventStore):
    """The snapshot store: snapshots are stored with a digest of their state and served only when it matches."""

    def put(self, domain_events: Any, **kwargs: Any) -> Any:
        """Store snapshots, each with ``state_digest`` over its stored state."""
        for snapshot in domain_events:
            snapshot.state.pop(STATE_DIGEST, None)
            state = stored_json(self.mapper, self.mapper.to_stored_event(snapshot).state)["state"]
            snapshot.state[STATE_DIGEST] = _snapshot_digest(state)
        return super().put(domain_events, **kwargs)

    def get(self, originator_id: Any, *, gt: int | None = None, lte: int | None = None, desc: bool = False,
            limit: int | None = None) -> Iterator[Any]:
        """Snapshots whose digest matches their stored state; any other is logged and left out."""
        for record in self.recorder.select_events(originator_id=originator_id, gt=gt, lte=lte, desc=desc, limit=limit):
            if snapshot_error(self.mapper, record) is None:
                snapshot = self.mapper.to_domain_event(record)
                snapshot.state.pop(STATE_DIGEST, None)
                yield snapshot
            else:
                log.warning("snapshot of %s at version %s does not match its digest: not used", originator_id,
                            record.originator_version)


def snapshot_error(mapper: Any, record: StoredEvent) -> str | None:
    """Why a stored snapshot cannot be trusted as it stands, or ``None``."""
    try:
        state = stored_json(mapper, record.state)["state"]
        if state.get(STATE_DIGEST) != _snapshot_digest(state):
            return "the snapshot's state does not match its digest"
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
        return "the snapshot is not readable"
    return None


def verify_store(app: Questlog, campaign_id: Any) -> dict[str, Any]:
    """Verify a campaign in the store: its chain, its snapshots, and its length against the campaign index.

    Returns :func:`~domain.core.chain.verify_records`'s report (positions are versions) plus ``"checked"``
    (what was compared) when the chain holds; a broken snapshot or a cut-short stream is a failure.
    """
    mapper = app.mapper
    stored = app.recorder.select_events(campaign_id)
    report = verify_records((s.originator_version, s.topic, s.originator_version, _json_or_none(mapper, s.state)) for s in stored)
    if not report["ok"]:
        return report
    count = len(stored)
    if stored[-1].originator_version != count:
        return {"ok": False, "position": count, "reason": "the stored versions are not 1..n without gaps"}
    for check in (_snapshots_report, _length_report):
        failure = check(app, campaign_id, count)
        if failure:
            return failure
    return {**report, "checked": ["every record's digest and link", "every snapshot against a replay of the records",
                                  "the chain's length against the campaign index and the snapshots"]}


def _json_or_none(mapper: Any, state: bytes) -> Any:
    try:
        return stored_json(mapper, state)
    except Exception:  # not JSON at all: the chain reports it as a changed record
        return None


def _snapshots_report(app: Questlog, campaign_id: Any, count: int) -> dict[str, Any] | None:
    if app.snapshots is None:
        return None
    from eventsourcing.application import project_aggregate

    for record in app.snapshots.recorder.select_events(campaign_id):
        version = record.originator_version
        where = {"ok": False, "position": version}
        if version > count:
            return {**where, "reason": f"a snapshot at version {version} but the stream ends at {count}: records were removed from its end"}
        if error := snapshot_error(app.mapper, record):
            return {**where, "reason": f"snapshot at version {version}: {error}"}
        replayed = project_aggregate(None, app.events.get(campaign_id, lte=version))
        kept = stored_json(app.mapper, record.state)["state"]
        kept.pop(STATE_DIGEST, None)
        whole = "unsealed" in kept and "hidden_tail" not in kept  # taken before snapshots left a long tail out
        fresh = app.mapper.to_stored_event(type(replayed).Snapshot.take(replayed, **({"whole": True} if whole else {})))
        if stored_json(app.mapper, fresh.state)["state"] != kept:
            return {**where, "reason": f"snapshot at version {version} differs from a replay of the records: it was edited"}
    return None


def _length_report(app: Questlog, campaign_id: Any, count: int) -> dict[str, Any] | None:
    if app.read_models is None:  # opened without the composition root: no campaign index to compare
        return None
    rows = [r for r in app.read_models.campaigns() if r["campaign_id"] == str(campaign_id)]
    if rows and rows[0]["version"] > count:
        return {"ok": False, "position": count, "reason": f"the campaign index saw version {rows[0]['version']} but the stream "
                                                          f"ends at {count}: records were removed from its end"}
    return None
