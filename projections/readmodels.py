"""Persisted read models fed from the notification log: the campaign index, the audit history and the
game views each ruleset keeps (``Ruleset.kept_views``), with the position tracked in the same transaction
as each update. Audit rows are tagged with the characters the campaign's own ruleset says each event
involves (``Ruleset.involves``).

On SQLite the library's projection runner cannot subscribe, so read models are *pulled*:
:meth:`ReadModels.catch_up` reads the notifications after the tracked position in batches and applies
each batch in one transaction. The application calls it after every write; ``questlog rebuild`` empties
and replays them. Values are derived only from events up to the batch's position (the aggregate is
loaded *at that version*), so a rebuilt read model equals the incrementally built one.
"""

from __future__ import annotations

import itertools
import json
import threading
import uuid
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from eventsourcing.persistence import IntegrityError

from domain.core.campaign import Campaign
from domain.core.ruleset import TABLE_KEY, Ruleset, get_ruleset
from domain.core.table_events import CORE_EVENTS

from .recorders import SQLiteReadModelRecorder

if TYPE_CHECKING:
    from domain.application import Questlog

BATCH = 5000
HISTORY_KINDS = {Campaign.Created: "created", Campaign.ActionRecorded: "action", Campaign.ActionUndone: "undo",
                 Campaign.ActionRedone: "redo", Campaign.ActionCorrected: "correction", Campaign.ActionAmended: "amendment",
                 Campaign.Renamed: "rename", Campaign.Bookmarked: "bookmark", Campaign.BranchedFrom: "branched",
                 Campaign.ActionRedecided: "redecided"}
"""The stored records the history's index (``ql_history``) has a row for, by kind: every history entry's closing
record (:func:`domain.history.actions_from_events` makes one entry of each), and each re-decision (no entry)."""
PAGE = 50
"""Events read at a time, newest first, when an action's game events began before the batch in hand."""
Progress = Callable[[int, int], None]


class ReadModels:
    """The read models of one application's store."""

    def __init__(self, app: Questlog) -> None:
        self.app = app
        self._recorder: Any = None
        self._catching_up = threading.Lock()

    @property
    def recorder(self) -> Any:
        """The tracking recorder of the read-model tables (created on first use: a read-only command that never
        needs them does not open a write transaction for them)."""
        if self._recorder is None:
            if self.app.env.get("PERSISTENCE_MODULE") == "eventsourcing.postgres":
                from .recorders_pg import PostgresReadModelRecorder

                self._recorder = self.app.factory.tracking_recorder(PostgresReadModelRecorder)
            else:
                self._recorder = self.app.factory.tracking_recorder(SQLiteReadModelRecorder)
        return self._recorder

    # -- writing ---------------------------------------------------------------------------------

    def catch_up(self, progress: Progress | None = None, batch: int = BATCH, latest: Campaign | None = None) -> int:
        """Apply every notification after the tracked position; returns how many were read.

        ``progress(done, total)`` is called after each batch. A concurrent catch-up that wins a batch makes
        this one re-read from the new position (its own transaction rolled back: nothing applied twice).
        ``latest`` is a campaign aggregate just saved (never mutated again): where a batch ends at its version
        it is used instead of loading the campaign at that version. A batch shorter than ``batch`` was the
        last one: notifications stored after it are caught up by their own writers' catch-ups.

        One catch-up runs at a time in a process: concurrent writers queue here and then find their events
        already applied by the one before them (one batch for many writes instead of a race per write).
        """
        with self._catching_up:
            return self._catch_up(progress, batch, latest)

    def _catch_up(self, progress: Progress | None, batch: int, latest: Campaign | None) -> int:
        done = 0
        total = max(0, self.app.recorder.max_notification_id() or 0) - self.recorder.position() if progress else 0
        while True:
            start = self.recorder.position()
            notifications = self.app.recorder.select_notifications(start + 1, batch)
            if not notifications:
                return done
            try:
                self._apply(notifications, latest)
            except IntegrityError:
                continue
            done += len(notifications)
            if progress:
                progress(done, max(total, done))
            if len(notifications) < batch:
                return done

    def rebuild(self, progress: Progress | None = None) -> int:
        """Empty the read models and replay every notification; returns how many were read."""
        with self._catching_up:
            self.recorder.reset()
            return self._catch_up(progress, BATCH, None)

    def _apply(self, notifications: list[Any], latest: Campaign | None = None) -> None:
        # Every read happens first: the write transaction holds the store's one writer connection only briefly.
        writes: list[tuple[str, Any]] = []
        touched: dict[str, int] = {}
        game_events: dict[Any, list[Any] | None] = {}  # per campaign: its game events since its last other event in this batch
        for notification in notifications:
            event = self.app.mapper.to_domain_event(notification)
            if isinstance(event, Campaign.GameEventRecorded):
                known = game_events.get(event.originator_id)
                if known is not None:
                    known.append(event)
            if isinstance(event, (Campaign.ActionRecorded, Campaign.ActionUndone, Campaign.ActionRedone, Campaign.ActionCorrected,
                                  Campaign.ActionAmended)):
                writes.extend(self._audit(event, game_events.get(event.originator_id)))
            elif isinstance(event, Campaign.ActionRedecided):  # a correction's new decision replaces the action's events
                records = self._action_events(event, game_events.get(event.originator_id))
                writes.append(("execute", ("UPDATE {ql_audit} SET events = %s, event_types = %s, characters = %s WHERE "
                                           "campaign_id = %s AND action_id = %s AND kind = 'action'",
                                           [json.dumps(records), _tags(r["type"] for r in records),
                                            _tags(self._involved(event, records)), str(event.originator_id), event.action_id])))
            if not isinstance(event, Campaign.GameEventRecorded):
                game_events[event.originator_id] = []
                if type(event) in HISTORY_KINDS:
                    writes.append(_history_row(event))
            if isinstance(event, Campaign.Created | Campaign.ActionRecorded | Campaign.ActionUndone | Campaign.ActionRedone
                          | Campaign.Renamed | Campaign.ActionCorrected | Campaign.ActionAmended | Campaign.BranchedFrom):
                touched[str(event.originator_id)] = event.originator_version
        for campaign_id, version in touched.items():
            writes.extend(self._index(self._campaign_at(campaign_id, version, latest)))
        with self.recorder.write(notifications[-1].id) as cursor:
            # consecutive rows of one statement go in one executemany (one round trip on PostgreSQL)
            for (kind, statement), group in itertools.groupby(writes, key=lambda w: (w[0], w[1][0])):
                if kind == "upsert":
                    for _, args in group:
                        self.recorder.upsert(cursor, *args)
                else:
                    self.recorder.execute_many(cursor, statement, [args[1] for _, args in group])

    def _campaign_at(self, campaign_id: str, version: int, latest: Campaign | None) -> Campaign:
        """The campaign as of ``version``: ``latest`` or the application's in-memory copy when either is exactly
        there (the usual case right after a write), else loaded at that version (snapshot and replay)."""
        if latest is not None and str(latest.id) == campaign_id and latest.version == version:
            return latest
        cached = self.app.cached_campaign(uuid.UUID(campaign_id), version)
        return cached if cached is not None else self.app.get_campaign(campaign_id, at=version)

    def _audit(self, event: Any, preceding: list[Any] | None = None) -> list[tuple[str, Any]]:
        cid, version = str(event.originator_id), event.originator_version
        row = {"campaign_id": cid, "version": version, "kind": "action", "action_id": event.action_id,
               "actor": event.actor, "recorded_at": event.recorded_at, "status": "effective", "reveal": 0, "play": None,
               "verb": None, "characters": "", "event_types": "", "summary": None, "events": "[]"}
        writes: list[tuple[str, Any]] = []
        if isinstance(event, Campaign.ActionRecorded):
            records = self._action_events(event, preceding)
            row.update(verb=event.verb, reveal=int(event.reveal), play=event.play, summary=event.summary,
                       characters=_tags(self._involved(event, records)), event_types=_tags(r["type"] for r in records),
                       events=json.dumps(records))
        elif isinstance(event, (Campaign.ActionCorrected, Campaign.ActionAmended)):  # tagged like the action it changes
            kind = "correction" if isinstance(event, Campaign.ActionCorrected) else "amendment"
            row.update(kind=kind, status="", summary=f"{kind}: {event.reason}", events=json.dumps([{"fields": event.fields}]))
            writes.append(("correction", (cid, version, kind, event.action_id)))
        else:
            undone = isinstance(event, Campaign.ActionUndone)
            row.update(kind="undo" if undone else "redo", status="")
            writes.append(("execute", ("UPDATE {ql_audit} SET status = %s WHERE campaign_id = %s AND action_id = %s AND kind = 'action'",
                                       ["undone" if undone else "effective", cid, event.action_id])))
        columns = ", ".join(row)
        writes.insert(0, ("execute", (f"INSERT INTO {{ql_audit}} ({columns}) VALUES ({', '.join(['%s'] * len(row))})", list(row.values()))))
        return [_tag_correction(w) if w[0] == "correction" else w for w in writes]

    def _involved(self, event: Any, records: list[dict[str, Any]]) -> list[str]:
        """The characters an action's events involve, as the campaign's own ruleset says (``Ruleset.involves``)."""
        ruleset = self._ruleset(str(event.originator_id))
        classes = {**CORE_EVENTS, **ruleset.events}
        found: list[str] = []
        for record in records:
            if record["type"] in classes:
                found.extend(sorted(ruleset.involves(classes[record["type"]](**record["data"]))))
        return found

    def _ruleset(self, campaign_id: str) -> Ruleset:
        return get_ruleset(self.app.game_of(campaign_id))

    def _action_events(self, closing: Any, preceding: list[Any] | None = None) -> list[dict[str, Any]]:
        """The game events of the action ``closing`` ends: the game events stored just before it with its id.

        ``preceding``: the campaign's game events read in this batch since its last other event (``None`` if
        that event is not in the batch): when they are all the action's, there is no need to read the store.
        """
        mine = [ev for ev in preceding or () if ev.action_id == closing.action_id]
        if preceding is not None and len(mine) == len(preceding):
            return [{"type": ev.type, "data": ev.data} for ev in mine]
        records: list[dict[str, Any]] = []
        lte = closing.originator_version - 1
        while lte > 0:  # pages, newest first: never the whole stream before the action
            page = self.app.repository.event_store.get(closing.originator_id, lte=lte, desc=True, limit=PAGE)
            for ev in page:
                if not isinstance(ev, Campaign.GameEventRecorded) or ev.action_id != closing.action_id:
                    return records[::-1]
                records.append({"type": ev.type, "data": ev.data})
            if len(page) < PAGE:
                break
            lte -= PAGE
        return records[::-1]

    def _index(self, campaign: Campaign) -> list[tuple[str, Any]]:
        cid = str(campaign.id)
        ruleset = campaign.ruleset
        writes: list[tuple[str, Any]] = [("upsert", ("ql_campaigns", {
            "campaign_id": cid, "game": campaign.game, "name": campaign.name,
            "players": json.dumps(campaign.state.get(TABLE_KEY, {})), "version": campaign.version,
            "current_play": ruleset.current_play(campaign.state), "created_at": campaign.created_at,
            "last_played": campaign.last_action_at, "seal_version": (campaign.seal or {}).get("version", 0)}))]
        for name in ruleset.kept_views:  # with the rules' version: a reader serves the row only if its rules drew it
            writes.append(("upsert", ("ql_views", {"campaign_id": cid, "view": name, "version": campaign.version,
                                                   "data": json.dumps(ruleset.views[name](campaign.state)),
                                                   "rules": ruleset.version})))
        return writes

    def refresh(self, campaign: Campaign) -> None:
        """Rewrite ``campaign``'s index row and kept views from the aggregate given (one replayed after its
        ruleset changed), leaving the tracking position as it is."""
        with self.recorder.write(None) as cursor:
            for _, args in self._index(campaign):
                self.recorder.upsert(cursor, *args)

    # -- reading ---------------------------------------------------------------------------------

    def campaigns(self, limit: int | None = None, offset: int = 0) -> list[dict[str, Any]]:
        """The campaign index, oldest first, ``limit`` rows after ``offset`` if given (one page of a store of many
        campaigns): ``{campaign_id, game, name, players, version, current_play, created_at, last_played, seal_version}``."""
        if limit is None:
            rows = self.recorder.query("SELECT * FROM {ql_campaigns} ORDER BY created_at, campaign_id", [])
        else:  # the offset is counted in the (created_at, campaign_id) index alone; only the page's rows are read
            rows = self.recorder.query("SELECT * FROM {ql_campaigns} WHERE campaign_id IN (SELECT campaign_id FROM {ql_campaigns} "
                                       "ORDER BY created_at, campaign_id LIMIT %s OFFSET %s) ORDER BY created_at, campaign_id",
                                       [limit, offset])
        return [{**r, "players": json.loads(r["players"])} for r in rows]

    def view(self, campaign_id: str, name: str) -> dict[str, Any] | None:
        """A persisted game view ``{"version", "rules", "data"}`` (``rules``: the version of the rules that drew it,
        ``None`` for a row from before it was kept), or ``None`` if there is none."""
        rows = self.recorder.query("SELECT version, rules, data FROM {ql_views} WHERE campaign_id = %s AND view = %s",
                                   [campaign_id, name])
        return {"version": rows[0]["version"], "rules": rows[0]["rules"], "data": json.loads(rows[0]["data"])} if rows else None

    def audit(self, campaign_id: str, character: str | None = None, event_type: str | None = None,
              play: str | None = None, limit: int = 1000, offset: int = 0) -> list[dict[str, Any]]:
        """Audit rows of a campaign in version order, filtered by character, event type and/or play (substring)."""
        where, params = ["campaign_id = %s"], [campaign_id]
        if character:
            where.append("characters LIKE %s")
            params.append(f"%,{character},%")
        if event_type:
            where.append("event_types LIKE %s")
            params.append(f"%,{event_type},%")
        if play:
            where.append("play LIKE %s")
            params.append(f"%{play}%")
        rows = self.recorder.query(f"SELECT * FROM {{ql_audit}} WHERE {' AND '.join(where)} ORDER BY version LIMIT %s OFFSET %s",
                                   [*params, limit, offset])
        seal = self.recorder.query("SELECT seal_version FROM {ql_campaigns} WHERE campaign_id = %s", [campaign_id])
        sealed_to = seal[0]["seal_version"] if seal else 0
        return [{**r, "reveal": bool(r["reveal"]), "events": json.loads(r["events"]),
                 "characters": [c for c in r["characters"].split(",") if c],
                 "event_types": [t for t in r["event_types"].split(",") if t], "sealed": r["version"] <= sealed_to} for r in rows]

    def action_version(self, campaign_id: str, action_id: str) -> tuple[int | None, int]:
        """Where the read models put action ``action_id`` of a campaign: ``(its closing record's version or None,
        the campaign's version they are up to)``. Two indexed lookups, whatever the campaign's length: what a
        retried write with an ``Idempotency-Key`` asks before recording (no catch-up: the caller reads the
        stream after the second figure itself)."""
        # the index first: a row for every action up to it is committed with it, so a miss below means "after it"
        indexed = self.recorder.query("SELECT version FROM {ql_campaigns} WHERE campaign_id = %s", [campaign_id])
        rows = self.recorder.query("SELECT version FROM {ql_audit} WHERE campaign_id = %s AND action_id = %s AND kind = 'action'",
                                   [campaign_id, action_id])
        return (rows[0]["version"] if rows else None), (indexed[0]["version"] if indexed else 0)

    # -- the history's index (domain.history.history_page reads a page through these) ------------------

    def history_extent(self, campaign_id: str, upto: int) -> tuple[int, bool]:
        """``(entries, complete)``: how many history entries the campaign has up to version ``upto``, and whether the
        index holds the campaign from its creation (``False`` for a campaign indexed only partly: a store whose
        index table is newer than the campaign, until ``questlog rebuild``). Two index lookups, one round trip."""
        rows = self.recorder.query(
            "SELECT (SELECT seq FROM {ql_history} WHERE campaign_id = %s AND version <= %s AND seq IS NOT NULL "
            "ORDER BY version DESC LIMIT 1) AS entries, (SELECT seq FROM {ql_history} WHERE campaign_id = %s AND version = 1) AS first",
            [campaign_id, upto, campaign_id])
        return rows[0]["entries"] or 0, rows[0]["first"] == 1

    def history_entries(self, campaign_id: str, first: int, last: int) -> list[dict[str, Any]]:
        """The index rows ``{version, seq, kind, action_id}`` of entries ``first``..``last`` (``seq``), in order."""
        return self.recorder.query("SELECT version, seq, kind, action_id FROM {ql_history} WHERE campaign_id = %s AND seq >= %s "
                                   "AND seq <= %s ORDER BY seq", [campaign_id, first, last])

    def history_later(self, campaign_id: str, action_ids: list[str], after: int, upto: int) -> list[dict[str, Any]]:
        """What happened to ``action_ids`` after version ``after`` up to ``upto``: rows ``{version, kind, action_id}``
        of their undos, redos, re-decisions, corrections and amendments, in version order."""
        if not action_ids:
            return []
        marks = ", ".join(["%s"] * len(action_ids))
        # by action id only (a few rows each), the versions filtered here: given a version range too, SQLite scans
        # the campaign's rows over that range instead (on a long campaign, most of them)
        rows = self.recorder.query(f"SELECT version, kind, action_id FROM {{ql_history}} WHERE campaign_id = %s AND action_id IN ({marks}) "
                                   "AND kind <> 'action'", [campaign_id, *action_ids])
        return sorted((r for r in rows if after < r["version"] <= upto), key=lambda r: r["version"])

    def actions_named(self, campaign_id: str, action_ids: list[str]) -> dict[str, dict[str, Any]]:
        """``{action_id: {version, verb, summary}}`` of the campaign's recorded actions among ``action_ids`` (the audit rows)."""
        if not action_ids:
            return {}
        marks = ", ".join(["%s"] * len(action_ids))
        rows = self.recorder.query(f"SELECT action_id, version, verb, summary FROM {{ql_audit}} WHERE campaign_id = %s AND kind = 'action' "
                                   f"AND action_id IN ({marks})", [campaign_id, *action_ids])
        return {r["action_id"]: {"version": r["version"], "verb": r["verb"], "summary": r["summary"]} for r in rows}

    def dump(self) -> dict[str, list[dict[str, Any]]]:
        """Every read-model row (to compare a rebuilt read model with an incremental one)."""
        return {t: self.recorder.query(f"SELECT * FROM {{{t}}} ORDER BY 1, 2") for t in ("ql_campaigns", "ql_audit", "ql_views", "ql_history")}


def _history_row(event: Any) -> tuple[str, Any]:
    """The history index's row for ``event``: an entry takes the next ``seq`` of its campaign (the statements of a
    batch run in order in one transaction, so each sees the rows before it); a re-decision takes none."""
    kind, cid = HISTORY_KINDS[type(event)], str(event.originator_id)
    row = [cid, event.originator_version, kind, getattr(event, "action_id", None)]
    if kind == "redecided":
        return ("execute", ("INSERT INTO {ql_history} (campaign_id, version, kind, action_id) VALUES (%s, %s, %s, %s)", row))
    return ("execute", ("INSERT INTO {ql_history} (campaign_id, version, kind, action_id, seq) VALUES (%s, %s, %s, %s, "
                        "COALESCE((SELECT seq FROM {ql_history} WHERE campaign_id = %s AND seq IS NOT NULL "
                        "ORDER BY seq DESC LIMIT 1), 0) + 1)", [*row, cid]))


def _tags(values: Any) -> str:
    found = list(dict.fromkeys(v for v in values if v))
    return "," + ",".join(found) + "," if found else ""


def _tag_correction(write: tuple[str, Any]) -> tuple[str, Any]:
    """A correction or amendment row takes the characters of the action it changes (read in the same transaction)."""
    cid, version, kind, action_id = write[1]
    return ("execute", ("UPDATE {ql_audit} SET characters = (SELECT a.characters FROM {ql_audit} a WHERE a.campaign_id = %s "
                        "AND a.action_id = %s AND a.kind = 'action') WHERE campaign_id = %s AND version = %s AND kind = %s",
                        [cid, action_id, cid, version, kind]))
