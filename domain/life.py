"""Campaigns as they really happen: amendments, bookmarks and branches (DESIGN.md § Undo, redo and seals, 8 and 10).

A mixin of the one application service (:class:`domain.application.Questlog`), kept apart so that module
stays small. Nothing here edits a stored record:

- an *amendment* fixes a recorded outcome that was not a reveal (a Scenario ending, a reward) the way a
  correction fixes a mis-typed die: the action and every later effective action are decided again and
  their new events appended, refused naming the first later action it would make illegal;
- a *bookmark* names a version (``view --at NAME``, ``history --since NAME``, ``branch --at NAME``);
- a *branch* is a new campaign whose history is a copy of this one's up to a version or bookmark, closed
  by a ``BranchedFrom`` record; the original is untouched (its export stays byte-identical) and names its
  branches through the campaign index.
"""

from __future__ import annotations

import dataclasses

from collections.abc import Callable, Iterable, Mapping
from types import SimpleNamespace
from typing import Any

from domain.core.campaign import Campaign, event_from_record
from domain.core.correction import plan_correction
from domain.core.errors import BadInput, RuleViolation
from domain.core.names import clean_text, quoted
from domain.requests import MAX_VERSION, ActionResult, corrected_fields, jsonable
from domain.requests import attempts, backoff, busy
from domain.requests import now as _now

AMEND_RULE = "README.md § Campaign life (amendments)"


def amended_fields(spec: Any, target: dict[str, Any], raw: Mapping[str, Any]) -> dict[str, Any]:
    """The fields an amendment gives ``target``. Raises ``RuleViolation`` for a reveal (corrected with ``correct``,
    never amended) or an undone action, :class:`BadInput` for unknown fields or no change."""
    if target["reveal"]:
        raise RuleViolation(AMEND_RULE, f"{spec.verb} revealed randomness: fix its values with `correct`, not `amend`")
    if target["status"] != "effective":
        raise RuleViolation(AMEND_RULE, "that action is undone: redo it before amending it")
    unknown = sorted(set(raw) - set(spec.schema().fields))
    if unknown or not raw:
        raise BadInput(f"{spec.verb} has no field {', '.join(unknown)}" if unknown else "name the amended values",
                       {name: ["unknown field"] for name in unknown})
    fields = jsonable(spec.load({**target["fields"], **raw}))
    if fields == target["fields"]:
        raise BadInput("those are the values the action already has: nothing to amend")
    return fields


class CampaignLife:
    """Amendments, bookmarks and branches for :class:`~domain.application.Questlog` (mixed in)."""

    def redecide(self, campaign_id: str, action_id: str, raw_fields: Mapping[str, Any], reason: str, *, amend: bool,
                 expected_version: int | None = None, actor: str | None = None,
                 authorize: Callable[[Campaign, Any, list[Any] | None], None] | None = None) -> ActionResult:
        """Correct (``amend=False``: a reveal's physical values) or amend (``amend=True``: a recorded outcome
        that was not a reveal) one action, deciding it and every later effective action again.

        ``authorize(campaign, command, events)`` is :meth:`record`'s hook, asked of the action as corrected (``command``
        its ``verb`` and corrected ``fields``): first with ``events=None`` (the characters its fields name, said
        before any rule's refusal), then with its new events (the API's seat check, :mod:`api.seats`: a seat's
        token corrects only its seat's actions and the table's).

        Raises :class:`BadInput` (unknown action, fields, no change, no reason), ``RuleViolation`` (the wrong
        kind of action, a digital roll, an undone action, or the first later action made illegal, named),
        :class:`StaleVersion`, or what ``authorize`` raises.
        """
        reason = clean_text(reason or "", "a reason", 500) if (reason or "").strip() else ""
        if not reason:
            raise BadInput(f"{'an amendment' if amend else 'a correction'} needs a reason", {"reason": ["required"]})
        for attempt in attempts(expected_version):
            backoff(attempt)
            campaign = self.get_campaign(campaign_id)
            self.check_expected(campaign, expected_version)
            stored = self.stored_actions(campaign_id)
            # every action with its values as the latest correction or amendment left them: they build on each other
            latest = {e["action_id"]: e["fields"] for e in stored if e["kind"] in ("correction", "amendment")}
            entries = [{**e, "fields": latest.get(e["action_id"], e["fields"])} for e in stored if e["kind"] == "action"]
            target = next((e for e in entries if e["action_id"] == action_id), None)
            if target is None:
                raise BadInput(f"no action {quoted(action_id)} in this campaign", {"action_id": ["unknown action"]})
            spec = self.action_spec(campaign.game, target["verb"])
            fields = (amended_fields if amend else corrected_fields)(spec, target, raw_fields)
            command = SimpleNamespace(verb=target["verb"], fields=fields, actor=actor)
            if authorize is not None:
                authorize(campaign, command, None)
            effective = [e for e in entries if e["status"] == "effective"]
            plan = plan_correction(campaign.ruleset, campaign.setup, effective, action_id, fields, (campaign.seal or {}).get("action_id"),
                                  "amendment" if amend else "correction")
            if authorize is not None:
                own = next(r.events for r in plan.redecisions if r.action_id == action_id)
                authorize(campaign, command, [event_from_record(campaign.ruleset, r) for r in own])
            append = campaign.amend if amend else campaign.correct
            append(action_id, fields, reason, actor, _now(), [(r.action_id, r.events) for r in plan.redecisions], plan.sealed_state)
            if not self._try_save(campaign, expected_version):
                continue
            self._after_write(campaign)
            events = [e for r in plan.redecisions for e in r.events]
            return ActionResult(str(campaign.id), action_id, "amend" if amend else "correct", events, campaign.version)
        raise busy(campaign_id)

    def amend(self, campaign_id: str, action_id: str, raw_fields: Mapping[str, Any], reason: str, *,
              expected_version: int | None = None, actor: str | None = None,
              authorize: Callable[[Campaign, Any, list[Any] | None], None] | None = None) -> ActionResult:
        """Amend a recorded outcome that was not a reveal (see :meth:`redecide`)."""
        return self.redecide(campaign_id, action_id, raw_fields, reason, amend=True, expected_version=expected_version, actor=actor,
                             authorize=authorize)

    # -- bookmarks -------------------------------------------------------------------------------

    def bookmark(self, campaign_id: str, name: str, *, actor: str | None = None) -> ActionResult:
        """Name the campaign's current version ``name``. Raises :class:`BadInput` for a bad or taken name
        (a bookmark name that looks like a version, ``v12`` or ``12``, is refused: ``--at`` would be ambiguous)."""
        name = clean_text(name, "a bookmark name", 80)
        if _as_version(name) is not None:
            raise BadInput(f"{quoted(name)} looks like a version; a bookmark needs a name", {"name": ["looks like a version"]})
        for attempt in attempts(None):
            backoff(attempt)
            campaign = self.get_campaign(campaign_id)
            if name in campaign.bookmarks:
                raise BadInput(f"bookmark {quoted(name)} already names version {campaign.bookmarks[name]}", {"name": ["taken"]})
            at = campaign.version
            campaign.bookmark(name, actor=actor, recorded_at=_now())
            if not self._try_save(campaign, None):
                continue
            self._after_write(campaign)
            return ActionResult(str(campaign.id), name, "bookmark", [], campaign.version, undone_action={"bookmark": name, "version": at})
        raise busy(campaign_id)

    def bookmarks(self, campaign_id: str) -> dict[str, int]:
        """Bookmark name -> version, in the order they were made."""
        return dict(self.get_campaign(campaign_id).bookmarks)

    def resolve_version(self, campaign_id: str, ref: str | int | None) -> int | None:
        """The version ``ref`` names: a number, ``vN``, or a bookmark name; ``None`` stays ``None``.
        Raises :class:`BadInput` naming the campaign's bookmarks when it names none."""
        if ref is None or isinstance(ref, int):
            return ref
        version = _as_version(ref)
        if version is not None:
            return version
        marks = self.get_campaign(campaign_id).bookmarks
        if ref in marks:
            return marks[ref]
        known = ", ".join(f"{n} (v{v})" for n, v in marks.items()) or "none yet"
        raise BadInput(f"{quoted(ref)} is neither a version nor a bookmark of this campaign; bookmarks: {known}", {"at": ["unknown bookmark"]})

    # -- branches --------------------------------------------------------------------------------

    def branch(self, campaign_id: str, name: str, *, at: str | int | None = None, actor: str | None = None) -> str:
        """A new campaign ``name`` whose history copies this one's up to ``at`` (a version or bookmark; default:
        now), closed by a ``BranchedFrom`` record. Returns the new campaign's id; the original is untouched.
        A version inside an action copies up to the last whole action ending before it (as time travel does).
        Raises :class:`BadInput` (bad name or version), ``UnknownCampaign``."""
        name = self._free_name(clean_text(name, "a campaign name", 120))  # names are unique in a store
        source = self.get_campaign(campaign_id)
        version = self.resolve_version(campaign_id, at) if at is not None else source.version
        if not 1 <= version <= source.version:
            raise BadInput(f"version must be within 1..{source.version}, not {version}", {"at": ["out of range"]})
        stored = list(self.repository.event_store.get(source.id, lte=version))
        created = stored[0]
        branch = Campaign.start(game=source.game, name=name, setup=dict(created.setup), ruleset_version=created.ruleset_version,
                                actor=actor, created_at=_now())
        copied = copy_history(branch, stored[1:])
        branch.mark_branched(str(source.id), source.name, copied, actor=actor, recorded_at=_now())
        self.save_new_campaign(branch)  # with its name's reservation, atomically
        return str(branch.id)

    def branches_of(self, campaign_id: str) -> list[dict[str, Any]]:
        """The campaigns branched from ``campaign_id``: ``[{id, name, version}]`` (``version``: where they left it), read
        from the read models' history index (each branch's ``BranchedFrom`` record) and that one record of each
        branch, never by loading every campaign of the store."""
        import json
        import uuid

        self.read_models.catch_up()
        names = {r["campaign_id"]: r["name"] for r in self.read_models.campaigns()}
        out = []
        for row in self.read_models.branch_records():
            record = self.recorder.select_events(uuid.UUID(row["campaign_id"]), gt=row["version"] - 1, lte=row["version"])
            state = json.loads(record[0].state) if record else {}
            if state.get("campaign_id") == str(campaign_id) and row["campaign_id"] in names:
                made = state.get("timestamp", {}).get("_data_", "")
                out.append(({"id": row["campaign_id"], "name": names[row["campaign_id"]], "version": state["version"]}, made))
        # oldest first by the BranchedFrom record's microsecond timestamp (the index's created_at is to the second)
        order = {cid: n for n, cid in enumerate(names)}
        return [b for b, _ in sorted(out, key=lambda pair: (pair[1], order[pair[0]["id"]]))]

    # -- play records out -------------------------------------------------------------------------

    def finished_plays(self, campaign_id: str) -> list[Any]:
        """Every finished play of the campaign (see :mod:`domain.plays`), oldest first."""
        from domain.plays import finished_plays

        campaign = self.get_campaign(campaign_id)
        plays = finished_plays(campaign.ruleset, self.stored_actions(campaign_id),
                               lambda version: self.state(campaign_id, at=version), str(campaign.id))
        chosen = self.bgg_id(campaign.game)
        return [dataclasses.replace(p, bgg_id=chosen) for p in plays] if chosen else plays

    def ended_play(self, result: Any) -> dict[str, Any] | None:
        """``{"n", "title", "outcome"}`` of the play the recorded action ``result`` (an ``ActionResult``) finished, as
        ``questlog recap N`` numbers it; ``None`` when it finished none, or was already recorded (see
        :func:`domain.statistics.ended_play`: the history is read only when an event may end a play)."""
        from domain.statistics import ended_play

        if result.duplicate:
            return None
        cid = result.campaign_id
        ruleset = self.get_campaign(cid).ruleset
        if not any(e.get("type") in ruleset.ends_plays for e in result.events):
            return None
        return ended_play(ruleset, self.stored_actions(cid), lambda v: self.state(cid, at=v), result.action_id, result.events)


def copy_history(branch: Campaign, stored: Iterable[Any]) -> int:
    """Re-record ``stored`` (a campaign's aggregate events after its creation) into ``branch``, in order:
    actions with their recorded events, undos, redos, corrections, amendments and bookmarks (bookmarks at
    their mapped versions; renames are not copied: the branch keeps its own name). Events of an action
    cut in half are dropped. Returns the source version the copy ends at."""
    pending: list[dict[str, Any]] = []
    redecisions: list[tuple[str, list[dict[str, Any]]]] = []
    mapped: dict[int, int] = {1: branch.version}
    ruleset = branch.ruleset
    copied_to = 1
    for ev in stored:
        kind = type(ev).__name__
        if kind == "GameEventRecorded":
            pending.append({"type": ev.type, "data": ev.data})
            continue
        if kind == "ActionRedecided":
            redecisions.append((ev.action_id, pending))
            pending = []
            continue
        if kind == "ActionRecorded":
            branch.record_action(ev.action_id, ev.verb, ev.fields, [event_from_record(ruleset, r) for r in pending], actor=ev.actor,
                                 recorded_at=ev.recorded_at, reveal=ev.reveal, digital=ev.digital, summary=ev.summary, play=ev.play)
        elif kind in ("ActionUndone", "ActionRedone"):
            (branch.undo if kind == "ActionUndone" else branch.redo)(ev.action_id, actor=ev.actor, recorded_at=ev.recorded_at)
        elif kind in ("ActionCorrected", "ActionAmended"):
            append = branch.amend if kind == "ActionAmended" else branch.correct
            append(ev.action_id, ev.fields, ev.reason, ev.actor, ev.recorded_at, redecisions, ev.sealed_state)
            redecisions = []
        elif kind == "Bookmarked":
            branch.bookmark(ev.name, ev.actor, ev.recorded_at, version=mapped.get(ev.version, branch.version))
        pending = []
        copied_to = ev.originator_version
        mapped[copied_to] = branch.version
    return copied_to


def _as_version(ref: str) -> int | None:
    """The version `ref` names as a number (`12`, `v12`), else `None`. Raises :class:`BadInput` for one too large."""
    text = ref  # not stripped: "5 " is no version (as a query parameter or a header is not), only a bookmark could be
    digits = text[1:] if text[:1] in ("v", "V") else text
    if digits.isascii() and digits.isdigit():
        if len(digits) > len(str(MAX_VERSION)):
            raise BadInput(f"version must be a whole number within 1..{MAX_VERSION}, not {text[:40]}", {"at": ["out of range"]})
        return int(digits)
    return None


__all__ = ["CampaignLife", "amended_fields", "copy_history"]
