"""Export a campaign as JSON Lines and import it elsewhere (DESIGN.md § Interfaces, Persistence).

The format is the campaign's stored form, one JSON object per line:

1. a header ``{"format": "questlog-campaign", "format_version": 1, "game", "name", "setup",
   "ruleset_version", "campaign_id", "created_at"}``;
2. one line per stored action record, in stored order, undone ones and the undo / redo records
   included: ``{"kind": "action", "action_id", "verb", "fields", "actor", "digital", "reveal",
   "recorded_at", "version"}``, ``{"kind": "undo" | "redo", "action_id", "actor", "recorded_at", "version"}``.

Importing re-records every line through the application (so every action is validated and decided
again by the rules) under a new campaign id, with new action ids (undo / redo lines are checked to take
back the action they name). It runs first against an in-memory application; only when
every line replays is the new stream written to the store, in one insert: a bad file changes nothing.
Digital rolls are replayed with the values recorded, never rolled again.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from marshmallow import ValidationError

from domain.core.errors import BadInput, QuestlogError
from domain.core.ruleset import get_ruleset

if TYPE_CHECKING:
    from domain.application import Questlog

FORMAT = "questlog-campaign"
FORMAT_VERSION = 1
MEDIA_TYPE = "application/x-ndjson"


def export_lines(app: Questlog, campaign_id: str) -> Iterator[str]:
    """The campaign as JSON Lines (each string one line, without its newline). Raises ``UnknownCampaign``."""
    campaign = app.get_campaign(campaign_id)
    yield _dumps({"format": FORMAT, "format_version": FORMAT_VERSION, "game": campaign.game, "name": campaign.name,
                  "setup": campaign.setup, "ruleset_version": campaign.ruleset_version,
                  "campaign_id": str(campaign.id), "created_at": campaign.created_at})
    for entry in app.stored_actions(str(campaign.id)):
        if entry["kind"] == "action":
            keys = ("kind", "action_id", "verb", "fields", "actor", "digital", "reveal", "recorded_at", "version")
        elif entry["kind"] in ("undo", "redo"):
            keys = ("kind", "action_id", "actor", "recorded_at", "version")
        else:
            continue
        yield _dumps({k: entry.get(k) for k in keys})


def export_campaign(app: Questlog, campaign_id: str) -> str:
    """The whole export as one string, each line ending in a newline."""
    return "".join(line + "\n" for line in export_lines(app, campaign_id))


def import_campaign(app: Questlog, lines: str | Iterable[str], *, name: str | None = None, actor: str | None = None) -> str:
    """Import an export into ``app`` under a new campaign id, returned. ``name`` overrides the header's.

    Raises :class:`BadInput` naming the first line that cannot be read or replayed; nothing is stored then.
    """
    from domain.application import Questlog

    header, records = _parse(lines.splitlines() if isinstance(lines, str) else lines)
    dry = Questlog(env={"PERSISTENCE_MODULE": "eventsourcing.popo", "QUESTLOG_PERSISTENCE_MODULE": "eventsourcing.popo",
                        "QUESTLOG_READ_MODELS": "off"})
    try:
        campaign_id = _replay(dry, header, records, name, actor)
        events = list(dry.repository.event_store.get(uuid.UUID(campaign_id)))
    finally:
        dry.close()
    app.events.put(events)  # one insert: all or nothing
    if app.snapshots is not None and len(events) >= 100:
        app.take_snapshot(uuid.UUID(campaign_id))
    if getattr(app, "keep_read_models", False):
        app.read_models.catch_up()
    return campaign_id


def _dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=False)


def _parse(lines: Iterable[str]) -> tuple[dict[str, Any], list[tuple[int, dict[str, Any]]]]:
    parsed: list[tuple[int, dict[str, Any]]] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except (ValueError, RecursionError):
            raise BadInput(f"line {number}: not a JSON object", {"line": [str(number)]}) from None
        if not isinstance(data, dict):
            raise BadInput(f"line {number}: not a JSON object", {"line": [str(number)]})
        parsed.append((number, data))
    if not parsed:
        raise BadInput("an empty import: the first line must be the campaign header")
    (_, header), records = parsed[0], parsed[1:]
    _check_header(header)
    for number, record in records:
        _check_record(number, record)
    return header, records


def _check_header(header: dict[str, Any]) -> None:
    if header.get("format") != FORMAT or header.get("format_version") != FORMAT_VERSION:
        raise BadInput(f"line 1: not a {FORMAT} export of format version {FORMAT_VERSION}", {"line": ["1"]})
    if not isinstance(header.get("game"), str) or not isinstance(header.get("setup", {}), dict):
        raise BadInput("line 1: the header needs a game and a setup object", {"line": ["1"]})
    ruleset = get_ruleset(header["game"])
    version = header.get("ruleset_version", 1)
    if not isinstance(version, int) or version > ruleset.version:
        raise BadInput(f"line 1: exported with {ruleset.title} ruleset version {version!r}; this Questlog has version {ruleset.version}",
                       {"line": ["1"]})


def _check_record(number: int, record: dict[str, Any]) -> None:
    kind, action_id = record.get("kind"), record.get("action_id")
    ok = kind in ("action", "undo", "redo") and isinstance(action_id, str)
    if kind == "action":
        ok = ok and isinstance(record.get("verb"), str) and isinstance(record.get("fields", {}), dict)
    if not ok or not isinstance(record.get("actor"), (str, type(None))):
        raise BadInput(f"line {number}: not an action, undo or redo record", {"line": [str(number)]})


def _replay(dry: Questlog, header: dict[str, Any], records: list[tuple[int, dict[str, Any]]], name: str | None,
            actor: str | None) -> str:
    campaign_id = dry.create_campaign(header["game"], name or header.get("name") or "", header.get("setup") or {}, actor=actor)
    new_ids: dict[str, str] = {}
    for number, record in records:
        try:
            _replay_one(dry, campaign_id, header["game"], record, new_ids)
        except (QuestlogError, ValidationError, KeyError, TypeError, ValueError) as exc:
            reason = getattr(exc, "message", None) or f"{type(exc).__name__}: {exc}"
            raise BadInput(f"line {number}: cannot replay {record.get('kind')} {record.get('verb') or record['action_id']}: {reason}",
                           {"line": [str(number)]}) from None
    return campaign_id


def _replay_one(dry: Questlog, campaign_id: str, game: str, record: dict[str, Any], new_ids: dict[str, str]) -> None:
    who = record.get("actor")
    if record["kind"] in ("undo", "redo"):
        result = (dry.undo if record["kind"] == "undo" else dry.redo)(campaign_id, actor=who)
        if result.action_id != new_ids.get(record["action_id"]):
            raise BadInput(f"{record['kind']} takes back {result.action_id}, but the export says {record['action_id']}")
        return
    fields, rng = dict(record.get("fields") or {}), None
    spec = dry.action_spec(game, record["verb"])
    digital = bool(record.get("digital")) and spec.dice is not None and spec.reveal
    if digital:
        roll = spec.dice(dry.state(campaign_id), fields)  # type: ignore[misc]
        if roll is None or roll.field not in fields:
            raise BadInput("a digital roll without its recorded values")
        rng = _Replayed(list(fields.pop(roll.field)))
    result = dry.record(campaign_id, record["verb"], fields, actor=who, digital=digital, rng=rng)  # type: ignore[arg-type]
    new_ids[record["action_id"]] = result.action_id
    if rng is not None and rng.values:
        raise BadInput("the recorded roll has more dice than the action rolls")


class _Replayed:
    """Stands in for ``random.Random``: gives back a digital roll's recorded values, in order."""

    def __init__(self, values: list[Any]) -> None:
        self.values = values

    def randint(self, low: int, high: int) -> int:
        """The next recorded value (``BadInput`` when there is none or it is out of range)."""
        if not self.values:
            raise BadInput("the recorded roll has fewer dice than the action rolls")
        value = self.values.pop(0)
        if not isinstance(value, int) or not low <= value <= high:
            raise BadInput(f"a recorded die of {value!r} is not within {low}..{high}")
        return value


__all__ = ["FORMAT", "FORMAT_VERSION", "MEDIA_TYPE", "export_campaign", "export_lines", "import_campaign"]
