"""The stored records as the read models read them (:mod:`projections.readmodels`): a game event as a
:class:`GameRecord`, any other record as a :class:`Record`, and what each kind of record does to the read models
(:func:`_role`). Shared by the catch-up machinery and each read model; no table is written here."""

from __future__ import annotations

import functools
import json
import uuid
from typing import Any, NamedTuple

from eventsourcing.sqlite import SQLiteApplicationRecorder
from eventsourcing.utils import get_topic, resolve_topic

from domain.core.campaign import Campaign

HISTORY_KINDS = {Campaign.Created: "created", Campaign.ActionRecorded: "action", Campaign.ActionUndone: "undo",
                 Campaign.ActionRedone: "redo", Campaign.ActionCorrected: "correction", Campaign.ActionAmended: "amendment",
                 Campaign.Renamed: "rename", Campaign.Bookmarked: "bookmark", Campaign.BranchedFrom: "branched",
                 Campaign.ActionRedecided: "redecided"}
"""The stored records the history's index (``ql_history``) has a row for, by kind: every history entry's closing
record (:func:`domain.history.actions_from_events` makes one entry of each), and each re-decision (no entry)."""
GAME_TOPIC = get_topic(Campaign.GameEventRecorded)
_dumps = json.JSONEncoder(check_circular=False).encode
"""``json.dumps`` with its defaults (the same text) without its check for cycles, which read-model values never
have: about twice as fast on an audit row's events."""
_SCAN = json.JSONDecoder().scan_once
"""Parses one JSON value at an index of a str: what ``json.loads`` runs after detecting the bytes' encoding (the
library's transcoder writes UTF-8 with nothing around the object)."""



class GameRecord(NamedTuple):
    """A stored ``Campaign.GameEventRecorded`` as the read models use it: one of an action's game events."""

    originator_id: uuid.UUID
    action_id: str
    type: str
    data: dict[str, Any]


class Record(NamedTuple):
    """Any other stored record as the read models use it: its event class (``kind``), originator, version and
    fields (``state``, as the event class's current version has them; empty for records the read models skip)."""

    kind: type
    originator_id: uuid.UUID
    originator_version: int
    state: dict[str, Any]


class Note(NamedTuple):
    """A stored notification as :func:`read_notifications` reads it: the library's ``Notification`` fields."""

    id: int
    originator_id: uuid.UUID
    originator_version: int
    topic: str
    state: bytes


_note = functools.partial(tuple.__new__, Note)


def read_notifications(recorder: Any, start: int, limit: int, ids: dict[str, uuid.UUID]) -> list[Any]:
    """Up to ``limit`` notifications from id ``start`` on, in id order: ``recorder.select_notifications(start, limit)``.

    From the library's SQLite recorder they are read with the same query as a :class:`Note` each, each campaign's id
    parsed once (``ids``: text -> UUID, kept by the caller across batches): the library builds a frozen dataclass and
    parses a UUID per notification, which is most of what reading costs a rebuild (bench figure 3). Any other
    recorder (PostgreSQL, whose driver returns UUIDs; a subclass or an instance with its own ``select_notifications``)
    is asked as usual."""
    library = getattr(recorder.select_notifications, "__func__", None) is SQLiteApplicationRecorder.select_notifications
    if not library or recorder.datastore.originator_id_type != "uuid":  # another recorder, or one whose reading is its own
        return list(recorder.select_notifications(start, limit))
    with recorder.datastore.transaction(commit=False) as cursor:
        cursor.execute(f"SELECT rowid, originator_id, originator_version, topic, state FROM {recorder.events_table_name} "
                       "WHERE rowid>=? ORDER BY rowid LIMIT ?", [start, limit])
        rows = cursor.fetchall()
    out = []
    for row in rows:
        text = row[1]
        oid = ids.get(text)
        if oid is None:
            oid = ids[text] = uuid.UUID(text)
        out.append(_note((row[0], oid, row[2], row[3], row[4])))
    return out


_game_record = functools.partial(tuple.__new__, GameRecord)
"""``GameRecord`` from a tuple of its four fields, without the generated ``__new__`` (one per game event read)."""


def _record(event: Any) -> GameRecord | Record:
    """A domain event (just saved, or decoded by the mapper) as a :class:`GameRecord` or :class:`Record`."""
    if isinstance(event, Campaign.GameEventRecorded):
        return _game_record((event.originator_id, event.action_id, event.type, event.data))
    return Record(type(event), event.originator_id, event.originator_version, vars(event))


INDEXED = (Campaign.Created, Campaign.ActionRecorded, Campaign.ActionUndone, Campaign.ActionRedone, Campaign.Renamed, Campaign.Bookmarked,
           Campaign.ActionCorrected, Campaign.ActionAmended, Campaign.BranchedFrom)
"""The records after which a campaign's index row and kept views are written again."""
_ROLES: dict[type, tuple[str | None, bool, str | None]] = {}


def _role(kind: type) -> tuple[str | None, bool, str | None]:
    """What a record does to the read models: to the audit, ``"action"`` (an action's closing record),
    ``"redecided"``, ``"undo"``, ``"redo"``, ``"correction"``, ``"amendment"`` (a row and a change to the action's row),
    or ``None`` (nothing); whether the index row and kept views are written again after it; and its kind in the
    history's index (:data:`HISTORY_KINDS`, ``None``: no row). Remembered per class."""
    if kind not in _ROLES:
        roles = ((Campaign.ActionRecorded, "action"), (Campaign.ActionRedecided, "redecided"), (Campaign.ActionUndone, "undo"),
                 (Campaign.ActionRedone, "redo"), (Campaign.ActionCorrected, "correction"), (Campaign.ActionAmended, "amendment"))
        role = next((name for cls, name in roles if issubclass(kind, cls)), None)
        _ROLES[kind] = (role, issubclass(kind, INDEXED), HISTORY_KINDS.get(kind))
    return _ROLES[kind]


@functools.cache
def _indexes(topic: str) -> bool:
    """Whether a stored record of ``topic`` has the index row and kept views written again (see :data:`INDEXED`)."""
    try:
        return _role(resolve_topic(topic))[1]
    except Exception:  # a topic this code cannot resolve: the mapper names it when the record is decoded
        return False

