"""The shared ``history`` view: every action, undone ones included and marked, with the seals.

Built from a campaign's stored events (DESIGN.md § Undo, redo and seals, 6): the audit trail of who did
what, when, which events each action produced, and which reveal seals which actions. The whole view reads the
whole stream; :func:`history_page` reads one page's slice of it, whatever the campaign's length.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from typing import Any, Protocol

from domain.core.campaign import Campaign, event_from_record
from domain.core.ruleset import Ruleset


class HistorySource(Protocol):
    """What a history page reads (the application service satisfies it): the repository's event store, the read
    models' history index (``None``: not attached), and a campaign as of a version."""

    repository: Any
    read_models: Any

    def get_campaign(self, campaign_id: str | uuid.UUID, at: int | None = None) -> Campaign: ...



def _stamp(ev: Any) -> str:
    return ev.timestamp.isoformat(timespec="seconds")


def actions_from_events(ruleset: Ruleset, stored: Iterable[Any], at: int | None = None,
                        known: dict[str, dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """History entries from a campaign's stored aggregate events, in stored order.

    Each entry has ``kind`` (``"created"``, ``"action"``, ``"undo"``, ``"redo"``, ``"rename"``, ``"correction"``,
    ``"amendment"``, ``"bookmark"``, ``"branched"``) and ``version`` (where
    it ends). Actions also carry ``action_id, verb, fields, actor, recorded_at, reveal, digital, summary, token,
    events`` (``{type, data, version, text}``), ``status`` (``"effective"`` / ``"undone"``) and ``sealed``
    (at or before the latest reveal). Entries after version ``at`` are left out.

    ``stored`` may be a slice of the stream that starts just after an entry (:func:`history_page`): ``known`` then
    stands in for the actions recorded before it that the slice names (``{action_id: {"verb", "fields", "events"}}``);
    they make no entry.
    """
    entries: list[dict[str, Any]] = []
    by_id: dict[str, dict[str, Any]] = dict(known or {})
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
                     "token": ev.token, "events": pending, "start_version": pending[0]["version"] if pending else version,
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


ENTRY_CLOSERS = (Campaign.ActionUndone, Campaign.ActionRedone, Campaign.ActionRedecided, Campaign.ActionCorrected, Campaign.ActionAmended)
"""Stored records that name an earlier action by its id (a page must know that action even when it is on another page)."""


def history_page(app: HistorySource, campaign_id: str, page: int = 1, page_size: int = 50, at: int | None = None,
                 newest_first: bool = False) -> dict[str, Any]:
    """One page of the ``history`` view: ``{version, game, name, horizon, actions, page, page_size, total, pages,
    named}``, the entries exactly as the whole view shows them (oldest first, or newest first), ``total`` and
    ``pages`` counting every entry up to version ``at`` (default: now); ``named``: ``{action_id: {verb, summary}}``
    of the actions the page's entries record or name (an undo's line names the action it took back). Raises
    :class:`BadInput` (``at`` in the future or out of range) and :class:`~domain.core.errors.UnknownCampaign`.

    Why an index and the stream, not the audit read model alone: a page costs the same on a campaign of 100 events
    or 100,000. The persisted history index (``ql_history``: one row per entry with its place ``seq``, and per
    re-decision) says, in a few indexed lookups, which versions the page's entries span and how many entries there
    are; only that slice of the stream is read and turned into entries by the same :func:`actions_from_events` as
    the whole view, so every field (events with their text lines, fields, superseded decisions...) stays as it
    was. What happened to the page's actions after the slice (undone, redone, decided again, corrected) comes from
    the index too, up to ``at``, so ``?at=`` pages cost the same and show each entry as of that version; the seal is
    the campaign's own (as of ``at``). The audit rows would have needed every entry field copied into them, and a
    status history for ``?at=``. The read models are caught up first, so a page is right after any write; a
    campaign the index does not hold from its creation (a store older than the index, before ``questlog
    rebuild``) is paged from the whole view, as before.
    """
    campaign, total = _indexed_campaign(app, campaign_id, at)
    found: tuple[list[dict[str, Any]], dict[str, dict[str, Any]]] | None = None
    if total is not None:
        first, last = _page_range(total, page, page_size, newest_first)
        found = _indexed_entries(app, campaign, first, last) if first <= last else ([], {})
    if found is None:  # no index for this campaign: the whole view, sliced
        every = actions_from_events(campaign.ruleset, app.repository.event_store.get(campaign.id, lte=at), at)
        total = len(every)
        first, last = _page_range(total, page, page_size, newest_first)
        found = every[first - 1:last] if first <= last else [], {e["action_id"]: e for e in every if e["kind"] == "action"}
    entries, known = found
    if newest_first:
        entries.reverse()
    named = {**{k: {"verb": v["verb"], "summary": v.get("summary")} for k, v in known.items()},
             **{e["action_id"]: {"verb": e["verb"], "summary": e["summary"]} for e in entries if e["kind"] == "action"}}
    wanted = {e["action_id"] for e in entries if e.get("action_id")}
    return {**history_view(campaign, entries), "page": page, "page_size": page_size, "total": total,
            "pages": max(1, -(-total // page_size)), "named": {k: v for k, v in named.items() if k in wanted}}


def history_since(app: HistorySource, campaign_id: str, since: int, at: int | None = None) -> dict[str, Any]:
    """The ``history`` view (as of version ``at``) with only the entries ending after version ``since``
    (``questlog history --since``), read like :func:`history_page`: its cost follows the entries shown, not the
    campaign's length. Raises :class:`~domain.core.errors.UnknownCampaign` and :class:`BadInput`: ``at`` or
    ``since`` in the future, ``since`` after ``at`` (the history as of ``at`` holds nothing after it)."""
    from domain.core.errors import BadInput

    campaign, total = _indexed_campaign(app, campaign_id, at)
    latest = campaign.version if at is None else app.get_campaign(campaign_id).version  # the latest: the cached campaign
    if since > latest:
        raise BadInput(f"version {since} is in the future: the campaign is at version {latest}", {"since": ["beyond the current version"]})
    if at is not None and since > at:
        raise BadInput(f"--since {since} is after --at {at}: the history as of version {at} holds nothing recorded after "
                       f"version {since}; give a --since before --at", {"since": ["after at"]})
    found = None
    if total is not None:
        first = app.read_models.history_extent(str(campaign.id), min(since, campaign.version))[0] + 1
        found = _indexed_entries(app, campaign, first, total) if first <= total else ([], {})
    if found is None:
        every = actions_from_events(campaign.ruleset, app.repository.event_store.get(campaign.id, lte=at), at)
        found = [e for e in every if e["version"] > since], {}
    return history_view(campaign, found[0])


def _indexed_campaign(app: HistorySource, campaign_id: str, at: int | None) -> tuple[Campaign, int | None]:
    """The campaign as of ``at`` and its number of history entries by then, from the history index brought up to
    date (``None`` when the index does not hold the campaign from its creation). Raises :class:`BadInput` for an
    ``at`` in the future."""
    from domain.core.errors import BadInput

    campaign = app.get_campaign(campaign_id, at=at)
    if at is not None and at > campaign.version:
        raise BadInput(f"version {at} is in the future: the campaign is at version {campaign.version}", {"at": ["beyond the current version"]})
    if app.read_models is None:
        return campaign, None
    app.read_models.catch_up()
    total, complete = app.read_models.history_extent(str(campaign.id), campaign.version)
    return campaign, total if complete else None


def _page_range(total: int, page: int, size: int, newest_first: bool) -> tuple[int, int]:
    """The first and last entry (1-based, oldest first) of page ``page`` of ``size`` entries out of ``total``."""
    if newest_first:
        return max(1, total - page * size + 1), total - (page - 1) * size
    return (page - 1) * size + 1, min(total, page * size)


def _indexed_entries(app: HistorySource, campaign: Campaign, first: int, last: int) -> tuple[list[dict[str, Any]], dict[str, dict[str, Any]]] | None:
    """Entries ``first``..``last`` from their slice of the stream and the index, with the earlier actions the slice
    names (``{action_id: {version, verb, summary, fields?}}``); ``None`` if the index lacks a row the page needs
    (then the caller pages the whole view)."""
    index, store, ruleset, cid = app.read_models, app.repository.event_store, campaign.ruleset, str(campaign.id)
    rows = index.history_entries(cid, max(1, first - 1), last)
    if [r["seq"] for r in rows] != list(range(max(1, first - 1), last + 1)):
        return None
    since = rows[0]["version"] if first > 1 else 0  # the slice starts just after the entry before the page
    stored = list(store.get(campaign.id, gt=since, lte=rows[-1]["version"]))
    recorded = {ev.action_id for ev in stored if isinstance(ev, Campaign.ActionRecorded)}
    named = sorted({ev.action_id for ev in stored if isinstance(ev, ENTRY_CLOSERS)} - recorded)
    known = index.actions_named(cid, named)
    if len(known) < len(named):
        return None
    for action_id in {ev.action_id for ev in stored if isinstance(ev, (Campaign.ActionCorrected, Campaign.ActionAmended))} - recorded:
        version = known[action_id]["version"]
        known[action_id]["fields"] = next(iter(store.get(campaign.id, gt=version - 1, lte=version))).fields  # shown as original_fields
    entries = actions_from_events(ruleset, stored, known={k: {**v, "events": []} for k, v in known.items()})
    actions = {e["action_id"]: e for e in entries if e["kind"] == "action"}
    for row in index.history_later(cid, sorted(actions), rows[-1]["version"], campaign.version):
        entry = actions[row["action_id"]]
        if row["kind"] in ("undo", "redo"):
            entry["status"] = "undone" if row["kind"] == "undo" else "effective"
        elif row["kind"] in ("correction", "amendment"):
            entry.setdefault("original_fields", entry["fields"])
        elif row["kind"] == "redecided":
            entry["superseded"] = [*entry.get("superseded", []), {"events": entry["events"], "until_version": row["version"]}]
            entry["events"] = _redecided_events(app, ruleset, campaign, row)
    sealed_to = campaign.seal["version"] if campaign.seal else 0  # the latest reveal up to the page's version
    for entry in entries:
        entry["sealed"] = entry["version"] <= sealed_to
    return entries, known


def _redecided_events(app: HistorySource, ruleset: Ruleset, campaign: Campaign, row: dict[str, Any], page: int = 50) -> list[dict[str, Any]]:
    """The events of a re-decision, as history entries show them: the game events of its action stored just before
    its marker at ``row["version"]``, read newest first ``page`` at a time (never the whole stream)."""
    store, found, lte = app.repository.event_store, [], row["version"] - 1
    while lte > 0:
        events = list(store.get(campaign.id, lte=lte, desc=True, limit=page))
        for ev in events:
            if not isinstance(ev, Campaign.GameEventRecorded) or ev.action_id != row["action_id"]:
                return found[::-1]
            record = {"type": ev.type, "data": ev.data}
            found.append({**record, "version": ev.originator_version, "text": ruleset_text(ruleset, record)})
        if len(events) < page:
            break
        lte -= page
    return found[::-1]
