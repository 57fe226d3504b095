"""Tamper evidence over everything a store holds for a campaign: its records, its snapshots, its length.

- Records: each new record is sealed over its stored form before it is saved (:func:`seal_campaign`, the
  chain's rules in :mod:`domain.core.chain`).
- Snapshots: each snapshot's stored state carries ``state_digest``, a SHA-256 over that stored state (which
  includes ``last_digest``, the chain's head at the snapshot's version; :mod:`domain.snapshot_digest`).
  :class:`CheckedSnapshots` serves only snapshots whose digest matches; any other is logged and skipped, so the
  campaign is replayed from its records instead (a forged snapshot is never served). Because that digest is not
  keyed, ``verify`` also rebuilds every snapshot from the records and compares (:func:`verify_store`).
- Length: a chain cut short still verifies by itself, so ``verify`` compares its length with what the
  campaign index (a read model) and the snapshots saw.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import logging
import uuid
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, Protocol

from eventsourcing.persistence import EventStore, Mapper, StoredEvent

from domain.core.chain import PLACEHOLDER, seal_events, verify_records
from domain.decoding import Replay, bytes_or_none as _bytes_or_none, json_or_none as _json_or_none, select_events
from domain.snapshot_digest import STATE_DIGEST, checked_state, digest_for, same_as_fresh

if TYPE_CHECKING:
    from domain.core.campaign import Campaign


class VerifiedStore(Protocol):
    """What verifying a campaign reads (the application service satisfies it): the event store's recorder, the snapshot
    store (``None``: no snapshots), the mapper, the read models (``None``: not attached), and the latest campaign."""

    recorder: Any
    snapshots: Any
    mapper: Any
    read_models: Any

    def get_campaign(self, campaign_id: str | uuid.UUID, at: int | None = None) -> Campaign: ...


log = logging.getLogger("questlog.integrity")


def stored_json(mapper: Any, state: bytes) -> Any:
    """A stored record's state as the JSON the store holds (deciphered and decompressed if configured).

    Raises ``ValueError`` (or the cipher's error) when it is not JSON."""
    return json.loads(stored_bytes(mapper, state))


def stored_bytes(mapper: Any, state: bytes) -> bytes:
    """A stored record's JSON bytes as the store holds them, deciphered and decompressed if configured (the bytes a
    format-3 digest covers). Raises the cipher's or compressor's error on bytes they cannot read."""
    if mapper.cipher:
        state = mapper.cipher.decrypt(state)
    if mapper.compressor:
        state = mapper.compressor.decompress(state)
    return state


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
        """Store ``record`` when ``event`` is saved next (it must be what :meth:`encode` makes of ``event`` now, its
        digest aside)."""
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

    With a :class:`SealingMapper` each record is encoded once, with a placeholder digest, and sealed in chain format 3
    over those bytes (:func:`~domain.core.chain.seal_events`): the mapper stores them with the digest written in. With
    any other mapper (a cipher or compressor configured: it encodes each record again when saving) records are sealed
    in format 2, over their parsed state."""
    splice = isinstance(mapper, SealingMapper)
    encoded: dict[int, StoredEvent] = {}

    def stored(event: Any) -> tuple[str, int, bytes]:
        record = encoded[id(event)] = mapper.encode(event) if splice else mapper.to_stored_event(event)
        return record.topic, record.originator_version, stored_bytes(mapper, record.state)

    events = campaign.pending_events
    campaign.last_digest, sealed = seal_events(events, campaign.last_digest, stored, PLACEHOLDER if splice else None)
    if splice:
        for event, raw in zip(events, sealed):
            if raw is not None:  # else sealed in format 2: the mapper encodes the record again
                mapper.remember(event, dataclasses.replace(encoded[id(event)], state=raw))


def view_seal(head: str, text: str) -> str:
    """SHA-256 hex tying a kept view's stored JSON ``text`` to ``head``, the chain's digest at the view's version: a
    kept view is served only when its seal matches the stream's head (``Questlog.kept_view``). Not keyed: a forger who
    recomputes it is found by ``verify``, which compares every kept view with a replay of the records."""
    return hashlib.sha256(f"{head}\n{text}".encode("utf-8", "surrogatepass")).hexdigest()


class CheckedSnapshots(EventStore):
    """The snapshot store: snapshots are stored with a digest of their state and served only when it matches."""

    def put(self, domain_events: Any, **kwargs: Any) -> Any:
        """Store snapshots, each with ``state_digest`` over its stored state (:func:`~domain.snapshot_digest.digest_for`)."""
        for snapshot in domain_events:
            snapshot.state.pop(STATE_DIGEST, None)
            encoded = self.mapper.transcoder.encode(snapshot.state)
            snapshot.state[STATE_DIGEST] = digest_for(json.loads(encoded), encoded)
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
    return _checked_state(mapper, record)[1]


def _checked_state(mapper: Any, record: StoredEvent) -> tuple[Any, str | None]:
    """A stored snapshot's state (its stored JSON, parsed once) and why it cannot be trusted (``None``: it can)."""
    try:
        stored = stored_json(mapper, record.state)
    except (ValueError, TypeError, RecursionError):
        return None, "the snapshot is not readable"
    return checked_state(stored)


PAGE = 500
"""Records read from the store at a time by :func:`verify_store` and the export: memory stays flat however long the stream."""


def stored_records(recorder: Any, campaign_id: Any, *, lte: int | None = None, page: int | None = None) -> Iterator[StoredEvent]:
    """A stream's stored records in order, read ``page`` (default :data:`PAGE`) at a time, never the whole stream at
    once, up to version ``lte``."""
    page, after = page or PAGE, 0
    while True:
        batch = select_events(recorder, campaign_id, gt=after, lte=lte, limit=page)
        yield from batch
        if len(batch) < page:
            return
        after = batch[-1].originator_version


Lines = Callable[[int, str, Any, "bytes | None"], None]
"""``lines(version, topic, state, exact)``: told of each record once the chain has checked it (``state``: its stored JSON,
parsed; ``exact``: its stored bytes when the chain proved them in Questlog's exact form, i.e. sealed in chain format 3,
else ``None``)."""


def verify_store(app: VerifiedStore, campaign_id: Any, facts: dict[str, Any] | None = None, lines: Lines | None = None) -> dict[str, Any]:
    """Verify a campaign in the store in one pass over its records, in constant memory: its chain, every snapshot
    (compared with the replay as the replay passes its version), its length against the campaign index.

    Returns :func:`~domain.core.chain.verify_records`'s report (positions are versions) plus ``"checked"``
    (what was compared) when the chain holds; a broken snapshot or a cut-short stream is a failure. ``facts``,
    if given, is filled with what an export's header needs (``created``: the creation record's state, ``name``:
    the latest name), read in the same pass; ``lines``, if given, is told of every record the chain has checked, in
    order (an export writes its lines in the same pass; a failure may be found after some were told).
    """
    facts = {} if facts is None else facts
    pass_ = _OnePass(app, campaign_id, facts, lines)
    report = verify_records(pass_.records(), pass_.linked)
    if pass_.failure is not None:
        return pass_.failure
    if not report["ok"]:
        return report
    if pass_.gap is not None:
        return pass_.gap
    count = report["records"]
    if pass_.snapshot_beyond is not None:
        version = pass_.snapshot_beyond
        return {"ok": False, "position": version,
                "reason": f"a snapshot at version {version} but the stream ends at {count}: records were removed from its end"}
    for check in (_length_report, _read_models_report):
        failure = check(app, campaign_id, count)
        if failure:
            return failure
    return {**report, "checked": ["every record's digest and link", "every snapshot against a replay of the records",
                                  "the chain's length against the campaign index and the snapshots",
                                  "the campaign index row and every kept view against the records"]}


class _OnePass:
    """The records of one stream for :func:`verify_records`, replayed as they pass: each snapshot is compared with the
    replay when it reaches the snapshot's version, so nothing is replayed twice and only one aggregate is held."""

    def __init__(self, app: VerifiedStore, campaign_id: Any, facts: dict[str, Any], lines: Lines | None = None) -> None:
        self.app, self.campaign_id, self.facts, self.lines = app, campaign_id, facts, lines
        self.failure: dict[str, Any] | None = None
        self.gap: dict[str, Any] | None = None
        self.snapshot_beyond: int | None = None
        self._snapshots = stored_records(app.snapshots.recorder, campaign_id) if app.snapshots is not None else iter(())
        self._next = next(self._snapshots, None)
        self._aggregate: Any = None
        self._replays = True
        self._replay = Replay(app.mapper)
        self._format = 0

    def linked(self, chain_format: int) -> None:
        """Told by the chain check of the format in which the record just passed."""
        self._format = chain_format

    def records(self) -> Iterator[tuple[int, str, int, Any]]:
        """``(position, topic, version, state)`` per stored record, in order; stops at the first failure found here."""
        expected = 0
        for record in stored_records(self.app.recorder, self.campaign_id):
            expected += 1
            version = record.originator_version
            if version != expected and self.gap is None:  # the chain names the record first; else this is the failure
                self.gap = {"ok": False, "position": expected, "reason": "the stored versions are not 1..n without gaps"}
            raw = _bytes_or_none(self.app.mapper, record.state)
            state = _json_or_none(raw)
            self._note(record.topic, state)
            yield version, record.topic, version, state, raw  # resumed once the chain has checked this record
            if self.lines is not None:
                self.lines(version, record.topic, state, raw if self._format == 3 else None)
            if not self._advance(record, state):
                return
        if self._next is not None:
            self.snapshot_beyond = self._next.originator_version

    def _note(self, topic: str, state: Any) -> None:
        if isinstance(state, dict):
            if "created" not in self.facts:
                self.facts["created"], self.facts["name"] = state, state.get("name")
            elif topic.endswith("Campaign.Renamed"):
                self.facts["name"] = state.get("name")

    def _advance(self, record: StoredEvent, state: Any) -> bool:
        """Fold ``record`` (``state``: its parsed JSON) into the replay and compare the snapshot due at its version;
        ``False`` on a failure. The creation record is decoded apart (its parsed state is an export's header)."""
        version = record.originator_version
        if self._next is None or not self._replays:
            return True
        try:
            if version > 1:
                self._aggregate = self._replay.apply(self._aggregate, record, state)
            else:
                self._aggregate = self.app.mapper.to_domain_event(record).mutate(self._aggregate)
        except Exception:  # a record that does not decode: the chain reports it, or a later check does
            self._replays = False
            return True
        while self._next is not None and self._next.originator_version <= version:
            snapshot, self._next = self._next, next(self._snapshots, None)
            if snapshot.originator_version == version:
                error = self._compare(snapshot)
                if error:
                    self.failure = {"ok": False, "position": version, "reason": error}
                    return False
        return True

    def _compare(self, record: StoredEvent) -> str | None:
        """Why the stored snapshot ``record`` is not the replay's snapshot at its version, or ``None``: compared as bytes
        first (:func:`~domain.snapshot_digest.same_as_fresh`), else parsed and by value."""
        version = record.originator_version
        fresh_state = self.app.mapper.transcoder.encode(type(self._aggregate).Snapshot.take(self._aggregate).state)
        if same_as_fresh(_bytes_or_none(self.app.mapper, record.state) or b"", fresh_state):
            return None
        kept, error = _checked_state(self.app.mapper, record)
        if error:
            return f"snapshot at version {version}: {error}"
        kept.pop(STATE_DIGEST, None)
        whole = "unsealed" in kept and "hidden_tail" not in kept  # taken before snapshots left a long tail out
        fresh = self.app.mapper.to_stored_event(type(self._aggregate).Snapshot.take(self._aggregate, **({"whole": True} if whole else {})))
        if stored_json(self.app.mapper, fresh.state)["state"] != kept:
            return f"snapshot at version {version} differs from a replay of the records: it was edited"
        return None


def _read_models_report(app: VerifiedStore, campaign_id: Any, count: int) -> dict[str, Any] | None:
    """The first read model of the campaign that differs from what its (verified) records give, caught up first: its
    index row's name, game and version, and each kept view's data and seal."""
    if app.read_models is None:
        return None
    app.read_models.catch_up()
    campaign = app.get_campaign(campaign_id)
    where = {"ok": False, "position": count}
    rows = [r for r in app.read_models.campaigns() if r["campaign_id"] == str(campaign_id)]
    if rows:
        row = rows[0]
        wrong = [k for k, v in (("name", campaign.name), ("game", campaign.game), ("version", campaign.version)) if row[k] != v]
        if wrong:
            return {**where, "reason": f"the campaign index's {', '.join(wrong)} differ from the records: the read model was edited "
                                       "(`questlog rebuild` restores it)"}
    ruleset = campaign.ruleset
    for kept in app.read_models.kept_views(str(campaign_id)):
        draw = ruleset.views.get(kept["view"])
        if draw is None or kept["version"] != campaign.version:
            continue
        if json.loads(kept["data"]) != json.loads(json.dumps(draw(campaign.state))):
            return {**where, "reason": f"the kept {kept['view']} view differs from a replay of the records: the read model was "
                                       "edited (`questlog rebuild` restores it)"}
    return None


def _length_report(app: VerifiedStore, campaign_id: Any, count: int) -> dict[str, Any] | None:
    if app.read_models is None:  # opened without the composition root: no campaign index to compare
        return None
    rows = [r for r in app.read_models.campaigns() if r["campaign_id"] == str(campaign_id)]
    if rows and rows[0]["version"] > count:
        return {"ok": False, "position": count, "reason": f"the campaign index saw version {rows[0]['version']} but the stream "
                                                          f"ends at {count}: records were removed from its end"}
    return None
