"""The history's index read model (``ql_history``): a row per history entry's closing record and per re-decision,
numbered per campaign (``seq``), which :func:`domain.history.history_page` reads a page through. A mixin of
:class:`projections.readmodels.ReadModels`."""

from __future__ import annotations

from typing import Any

SEQ_MEMORY = 100_000
"""Campaigns whose last history number a process remembers (an int each) before it starts looking them up again."""


class HistoryIndex:
    """The history index's numbering and queries (mixed into :class:`~projections.readmodels.ReadModels`)."""

    def _number(self, history: list[tuple[int, list[Any]]], start: int,
                remembered: tuple[int, dict[int, int], bool] | None) -> tuple[list[list[Any]], tuple[int, dict[int, int], bool] | None]:
        """The history index's rows of ``history`` (``(campaign key, row)`` in stream order, ``recorders.COLUMNS`` order
        with ``seq`` unset), each entry numbered after its campaign's last one (a re-decision takes no number), and
        what to remember of the numbers once they are written (see ``_seqs``; the caller sets the position).
        ``remembered``: ``_seqs`` as it stands at ``start``.

        The last numbers come from this process's memory when it wrote the position the batch starts from, else
        from the index (one query per 500 campaigns): a statement per row that looked its number up would make the
        rows impossible to insert in bulk (figure 3)."""
        memory = remembered if remembered is not None and remembered[0] == start else None
        if not history:
            return [], memory
        last, complete = (memory[1], memory[2]) if memory is not None else ({}, False)
        missing = {key: row[0] for key, row in history if key not in last and row[3] != "redecided"}
        if missing and not complete:
            ids = list(missing.values())
            found: dict[str, int] = {}
            for chunk in range(0, len(ids), 500):
                part = ids[chunk:chunk + 500]
                found.update((r["campaign_id"], r["seq"]) for r in self.recorder.query(
                    f"SELECT campaign_id, MAX(seq) AS seq FROM {{ql_history}} WHERE campaign_id IN ({', '.join(['%s'] * len(part))}) "
                    "GROUP BY campaign_id", part))
            last.update((key, found.get(cid) or 0) for key, cid in missing.items())
        for key, row in history:
            if row[3] != "redecided":
                row[2] = last[key] = last.get(key, 0) + 1
        if len(last) > SEQ_MEMORY:  # a process that has seen very many campaigns looks the next ones up again
            last, complete = {}, False
        return [row for _, row in history], (start, last, complete)

    def branch_records(self) -> list[dict[str, Any]]:
        """Every campaign's ``BranchedFrom`` record in the history index: ``{campaign_id, version}`` (one per branch)."""
        return self.recorder.query("SELECT campaign_id, version FROM {ql_history} WHERE kind = 'branched' ORDER BY campaign_id", [])

    # -- the history's index (domain.history.history_page reads a page through these) ------------------

    def history_extent(self, campaign_id: str, upto: int) -> tuple[int, bool]:
        """``(entries, complete)``: how many history entries the campaign has up to version ``upto``, and whether the
        index holds the campaign from its creation (``False`` for a campaign indexed only partly: a store whose
        index table is newer than the campaign, until ``questlog rebuild``). Two index lookups, one round trip."""
        rows = self.recorder.query(
            "SELECT (SELECT seq FROM {ql_history} WHERE campaign_id = %s AND version <= %s AND seq IS NOT NULL "
            "ORDER BY version DESC LIMIT 1) AS entries, (SELECT seq FROM {ql_history} WHERE campaign_id = %s AND version = 1) AS first",
            [campaign_id, upto, campaign_id])
        return rows[0]["entries"] or 0, rows[0]["first"] == 1

    def history_entries(self, campaign_id: str, first: int, last: int) -> list[dict[str, Any]]:
        """The index rows ``{version, seq, kind, action_id}`` of entries ``first``..``last`` (``seq``), in order."""
        return self.recorder.query("SELECT version, seq, kind, action_id FROM {ql_history} WHERE campaign_id = %s AND seq >= %s "
                                   "AND seq <= %s ORDER BY seq", [campaign_id, first, last])

    def history_later(self, campaign_id: str, action_ids: list[str], after: int, upto: int) -> list[dict[str, Any]]:
        """What happened to ``action_ids`` after version ``after`` up to ``upto``: rows ``{version, kind, action_id}``
        of their undos, redos, re-decisions, corrections and amendments, in version order."""
        if not action_ids:
            return []
        marks = ", ".join(["%s"] * len(action_ids))
        # by action id only (a few rows each), the versions filtered here: given a version range too, SQLite scans
        # the campaign's rows over that range instead (on a long campaign, most of them)
        rows = self.recorder.query(f"SELECT version, kind, action_id FROM {{ql_history}} WHERE campaign_id = %s AND action_id IN ({marks}) "
                                   "AND kind <> 'action'", [campaign_id, *action_ids])
        return sorted((r for r in rows if after < r["version"] <= upto), key=lambda r: r["version"])
