"""The Campaign aggregate: one event stream per campaign, actions with ids, undo / redo / seals.

Stream layout (a persisted contract; DESIGN.md § Undo, redo and seals):

- ``Campaign.Created(game, name, setup, ruleset_version, actor, created_at)`` opens the stream;
- an action is its domain events, each a ``Campaign.GameEventRecorded(action_id, type, data)``,
  closed by ``Campaign.ActionRecorded(action_id, verb, fields, actor, recorded_at, reveal, digital, summary,
  play, digest, previous_digest)`` (``play``: the play in progress when it was decided);
  they are saved together, so every action ends at a version;
- ``Campaign.ActionUndone(action_id, ...)`` and ``Campaign.ActionRedone(action_id, ...)``.

The aggregate keeps the state folded up to the latest seal (``sealed_state``: nothing there can change
again) and the unsealed actions after it with their events, so undo never re-folds anything before the seal.
Loading at a version that falls inside an action leaves its events ``pending`` and unapplied: the state is the
one after the last action ending at or before that version.

Undo and redo cost what the action needs, not the length of the unsealed tail (a campaign that never reveals
anything keeps its whole history undoable): every change to the effective actions happens at the end of
their sequence (undo takes the latest, redo puts back one that follows every effective action), so redo folds
only the action put back, and undo folds forward from a *checkpoint* (the state before an effective action,
kept for at least one of every ``CHECKPOINT_EVERY`` unsealed actions) over fewer than ``CHECKPOINT_EVERY``
actions. Checkpoints live in memory only, never in snapshots (they are derived); an aggregate loaded from a snapshot
rebuilds them on its first undo. A snapshot keeps only the tail's latest actions and the state before them; the older
ones are read back from the store when an undo, a redo or a correction reaches them (:mod:`.tail`). Unsealed
entries are replaced, never changed in place, so :meth:`Campaign.private_copy` and :meth:`Campaign.reading_copy` share them.

Validation happens before these methods are called (in :mod:`domain.application`); the ``@event``
bodies run again on every replay and only apply.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from eventsourcing.domain import Aggregate, event

from .chain import GENESIS
from .errors import NothingToRedo, NothingToUndo, SealedHistory
from .ruleset import TABLE_KEY, GameEvent, Ruleset, State, copy_state, get_ruleset
from .table_events import CORE_EVENTS, evolve_core
from .tail import CHECKPOINTS, HIDDEN, SOURCE, TAIL_LOCK, CampaignSnapshot, page_in


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


_FOLDED = "_folded_state"
"""Where :meth:`Campaign.record_action` hands the decided state to the closing record's body (see there)."""

_UNSEALED = {"digest": GENESIS, "previous_digest": GENESIS}
"""Placeholders: the chain fields are set over each record's stored form when it is saved (:func:`~.chain.seal_events`)."""

CHECKPOINT_EVERY = 32
"""At most this many unsealed actions between checkpoints: an undo folds fewer actions than this (plus the undone
actions it steps over). A checkpoint is a reference to a state the aggregate already made, so it costs memory
(one state per this many actions of a long unsealed tail), never a copy."""
__all__ = ["CHECKPOINTS", "CHECKPOINT_EVERY", "Campaign", "CampaignSnapshot", "event_from_record", "fold",
           "initial_campaign_state"]


class Campaign(Aggregate):
    """One group's running record for one game (DESIGN.md § Words: campaign)."""

    Snapshot = CampaignSnapshot

    @property
    def unsealed(self) -> list[dict[str, Any]]:
        """The unsealed actions after the latest seal, oldest first (with their events): the whole tail, read back
        from the store first if this campaign was loaded from a snapshot that left its older actions out
        (:mod:`domain.core.tail`). The methods below work on :attr:`_win`, the part in memory, where they can."""
        page_in(self)
        return self.__dict__["unsealed"]

    @unsealed.setter
    def unsealed(self, value: list[dict[str, Any]]) -> None:
        self.__dict__["unsealed"] = value

    @property
    def _win(self) -> list[dict[str, Any]]:
        """The unsealed actions in memory: the whole tail, or its latest actions if older ones are hidden."""
        return self.__dict__["unsealed"]

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
        self._checkpoints: dict[str, State] = {}

    @property
    def ruleset(self) -> Ruleset:
        """The ruleset registered for this campaign's game."""
        return get_ruleset(self.game)

    def private_copy(self) -> Campaign:
        """A copy that can record, undo, redo and save without changing this aggregate (which stays as it is,
        e.g. in the application's cache), at a cost that grows with neither the state nor the unsealed tail.

        New containers for what the event bodies change in place: the ``unsealed`` list (its entries are replaced,
        never changed: undo and redo put a new dict in their place, corrections a new list), the checkpoints,
        ``pending``, the library's pending events. Everything else is shared: the states (``evolve`` never changes
        the state it is given, it returns a new one), the unsealed entries, and the values the bodies only ever
        replace (``redo_stack``, ``seal``, ``redecided``, ``bookmarks``...). Whoever changes a state in place must
        copy it first (:func:`~.ruleset.copy_state`)."""
        new = object.__new__(type(self))
        with TAIL_LOCK:  # the window and the hidden actions as one (another thread may be paging them in)
            new.__dict__.update(self.__dict__)
            new.unsealed = list(self._win)
        if CHECKPOINTS in self.__dict__:
            new.__dict__[CHECKPOINTS] = dict(self.__dict__[CHECKPOINTS])
        new.pending = list(self.pending)
        new._pending_events = list(self._pending_events)
        return new

    # -- recording -------------------------------------------------------------------------------

    def record_action(self, action_id: str, verb: str, fields: dict[str, Any], events: list[GameEvent], *,
                      actor: str | None, recorded_at: str, reveal: bool, digital: bool, summary: str, play: str | None,
                      state_after: State | None = None, token: str | None = None) -> None:
        """Record one decided action: its events, then its closing record chained to the previous one (one atomic save).

        ``state_after`` is the state ``events`` lead to from :attr:`state` when the decision already folded them
        (:func:`~.table.decide_folded`): the closing record then takes it instead of folding every event again
        (each fold copies the whole state). ``None``: the events are folded, as on every replay. ``token`` is the label
        of the API token that recorded it (``None``: not over the API, or a token without a label)."""
        for ev in events:
            record = {"action_id": action_id, "type": ev.type, "data": ev.to_data()}
            self._record_event(**record, **_UNSEALED)
        content = {"action_id": action_id, "verb": verb, "fields": fields, "actor": actor, "recorded_at": recorded_at,
                   "reveal": reveal, "digital": digital, "summary": summary, "play": play, "token": token}
        if state_after is not None:
            self.__dict__[_FOLDED] = state_after  # read (and removed) by _record_action, never stored in a snapshot
        try:
            self._record_action(**content, **_UNSEALED)
        finally:
            self.__dict__.pop(_FOLDED, None)

    @event("GameEventRecorded")
    def _record_event(self, action_id: str, type: str, data: dict[str, Any], digest: str, previous_digest: str) -> None:
        self._link(digest)
        self.pending.append({"type": type, "data": data})

    class ActionRecorded(Aggregate.Event):
        """An action's closing record. Version 2 added ``play``; version-1 records read with ``play=None``. Version 3
        added ``token`` (the recording token's label); older records read with ``token=None``."""

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
        token: str | None

        class_version = 3

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["play"] = None

        @staticmethod
        def upcast_v2_v3(state: dict[str, Any]) -> None:
            state["token"] = None

    @event(ActionRecorded)
    def _record_action(self, action_id: str, verb: str, fields: dict[str, Any], actor: str | None,
                       recorded_at: str, reveal: bool, digital: bool, summary: str, play: str | None, digest: str,
                       previous_digest: str, token: str | None = None) -> None:
        records, self.pending = self.pending, []
        self._link(digest)
        before = self.state
        folded = self.__dict__.pop(_FOLDED, None)  # only while record_action runs: replays always fold
        self.state = folded if folded is not None else fold(self.ruleset, self.state, [event_from_record(self.ruleset, r) for r in records])
        self.action_count += 1
        self.last_action_at = recorded_at
        self.redo_stack = []
        version = self.version + 1
        if reveal:
            self.sealed_state, self.unsealed, self.__dict__[HIDDEN] = self.state, [], None
            self.seal = {"action_id": action_id, "verb": verb, "version": version, "summary": summary}
            self._marks().clear()
        else:
            if self._needs_checkpoint():
                self._marks()[action_id] = before
            self._win.append({"action_id": action_id, "verb": verb, "summary": summary, "version": version,
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
        self.unsealed = [{**action, "events": redecided[action["action_id"]]} if action["action_id"] in redecided else action
                         for action in self.unsealed]
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
        latest = self._last_effective(len(self._win) - 1)
        if latest < 0 and page_in(self):
            latest = self._last_effective(len(self._win) - 1)
        if latest >= 0:
            return self._win[latest]
        if self.seal:
            raise SealedHistory(f"nothing to undo since {self.seal['summary']}, version {self.seal['version']}: "
                                "a reveal seals everything before it", self.version, dict(self.seal))
        raise NothingToUndo("nothing to undo: no action recorded since the campaign began" if not self.unsealed
                            else "nothing to undo: every action since the campaign began is already undone", self.version)

    def next_redo(self) -> dict[str, Any]:
        """The action ``redo`` would put back. Raises :class:`NothingToRedo`."""
        if not self.redo_stack:
            raise NothingToRedo("nothing to redo: no undone action, or an action was recorded since the undo", self.version)
        return self._win[self._index(self.redo_stack[-1])]

    def undo(self, action_id: str, actor: str | None, recorded_at: str) -> None:
        """Take back ``action_id`` (validated by :meth:`next_undo` first)."""
        self._undo(action_id=action_id, actor=actor, recorded_at=recorded_at, **_UNSEALED)

    def redo(self, action_id: str, actor: str | None, recorded_at: str) -> None:
        """Put back ``action_id`` (validated by :meth:`next_redo` first)."""
        self._redo(action_id=action_id, actor=actor, recorded_at=recorded_at, **_UNSEALED)

    @event("ActionUndone")
    def _undo(self, action_id: str, actor: str | None, recorded_at: str, digest: str, previous_digest: str) -> None:
        self._link(digest)
        index = self._index(action_id)
        latest = self._last_effective(len(self._win) - 1) == index  # the usual case: the latest effective action
        self._win[index] = {**self._win[index], "undone": True}
        self.redo_stack = [*self.redo_stack, action_id]
        if latest:
            self.state = self._state_after(self._last_effective(index - 1))
        else:
            self._refold()

    @event("ActionRedone")
    def _redo(self, action_id: str, actor: str | None, recorded_at: str, digest: str, previous_digest: str) -> None:
        self._link(digest)
        index = self._index(action_id)
        follows = self._last_effective(len(self._win) - 1) < index  # the usual case: after every effective action
        action = self._win[index] = {**self._win[index], "undone": False}
        self.redo_stack = self.redo_stack[:-1]
        if follows:
            if self._needs_checkpoint(index):
                self._marks()[action_id] = self.state
            self.state = fold(self.ruleset, self.state, [event_from_record(self.ruleset, r) for r in action["events"]])
        else:
            self._refold()

    def _index(self, action_id: str) -> int:
        """Where ``action_id`` is in the unsealed tail in memory (searched from its end, where undo and redo work;
        the hidden actions are paged in if it is not there)."""
        while True:
            for i in range(len(self._win) - 1, -1, -1):
                if self._win[i]["action_id"] == action_id:
                    return i
            if not page_in(self):
                raise StopIteration(f"no unsealed action {action_id}")

    def _last_effective(self, index: int) -> int:
        """The position of the latest effective unsealed action in memory at or before ``index`` (-1 if none: the
        effective actions before it, if any, are hidden and folded into the window's base)."""
        while index >= 0 and self._win[index]["undone"]:
            index -= 1
        return index

    def _marks(self) -> dict[str, State]:
        """The checkpoints (created empty for an aggregate loaded from a snapshot, which has none)."""
        marks = self.__dict__.get(CHECKPOINTS)
        if marks is None:
            marks = self.__dict__[CHECKPOINTS] = {}
        return marks

    def _needs_checkpoint(self, index: int | None = None) -> bool:
        """Whether the action going at ``index`` (default: the end) of the tail needs a checkpoint: none of the
        ``CHECKPOINT_EVERY - 2`` unsealed actions before it is an effective one with a checkpoint, and the tail's
        start (the sealed state) is further back than that. So undo, which folds from the nearest such base up to an
        effective action, folds fewer than ``CHECKPOINT_EVERY`` actions (plus the undone ones it steps over)."""
        end = len(self._win) if index is None else index
        if end < CHECKPOINT_EVERY - 1:
            return False
        marks = self._marks()
        return not any(not a["undone"] and a["action_id"] in marks for a in self._win[end - CHECKPOINT_EVERY + 2:end])

    def state_after_window_index(self, index: int) -> State:
        """The state after the effective unsealed actions in memory up to ``index`` (-1: the state before them, the
        hidden actions' base or the sealed state); what a snapshot keeps as its hidden actions' base."""
        return self._state_after(index)

    def _state_after(self, index: int) -> State:
        """The state after the effective unsealed actions in memory up to ``index`` (for -1: the sealed state, or the
        hidden actions' ``base``): folded from the nearest effective checkpoint at or before it, or from that start,
        checkpointing as it goes."""
        ruleset, marks = self.ruleset, self._marks()
        hidden = self.__dict__.get(HIDDEN)
        run: list[dict[str, Any]] = []  # effective actions to fold, latest first
        while index >= 0:
            action = self._win[index]
            if not action["undone"]:
                run.append(action)
                if action["action_id"] in marks:
                    break
            index -= 1
        base = marks[run[-1]["action_id"]] if index >= 0 else hidden["base"] if hidden else self.sealed_state
        state = base
        for n, action in enumerate(reversed(run)):
            if n and n % (CHECKPOINT_EVERY - 1) == 0:
                marks.setdefault(action["action_id"], state)
            state = fold(ruleset, state, [event_from_record(ruleset, r) for r in action["events"]])
        # a checkpoint may be shared with the aggregate this one was copied from: never hand it out as the state
        return copy_state(state) if state is base and index >= 0 else state

    def _refold(self) -> None:
        """Fold every effective unsealed action again from the sealed state (after a correction, or an undo or redo
        away from the end of the effective actions, which the rules never make): checkpoints start afresh."""
        page_in(self)
        self._marks().clear()
        self.state = self._state_after(len(self._win) - 1)

    def reading_copy(self) -> Campaign:
        """A copy to hand to readers (who may change what they are given) without touching this aggregate: its state and small attributes deep-copied, the unsealed
        tail's entries and the checkpoints shared (never changed in place), in new containers. Costs the state's
        size plus a pointer per unsealed action, where a deep copy of a long unsealed tail cost its whole size."""
        with TAIL_LOCK:  # the window and the hidden actions as one (another thread may be paging them in)
            attributes = dict(self.__dict__)
        shared = {key: attributes[key] for key in ("unsealed", CHECKPOINTS, HIDDEN, SOURCE) if key in attributes}
        twin = object.__new__(type(self))
        twin.__dict__.update(copy_state({k: v for k, v in attributes.items() if k not in shared}))
        twin.__dict__.update({key: (list(value) if key == "unsealed" else dict(value) if key == CHECKPOINTS else value)
                              for key, value in shared.items()})
        return twin

    # -- questions -------------------------------------------------------------------------------

    def horizon(self) -> dict[str, Any]:
        """How far back undo can go: ``{"undoable": [actions, latest first], "seal": the reveal or None}``."""
        return {
            "undoable": [{k: a[k] for k in ("action_id", "verb", "summary", "version")} for a in reversed(self.undoable())],
            "seal": dict(self.seal) if self.seal else None,
            "redoable": list(reversed(self.redo_stack)),
        }
