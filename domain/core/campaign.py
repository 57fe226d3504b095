"""The Campaign aggregate: one event stream per campaign, actions with ids, undo / redo / seals.

Stream layout (a persisted contract; DESIGN.md § Undo, redo and seals):

- ``Campaign.Created(game, name, setup, ruleset_version, actor, created_at)`` opens the stream;
- an action is its domain events, each a ``Campaign.GameEventRecorded(action_id, type, data)``,
  closed by ``Campaign.ActionRecorded(action_id, verb, fields, actor, recorded_at, reveal, digital, summary,
  play, digest, previous_digest)`` (``play``: the play in progress when it was decided);
  they are saved together, so every action ends at a version;
- ``Campaign.ActionUndone(action_id, ...)`` and ``Campaign.ActionRedone(action_id, ...)``.

The aggregate keeps the state folded up to the latest seal (``sealed_state``: nothing there can change
again) and the unsealed actions after it with their events, so undo re-folds only the unsealed tail and a
snapshot stays small. Loading at a version that falls inside an action leaves its events ``pending``
and unapplied: the state is the one after the last action ending at or before that version.

Validation happens before these methods are called (in :mod:`domain.application`); the ``@event``
bodies run again on every replay and only apply.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from eventsourcing.domain import Aggregate, event

from .chain import GENESIS
from .errors import NothingToRedo, NothingToUndo, SealedHistory
from .ruleset import TABLE_KEY, GameEvent, Ruleset, State, get_ruleset
from .table_events import CORE_EVENTS, evolve_core


def fold(ruleset: Ruleset, state: State, events: list[GameEvent]) -> State:
    """Apply ``events`` in order with the ruleset's ``evolve`` (core events with the core's)."""
    for ev in events:
        state = evolve_core(state, ev) if type(ev).__name__ in CORE_EVENTS else ruleset.evolve(state, ev)
    return state


def event_from_record(ruleset: Ruleset, record: dict[str, Any]) -> GameEvent:
    """Rebuild a domain event from its stored ``{"type", "data"}`` form."""
    cls = CORE_EVENTS.get(record["type"])
    return cls(**record["data"]) if cls else ruleset.event_from_data(record["type"], record["data"])


def initial_campaign_state(ruleset: Ruleset, setup: dict[str, Any]) -> State:
    """A new campaign's state: the ruleset's initial state plus the core's empty ``table``."""
    state = ruleset.initial_state(setup)
    return {**state, TABLE_KEY: {}}


_UNSEALED = {"digest": GENESIS, "previous_digest": GENESIS}
"""Placeholders: the chain fields are set over each record's stored form when it is saved (:func:`~.chain.seal_events`)."""


class Campaign(Aggregate):
    """One group's running record for one game (DESIGN.md § Words: campaign)."""

    @classmethod
    def start(cls, game: str, name: str, setup: dict[str, Any], ruleset_version: int, actor: str | None, created_at: str) -> Campaign:
        """A new campaign whose creation record opens the tamper-evident chain (:mod:`domain.core.chain`)."""
        content = {"game": game, "name": name, "setup": setup, "ruleset_version": ruleset_version, "actor": actor, "created_at": created_at}
        return cls(**content, digest=GENESIS)  # every digest is set over the stored form when saved (chain.seal_events)

    @event("Created")
    def __init__(self, game: str, name: str, setup: dict[str, Any], ruleset_version: int, actor: str | None, created_at: str,
                 digest: str) -> None:
        self.last_digest = digest  # the chain's head: set again when the records are sealed and saved
        self.game = game
        self.name = name
        self.setup = setup
        self.ruleset_version = ruleset_version
        self.built_by = self.ruleset.version  # the rules this aggregate's state was folded with (snapshots keep it)
        self.created_at = created_at
        self.last_action_at = created_at
        self.sealed_state = initial_campaign_state(self.ruleset, setup)
        self.state = self.sealed_state
        self.unsealed: list[dict[str, Any]] = []
        self.redo_stack: list[str] = []
        self.pending: list[dict[str, Any]] = []
        self.seal: dict[str, Any] | None = None
        self.redecided: dict[str, list[dict[str, Any]]] = {}  # a correction's new decisions, until its closing record
        self.action_count = 0

    @property
    def ruleset(self) -> Ruleset:
        """The ruleset registered for this campaign's game."""
        return get_ruleset(self.game)

    # -- recording -------------------------------------------------------------------------------

    def record_action(self, action_id: str, verb: str, fields: dict[str, Any], events: list[GameEvent], *,
                      actor: str | None, recorded_at: str, reveal: bool, digital: bool, summary: str, play: str | None) -> None:
        """Record one decided action: its events, then its closing record chained to the previous one (one atomic save)."""
        for ev in events:
            record = {"action_id": action_id, "type": ev.type, "data": ev.to_data()}
            self._record_event(**record, **_UNSEALED)
        content = {"action_id": action_id, "verb": verb, "fields": fields, "actor": actor, "recorded_at": recorded_at,
                   "reveal": reveal, "digital": digital, "summary": summary, "play": play}
        self._record_action(**content, **_UNSEALED)

    @event("GameEventRecorded")
    def _record_event(self, action_id: str, type: str, data: dict[str, Any], digest: str, previous_digest: str) -> None:
        self._link(digest)
        self.pending.append({"type": type, "data": data})

    class ActionRecorded(Aggregate.Event):
        """An action's closing record. Version 2 added ``play``; version-1 records read with ``play=None``."""

        action_id: str
        verb: str
        fields: dict[str, Any]
        actor: str | None
        recorded_at: str
        reveal: bool
        digital: bool
        summary: str
        play: str | None
        digest: str
        previous_digest: str

        class_version = 2

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["play"] = None

    @event(ActionRecorded)
    def _record_action(self, action_id: str, verb: str, fields: dict[str, Any], actor: str | None,
                       recorded_at: str, reveal: bool, digital: bool, summary: str, play: str | None, digest: str,
                       previous_digest: str) -> None:
        records, self.pending = self.pending, []
        self._link(digest)
        self.state = fold(self.ruleset, self.state, [event_from_record(self.ruleset, r) for r in records])
        self.action_count += 1
        self.last_action_at = recorded_at
        self.redo_stack = []
        version = self.version + 1
        if reveal:
            self.sealed_state, self.unsealed = self.state, []
            self.seal = {"action_id": action_id, "verb": verb, "version": version, "summary": summary}
        else:
            self.unsealed.append({"action_id": action_id, "verb": verb, "summary": summary, "version": version,
                                  "events": records, "undone": False, "actor": actor})

    # -- corrections (DESIGN.md § Undo, redo and seals, 8; the plan comes from domain.core.correction) ---

    def correct(self, action_id: str, fields: dict[str, Any], reason: str, actor: str | None, recorded_at: str,
                redecisions: list[tuple[str, list[dict[str, Any]]]], sealed_state: State) -> None:
        """Append a correction: each re-decided action's new events and marker, then the correction record."""
        self._append_redecisions(redecisions)
        content = {"action_id": action_id, "fields": fields, "reason": reason, "actor": actor, "recorded_at": recorded_at,
                   "sealed_state": sealed_state}
        self._correct(**content, **_UNSEALED)

    def _append_redecisions(self, redecisions: list[tuple[str, list[dict[str, Any]]]]) -> None:
        for redecided_id, records in redecisions:
            for record in records:
                content = {"action_id": redecided_id, **record}
                self._record_event(**content, **_UNSEALED)
            mark = {"action_id": redecided_id}
            self._redecide(**mark, **_UNSEALED)

    @event("ActionRedecided")
    def _redecide(self, action_id: str, digest: str, previous_digest: str) -> None:
        self._link(digest)
        records, self.pending = self.pending, []
        self.redecided = {**self.redecided, action_id: records}

    @event("ActionCorrected")
    def _correct(self, action_id: str, fields: dict[str, Any], reason: str, actor: str | None, recorded_at: str,
                 sealed_state: State, digest: str, previous_digest: str) -> None:
        self._apply_redecisions(sealed_state, digest)

    def _apply_redecisions(self, sealed_state: State, digest: str) -> None:
        """Close a correction or amendment: each re-decided action's latest events replace its earlier ones."""
        self._link(digest)
        redecided, self.redecided = self.redecided, {}
        for action in self.unsealed:
            if action["action_id"] in redecided:
                action["events"] = redecided[action["action_id"]]
        self.sealed_state, self.redo_stack = sealed_state, []
        self._refold()

    def rename(self, name: str, actor: str | None, recorded_at: str) -> None:
        """Give the campaign a new name (a link of the chain, shown in history)."""
        content = {"name": name, "actor": actor, "recorded_at": recorded_at}
        self._rename(**content, **_UNSEALED)

    @event("Renamed")
    def _rename(self, name: str, actor: str | None, recorded_at: str, digest: str, previous_digest: str) -> None:
        self._link(digest)
        self.name = name

    def amend(self, action_id: str, fields: dict[str, Any], reason: str, actor: str | None, recorded_at: str,
              redecisions: list[tuple[str, list[dict[str, Any]]]], sealed_state: State) -> None:
        """Append an amendment of a recorded outcome that was not a reveal (a Scenario ending, a reward): the
        re-decided actions as for :meth:`correct`, closed by an ``ActionAmended`` record (history shows both)."""
        self._append_redecisions(redecisions)
        content = {"action_id": action_id, "fields": fields, "reason": reason, "actor": actor, "recorded_at": recorded_at,
                   "sealed_state": sealed_state}
        self._amend(**content, **_UNSEALED)

    @event("ActionAmended")
    def _amend(self, action_id: str, fields: dict[str, Any], reason: str, actor: str | None, recorded_at: str,
               sealed_state: State, digest: str, previous_digest: str) -> None:
        self._apply_redecisions(sealed_state, digest)

    # -- bookmarks and branches (DESIGN.md § Undo, redo and seals, 10) -------------------------------

    bookmarks = MappingProxyType({})
    """Bookmark name -> the version it names (replaced, never mutated: campaigns stored before bookmarks load empty)."""
    branched_from = None
    """``{"campaign_id", "name", "version"}`` of the campaign this one was branched from, or ``None``."""

    def bookmark(self, name: str, actor: str | None, recorded_at: str, version: int | None = None) -> None:
        """Name ``version`` (default: the current one) ``name`` (validated by the caller: unique, one printable line)."""
        content = {"name": name, "version": self.version if version is None else version, "actor": actor, "recorded_at": recorded_at}
        self._bookmark(**content, **_UNSEALED)

    @event("Bookmarked")
    def _bookmark(self, name: str, version: int, actor: str | None, recorded_at: str, digest: str, previous_digest: str) -> None:
        self._link(digest)
        self.bookmarks = {**self.bookmarks, name: version}

    def mark_branched(self, source_id: str, source_name: str, version: int, actor: str | None, recorded_at: str) -> None:
        """Record that this campaign's history so far is a copy of ``source_id``'s up to ``version``."""
        content = {"campaign_id": source_id, "name": source_name, "version": version, "actor": actor, "recorded_at": recorded_at}
        self._branched(**content, **_UNSEALED)

    @event("BranchedFrom")
    def _branched(self, campaign_id: str, name: str, version: int, actor: str | None, recorded_at: str, digest: str,
                  previous_digest: str) -> None:
        self._link(digest)
        self.branched_from = {"campaign_id": campaign_id, "name": name, "version": version}

    def _link(self, digest: str) -> None:
        """Move the chain's head to a stored record's digest (new records carry none until they are sealed)."""
        if digest:
            self.last_digest = digest

    # -- undo / redo -----------------------------------------------------------------------------

    def undoable(self) -> list[dict[str, Any]]:
        """The effective unsealed actions, latest last: what repeated undos would take back."""
        return [a for a in self.unsealed if not a["undone"]]

    def next_undo(self) -> dict[str, Any]:
        """The action ``undo`` would take back. Raises :class:`SealedHistory` or :class:`NothingToUndo`."""
        candidates = self.undoable()
        if candidates:
            return candidates[-1]
        if self.seal:
            raise SealedHistory(f"nothing to undo since {self.seal['summary']}, version {self.seal['version']}: "
                                "a reveal seals everything before it", self.version, dict(self.seal))
        raise NothingToUndo("nothing to undo: no action recorded since the campaign began" if not self.unsealed
                            else "nothing to undo: every action since the campaign began is already undone", self.version)

    def next_redo(self) -> dict[str, Any]:
        """The action ``redo`` would put back. Raises :class:`NothingToRedo`."""
        if not self.redo_stack:
            raise NothingToRedo("nothing to redo: no undone action, or an action was recorded since the undo", self.version)
        return self._unsealed_action(self.redo_stack[-1])

    def undo(self, action_id: str, actor: str | None, recorded_at: str) -> None:
        """Take back ``action_id`` (validated by :meth:`next_undo` first)."""
        self._undo(action_id=action_id, actor=actor, recorded_at=recorded_at, **_UNSEALED)

    def redo(self, action_id: str, actor: str | None, recorded_at: str) -> None:
        """Put back ``action_id`` (validated by :meth:`next_redo` first)."""
        self._redo(action_id=action_id, actor=actor, recorded_at=recorded_at, **_UNSEALED)

    @event("ActionUndone")
    def _undo(self, action_id: str, actor: str | None, recorded_at: str, digest: str, previous_digest: str) -> None:
        self._link(digest)
        self._unsealed_action(action_id)["undone"] = True
        self.redo_stack = [*self.redo_stack, action_id]
        self._refold()

    @event("ActionRedone")
    def _redo(self, action_id: str, actor: str | None, recorded_at: str, digest: str, previous_digest: str) -> None:
        self._link(digest)
        self._unsealed_action(action_id)["undone"] = False
        self.redo_stack = self.redo_stack[:-1]
        self._refold()

    def _unsealed_action(self, action_id: str) -> dict[str, Any]:
        return next(a for a in self.unsealed if a["action_id"] == action_id)

    def _refold(self) -> None:
        ruleset = self.ruleset
        state = self.sealed_state
        for action in self.undoable():
            state = fold(ruleset, state, [event_from_record(ruleset, r) for r in action["events"]])
        self.state = state

    # -- questions -------------------------------------------------------------------------------

    def horizon(self) -> dict[str, Any]:
        """How far back undo can go: ``{"undoable": [actions, latest first], "seal": the reveal or None}``."""
        return {
            "undoable": [{k: a[k] for k in ("action_id", "verb", "summary", "version")} for a in reversed(self.undoable())],
            "seal": dict(self.seal) if self.seal else None,
            "redoable": list(reversed(self.redo_stack)),
        }
