"""Verify's replay (:mod:`domain.integrity`) without the library's per-record overheads that change nothing: the records
read from SQLite without a dataclass and a UUID parse each (:func:`select_events`), a stored record's event made from
the JSON its chain check already parsed instead of the mapper decoding the same bytes a second time (:func:`event_of`).
(Folding without the library's per-event dispatch was measured too, and gained nothing: events are applied with
``mutate``.)

Decoding is done here only where that gives exactly the mapper's event: no cipher or compressor, the library's JSON transcoder, and a record
whose one typed value (``{"_type_": ..., "_data_": ...}``, the only thing the transcoder's decoding changes) is its
``timestamp``. Any other record is decoded by the mapper as usual. Cost measured on 20,000 records of bench figure 2's
campaign: 0.30 s by the mapper, most of it the second parse.
"""

from __future__ import annotations

import inspect
import json
import uuid
from typing import Any, NamedTuple

from eventsourcing.domain import CanMutateAggregate, DecoratedFuncCaller, OriginatorVersionError, decorated_funcs
from eventsourcing.persistence import JSONTranscoder, StoredEvent, find_id_convertor
from eventsourcing.sqlite import SQLiteAggregateRecorder
from eventsourcing.utils import resolve_topic

_TYPED = b'"_type_"'


class StoredRow(NamedTuple):
    """A stored record as :class:`~eventsourcing.persistence.StoredEvent` has it (the same four attributes)."""

    originator_id: Any
    originator_version: int
    topic: str
    state: bytes


def select_events(recorder: Any, originator_id: Any, *, gt: int = 0, lte: int | None = None, limit: int) -> list[Any]:
    """``recorder.select_events(originator_id, gt=gt, lte=lte, limit=limit)`` in ascending order. From the library's SQLite
    recorder (UUID ids, its own ``select_events``) the same query is run and each row is a :class:`StoredRow` carrying
    ``originator_id`` itself; any other recorder is asked as usual (PostgreSQL's driver returns UUIDs)."""
    library = getattr(recorder.select_events, "__func__", None) is SQLiteAggregateRecorder.select_events
    if not library or not isinstance(originator_id, uuid.UUID) or recorder.datastore.originator_id_type != "uuid":
        return list(recorder.select_events(originator_id, gt=gt, lte=lte, limit=limit))
    statement, params = recorder.select_events_statement + "AND originator_version>? ", [originator_id.hex, gt]
    if lte is not None:
        statement, params = statement + "AND originator_version<=? ", [*params, lte]
    with recorder.datastore.transaction(commit=False) as cursor:
        cursor.execute(statement + "ORDER BY originator_version ASC LIMIT ?", [*params, limit])
        return [StoredRow(originator_id, row["originator_version"], row["topic"], row["state"]) for row in cursor.fetchall()]


def event_of(mapper: Any, record: StoredEvent, state: Any) -> Any:
    """``record``'s domain event, as ``mapper.to_domain_event(record)`` makes it, reusing ``state`` (its stored JSON,
    parsed; left unchanged: the event gets a shallow copy, so the two share nested values, which a replay must not
    mutate where ``state`` is still read). Raises what the mapper raises on a record it cannot decode."""
    plan = _plan(mapper, record, state)
    if plan is None:
        return mapper.to_domain_event(record)
    event = object.__new__(plan.cls)
    object.__setattr__(event, "__dict__", _event_state(plan, record, state))
    return event


class Replay:
    """Folds one stream's stored records into its aggregate, as ``event_of(mapper, record, state).mutate(aggregate)``
    would, without making each event only to take it apart again.

    For an ``@event`` method's event class that overrides neither ``mutate`` nor ``apply`` (the library's ``apply`` calls
    the method with the event's attributes its parameters name, then sets the aggregate's ``version`` and
    ``modified_on``), on a record :func:`event_of` decodes itself and at its class's version (no upcast), the method is
    called with those values straight from ``state``. Anything else (the creation record, another id, an upcast, a
    record the mapper must decode) goes through the event's ``mutate``. A version out of sequence raises the library's
    ``OriginatorVersionError`` either way."""

    def __init__(self, mapper: Any) -> None:
        transcoder = getattr(mapper, "transcoder", None)
        names = getattr(transcoder, "names", None)
        plain = not mapper.cipher and not mapper.compressor and isinstance(transcoder, JSONTranscoder) and isinstance(names, dict)
        self.mapper, self.names = mapper, names if plain else None
        self.methods: dict[str, tuple[Any, frozenset[str], int] | None] = {}

    def apply(self, aggregate: Any, record: StoredEvent, state: Any) -> Any:
        """``aggregate`` with ``record`` (``state``: its stored JSON, parsed, left unchanged) applied; returns it (a new
        aggregate for a creation record). Raises what the event's ``mutate`` or the mapper raises."""
        method = self._method(record.topic) if self.names is not None and aggregate is not None else None
        stamp = state.get("timestamp") if method is not None and isinstance(state, dict) else None
        if (stamp is None or type(stamp) is not dict or len(stamp) != 2 or type(stamp.get("_data_")) is not str
                or stamp.get("_type_") not in self.names or state.get("class_version", 1) != method[2]
                or record.state.count(_TYPED) != 1 or record.originator_id != aggregate.id):
            return event_of(self.mapper, record, state).mutate(aggregate)
        if record.originator_version != aggregate.version + 1:
            raise OriginatorVersionError(record.originator_version, aggregate.version + 1)
        func, names, _ = method
        when = self.names[stamp["_type_"]].decode(stamp["_data_"])
        kwargs = {k: v for k, v in state.items() if k in names}
        kwargs.pop("class_version", None)
        for key, value in (("timestamp", when), ("originator_id", record.originator_id), ("originator_version", record.originator_version)):
            if key in names:
                kwargs[key] = value
        func.__get__(aggregate, type(aggregate))(**kwargs)
        aggregate.version = record.originator_version
        aggregate.modified_on = when
        return aggregate

    def _method(self, topic: str) -> tuple[Any, frozenset[str], int] | None:
        if topic not in self.methods:
            cls = resolve_topic(topic)
            method = _plain_method(cls)
            self.methods[topic] = (*method, getattr(cls, "class_version", 1)) if method is not None else None
        return self.methods[topic]


class _Plan(NamedTuple):
    cls: Any
    transcoding: Any


def _plan(mapper: Any, record: StoredEvent, state: Any) -> _Plan | None:
    """How to decode ``record`` from ``state`` here, or ``None`` where only the mapper gives its exact event."""
    transcoder = getattr(mapper, "transcoder", None)
    stamp = state.get("timestamp") if isinstance(state, dict) else None
    names = getattr(transcoder, "names", None)
    if (mapper.cipher or mapper.compressor or not isinstance(transcoder, JSONTranscoder) or not isinstance(names, dict)
            or not isinstance(stamp, dict) or len(stamp) != 2 or not isinstance(stamp.get("_data_"), str)
            or stamp.get("_type_") not in names or record.state.count(_TYPED) != 1):
        return None
    cls = resolve_topic(record.topic)
    return _Plan(cls, names[stamp["_type_"]])


def _event_state(plan: _Plan, record: StoredEvent, state: dict[str, Any]) -> dict[str, Any]:
    cls = plan.cls
    event_state = dict(state)
    event_state["timestamp"] = plan.transcoding.decode(state["timestamp"]["_data_"])
    event_state["originator_id"] = find_id_convertor(cls, type(record.originator_id))(record.originator_id)
    event_state["originator_version"] = record.originator_version
    class_version = getattr(cls, "class_version", 1)
    from_version = event_state.pop("class_version", 1)
    while from_version < class_version:
        getattr(cls, f"upcast_v{from_version}_v{from_version + 1}")(event_state)
        from_version += 1
    return event_state


_METHODS: dict[type, tuple[Any, frozenset[str]] | None] = {}


def _plain_method(cls: type) -> tuple[Any, frozenset[str]] | None:
    """The decorated function ``cls``'s events call and its parameter names, or ``None`` where ``cls`` does more."""
    if cls not in _METHODS:
        _METHODS[cls] = None
        func = decorated_funcs.get(cls)
        after = cls.__mro__[cls.__mro__.index(DecoratedFuncCaller) + 1:] if DecoratedFuncCaller in cls.__mro__ else ()
        if inspect.isfunction(func) and after and cls.mutate is CanMutateAggregate.mutate \
                and cls.apply is DecoratedFuncCaller.apply and cls._as_dict is CanMutateAggregate._as_dict \
                and all("apply" not in vars(base) for base in after if base is not CanMutateAggregate):
            _METHODS[cls] = (func, frozenset(inspect.signature(func).parameters))
    return _METHODS[cls]


def bytes_or_none(mapper: Any, state: bytes) -> bytes | None:
    """A stored record's JSON bytes (deciphered, decompressed), ``None`` when the cipher cannot read them."""
    try:
        return _stored_bytes(mapper, state)
    except Exception:  # the cipher cannot read it: the chain reports it as a changed record
        return None


_SCAN = json.JSONDecoder().scan_once
"""Parses one JSON value at an index of a str: what ``json.loads`` runs after detecting the bytes' encoding and before
checking nothing follows (done here by the end index it returns)."""


def json_or_none(raw: bytes | None) -> Any:
    """``raw`` parsed as ``json.loads`` parses it, ``None`` when it is not JSON (the chain reports it as a changed record)."""
    if raw is None:
        return None
    try:
        text = raw.decode("utf-8")
        value, end = _SCAN(text, 0)
        if end == len(text):
            return value
    except Exception:  # noqa: S110 (json.loads below decides: other encodings, white space around, or not JSON)
        pass
    try:
        return json.loads(raw)
    except Exception:
        return None


def _stored_bytes(mapper: Any, state: bytes) -> bytes:
    if mapper.cipher:
        state = mapper.cipher.decrypt(state)
    if mapper.compressor:
        state = mapper.compressor.decompress(state)
    return state
