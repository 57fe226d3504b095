"""The campaign index read model (``ql_campaigns``: a row per campaign) and the rows of the views each ruleset keeps
(``ql_views``, ``Ruleset.kept_views``), rewritten together after every record that changes them. A mixin of
:class:`projections.readmodels.ReadModels`; the kept views are read through :mod:`projections.kept_views`."""

from __future__ import annotations

import json
from typing import Any

from domain.core.campaign import Campaign
from domain.core.ruleset import TABLE_KEY
from domain.integrity import view_seal

from .records import _dumps


class CampaignIndex:
    """The campaign index's rows and pages (mixed into :class:`~projections.readmodels.ReadModels`)."""

    def _index(self, campaign: Campaign) -> tuple[tuple[Any, ...], list[tuple[Any, ...]]]:
        """``campaign``'s index row and its kept views' rows (``recorders.COLUMNS`` order)."""
        cid = str(campaign.id)
        ruleset = campaign.ruleset
        row = (cid, campaign.game, campaign.name, _dumps(campaign.state.get(TABLE_KEY, {})), campaign.version,
               ruleset.current_play(campaign.state), campaign.created_at, campaign.last_action_at,
               (campaign.seal or {}).get("version", 0))
        # with the rules' version: a reader serves a kept view only if the rules it runs drew it
        texts = [(name, _dumps(ruleset.views[name](campaign.state))) for name in ruleset.kept_views]
        views = [(cid, name, campaign.version, text, ruleset.version, view_seal(campaign.last_digest, text)) for name, text in texts]
        return row, views

    def refresh(self, campaign: Campaign) -> None:
        """Rewrite ``campaign``'s index row and kept views from the aggregate given (one replayed after its
        ruleset changed), leaving the tracking position as it is."""
        row, views = self._index(campaign)
        with self.recorder.write(None) as cursor:
            self.recorder.upsert_rows(cursor, "ql_campaigns", [row])
            self.recorder.upsert_rows(cursor, "ql_views", views)

    # -- reading ---------------------------------------------------------------------------------

    def named(self, name: str) -> list[dict[str, Any]]:
        """The index's campaigns called exactly ``name`` (``{campaign_id, game}``; at most one where names are unique)."""
        return self.recorder.query("SELECT campaign_id, game FROM {ql_campaigns} WHERE name = %s ORDER BY campaign_id", [name])

    def campaigns(self, limit: int | None = None, offset: int = 0, after: str | None = None) -> list[dict[str, Any]]:
        """The campaign index, oldest first, ``limit`` rows after ``offset`` if given (one page of a store of many
        campaigns), or with ``after`` (a campaign id) the ``limit`` rows that follow that campaign (a keyset page: it
        costs the first page's whatever its position; ``[]`` for an id not in the index):
        ``{campaign_id, game, name, players, version, current_play, created_at, last_played, seal_version}``."""
        if after is not None:  # the index from that campaign's entry on
            # that entry's key read first (a scalar subquery: a parameter to the index scan; joined to the campaign's
            # row, the key was a filter that PostgreSQL applied to the index from its start, like an OFFSET: figure 9)
            rows = self.recorder.query(
                "SELECT c.* FROM {ql_campaigns} c WHERE (c.created_at{bytes}, c.campaign_id{bytes}) > "
                "((SELECT k.created_at FROM {ql_campaigns} k WHERE k.campaign_id = %s){bytes}, CAST(%s AS TEXT){bytes}) "
                "ORDER BY c.created_at{bytes}, c.campaign_id{bytes} LIMIT %s", [after, after, 2**62 if limit is None else limit])
        elif limit is None:
            rows = self.recorder.query("SELECT * FROM {ql_campaigns} ORDER BY created_at{bytes}, campaign_id{bytes}", [])
        else:  # the offset is counted in the (created_at, campaign_id) index alone; only the page's rows are read
            rows = self.recorder.query("SELECT * FROM {ql_campaigns} WHERE campaign_id IN (SELECT campaign_id FROM {ql_campaigns} "
                                       "ORDER BY created_at{bytes}, campaign_id{bytes} LIMIT %s OFFSET %s) "
                                       "ORDER BY created_at{bytes}, campaign_id{bytes}", [limit, offset])
        return [{**r, "players": json.loads(r["players"])} for r in rows]

