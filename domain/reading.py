"""Reading a campaign: its state, its views (the read models' kept copy when it is current), queries, its stored
actions, verification of its chain, and the rulesets' catalogues. A mixin of the application service
(:class:`domain.application.Questlog`).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from domain.core.errors import BadInput, UnknownCampaign
from domain.core.ruleset import ActionSpec, Ruleset, get_ruleset, rules_version, rulesets
from domain.requests import as_uuid
from domain.integrity import stored_json, verify_store, view_seal
from domain.core.names import quoted

log = logging.getLogger("questlog.application")


class Reading:
    """Reads of a campaign and the catalogues (a mixin of :class:`domain.application.Questlog`)."""

    def ask(self, campaign_id: str, verb: str, raw_fields: Mapping[str, Any]) -> Any:
        """Answer the query ``verb`` (a check that stores nothing, e.g. ``check-content``) against the campaign's
        current state; returns its JSON data. Raises :class:`BadInput` (unknown query, fields) or the query's refusal."""
        campaign = self.get_campaign(campaign_id)
        spec = campaign.ruleset.queries.get(verb)
        if spec is None or spec.run is None:
            known = ", ".join(sorted(campaign.ruleset.queries)) or "none"
            raise BadInput(f"{campaign.ruleset.title} has no query {quoted(verb)}; queries: {known}", {"verb": [f"unknown query {quoted(verb)}"]})
        return spec.run(campaign.state, spec.load(raw_fields))

    def state(self, campaign_id: str, at: int | None = None) -> dict[str, Any]:
        """The campaign's state (the fold of its effective actions), optionally as of version ``at``."""
        return self.get_campaign(campaign_id, at=at).state

    def kept_state(self, campaign_id: str, at: int) -> dict[str, Any]:
        """:meth:`state` as of version ``at``, kept in memory for the next call (up to ``versions_kept_size`` such
        versions, off with ``QUESTLOG_CAMPAIGN_CACHE=0``): for a version asked for again and again, such as the first
        state of a running play, whose curves ``questlog stats`` and the Stats tab draw after each of its actions.
        Loading an older version replays up to a snapshot interval of events from its snapshot (bench figure 12: 24-35 ms
        on PostgreSQL, against 2-6 ms for the first versions of a short campaign, which have no snapshot to start from).
        Raises as :meth:`state`."""
        from domain.campaign_cache import reading_copy

        cid = as_uuid(campaign_id)
        kept = self._versions_kept.get(cid, at) if isinstance(at, int) and not isinstance(at, bool) else None
        if kept is not None:
            return kept.state
        campaign = self.get_campaign(cid, at=at)  # (a private copy: kept as it is, a copy of it handed out)
        self._versions_kept.put(campaign, at)
        return reading_copy(campaign).state

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

    def verify(self, campaign_id: str, facts: dict[str, Any] | None = None, lines: Any = None) -> dict[str, Any]:
        """Check a campaign in the store: its tamper-evident chain, its snapshots and its length (:mod:`domain.integrity`).

        Returns ``{"ok": True, "records", "head", "checked"}`` or ``{"ok": False, "position": version, "reason"}``.
        ``facts`` (a dict) is filled with what an export's header needs, read in the same pass, and ``lines`` is told of
        each checked record (:data:`domain.integrity.Lines`: an export's lines, written in that pass). Raises :class:`UnknownCampaign`.
        """
        cid = as_uuid(campaign_id)
        if not self.recorder.select_events(cid, limit=1):  # the raw records: a broken stream may not even load
            raise UnknownCampaign(f"no campaign {campaign_id} in this store")
        return verify_store(self, cid, facts, lines)

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

