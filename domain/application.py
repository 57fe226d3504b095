"""The one application service every adapter (CLI, API) calls.

``Questlog`` is an eventsourcing ``Application``: each method loads a campaign, decides, and saves the
new events atomically with optimistic concurrency (DESIGN.md § Undo, redo and seals, § Interfaces).
Open one per process with :func:`infrastructure.runtime.open_questlog`, the composition root (one application
per store; an unreferenced application closes its connection pool). Data flows one way: the write path
stores events and tells its listeners (:attr:`Questlog.listeners`); the read models catch up from the
composition root's runner, never from here, and nothing in ``domain`` imports ``projections``.
"""

from __future__ import annotations

import contextlib
import logging
import random
import threading
import uuid
from collections.abc import Callable, Mapping
from typing import Any

from eventsourcing.application import AggregateNotFoundError, Application, project_aggregate
from eventsourcing.domain import Aggregate, event
from eventsourcing.persistence import IntegrityError, Mapper

from domain.access import TOKEN_SNAPSHOT_INTERVAL, TokenRegistry, token_snapshots_due
from domain.campaign_cache import CampaignCache, reading_copy
from domain.core.campaign import Campaign
from domain.core.errors import BadInput, IncompatibleRuleset, StaleVersion, UnknownCampaign
from domain.core.names import clean_text
from domain.core.ruleset import PAPER_VERB, TABLE_KEY, ActionSpec, Command, Ruleset, get_ruleset, rules_version, rulesets
from domain.requests import (MAX_VERSION, ActionResult, as_uuid, check_action_id, check_expected, check_text_fields, jsonable,
                             roll_for_table, same_request, seat_of)
from domain.requests import RETRIES, attempts, backoff, busy, now, undo_targets
from domain.requests import summary as summarize
from domain.integrity import CheckedSnapshots, SealingMapper, seal_campaign, stored_json, verify_store, view_seal
from domain.life import CampaignLife
from domain.snapshots import TailRepository, due_snapshots

log = logging.getLogger("questlog.application")
SNAPSHOT_INTERVAL = 100
"""Events between snapshots: opening a campaign replays at most this many events after one."""


PREFERENCES_ID = uuid.uuid5(uuid.NAMESPACE_URL, "questlog:preferences")
class Preferences(Aggregate):
    """Per-store preferences: the current campaign that commands use when none is named, and each game's
    BoardGameGeek id as the group set it for play exports (``bgg_ids``: game -> id)."""

    @event("Created")
    def __init__(self) -> None:
        self.current_campaign: str | None = None
        self.bgg_ids: dict[str, int] = {}

    @event("CurrentCampaignChosen")
    def choose(self, campaign_id: str) -> None:
        self.current_campaign = campaign_id

    @event("BggIdSet")
    def set_bgg_id(self, game: str, bgg_id: int) -> None:
        # preferences created before this event existed have no bgg_ids yet
        self.bgg_ids = {**getattr(self, "bgg_ids", {}), game: bgg_id}


_now = now


class Questlog(CampaignLife, Application):
    """Questlog's application service over one event store."""

    name = "Questlog"
    snapshotting_intervals = {Campaign: SNAPSHOT_INTERVAL, TokenRegistry: TOKEN_SNAPSHOT_INTERVAL}
    campaign_cache_size = 64
    """Latest campaigns kept in memory and fast-forwarded on load (``QUESTLOG_CAMPAIGN_CACHE=0`` disables it)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.read_models: Any = None
        """The persisted read models, attached by the composition root (:mod:`infrastructure.runtime`): an object
        with ``catch_up()``, ``campaigns()``, ``audit(...)`` (see :class:`projections.readmodels.ReadModels`)."""
        self.listeners: list[Callable[[Campaign | None], None]] = []
        """Called after every successful save with the campaign just saved (``None`` when it is not at hand)."""
        self._games: dict[uuid.UUID, str] = {}
        self._campaigns = CampaignCache(int(self.env.get("QUESTLOG_CAMPAIGN_CACHE", self.campaign_cache_size)))
        self._saved = threading.local()  # this thread's latest save's recordings, for the listeners (just_saved)

    def construct_repository(self) -> Any:
        """The library's repository, whose loads let a campaign read back what its snapshot left out (:mod:`domain.snapshots`)."""
        return TailRepository.like(super().construct_repository())

    def _take_snapshots(self, processing_event: Any) -> None:
        """Snapshot campaigns at the versions :func:`domain.snapshots.due_snapshots` picks; other aggregates every
        interval, as the library does."""
        if self.snapshots is None:
            return
        for aggregate in processing_event.aggregates.values():
            interval = self.snapshotting_intervals.get(type(aggregate))
            if interval is None:
                continue
            versions = [e.originator_version for e in processing_event.events if e.originator_id == aggregate.id]
            due = due_snapshots(aggregate, versions, interval) if isinstance(aggregate, Campaign) else \
                token_snapshots_due(versions, interval) if isinstance(aggregate, TokenRegistry) else [v for v in versions if v % interval == 0]
            for version in due:
                self.take_snapshot(aggregate.id, version=version)  # from the store: what verify compares it with

    def _try_save(self, campaign: Campaign, expected_version: int | None, action_id: str | None = None) -> bool:
        """Save ``campaign``'s new events atomically; ``False`` when another writer got there first and the caller
        should load and decide again. With an ``expected_version`` a lost race is the client's :class:`StaleVersion`
        (unless its own ``action_id`` was recorded meanwhile: then look again and answer with that action)."""
        try:
            self.save(campaign)
            return True
        except IntegrityError:
            if expected_version is not None and not (action_id and self.find_action(str(campaign.id), action_id)):
                raise StaleVersion(expected_version, self.get_campaign(campaign.id).version) from None
            return False

    def _after_write(self, campaign: Campaign | None = None) -> None:
        """After a successful save: keep ``campaign`` (never mutated again) for the next load, and tell the
        listeners (the read-model runner), handing them ``campaign`` so they need not load it again."""
        if campaign is not None:
            self._campaigns.put(campaign)
        for listener in self.listeners:
            listener(campaign)

    def cached_campaign(self, campaign_id: uuid.UUID, version: int) -> Campaign | None:
        """The campaign kept in memory if it is exactly at ``version`` (read it, never mutate it), else ``None``."""
        return self._campaigns.peek(campaign_id, version)

    def save(self, *objs: Any, **kwargs: Any) -> Any:
        """Save aggregates; a campaign's new records are first sealed into its tamper-evident chain."""
        sealed = []
        for obj in objs:
            if isinstance(obj, Campaign):
                sealed += obj.pending_events
                seal_campaign(obj, self.mapper)
        try:
            recordings = super().save(*objs, **kwargs)
        finally:
            if sealed and isinstance(self.mapper, SealingMapper):
                self.mapper.forget(sealed)
        self._saved.recordings = recordings
        return recordings

    def just_saved(self) -> list[Any]:
        """The recordings of this thread's latest save (its events with their notification ids, in log order), then
        forgotten; ``[]`` if taken already. A listener called after a write may apply them instead of reading the
        log again (it must check they are exactly the notifications it has not applied)."""
        recordings, self._saved.recordings = getattr(self._saved, "recordings", None) or [], None
        return recordings

    def construct_mapper(self) -> Any:
        """The library's mapper; without a cipher or compressor, a :class:`~domain.integrity.SealingMapper` that
        stores each sealed record as the bytes its seal was computed over instead of encoding it twice."""
        mapper = super().construct_mapper()
        if type(mapper) is Mapper and mapper.cipher is None and mapper.compressor is None:
            return SealingMapper(transcoder=mapper.transcoder)
        return mapper

    def construct_snapshot_store(self) -> Any:
        """Snapshots stored with a digest of their state and served only when it matches (:mod:`domain.integrity`)."""
        return CheckedSnapshots(mapper=self.mapper, recorder=self.factory.aggregate_recorder(purpose="snapshots"))

    # -- campaigns -------------------------------------------------------------------------------

    def create_campaign(self, game: str, name: str, setup: Mapping[str, Any] | None = None, actor: str | None = None,
                        from_sheet: Mapping[str, Any] | None = None) -> str:
        """Create a campaign of ``game`` called ``name``; returns its id (str UUID). With ``from_sheet`` (a paper
        campaign sheet, the ruleset's ``start-from-paper`` fields) the campaign starts where the paper one stands,
        recorded as its first action in the same atomic save. Raises :class:`BadInput` / ``RuleViolation``: then
        nothing is stored."""
        ruleset = get_ruleset(game)
        name = self._free_name(clean_text(name, "a campaign name", 120))
        actor = clean_text(actor, "a person's name", 80) if actor is not None else None
        setup = dict(setup or {})
        unread = [option for option in ruleset.file_options if isinstance(setup.get(option), str)
                  and setup[option] not in ruleset.shipped_options.get(option, ())]
        if unread:  # the edge reads files (infrastructure.files.resolve_setup); a bare path here was never read
            raise BadInput(f"setup {unread[0]!r} names files to read: give it to the questlog CLI (--setup {unread[0]}=PATH) "
                           "or name a pack installed on the server", {"setup": [f"{unread[0]}: not read"]})
        check_text_fields(setup)
        ruleset.initial_state(setup)  # validates setup before anything is stored
        campaign = Campaign.start(game=game, name=name, setup=setup, ruleset_version=ruleset.version, actor=actor, created_at=_now())
        if from_sheet is not None:
            self._start_from_paper(campaign, dict(from_sheet), actor)
        self.save_new_campaign(campaign)
        return str(campaign.id)

    def save_new_campaign(self, campaign: Campaign, advice: str = "choose another name, or `questlog use` that one") -> None:
        """Save a new campaign's first events together with the reservation of its name, in one atomic save
        (:mod:`domain.reservations`): a concurrent save of the same name fails, and the loser stores nothing.
        Raises :class:`BadInput` naming the name when another campaign holds it."""
        from domain.reservations import reserve, taken, name_id

        names = reserve(self, campaign.name, campaign.id, advice)
        try:
            self.save(campaign, *names)
        except IntegrityError:
            holder = self.repository.get(name_id(campaign.name)).campaign_id
            raise taken(self, campaign.name, str(holder), advice) from None
        self._after_write(campaign)

    def _start_from_paper(self, campaign: Campaign, sheet: dict[str, Any], actor: str | None) -> None:
        from domain.core.table import decide_action  # the core's actions, with marshmallow: only when deciding

        ruleset = campaign.ruleset
        spec = ruleset.actions.get(PAPER_VERB)
        if spec is None:
            raise BadInput(f"{ruleset.title} has no paper campaign sheet to start from", {"from_sheet": ["not offered by this game"]})
        fields = spec.load(sheet)
        command = Command(verb=PAPER_VERB, fields=fields, actor=actor)
        events = decide_action(ruleset, campaign.state, command)
        campaign.record_action(str(uuid.uuid4()), PAPER_VERB, jsonable(fields), events, actor=actor, recorded_at=_now(),
                               reveal=False, digital=False, summary=summarize(spec, fields, None), play=None)

    def get_campaign(self, campaign_id: str | uuid.UUID, at: int | None = None) -> Campaign:
        """Load a campaign, optionally as of version ``at``. Raises :class:`UnknownCampaign` / :class:`BadInput`."""
        return self._load(campaign_id, at, reading_copy)

    def _campaign_to_change(self, campaign_id: str | uuid.UUID) -> Campaign:
        """The latest campaign for the write path to record on and save: a :meth:`~Campaign.private_copy` of the
        cached one, which shares its states (the write path decides and folds with ``evolve``, which never changes
        a state in place) instead of copying them all on every write. Raises :class:`UnknownCampaign`."""
        return self._load(campaign_id, None, Campaign.private_copy)

    def _load(self, campaign_id: str | uuid.UUID, at: int | None, copy: Callable[[Any], Any]) -> Campaign:
        """The campaign ``campaign_id`` (latest, or as of version ``at``) as a ``copy`` its caller may change, folded by
        the current rules (:meth:`_current_rules`). Raises :class:`UnknownCampaign`, :class:`BadInput` (``at`` not a
        version), :class:`IncompatibleRuleset`."""
        cid = as_uuid(campaign_id)
        if at is not None and (not isinstance(at, int) or isinstance(at, bool) or not 1 <= at <= MAX_VERSION):
            raise BadInput(f"version must be a whole number within 1..{MAX_VERSION}, not {at!r}", {"at": [f"must be within 1..{MAX_VERSION}"]})
        try:
            campaign = self._at_version(cid, at, copy) if at is not None else self._latest(cid, copy)
        except AggregateNotFoundError:
            raise UnknownCampaign(f"no campaign {campaign_id} in this store") from None
        if not isinstance(campaign, Campaign):
            raise UnknownCampaign(f"no campaign {campaign_id} in this store")
        return self._current_rules(campaign, at)

    def _current_rules(self, campaign: Campaign, at: int | None) -> Campaign:
        """``campaign`` as this code's rules make it (the stored ``ruleset_version`` consulted).

        A campaign recorded under a newer version of its ruleset is refused (:class:`IncompatibleRuleset`). One
        whose state was folded by other rules (a snapshot or a cached aggregate from before an upgrade) is
        replayed from its events; the latest one also gets a fresh snapshot and fresh read models."""
        ruleset = campaign.ruleset
        if campaign.ruleset_version > ruleset.version:
            raise IncompatibleRuleset(f"campaign {campaign.name!r} was recorded with {ruleset.title} rules version "
                                      f"{campaign.ruleset_version}; this Questlog has version {ruleset.version}: upgrade Questlog to open it")
        if getattr(campaign, "built_by", None) == ruleset.version:
            return campaign
        replayed = project_aggregate(None, self.repository.event_store.get(campaign.id, lte=at))
        if at is None:
            self._snapshot(replayed)
            self._campaigns.put(replayed)
            if self.read_models is not None:  # attached by the composition root
                self.read_models.refresh(replayed)
            replayed = reading_copy(replayed)
        return replayed

    def take_snapshot(self, aggregate_id: Any, version: int | None = None, projector_func: Any = project_aggregate) -> None:
        """Snapshot an aggregate as the current rules fold it (a campaign under older rules is replayed first)."""
        aggregate = self.repository.get(aggregate_id, version=version, projector_func=projector_func)
        if isinstance(aggregate, Campaign):
            aggregate = self._current_rules(aggregate, version if version is not None else aggregate.version)
        self._snapshot(aggregate)

    def _snapshot(self, aggregate: Any) -> None:
        """Store a snapshot of ``aggregate``; one already stored at its version stays (loads check its rules)."""
        if self.snapshots is not None:
            with contextlib.suppress(IntegrityError):
                self.snapshots.put([type(aggregate).Snapshot.take(aggregate)])

    def _at_version(self, cid: uuid.UUID, at: int, copy: Callable[[Any], Any]) -> Any:
        """The aggregate ``cid`` as of version ``at``: a ``copy`` of the cached one when the cache holds it at exactly
        that version (a version's aggregate never changes, so the latest one kept is that version's: ``?at=`` the
        current version costs what a read without ``at`` does), else loaded from its snapshot and events."""
        kept = self._campaigns.peek(cid, at)
        return copy(kept) if kept is not None else self.repository.get(cid, version=at)

    def _latest(self, cid: uuid.UUID, copy: Callable[[Any], Any]) -> Any:
        """The latest aggregate ``cid`` as a ``copy`` of the one the cache keeps (kept first if it was not)."""
        found = self._campaigns.load(cid, self.repository.event_store, SNAPSHOT_INTERVAL, copy)
        if found is None:
            found = self.repository.get(cid)
            if isinstance(found, Campaign):
                self._campaigns.put(found)
                found = copy(found)
        return found

    def game_of(self, campaign_id: str) -> str:
        """The game of a campaign (it never changes, so it is remembered). Raises :class:`UnknownCampaign`."""
        cid = as_uuid(campaign_id)
        if cid not in self._games:
            created = next(iter(self.repository.event_store.get(cid, lte=1)), None)
            if not isinstance(created, Campaign.Created):
                raise UnknownCampaign(f"no campaign {campaign_id} in this store")
            self._games[cid] = created.game
        return self._games[cid]

    def campaigns(self, limit: int | None = None, offset: int = 0, after: str | None = None) -> list[dict[str, Any]]:
        """Every campaign in the store (or ``limit`` of them after ``offset``, or after the campaign ``after``: a
        keyset page, as quick at the end of a big store as at its start), oldest first, from the campaign index
        read model (brought up to date first): ``{id, game, name, players, version, current_play, created_at, last_action_at}``."""
        if self.read_models is None:
            raise RuntimeError("no read models attached: open the application with infrastructure.runtime.open_questlog")
        self.read_models.catch_up()
        return [{"id": r["campaign_id"], "game": r["game"], "name": r["name"], "players": r["players"],
                 "version": r["version"], "current_play": r["current_play"], "created_at": r["created_at"],
                 "last_action_at": r["last_played"]} for r in self.read_models.campaigns(limit, offset, after)]

    def summary(self, campaign: Campaign) -> dict[str, Any]:
        """A campaign's index entry (see :meth:`campaigns`)."""
        return {"id": str(campaign.id), "game": campaign.game, "name": campaign.name, "setup": campaign.setup,
                "version": campaign.version, "current_play": campaign.ruleset.current_play(campaign.state),
                "players": campaign.state.get(TABLE_KEY, {}), "created_at": campaign.created_at,
                "last_action_at": campaign.last_action_at}

    def _free_name(self, name: str, campaign_id: str | None = None,
                   advice: str = "choose another name, or `questlog use` that one") -> str:
        """``name`` if no other campaign in this store is called so (names pick campaigns in ``use``, ``--campaign``
        and token grants, so they are unique). Raises :class:`BadInput` naming the campaign that has it, then
        ``advice`` (what to do instead)."""
        taken = next((c for c in self.campaigns() if c["name"] == name and c["id"] != campaign_id), None)
        if taken:
            raise BadInput(f"a campaign called {name!r} already exists in this store ({taken['game']}, {taken['id'][:8]}): "
                           f"{advice}", {"name": ["already taken in this store"]})
        return name

    def find_campaign(self, ref: str) -> str:
        """The id of the campaign ``ref`` names: its id, a unique id prefix, or its exact name. Raises :class:`UnknownCampaign`."""
        ref = (ref or "").strip()
        try:
            return str(self.get_campaign(uuid.UUID(ref)).id)
        except (ValueError, UnknownCampaign):
            pass
        found = self.campaigns()
        matches = [c for c in found if c["name"] == ref] or [c for c in found if len(ref) >= 4 and c["id"].startswith(ref)]
        if len(matches) == 1:
            return matches[0]["id"]
        if matches:
            raise BadInput(f"{len(matches)} campaigns are called {ref!r}; use its id: {', '.join(c['id'] for c in matches)}")
        hint = " (an id prefix needs at least 4 characters)" if 0 < len(ref) < 4 else ""
        raise UnknownCampaign(f"no campaign {ref!r} in this store{hint}; `questlog campaigns` lists them")

    # -- current campaign ------------------------------------------------------------------------

    def current_campaign(self) -> str | None:
        """The campaign chosen by the last ``new`` or ``use`` in this store, if any."""
        try:
            prefs = self.repository.get(PREFERENCES_ID)
        except AggregateNotFoundError:
            return None
        return prefs.current_campaign

    def choose_campaign(self, campaign_id: str) -> None:
        """Make ``campaign_id`` the store's current campaign."""
        cid = str(self.get_campaign(campaign_id).id)

        def choose(prefs: Preferences) -> bool:
            if prefs.current_campaign == cid:
                return False
            prefs.choose(cid)
            return True

        self._prefer(choose)

    def bgg_id(self, game: str) -> int | None:
        """The BoardGameGeek id the group set for ``game`` in this store (``None``: not set)."""
        try:
            return getattr(self.repository.get(PREFERENCES_ID), "bgg_ids", {}).get(game)
        except AggregateNotFoundError:
            return None

    def set_bgg_id(self, game: str, bgg_id: int) -> None:
        """Remember ``game``'s BoardGameGeek id for every later play export from this store."""

        def remember(prefs: Preferences) -> bool:
            if getattr(prefs, "bgg_ids", {}).get(game) == bgg_id:
                return False
            prefs.set_bgg_id(game, bgg_id)
            return True

        self._prefer(remember)

    def _prefer(self, change: Any) -> None:
        """Load the store's preferences (created when missing), apply ``change(prefs) -> changed?`` and save, retrying
        when another process saved them first."""
        for _ in range(RETRIES):
            try:
                prefs = self.repository.get(PREFERENCES_ID)
            except AggregateNotFoundError:
                prefs = Preferences._create(Preferences.Created, id=PREFERENCES_ID)
            if not change(prefs):
                return
            try:
                self.save(prefs)
                return
            except IntegrityError:
                continue

    # -- actions ---------------------------------------------------------------------------------

    def action_spec(self, game: str, verb: str) -> ActionSpec:
        """The spec of ``verb`` in ``game`` (the core's ``adjust`` / ``seat`` included). Raises :class:`BadInput`."""
        from domain.core.table import CORE_ACTIONS  # with marshmallow: imported when an action is validated, not to read

        return CORE_ACTIONS.get(verb) or get_ruleset(game).action(verb)

    def record(self, campaign_id: str, verb: str, raw_fields: Mapping[str, Any], *, expected_version: int | None = None,
               actor: str | None = None, action_id: str | None = None, digital: bool = False,
               rng: random.Random | None = None, token: str | None = None,
               authorize: Callable[[Campaign, Command, list[Any]], None] | None = None) -> ActionResult:
        """Validate, decide and store one action; returns its :class:`ActionResult`.

        ``raw_fields`` are the action's fields as given (JSON values or CLI strings). With ``digital``
        Questlog rolls the action's dice itself (the values are recorded). With ``expected_version`` a
        campaign at any other version refuses with :class:`StaleVersion`; without it a lost race is
        decided again against the new state. An ``action_id`` already recorded returns the first result.
        ``token`` (the recording API token's label) is kept with the action; ``authorize(campaign, command, events)``
        is called once the action is decided, before anything is stored, and may refuse it by raising (a seat token's
        check, :mod:`api.seats`). Raises :class:`BadInput`, :class:`~domain.core.errors.RuleViolation`,
        :class:`StaleVersion`, or what ``authorize`` raises.
        """
        from domain.core.table import CORE_ACTIONS, decide_folded  # with marshmallow: imported when recording, not to read

        if action_id is not None:
            action_id = check_action_id(action_id)
        actor = clean_text(actor, "a person's name", 80) if actor is not None else None
        check_text_fields(raw_fields)
        for attempt in attempts(expected_version):
            backoff(attempt)
            campaign = self._campaign_to_change(campaign_id)
            # checked after loading: a concurrent save of the same id moves the version, so our save fails and we look again
            if action_id is not None and (known := self.find_action(campaign_id, action_id)):
                return same_request(known, self.action_spec(campaign.game, verb), verb, raw_fields, digital)
            check_expected(campaign, expected_version)
            ruleset = campaign.ruleset
            spec = self.action_spec(campaign.game, verb)
            fields_in = dict(raw_fields)
            if digital:
                fields_in = roll_for_table(spec, campaign.state, fields_in, rng or random.SystemRandom())
            fields = spec.load(fields_in)
            command = Command(verb=verb, fields=fields, actor=actor, digital=digital)
            events, after = decide_folded(ruleset, campaign.state, command)
            if authorize is not None:
                authorize(campaign, command, events)
            new_id = action_id or str(uuid.uuid4())
            play = ruleset.current_play(campaign.state)
            sealed = verb not in CORE_ACTIONS and ruleset.seals(command, events)
            campaign.record_action(new_id, verb, jsonable(fields), events, actor=actor or seat_of(campaign, fields),
                                   recorded_at=_now(), reveal=sealed, digital=digital,
                                   summary=summarize(spec, fields, play), play=play, state_after=after, token=token or None)
            if not self._try_save(campaign, expected_version, action_id):
                continue
            self._after_write(campaign)
            return ActionResult(str(campaign.id), new_id, verb, [{"type": e.type, "data": e.to_data()} for e in events],
                                campaign.version, reveal=sealed)
        raise busy(campaign_id)

    def undo(self, campaign_id: str, *, expected_version: int | None = None, actor: str | None = None,
             authorize: Callable[[Campaign, dict[str, Any]], None] | None = None) -> ActionResult:
        """Take back the latest unsealed action. ``authorize(campaign, target)`` may refuse taking back ``target`` (the
        action's history entry: ``action_id, verb, summary, version, actor``) by raising. Raises ``NothingToUndo``,
        ``SealedHistory``, :class:`StaleVersion`."""
        return self._undo_or_redo(campaign_id, "undo", expected_version, actor, authorize)

    def redo(self, campaign_id: str, *, expected_version: int | None = None, actor: str | None = None,
             authorize: Callable[[Campaign, dict[str, Any]], None] | None = None) -> ActionResult:
        """Put back the latest undone action (``authorize`` as for :meth:`undo`). Raises ``NothingToRedo``, :class:`StaleVersion`."""
        return self._undo_or_redo(campaign_id, "redo", expected_version, actor, authorize)

    def undo_to(self, campaign_id: str, to: int, *, expected_version: int | None = None, actor: str | None = None,
                authorize: Callable[[Campaign, dict[str, Any]], None] | None = None) -> ActionResult:
        """Take back, in one atomic save, every effective action recorded after version ``to`` (latest first); redo puts
        them back one by one afterwards. Refused whole, nothing undone, when a seal lies after ``to``
        (:class:`SealedHistory` naming the reveal), nothing effective follows ``to`` (:class:`NothingToUndo`), or
        ``authorize(campaign, target)`` refuses any one of them (as for :meth:`undo`).
        Raises :class:`StaleVersion`, :class:`BadInput` for a ``to`` beyond the current version."""
        actor = clean_text(actor, "a person's name", 80) if actor is not None else None
        for attempt in attempts(expected_version):
            backoff(attempt)
            campaign = self._campaign_to_change(campaign_id)
            check_expected(campaign, expected_version)
            targets = undo_targets(campaign, to)
            for target in targets if authorize is not None else ():
                authorize(campaign, target)
            for target in targets:
                campaign.undo(action_id=target["action_id"], actor=actor, recorded_at=_now())
            if not self._try_save(campaign, expected_version):
                continue
            self._after_write(campaign)
            infos = [{**{k: t[k] for k in ("action_id", "verb", "summary", "version")}, "actor": t.get("actor")} for t in targets]
            return ActionResult(str(campaign.id), targets[-1]["action_id"], "undo", [], campaign.version,
                                undone_action=infos[-1], undone_actions=infos)
        raise busy(campaign_id)

    def _undo_or_redo(self, campaign_id: str, verb: str, expected_version: int | None, actor: str | None,
                      authorize: Callable[[Campaign, dict[str, Any]], None] | None = None) -> ActionResult:
        actor = clean_text(actor, "a person's name", 80) if actor is not None else None
        for attempt in attempts(expected_version):
            backoff(attempt)
            campaign = self._campaign_to_change(campaign_id)
            check_expected(campaign, expected_version)
            target = campaign.next_undo() if verb == "undo" else campaign.next_redo()
            if authorize is not None:
                authorize(campaign, target)
            (campaign.undo if verb == "undo" else campaign.redo)(action_id=target["action_id"], actor=actor, recorded_at=_now())
            if not self._try_save(campaign, expected_version):
                continue
            self._after_write(campaign)
            info = {**{k: target[k] for k in ("action_id", "verb", "summary", "version")}, "actor": target.get("actor")}
            return ActionResult(str(campaign.id), target["action_id"], verb, [], campaign.version, undone_action=info)
        raise busy(campaign_id)

    # -- reading ---------------------------------------------------------------------------------

    def ask(self, campaign_id: str, verb: str, raw_fields: Mapping[str, Any]) -> Any:
        """Answer the query ``verb`` (a check that stores nothing, e.g. ``check-content``) against the campaign's
        current state; returns its JSON data. Raises :class:`BadInput` (unknown query, fields) or the query's refusal."""
        campaign = self.get_campaign(campaign_id)
        spec = campaign.ruleset.queries.get(verb)
        if spec is None or spec.run is None:
            known = ", ".join(sorted(campaign.ruleset.queries)) or "none"
            raise BadInput(f"{campaign.ruleset.title} has no query {verb!r}; queries: {known}", {"verb": [f"unknown query {verb!r}"]})
        return spec.run(campaign.state, spec.load(raw_fields))

    def state(self, campaign_id: str, at: int | None = None) -> dict[str, Any]:
        """The campaign's state (the fold of its effective actions), optionally as of version ``at``."""
        return self.get_campaign(campaign_id, at=at).state

    def view(self, campaign_id: str, name: str, at: int | None = None) -> Any:
        """The view ``name`` as JSON data, optionally as of version ``at``. Raises :class:`BadInput` for an unknown view,
        :class:`UnknownCampaign`.

        The latest version of a view the read models keep (a ruleset's ``kept_views``: the board) is their copy when it
        is exactly what folding the campaign would give (:meth:`kept_view`): no ruleset imported, no state folded; else
        the campaign is loaded and the view drawn from its state."""
        if at is None:
            kept = self.kept_view(campaign_id, name)
            if kept is not None:
                return kept
        from domain.views import render_view

        return render_view(self, campaign_id, name, at)

    def kept_view(self, campaign_id: str, name: str) -> Any:
        """The read models' copy of view ``name`` of a campaign (JSON data) if it was drawn at the campaign's latest
        version by the rules this code has (``None`` otherwise: no copy, a copy behind the stream, drawn by other
        rules, or no read models attached). Three indexed reads; the ruleset is not imported. Raises :class:`BadInput`
        for a malformed id."""
        cid = as_uuid(campaign_id)
        kept = self.read_models.view(str(cid), name) if self.read_models is not None else None
        if kept is None:
            return None
        head = self.recorder.select_events(cid, desc=True, limit=1)  # the stream's latest record
        if not head or head[0].originator_version != kept["version"]:
            return None  # the read models are behind (a write whose catch-up has not run yet)
        if kept.get("chain") is None:
            return None  # kept before views were sealed: drawn from the records (a rebuild seals it), nothing to warn of
        if kept["chain"] != view_seal(_head_digest(self.mapper, head[0]), kept["text"]):
            log.warning("kept %s view of %s does not match the chain's head: not served", name, cid)
            return None  # edited: drawn from the records instead
        if kept["rules"] != rules_version(self.game_of(str(cid))):
            return None  # drawn by other rules (an upgrade): loading the campaign replays it and rewrites the copy
        return kept["data"]

    def stored_actions(self, campaign_id: str) -> list[dict[str, Any]]:
        """Every action in stored order with its events, undo / redo marks and seal flags (see :mod:`domain.history`)."""
        from domain.history import actions_from_events

        campaign = self.get_campaign(campaign_id)
        return actions_from_events(campaign.ruleset, self.repository.event_store.get(campaign.id))

    def find_action(self, campaign_id: str, action_id: str) -> ActionResult | None:
        """The result of an already recorded action ``action_id``, or ``None`` (for safe retries).

        The result's ``fields`` are the action's recorded fields, to tell a retry from a reused id. The read
        models say where the action is (an indexed lookup) and how far they have got; only the stream after
        that and the action's own records are read, so a keyed write costs the same on a long campaign."""
        cid = as_uuid(campaign_id)
        version, indexed = self.read_models.action_version(str(cid), action_id) if self.read_models else (None, 0)
        store = self.repository.event_store
        if version is None:
            tail = [ev for ev in store.get(cid, gt=indexed) if getattr(ev, "action_id", None) == action_id]
            closing = next((ev for ev in tail if isinstance(ev, Campaign.ActionRecorded)), None)
        else:
            closing = next(iter(store.get(cid, gt=version - 1, lte=version)), None)
        if not isinstance(closing, Campaign.ActionRecorded):
            return None
        events = [{"type": ev.type, "data": ev.data} for ev in action_events(store, closing)]
        return ActionResult(str(cid), action_id, closing.verb, events, closing.originator_version, closing.reveal, duplicate=True,
                            fields=closing.fields, digital=closing.digital)

    def correct(self, campaign_id: str, action_id: str, raw_fields: Mapping[str, Any], reason: str, *,
                expected_version: int | None = None, actor: str | None = None) -> ActionResult:
        """Correct the physical values a reveal recorded (a die entered as 5 that showed 3).

        The action and every later effective action are decided again against the corrected state and their
        new events appended (see :mod:`domain.core.correction`); the seal does not move. Raises
        :class:`BadInput` (unknown action, fields, no change, no reason), ``RuleViolation`` (not a reveal, a
        digital roll, an undone action, or a later action the correction would make illegal, named),
        :class:`StaleVersion`.
        """
        return self.redecide(campaign_id, action_id, raw_fields, reason, amend=False, expected_version=expected_version, actor=actor)

    def rename_campaign(self, campaign_id: str, name: str, actor: str | None = None) -> int:
        """Rename a campaign (recorded in its history); returns the new version. Raises :class:`BadInput` (a name
        another campaign of this store has included)."""
        from domain.reservations import refusal_after_race, release, reserve

        name = self._free_name(clean_text(name, "a campaign name", 120), str(campaign_id))
        actor = clean_text(actor, "a person's name", 80) if actor is not None else None
        advice = "choose another name, or `questlog use` that one"
        for attempt in attempts(None):
            backoff(attempt)
            campaign = self.get_campaign(campaign_id)
            names = reserve(self, name, campaign.id, advice) + (release(self, campaign.name, campaign.id) if campaign.name != name else [])
            campaign.rename(name, actor=actor, recorded_at=_now())
            try:
                self.save(campaign, *names)  # the campaign's record and both names, atomically (domain.reservations)
            except IntegrityError:
                refusal = refusal_after_race(self, name, campaign.id, advice)
                if refusal is not None:
                    raise refusal from None
                continue
            self._after_write()
            return campaign.version
        raise busy(campaign_id)

    def verify(self, campaign_id: str, facts: dict[str, Any] | None = None) -> dict[str, Any]:
        """Check a campaign in the store: its tamper-evident chain, its snapshots and its length (:mod:`domain.integrity`).

        Returns ``{"ok": True, "records", "head", "checked"}`` or ``{"ok": False, "position": version, "reason"}``.
        ``facts`` (a dict) is filled with what an export's header needs, read in the same pass. Raises :class:`UnknownCampaign`.
        """
        cid = as_uuid(campaign_id)
        if not self.recorder.select_events(cid, limit=1):  # the raw records: a broken stream may not even load
            raise UnknownCampaign(f"no campaign {campaign_id} in this store")
        return verify_store(self, cid, facts)

    def catalogue(self, game: str) -> dict[str, ActionSpec]:
        """Every action of ``game``, the core's included, by verb."""
        from domain.core.table import CORE_ACTIONS

        return {**get_ruleset(game).actions, **CORE_ACTIONS}

    @staticmethod
    def games() -> dict[str, Ruleset]:
        """Every registered ruleset by game."""
        return rulesets()


def _head_digest(mapper: Any, record: Any) -> str:
    """The chain digest a stored record carries ("" when it carries none or is not readable)."""
    try:
        return str(stored_json(mapper, record.state).get("digest", ""))
    except Exception:  # an unreadable head: no kept view matches it
        return ""


def action_events(store: Any, closing: Any, page: int = 50) -> list[Any]:
    """The game events an action's closing record ``closing`` ends, in order: read newest first, ``page`` at a
    time, from just before it, never the whole stream."""
    found: list[Any] = []
    lte = closing.originator_version - 1
    while lte > 0:
        events = list(store.get(closing.originator_id, lte=lte, desc=True, limit=page))
        for ev in events:
            if not isinstance(ev, Campaign.GameEventRecorded) or ev.action_id != closing.action_id:
                return found[::-1]
            found.append(ev)
        if len(events) < page:
            break
        lte -= page
    return found[::-1]


__all__ = ["ActionResult", "Questlog", "SNAPSHOT_INTERVAL"]
