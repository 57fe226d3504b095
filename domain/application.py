"""The one application service every adapter (CLI, API) calls.

``Questlog`` is an eventsourcing ``Application``: each method loads a campaign, decides, and saves the
new events atomically with optimistic concurrency (DESIGN.md § Undo, redo and seals, § Interfaces).
Open one per process with :func:`infrastructure.runtime.open_questlog`, the composition root (one application
per store; an unreferenced application closes its connection pool). Data flows one way: the write path
stores events and tells its listeners (:attr:`Questlog.listeners`); the read models catch up from the
composition root's runner, never from here, and nothing in ``domain`` imports ``projections``.

The service is one eventsourcing ``Application`` (DESIGN.md: one application object per process) composed of
mixins, one per concern, each in its own module: :mod:`domain.saving` (the library's hooks, snapshots, saves),
:mod:`domain.loading` (campaigns latest or as of a version), :mod:`domain.directory` (creating, listing, finding,
renaming), :mod:`domain.recording` (actions, undo, redo, corrections), :mod:`domain.reading` (state, views,
verification) and :mod:`domain.life` (amendments, bookmarks, branches); the store's preferences live here. The
helpers (:mod:`domain.access`, :mod:`domain.history`, :mod:`domain.transfer`...) are given what they use, never
this type.
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable
from typing import Any

from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.domain import Aggregate, event
from eventsourcing.persistence import IntegrityError

from domain.access import TOKEN_SNAPSHOT_INTERVAL, TokenRegistry
from domain.campaign_cache import CampaignCache, VersionsKept
from domain.core.campaign import Campaign
from domain.requests import RETRIES, ActionResult
from domain.directory import CampaignDirectory
from domain.life import CampaignLife
from domain.loading import SNAPSHOT_INTERVAL, Loading
from domain.reading import Reading
from domain.recording import Recording
from domain.saving import Saving


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



class Questlog(CampaignLife, Recording, Reading, CampaignDirectory, Loading, Saving, Application):
    """Questlog's application service over one event store."""

    name = "Questlog"
    snapshotting_intervals = {Campaign: SNAPSHOT_INTERVAL, TokenRegistry: TOKEN_SNAPSHOT_INTERVAL}
    campaign_cache_size = 64
    """Latest campaigns kept in memory and fast-forwarded on load (``QUESTLOG_CAMPAIGN_CACHE=0`` disables it)."""
    versions_kept_size = 16
    """Older versions of campaigns kept in memory when asked (:meth:`~domain.reading.Reading.kept_state`: the first
    state of each campaign's latest play); off with the campaign cache."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.read_models: Any = None
        """The persisted read models, attached by the composition root (:mod:`infrastructure.runtime`): an object
        with ``catch_up()``, ``campaigns()``, ``audit(...)`` (see :class:`projections.readmodels.ReadModels`)."""
        self.listeners: list[Callable[[Campaign | None], None]] = []
        """Called after every successful save with the campaign just saved (``None`` when it is not at hand)."""
        self._games: dict[uuid.UUID, str] = {}
        self._campaigns = CampaignCache(int(self.env.get("QUESTLOG_CAMPAIGN_CACHE", self.campaign_cache_size)))
        self._versions_kept = VersionsKept(min(self._campaigns.size, self.versions_kept_size))
        self._saved = threading.local()  # this thread's latest save's recordings, for the listeners (just_saved)
        self.background: list[threading.Thread] = []
        """Threads that use the store (the read-model runner, the live streams' head watcher), registered by the
        adapters: :meth:`close` lets them see ``closing`` and end before the store's connections close (a thread's
        ``wake()`` attribute, if it has one, is called first)."""

    def close(self, wait: float = 5.0) -> None:
        """Set ``closing``, wait up to ``wait`` seconds for each thread in :attr:`background` to end, then close the
        store. A thread still inside a query when SQLite's connection closed under it crashed the process
        (a segmentation fault in the live watcher at a test server's teardown)."""
        self.closing.set()
        for thread in list(self.background):
            if thread.is_alive() and thread is not threading.current_thread():
                getattr(thread, "wake", lambda: None)()  # a thread waiting for work sees ``closing`` at once
                thread.join(wait)
        self.factory.close()

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


__all__ = ["ActionResult", "Questlog", "SNAPSHOT_INTERVAL"]
