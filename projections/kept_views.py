"""The kept views read model (``ql_views``): each ruleset's ``kept_views`` drawn at a campaign's latest indexed
version, with the rules' version and :func:`~domain.integrity.view_seal` (written with the campaign index,
:mod:`projections.campaign_index`). A mixin of :class:`projections.readmodels.ReadModels`."""

from __future__ import annotations

import json
from typing import Any


class KeptViews:
    """Reads of the kept views (mixed into :class:`~projections.readmodels.ReadModels`)."""

    def view(self, campaign_id: str, name: str) -> dict[str, Any] | None:
        """A persisted game view ``{"version", "rules", "data", "text", "chain"}`` (``rules``: the version of the rules
        that drew it, ``None`` for a row from before it was kept; ``text``: ``data`` as stored; ``chain``: its
        :func:`~domain.integrity.view_seal`), or ``None`` if there is none."""
        rows = self.recorder.query("SELECT version, rules, data, chain FROM {ql_views} WHERE campaign_id = %s AND view = %s",
                                   [campaign_id, name])
        if not rows:
            return None
        row = rows[0]
        return {"version": row["version"], "rules": row["rules"], "data": json.loads(row["data"]), "text": row["data"], "chain": row["chain"]}

    def kept_views(self, campaign_id: str) -> list[dict[str, Any]]:
        """Every persisted view row of a campaign: ``{"view", "version", "data", "chain"}`` (``data`` as stored text)."""
        return self.recorder.query("SELECT view, version, data, chain FROM {ql_views} WHERE campaign_id = %s ORDER BY view", [campaign_id])
