"""Export a campaign as JSON Lines and import it elsewhere (DESIGN.md § Interfaces, Persistence).

The format is the campaign's *stored form*, so the tamper-evident chain (:mod:`domain.core.chain`) travels
with it and an import under a new id still verifies:

1. a header ``{"format": "questlog-campaign", "format_version": 4, "game", "name", "setup",
   "ruleset_version", "campaign_id", "created_at", "events", "head", "header_digest"}``: ``head`` is the
   chain's last digest (so a file cut short is found) and ``header_digest`` a SHA-256 over the rest of the
   header (so the ``campaign_id`` is covered too);
2. one line per stored event, in order: ``{"version": n, "topic": "...:Campaign.ActionRecorded",
   "state": {...}}`` where ``state`` is the stored JSON exactly as the store holds it (before any
   upcasting; it never names the campaign id): a chain-format-3 record's stored bytes as they are.

Every line must be exactly as Questlog writes it (compact JSON, keys in their written order). Checking a
file (:func:`check_export`) never raises for its content: any malformed, edited, removed, added or moved
line, any header that disagrees with the records, and any record that does not replay here is reported
naming the first bad line. Importing stores nothing unless the whole file passes, then writes the events
under a new campaign id in one insert. Format-3 and format-2 files (no ``head``: its tail unproven) still import.
"""

from __future__ import annotations

import hashlib
import json
import tempfile
import uuid
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Protocol

from eventsourcing.persistence import IntegrityError, StoredEvent

from domain.core.chain import TOPICS, canonical, verify_records
from domain.core.campaign import Campaign
from domain.core.errors import BadInput, QuestlogError
from domain.core.names import clean_text
from domain.core.ruleset import copy_state, get_ruleset
from domain.integrity import SealingMapper, seal_campaign
from domain.lines import SpoolLines as _SpoolLines, dumps as _dumps, state_bytes as _state_bytes
from domain.requests import now
from domain.reservations import NameStore, name_id, reserve, taken
from domain.snapshots import due_snapshots
from domain.core.names import quoted


class TransferStore(NameStore, Protocol):
    """What export and import use of the store (the application service satisfies it): the event store's recorder
    and mapper, the snapshot store (``None``: no snapshots) and its interval, the campaign's verification, a free
    name (:meth:`_free_name`), and the write path's end (:meth:`just_saved`, :meth:`_after_write`: the imported
    campaign kept and the listeners told); plus :class:`~domain.reservations.NameStore` for the name's reservation."""

    recorder: Any
    mapper: Any
    snapshots: Any
    snapshotting_intervals: dict[type, int]
    snapshot_class: Any

    def verify(self, campaign_id: str, facts: dict[str, Any] | None = None, lines: Any = None) -> dict[str, Any]: ...

    def _free_name(self, name: str, campaign_id: str | None = None, advice: str = ...) -> str: ...

    def just_saved(self) -> list[Any]: ...

    def _after_write(self, campaign: Campaign | None = None) -> None: ...


FORMAT = "questlog-campaign"
FORMAT_VERSION = 4
READ_VERSIONS = (2, 3, FORMAT_VERSION)  # 3 and 4 differ only in the chain format their records may hold
MEDIA_TYPE = "application/x-ndjson"
Progress = Callable[[str, int, int], None]
"""``progress(stage, done, total)``: how far an import has got."""
HEADER_KEYS = ("format", "format_version", "game", "name", "setup", "ruleset_version", "campaign_id", "created_at", "events")
HEADER_KEYS_V3 = (*HEADER_KEYS, "head", "header_digest")
RECORD_KEYS = ["version", "topic", "state"]
TAKEN_NAME_ADVICE = "import it under another name (`questlog import FILE --name NAME`, or POST /campaigns/import?name=NAME)"
"""What the refusal of an import whose campaign name is taken in the store suggests instead."""


class BrokenChain(QuestlogError):
    """The campaign in the store fails ``verify``: exporting it would pass the damage on (CLI exit 4, HTTP 409)."""

    code = "broken_chain"
    exit_code = 4
    http_status = 409


class _Refused(Exception):
    def __init__(self, line: int | None, reason: str) -> None:
        super().__init__(reason)
        self.line, self.reason = line, reason


def export_lines(app: TransferStore, campaign_id: str, *, force: bool = False,
                 warn: Callable[[dict[str, Any]], None] | None = None) -> Iterator[str]:
    """The campaign as JSON Lines (each string one line, without its newline), streamed.

    One pass over the store in constant memory, *before* this returns, verifies (:func:`~domain.integrity.verify_store`)
    while each checked record's line goes to a temporary file: a broken chain raises :class:`BrokenChain` (unless ``force``;
    ``warn(report)`` is told) before any line is out; then the header (count and head from the pass), then the file's lines.
    Raises ``UnknownCampaign``."""
    facts: dict[str, Any] = {}
    spool, report = tempfile.TemporaryFile(), {"ok": False}  # noqa: SIM115 (closed by _streamed, or here on a failure)
    try:
        report = app.verify(campaign_id, facts=facts, lines=_SpoolLines(spool))
    finally:
        if not report["ok"]:
            spool.close()
    if not report["ok"]:
        if not force:
            raise BrokenChain(f"this campaign fails verify at version {report['position']}: {report['reason']}; "
                              "export it anyway with --force (the file will fail verify too)")
        if warn is not None:
            warn(report)
        return _damaged_lines(app, campaign_id)
    return _streamed(spool, _header(facts["created"], facts["name"], uuid.UUID(str(campaign_id)), report["records"], report["head"]))


def _header(created: dict[str, Any], name: str, campaign_id: uuid.UUID, events: int, head: str | None) -> dict[str, Any]:
    """An export's header (before its digest): the creation record's facts, the latest name, the count and head."""
    return {"format": FORMAT, "format_version": FORMAT_VERSION, "game": created.get("game"), "name": name,
            "setup": created.get("setup"), "ruleset_version": created.get("ruleset_version"), "campaign_id": str(campaign_id),
            "created_at": created.get("created_at"), "events": events, "head": head}


def _streamed(spool: Any, header: dict[str, Any]) -> Iterator[str]:
    with spool:
        yield _dumps({**header, "header_digest": header_digest(header)})
        spool.seek(0)
        yield from (raw[:-1].decode("utf-8", "surrogatepass") for raw in spool)


def _damaged_lines(app: TransferStore, campaign_id: str) -> Iterator[str]:
    """``--force``: a stream that fails verify, read whole as it stands (it may not even load)."""
    stored = app.recorder.select_events(uuid.UUID(str(campaign_id)))
    states = [json.loads(s.state) for s in stored]
    created = states[0]
    names = [state.get("name") for s, state in zip(stored, states) if s.topic.endswith("Campaign.Renamed")]
    header = _header(created, (names or [created.get("name")])[-1], stored[0].originator_id, len(stored), states[-1].get("digest"))
    yield _dumps({**header, "header_digest": header_digest(header)})
    for record, state in zip(stored, states):
        yield _dumps({"version": record.originator_version, "topic": record.topic, "state": state})


def export_campaign(app: TransferStore, campaign_id: str, *, force: bool = False) -> str:
    """The whole export as one string, each line ending in a newline (see :func:`export_lines`)."""
    return "".join(line + "\n" for line in export_lines(app, campaign_id, force=force))


def header_digest(header: dict[str, Any]) -> str:
    """SHA-256 hex over a header's canonical JSON, ``header_digest`` left out."""
    return hashlib.sha256(canonical({k: v for k, v in header.items() if k != "header_digest"})).hexdigest()


def check_export(app: TransferStore, lines: str | Iterable[str]) -> dict[str, Any]:
    """Check an export without importing it. Never raises for the file's content.

    Returns ``{"ok": True, "records", "head", "checked"}`` or ``{"ok": False, "position": line, "reason"}``
    (``position`` is the 1-based line number of the first bad line, ``None`` for an empty file)."""
    try:
        header, records, report, _ = _checked(app, _split(lines))
    except _Refused as refused:
        return {"ok": False, "position": refused.line, "reason": refused.reason}
    checked = ["every line's form", "the header against the records", "every record's digest and link", "every record replays"]
    if "head" in header:
        checked.append("the head digest (a file cut short is found)")
    return {**report, "checked": checked}


verify_export = check_export


def import_campaign(app: TransferStore, lines: str | Iterable[str], *, name: str | None = None, actor: str | None = None,
                    progress: Progress | None = None) -> str:
    """Import an export into ``app`` under a new campaign id, returned. ``name`` renames it (a rename record after the
    exported ones), stored in the same insert as the records and the name's reservation (:mod:`domain.reservations`):
    a refused import, a lost race for the name included, stores nothing.

    The campaign is stored with its snapshots (taken while its events are replayed to check them, as the
    application would have taken them), so neither the read models' catch-up nor a new process replays it
    from the start. ``progress(stage, done, total)`` is called as lines are replayed (``"replaying"``) and
    stored (``"storing"``). Raises :class:`BadInput` naming the first line that is malformed, out of order,
    edited or does not replay (``fields["line"]``), and for a name another campaign of this store has (``name``,
    else the exported one: names are unique in a store, as ``new`` and ``rename`` keep them) or a malformed
    ``name`` / ``actor``; nothing is stored then.
    """
    tell = progress or (lambda stage, done, total: None)
    wanted = name.strip() if name and name.strip() else None  # a blank name keeps the exported one
    if wanted is not None:  # checked before the file is read: a taken name costs no replay
        wanted = app._free_name(clean_text(wanted, "a campaign name", 120), advice=TAKEN_NAME_ADVICE)
        actor = clean_text(actor, "a person's name", 80) if actor is not None else None  # the rename records it
    new_id = uuid.uuid4()
    try:
        header, records, _, (campaign, snapshots) = _checked(app, _split(lines), new_id, tell)
    except _Refused as refused:
        if refused.line is None:  # no line to name: the whole export (an empty file or request body)
            raise BadInput(f"the export: {refused.reason}", {"export": ["empty"]}) from None
        raise BadInput(f"line {refused.line}: {refused.reason}", {"line": [str(refused.line)]}) from None
    final = wanted if wanted is not None else app._free_name(header["name"], advice=TAKEN_NAME_ADVICE)  # told after the file's checks
    stored = [_stored(new_id, r) for _, r in records]
    if final != header["name"]:
        campaign.rename(final, actor=actor, recorded_at=now())
    stored += _new_records(app, campaign, reserve(app, final, new_id, TAKEN_NAME_ADVICE))
    count = campaign.version  # the campaign's records (the name's reservation is not one of them)
    tell("storing", 0, count)
    try:
        app.recorder.insert_events(stored)  # one transaction: the records, the rename and the name, or nothing
    except IntegrityError:
        holder = app.repository.get(name_id(final)).campaign_id
        raise taken(app, final, str(holder), TAKEN_NAME_ADVICE) from None
    if app.snapshots is not None and snapshots:
        app.snapshots.put(snapshots)  # digested like any snapshot (domain.integrity)
    tell("storing", count, count)
    app.just_saved()  # this thread's last save is not this insert: the listeners read the log
    app._after_write(campaign)  # kept in memory; the read-model runner catches up (the composition root listens)
    return str(new_id)


def _new_records(app: TransferStore, campaign: Campaign, names: list[Any]) -> list[StoredEvent]:
    """The stored form of ``campaign``'s pending records (a rename, sealed into its chain) and of ``names``' events."""
    events = list(campaign.pending_events)
    seal_campaign(campaign, app.mapper)
    try:
        records = [app.mapper.to_stored_event(e) for e in events]
    finally:
        if isinstance(app.mapper, SealingMapper):
            app.mapper.forget(events)
    campaign.collect_events()
    return records + [app.mapper.to_stored_event(e) for aggregate in names for e in aggregate.collect_events()]


def _split(lines: str | Iterable[str]) -> list[str]:
    found = lines.split("\n") if isinstance(lines, str) else [line.rstrip("\n") for line in lines]
    while found and not found[-1].strip():  # stray blank lines after the last record (an editor's, a mail's): not records
        found.pop()
    return found


def _checked(app: TransferStore, lines: list[str], new_id: uuid.UUID | None = None, tell: Progress | None = None
             ) -> tuple[dict[str, Any], list[tuple[int, dict[str, Any]]], dict[str, Any], tuple[Campaign, list[Any]]]:
    if not lines:
        raise _Refused(None, "an empty file: the first line must be the campaign header")
    parsed = [(number, _parse_line(number, line)) for number, line in enumerate(lines, start=1)]
    (_, header), records = parsed[0], parsed[1:]
    _check_header(header)
    for expected, (number, record) in enumerate(records, start=1):
        _check_record(number, record, expected)
    if len(records) != header["events"]:
        line = len(lines) + 1 if len(records) < header["events"] else header["events"] + 2
        raise _Refused(line, f"the header promises {header['events']} events but the file holds {len(records)}: "
                             "lines were removed or added")
    report = verify_records((number, r["topic"], r["version"], r["state"], _state_bytes(lines[number - 1], r))
                            for number, r in records)
    if not report["ok"]:
        raise _Refused(report["position"], f"the tamper-evident chain is broken: {report['reason']}")
    _check_header_against(header, records, report["head"])
    loaded = _check_loads(app, records, new_id, tell)
    return header, records, report, loaded


def _parse_line(number: int, line: str) -> Any:
    if not line.strip():
        raise _Refused(number, "a blank line inside the export")
    try:
        value = json.loads(line)
    except (ValueError, RecursionError):
        raise _Refused(number, "not JSON") from None
    try:
        same = _dumps(value) == line
    except (ValueError, RecursionError):
        same = False
    if not same:
        raise _Refused(number, "not in the exact form Questlog writes (spacing, escapes or key order changed)")
    return value


def _check_header(header: Any) -> None:
    version = header.get("format_version") if isinstance(header, dict) else None
    if not isinstance(header, dict) or header.get("format") != FORMAT or isinstance(version, bool) or version not in READ_VERSIONS:
        raise _Refused(1, f"not a {FORMAT} export of format version 2, 3 or {FORMAT_VERSION}")
    keys = HEADER_KEYS if version == 2 else HEADER_KEYS_V3
    if list(header) != list(keys):
        raise _Refused(1, f"the header must have exactly the keys {', '.join(keys)}")
    kinds = {"game": str, "name": str, "setup": dict, "campaign_id": str, "created_at": str, "head": str, "header_digest": str}
    wrong = [k for k, kind in kinds.items() if k in header and not isinstance(header[k], kind)]
    wrong += [k for k in ("ruleset_version", "events") if not isinstance(header[k], int) or isinstance(header[k], bool) or header[k] < 0]
    if wrong:
        raise _Refused(1, f"the header's {', '.join(wrong)} {'is' if len(wrong) == 1 else 'are'} not well formed")
    if "header_digest" in header and header["header_digest"] != header_digest(header):
        raise _Refused(1, "the header was changed after it was written (its digest does not match)")
    try:
        ruleset = get_ruleset(header["game"])
    except BadInput:
        raise _Refused(1, f"no game {quoted(header['game'][:40])} in this Questlog") from None
    if header["ruleset_version"] > ruleset.version:
        raise _Refused(1, f"exported with {ruleset.title} ruleset version {header['ruleset_version']}; this Questlog has "
                          f"version {ruleset.version}")


def _check_record(number: int, record: Any, expected_version: int) -> None:
    if not isinstance(record, dict) or list(record) != RECORD_KEYS or not isinstance(record["state"], dict) \
            or record["topic"] not in TOPICS:
        raise _Refused(number, "not a stored campaign event")
    if record["version"] != expected_version or isinstance(record["version"], bool):
        raise _Refused(number, f"version {record['version']!r} where {expected_version} was due: lines were removed, added or moved")


def _check_header_against(header: dict[str, Any], records: list[tuple[int, dict[str, Any]]], head: str) -> None:
    """The header is not a link of the chain: it must say what the chained records say."""
    created = records[0][1]["state"]
    renames = [r["state"].get("name") for _, r in records if r["topic"].endswith("Campaign.Renamed")]
    truth = {"game": created.get("game"), "name": renames[-1] if renames else created.get("name"), "setup": created.get("setup"),
             "ruleset_version": created.get("ruleset_version"), "created_at": created.get("created_at"), "head": head}
    wrong = [k for k, v in truth.items() if k in header and header[k] != v]
    if wrong:
        raise _Refused(1, f"the header's {', '.join(wrong)} differ from the campaign's records"
                          + (": the file was cut short or its last lines replaced" if wrong == ["head"] else ""))


def _stored(originator_id: uuid.UUID, record: dict[str, Any]) -> StoredEvent:
    state = json.dumps(record["state"], separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    return StoredEvent(originator_id=originator_id, originator_version=record["version"], topic=record["topic"], state=state)


def _check_loads(app: TransferStore, records: list[tuple[int, dict[str, Any]]], new_id: uuid.UUID | None = None,
                 tell: Progress | None = None) -> tuple[Campaign, list[Any]]:
    """Replay ``records`` in memory under ``new_id``: the campaign they make, and its snapshots at the versions the
    application's snapshot policy picks (so an import is stored snapshotted). Raises :class:`_Refused` naming the
    first line that does not replay."""
    aggregate: Any = None
    new_id = new_id or uuid.uuid4()
    tell = tell or (lambda stage, done, total: None)
    snapshots: list[Any] = []
    interval = app.snapshotting_intervals.get(Campaign, 100) if app.snapshots is not None else 0
    for number, record in records:
        try:
            aggregate = app.mapper.to_domain_event(_stored(new_id, record)).mutate(aggregate)
        except Exception as exc:  # any failure to replay means the file cannot become a campaign here
            raise _Refused(number, f"this event does not replay here: {str(exc)[:200]}") from None
        if interval and isinstance(aggregate, Campaign) and due_snapshots(aggregate, [aggregate.version], interval):
            snapshots.append(getattr(Campaign, "Snapshot", type(app).snapshot_class).take(copy_state(aggregate)))  # a copy: the replay goes on
        if number % 1000 == 0:
            tell("replaying", number - 1, len(records))
    tell("replaying", len(records), len(records))
    if not isinstance(aggregate, Campaign):
        raise _Refused(None, "the export holds no campaign")
    return aggregate, snapshots


__all__ = ["BrokenChain", "FORMAT", "FORMAT_VERSION", "MEDIA_TYPE", "check_export", "export_campaign", "export_lines",
           "import_campaign", "verify_export"]
