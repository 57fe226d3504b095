"""The shared ``history`` view: every action, undone ones included and marked, with the seals.

Built from a campaign's stored events (DESIGN.md § Undo, redo and seals, 6): the audit trail of who did
what, when, which events each action produced, and which reveal seals which actions.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from domain.core.campaign import Campaign, event_from_record
from domain.core.ruleset import Ruleset


def _stamp(ev: Any) -> str:
    return ev.timestamp.isoformat(timespec="seconds")


def actions_from_events(ruleset: Ruleset, stored: Iterable[Any], at: int | None = None) -> list[dict[str, Any]]:
    """History entries from a campaign's stored aggregate events, in stored order.

    Each entry has ``kind`` (``"created"``, ``"action"``, ``"undo"``, ``"redo"``, ``"rename"``, ``"correction"``,
    ``"amendment"``, ``"bookmark"``, ``"branched"``) and ``version`` (where
    it ends). Actions also carry ``action_id, verb, fields, actor, recorded_at, reveal, digital, summary,
    events`` (``{type, data, version, text}``), ``status`` (``"effective"`` / ``"undone"``) and ``sealed``
    (at or before the latest reveal). Entries after version ``at`` are left out.
    """
    entries: list[dict[str, Any]] = []
    by_id: dict[str, dict[str, Any]] = {}
    pending: list[dict[str, Any]] = []
    seal_version = 0
    for ev in stored:
        version = ev.originator_version
        if at is not None and version > at:
            break
        if isinstance(ev, Campaign.Created):
            entries.append({"kind": "created", "version": version, "game": ev.game, "name": ev.name, "setup": ev.setup,
                            "actor": ev.actor, "recorded_at": ev.created_at})
        elif isinstance(ev, Campaign.GameEventRecorded):
            record = {"type": ev.type, "data": ev.data}
            pending.append({**record, "version": version, "text": ruleset_text(ruleset, record)})
        elif isinstance(ev, Campaign.ActionRecorded):
            entry = {"kind": "action", "action_id": ev.action_id, "verb": ev.verb, "fields": ev.fields, "actor": ev.actor,
                     "recorded_at": ev.recorded_at, "reveal": ev.reveal, "digital": ev.digital, "summary": ev.summary, "play": ev.play,
                     "events": pending, "start_version": pending[0]["version"] if pending else version,
                     "version": version, "status": "effective"}
            pending = []
            entries.append(entry)
            by_id[ev.action_id] = entry
            if ev.reveal:
                seal_version = version
        elif isinstance(ev, Campaign.ActionRedecided):
            target = by_id[ev.action_id]
            target["superseded"] = [*target.get("superseded", []), {"events": target["events"], "until_version": version}]
            target["events"], pending = pending, []
        elif isinstance(ev, (Campaign.ActionCorrected, Campaign.ActionAmended)):
            kind = "correction" if isinstance(ev, Campaign.ActionCorrected) else "amendment"
            original = by_id[ev.action_id].setdefault("original_fields", by_id[ev.action_id]["fields"])
            entries.append({"kind": kind, "version": version, "action_id": ev.action_id, "fields": ev.fields, "original_fields": original,
                            "reason": ev.reason, "actor": ev.actor, "recorded_at": ev.recorded_at,
                            "verb": by_id[ev.action_id]["verb"]})
        elif isinstance(ev, Campaign.Bookmarked):
            entries.append({"kind": "bookmark", "version": version, "name": ev.name, "at": ev.version, "actor": ev.actor,
                            "recorded_at": ev.recorded_at})
        elif isinstance(ev, Campaign.BranchedFrom):
            entries.append({"kind": "branched", "version": version, "from": {"campaign_id": ev.campaign_id, "name": ev.name,
                            "version": ev.version}, "actor": ev.actor, "recorded_at": ev.recorded_at})
        elif isinstance(ev, Campaign.Renamed):
            entries.append({"kind": "rename", "version": version, "name": ev.name, "actor": ev.actor, "recorded_at": ev.recorded_at})
        elif isinstance(ev, (Campaign.ActionUndone, Campaign.ActionRedone)):
            undone = isinstance(ev, Campaign.ActionUndone)
            target = by_id.get(ev.action_id)
            if target:
                target["status"] = "undone" if undone else "effective"
            entries.append({"kind": "undo" if undone else "redo", "version": version, "action_id": ev.action_id,
                            "verb": target["verb"] if target else None, "actor": ev.actor, "recorded_at": ev.recorded_at})
    for entry in entries:
        entry["sealed"] = entry["version"] <= seal_version
    return entries


def ruleset_text(ruleset: Ruleset, record: dict[str, Any]) -> str:
    """One human line for a stored event record (the ruleset's ``describe``)."""
    return ruleset.describe(event_from_record(ruleset, record))


def history_view(campaign: Campaign, entries: list[dict[str, Any]]) -> dict[str, Any]:
    """The ``history`` view's JSON: ``{"version", "actions": entries, "horizon": {undoable, seal, redoable}}``."""
    return {"version": campaign.version, "game": campaign.game, "name": campaign.name,
            "actions": entries, "horizon": campaign.horizon()}
