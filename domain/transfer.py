"""Export a campaign as JSON Lines and import it elsewhere (DESIGN.md § Interfaces, Persistence).

The format is the campaign's *stored form*, so the tamper-evident chain (:mod:`domain.core.chain`) travels
with it and an import under a new id still verifies:

1. a header ``{"format": "questlog-campaign", "format_version": 2, "game", "name", "setup",
   "ruleset_version", "campaign_id", "created_at", "events"}``;
2. one line per stored event, in order: ``{"version": n, "topic": "...:Campaign.ActionRecorded",
   "state": {...}}`` where ``state`` is the stored JSON exactly as the store holds it (before any
   upcasting; it never names the campaign id).

Importing checks every line (JSON, known topics only, versions 1..n without gaps), verifies the chain
(a tampered, removed or reordered line is refused, naming its line), replays the events in memory to be
sure they load, and only then writes them under a new campaign id in one insert: a bad file stores
nothing. Digital rolls keep their recorded values. An import may be given a new name: that is recorded
as a rename after the copied history, so the chain still verifies.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

from eventsourcing.persistence import StoredEvent
from eventsourcing.utils import get_topic

from domain.core.campaign import Campaign
from domain.core.chain import verify_records
from domain.core.errors import BadInput
from domain.core.ruleset import get_ruleset
from domain.snapshots import due_snapshots

if TYPE_CHECKING:
    from domain.application import Questlog

FORMAT = "questlog-campaign"
FORMAT_VERSION = 2
MEDIA_TYPE = "application/x-ndjson"
Progress = Callable[[str, int, int], None]
"""``progress(stage, done, total)``: how far an import has got."""
TOPICS = {get_topic(cls) for cls in (Campaign.Created, Campaign.GameEventRecorded, Campaign.ActionRecorded,
                                      Campaign.ActionUndone, Campaign.ActionRedone, Campaign.Renamed,
                                      Campaign.ActionRedecided, Campaign.ActionCorrected)}


def export_lines(app: Questlog, campaign_id: str) -> Iterator[str]:
    """The campaign as JSON Lines (each string one line, without its newline). Raises ``UnknownCampaign``."""
    campaign = app.get_campaign(campaign_id)
    yield _dumps({"format": FORMAT, "format_version": FORMAT_VERSION, "game": campaign.game, "name": campaign.name,
                  "setup": campaign.setup, "ruleset_version": campaign.ruleset_version, "campaign_id": str(campaign.id),
                  "created_at": campaign.created_at, "events": campaign.version})
    for stored in app.recorder.select_events(campaign.id):
        yield _dumps({"version": stored.originator_version, "topic": stored.topic, "state": json.loads(stored.state)})


def export_campaign(app: Questlog, campaign_id: str) -> str:
    """The whole export as one string, each line ending in a newline."""
    return "".join(line + "\n" for line in export_lines(app, campaign_id))


def verify_export(app: Questlog, lines: str | Iterable[str]) -> dict[str, Any]:
    """Verify an export's chain without importing it: ``{"ok", ...}`` as :func:`~domain.core.chain.verify_records`,
    positions being line numbers. Raises :class:`BadInput` for a file that is not an export."""
    header, records = _parse(lines.splitlines() if isinstance(lines, str) else lines)
    return _verify(app, records, header)


def import_campaign(app: Questlog, lines: str | Iterable[str], *, name: str | None = None, actor: str | None = None,
                    progress: Progress | None = None) -> str:
    """Import an export into ``app`` under a new campaign id, returned. ``name`` renames it after the import.

    The campaign is stored with its snapshots (taken while its events are replayed to check them, as the
    application would have taken them), so neither the read models' catch-up nor a new process replays it
    from the start. ``progress(stage, done, total)`` is called as lines are checked (``"checking"``), replayed
    (``"replaying"``) and stored (``"storing"``). Raises :class:`BadInput` naming the first line that cannot be
    read, is out of order, or breaks the chain; nothing is stored then.
    """
    header, records = _parse(lines.splitlines() if isinstance(lines, str) else lines)
    tell = progress or (lambda stage, done, total: None)
    tell("checking", 0, len(records))
    report = _verify(app, records, header)
    if not report["ok"]:
        where = f"line {report['position']}" if report["position"] else "the export"
        raise BadInput(f"{where}: the tamper-evident chain is broken: {report['reason']}", {"line": [str(report["position"])]})
    new_id = uuid.uuid4()
    stored = [StoredEvent(originator_id=new_id, originator_version=r["version"], topic=r["topic"],
                          state=json.dumps(r["state"], separators=(",", ":"), ensure_ascii=False).encode("utf-8"))
              for _, r in records]
    campaign, snapshots = _check_loads(app, stored, tell)
    tell("storing", 0, len(stored))
    app.recorder.insert_events(stored)  # one transaction: all or nothing
    if app.snapshots is not None and snapshots:
        app.snapshots.recorder.insert_events(snapshots)
    tell("storing", len(stored), len(stored))
    app._after_write(campaign)  # kept in memory; the read-model runner catches up (the composition root listens)
    if name and name.strip() and name.strip() != header["name"]:
        app.rename_campaign(str(new_id), name, actor=actor)
    return str(new_id)


def _verify(app: Questlog, records: list[tuple[int, dict[str, Any]]], header: dict[str, Any]) -> dict[str, Any]:
    decode = app.mapper.transcoder.decode
    report = verify_records((number, r["topic"], decode(json.dumps(r["state"]).encode("utf-8"))) for number, r in records)
    if report["ok"]:
        # the header is not a link of the chain: it must say what the chained records say
        created = records[0][1]["state"]
        renames = [r["state"]["name"] for _, r in records if r["topic"].endswith("Campaign.Renamed")]
        truth = {"game": created.get("game"), "name": renames[-1] if renames else created.get("name"),
                 "setup": created.get("setup"), "ruleset_version": created.get("ruleset_version")}
        wrong = [k for k, v in truth.items() if header.get(k, v) != v]
        if wrong:
            return {"ok": False, "position": 1, "reason": f"the header's {', '.join(wrong)} differ from the campaign's records"}
    return report


def _check_loads(app: Questlog, stored: list[StoredEvent], tell: Progress) -> tuple[Campaign, list[StoredEvent]]:
    """Replay ``stored`` in memory: the campaign it makes, and its snapshots in stored form at the versions the
    application's snapshot policy picks. Raises :class:`BadInput` naming the first line that does not replay."""
    aggregate: Any = None
    snapshots: list[StoredEvent] = []
    interval = app.snapshotting_intervals.get(Campaign, 100) if app.snapshots is not None else 0
    for number, record in enumerate(stored, start=2):
        try:
            aggregate = app.mapper.to_domain_event(record).mutate(aggregate)
        except Exception as exc:  # any failure to replay means the file cannot become a campaign here
            raise BadInput(f"line {number}: this event does not replay here: {type(exc).__name__}: {exc}", {"line": [str(number)]}) from None
        if interval and isinstance(aggregate, Campaign) and due_snapshots(aggregate, [aggregate.version], interval):
            snapshot_class = getattr(Campaign, "Snapshot", type(app).snapshot_class)
            snapshots.append(app.mapper.to_stored_event(snapshot_class.take(aggregate)))  # encoded now: the replay goes on
        if number % 1000 == 0:
            tell("replaying", number - 1, len(stored))
    tell("replaying", len(stored), len(stored))
    if not isinstance(aggregate, Campaign):
        raise BadInput("the export holds no campaign")
    return aggregate, snapshots


def _dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _parse(lines: Iterable[str]) -> tuple[dict[str, Any], list[tuple[int, dict[str, Any]]]]:
    parsed: list[tuple[int, Any]] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            parsed.append((number, json.loads(line)))
        except (ValueError, RecursionError):
            raise BadInput(f"line {number}: not JSON", {"line": [str(number)]}) from None
    if not parsed:
        raise BadInput("an empty import: the first line must be the campaign header")
    (_, header), records = parsed[0], parsed[1:]
    _check_header(header)
    for expected, (number, record) in enumerate(records, start=1):
        _check_record(number, record, expected)
    if len(records) != header.get("events", len(records)):
        raise BadInput(f"the header promises {header.get('events')} events but the file holds {len(records)}: lines were removed or added")
    return header, records


def _check_header(header: Any) -> None:
    if not isinstance(header, dict) or header.get("format") != FORMAT or header.get("format_version") != FORMAT_VERSION:
        raise BadInput(f"line 1: not a {FORMAT} export of format version {FORMAT_VERSION}", {"line": ["1"]})
    if not isinstance(header.get("game"), str) or not isinstance(header.get("name"), str):
        raise BadInput("line 1: the header needs a game and a name", {"line": ["1"]})
    ruleset = get_ruleset(header["game"])
    version = header.get("ruleset_version", 1)
    if not isinstance(version, int) or version > ruleset.version:
        raise BadInput(f"line 1: exported with {ruleset.title} ruleset version {version!r}; this Questlog has version {ruleset.version}",
                       {"line": ["1"]})


def _check_record(number: int, record: Any, expected_version: int) -> None:
    if not isinstance(record, dict) or not isinstance(record.get("state"), dict) or record.get("topic") not in TOPICS:
        raise BadInput(f"line {number}: not a stored campaign event", {"line": [str(number)]})
    if record.get("version") != expected_version:
        raise BadInput(f"line {number}: version {record.get('version')!r} where {expected_version} was due: lines were removed, added or moved",
                       {"line": [str(number)]})


__all__ = ["FORMAT", "FORMAT_VERSION", "MEDIA_TYPE", "export_campaign", "export_lines", "import_campaign", "verify_export"]
