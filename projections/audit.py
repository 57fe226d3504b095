"""The audit read model (``ql_audit``): a row per action, undo, redo, correction and amendment, tagged with the
characters the campaign's own ruleset says each event involves (``Ruleset.involves``), and the queries on it. A
mixin of :class:`projections.readmodels.ReadModels`, whose batches (:mod:`projections.batches`) call the row makers."""

from __future__ import annotations

import json
import uuid
from typing import Any

from domain.core.campaign import Campaign
from domain.core.ruleset import Ruleset, get_ruleset
from domain.core.table_events import CORE_EVENTS

from .records import GameRecord, Record, _dumps

PAGE = 50
"""Events read at a time, newest first, when an action's game events began before the batch in hand."""


class AuditModel:
    """The audit's rows and queries (mixed into :class:`~projections.readmodels.ReadModels`)."""

    def _action_row(self, closing: Record, preceding: list[GameRecord] | None,
                    campaign: tuple[str, Ruleset, dict[str, type], bool]) -> tuple[tuple[Any, ...], list[dict[str, Any]]]:
        """The audit row of an action's closing record (``recorders.COLUMNS`` order, but for the statistics' three
        columns, which :func:`projections.dice.action` gives) and the action's game events; ``campaign`` as
        :meth:`_campaign_info`."""
        s = closing.state
        events = self._action_events(closing, preceding)
        return (campaign[0], closing.originator_version, "action", s["action_id"], s["verb"], s["actor"], s["recorded_at"],
                "effective", int(s["reveal"]), s["play"], _tags(_involved(campaign, events)), _tags([e["type"] for e in events]),
                s["summary"], _dumps(events)), events

    def _campaign_info(self, campaign_id: uuid.UUID) -> tuple[str, Ruleset, dict[str, type], bool]:
        """What audit rows need of a campaign: its id as text, its ruleset, the ruleset's event classes by name (core
        events included) and whether the ruleset keeps the generic ``Ruleset.involves`` (classes kept per game)."""
        game = self.app.game_of(campaign_id)
        ruleset = get_ruleset(game)
        known = self._classes.get(game)
        if known is None or known[0] is not ruleset:  # a ruleset registered again (tests) gets its own classes
            known = self._classes[game] = (ruleset, {**CORE_EVENTS, **ruleset.events}, type(ruleset).involves is Ruleset.involves)
        return (str(campaign_id), *known)

    def _action_events(self, closing: Record, preceding: list[GameRecord] | None = None) -> list[dict[str, Any]]:
        """The game events (``{"type", "data"}``) of the action ``closing`` ends: the game events stored just before
        it with its id.

        ``preceding``: the campaign's game events read since its last other record (``None`` if some may be before
        what was read): when they are all the action's, there is no need to read the store.
        """
        action_id = closing.state["action_id"]
        if preceding is not None and len(preceding) == 1 and preceding[0].action_id == action_id:  # most actions: one event
            return [{"type": preceding[0].type, "data": preceding[0].data}]
        mine = [{"type": ev.type, "data": ev.data} for ev in preceding or () if ev.action_id == action_id]
        if preceding is not None and len(mine) == len(preceding):
            return mine
        records: list[dict[str, Any]] = []
        lte = closing.originator_version - 1
        while lte > 0:  # pages, newest first: never the whole stream before the action
            page = self.app.repository.event_store.get(closing.originator_id, lte=lte, desc=True, limit=PAGE)
            for ev in page:
                if not isinstance(ev, Campaign.GameEventRecorded) or ev.action_id != action_id:
                    return records[::-1]
                records.append({"type": ev.type, "data": ev.data})
            if len(page) < PAGE:
                break
            lte -= PAGE
        return records[::-1]

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
        for r in rows:  # the statistics' columns (projections.dice) are not the audit's to show
            del r["digital"], r["faces"], r["counted"]
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

    def actions_named(self, campaign_id: str, action_ids: list[str]) -> dict[str, dict[str, Any]]:
        """``{action_id: {version, verb, summary}}`` of the campaign's recorded actions among ``action_ids`` (the audit rows)."""
        if not action_ids:
            return {}
        marks = ", ".join(["%s"] * len(action_ids))
        rows = self.recorder.query(f"SELECT action_id, version, verb, summary FROM {{ql_audit}} WHERE campaign_id = %s AND kind = 'action' "
                                   f"AND action_id IN ({marks})", [campaign_id, *action_ids])
        return {r["action_id"]: {"version": r["version"], "verb": r["verb"], "summary": r["summary"]} for r in rows}


def _tags(values: list[str]) -> str:
    """``",a,b,"``: the distinct non-empty ``values`` in order, comma-bracketed so ``LIKE '%,a,%'`` finds one; "" if none."""
    if len(values) == 1:  # most actions: one event, one character
        return f",{values[0]}," if values[0] else ""
    found = [v for v in dict.fromkeys(values) if v]
    return "," + ",".join(found) + "," if found else ""


def _involved(campaign: tuple[str, Ruleset, dict[str, type], bool], events: list[dict[str, Any]]) -> list[str]:
    """The characters an action's ``events`` involve, as the campaign's own ruleset says (``Ruleset.involves``);
    ``campaign`` as :meth:`ReadModels._campaign_info`."""
    _, ruleset, classes, generic = campaign
    found: list[str] = []
    for event in events:
        cls = classes.get(event["type"])
        if cls is not None and (cls.involved or not generic):  # generic: a class naming no fields involves no one
            found.extend(ruleset.involves_stored(cls, event["data"]))  # sorted(involves(event)), mostly without the event
    return found


def _change(role: str, record: Record, cid: str) -> list[tuple[str, Any]]:
    """The audit writes of an undo, redo, correction or amendment (campaign ``cid``): its own row, then the change
    to the action's row."""
    s, version = record.state, record.originator_version
    if role in ("correction", "amendment"):  # tagged like the action it changes
        row = (cid, version, role, s["action_id"], None, s["actor"], s["recorded_at"], "", 0, None, "", "",
               f"{role}: {s['reason']}", _dumps([{"fields": s["fields"]}]), None, None, None)
        return [("insert", row), _tag_correction(cid, version, role, s["action_id"])]
    row = (cid, version, role, s["action_id"], None, s["actor"], s["recorded_at"], "", 0, None, "", "", None, "[]", None, None, None)
    return [("insert", row),
            ("execute", ("UPDATE {ql_audit} SET status = %s WHERE campaign_id = %s AND action_id = %s AND kind = 'action'",
                         ("undone" if role == "undo" else "effective", cid, s["action_id"])))]


def _statement_of(write: tuple[str, Any]) -> tuple[str, str]:
    """What groups consecutive audit writes into one ``executemany``: inserts together, else the same statement."""
    return ("insert", "") if write[0] == "insert" else ("execute", write[1][0])


def _tag_correction(cid: str, version: int, kind: str, action_id: str) -> tuple[str, Any]:
    """A correction or amendment row takes the characters of the action it changes (read in the same transaction)."""
    return ("execute", ("UPDATE {ql_audit} SET characters = (SELECT a.characters FROM {ql_audit} a WHERE a.campaign_id = %s "
                        "AND a.action_id = %s AND a.kind = 'action') WHERE campaign_id = %s AND version = %s AND kind = %s",
                        (cid, action_id, cid, version, kind)))
