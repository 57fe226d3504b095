"""Loading campaigns: latest (the in-memory cache fast-forwarded) or as of a version, folded by this code's rules
(a campaign recorded under older rules is replayed), and a campaign's game. A mixin of the application service
(:class:`domain.application.Questlog`).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

from eventsourcing.application import AggregateNotFoundError, project_aggregate

from domain.campaign_cache import reading_copy
from domain.core.campaign import Campaign
from domain.core.errors import BadInput, IncompatibleRuleset, UnknownCampaign
from domain.requests import MAX_VERSION, as_uuid, version_refusal
from domain.core.names import quoted

SNAPSHOT_INTERVAL = 100
"""Events between snapshots: opening a campaign replays at most this many events after one."""


class Loading:
    """Loading campaigns (a mixin of :class:`domain.application.Questlog`)."""

    def cached_campaign(self, campaign_id: uuid.UUID, version: int) -> Campaign | None:
        """The campaign kept in memory if it is exactly at ``version`` (read it, never mutate it), else ``None``."""
        return self._campaigns.peek(campaign_id, version)

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
            raise BadInput(version_refusal(at), {"at": [f"must be within 1..{MAX_VERSION}"]})
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
            raise IncompatibleRuleset(f"campaign {quoted(campaign.name)} was recorded with {ruleset.title} rules version "
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

    def _at_version(self, cid: uuid.UUID, at: int, copy: Callable[[Any], Any]) -> Any:
        """The aggregate ``cid`` as of version ``at``: a ``copy`` of the cached one when the cache holds it at exactly
        that version (a version's aggregate never changes, so the latest one kept is that version's: ``?at=`` the
        current version costs what a read without ``at`` does), else fast-forwarded from an older one kept
        (:meth:`~domain.campaign_cache.CampaignCache.load_at`: the read models catching up other processes' writes,
        bench figure 8), else loaded from its snapshot and events (and kept)."""
        kept = self._campaigns.peek(cid, at)
        if kept is not None:
            return copy(kept)
        found = self._campaigns.load_at(cid, at, self.repository.event_store, SNAPSHOT_INTERVAL, copy)
        if found is None:
            found = self.repository.get(cid, version=at)
            if isinstance(found, Campaign):
                self._campaigns.put(found)  # (kept only if newer than the one kept: the next version fast-forwards from it)
                found = copy(found)
        return found

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
