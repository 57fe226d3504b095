"""The statistics read model: every revealed die by face, caught up with the other read models in their transaction.

Two tables (:mod:`.recorders`): ``ql_rolls``, one row per action that revealed dice, keyed by its version
(:data:`OF_ACTION`): its faces (a JSON array of
``[who, kind, face, n]``, :func:`faces_text`), play label, physical/digital and status (a row per face took about
five rows a roll, ~4 µs each, half a rebuild's time on SQLite: bench figure 12), and ``ql_dice``, the running totals per campaign, roller, die kind,
physical/digital and face. ``questlog stats`` reads only the totals: a few rows, however long the campaign (a
play's own dice are the recap's, counted from that play's events).

How each record changes them (the faces come from :func:`domain.statistics.dice_of`, the ruleset's declarations):

- an action's closing record: its rows, counted in the totals;
- an undo: its effective rows taken off the totals and marked ``undone``; a redo: put back;
- a re-decision (a correction, or a later action decided again): the action's old rows taken off the totals and
  replaced by the new events' rows (counted if the action is effective), so a corrected die counts as corrected.

A batch's writes go after its audit rows (:meth:`projections.batches.Batches._write`): the new actions' rows
in bulk, then the changes in stream order. Changes read the audit row (the action's play, version and status, as
the batch leaves it), which is why the end state is the same whatever the batch boundaries.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, NamedTuple

from domain.statistics import NO_PLAY, dice_counts

KEY = "campaign_id, who, kind, digital, face"
OF_ACTION = "(SELECT a.version FROM {ql_audit} a WHERE a.campaign_id = %s AND a.action_id = %s AND a.kind = 'action')"
"""The version of an action's audit row, which is its ``ql_rolls`` row's: ``ql_rolls`` is keyed by ``(campaign_id,
version)``, appended in order by a rebuild, and an undo, a redo or a correction finds its row through the audit's
``(campaign_id, action_id)`` index. (Keyed by the action id, a random UUID, each row was an insert at a random place
of a b-tree of text keys: ~8.4 µs a row against ~2.9 on SQLite, most of what the statistics added to a rebuild.)"""
FACES = ("SELECT r.campaign_id, f.value ->> 0, f.value ->> 1, r.digital, f.value ->> 2, {sign}CAST(f.value ->> 3 AS INTEGER) "
         "FROM {ql_rolls} r, {each_face} WHERE r.campaign_id = %s AND r.version IN " + OF_ACTION + " AND r.status = %s")
"""An action's faces as ``ql_dice`` rows (``{each_face}``: the dialect's JSON array expansion, :mod:`.recorders`)."""
_ADD = "INSERT INTO {ql_dice} AS d (" + KEY + ", n) " + FACES + " ON CONFLICT (" + KEY + ") DO UPDATE SET n = d.n + excluded.n"
TOTAL = ("INSERT INTO {ql_dice} AS d (" + KEY + ", n) VALUES (%s, %s, %s, %s, %s, %s) ON CONFLICT (" + KEY + ") "
         "DO UPDATE SET n = d.n + excluded.n")
NEW_ROW = ("INSERT INTO {ql_rolls} (campaign_id, action_id, version, play, digital, faces, status) SELECT "
           "a.campaign_id, a.action_id, a.version, COALESCE(a.play, ''), COALESCE((SELECT r.digital FROM {ql_rolls} r "
           "WHERE r.campaign_id = a.campaign_id AND r.version = a.version), 0), %s, a.status FROM {ql_audit} a "
           "WHERE a.campaign_id = %s AND a.action_id = %s AND a.kind = 'action' ON CONFLICT (campaign_id, version) "
           "DO UPDATE SET action_id = excluded.action_id, play = excluded.play, faces = excluded.faces, status = excluded.status")
MARK = "UPDATE {ql_rolls} SET status = %s WHERE campaign_id = %s AND version IN " + OF_ACTION + " AND status = %s"
TO_OLD = "UPDATE {ql_rolls} SET status = 'old' WHERE campaign_id = %s AND version IN " + OF_ACTION
DROP_OLD = "DELETE FROM {ql_rolls} WHERE campaign_id = %s AND version IN " + OF_ACTION + " AND status = 'old'"


def faces_text(counts: dict[tuple[str, str, str], int]) -> str:
    """An action's ``ql_rolls.faces``: ``counts`` ((who, kind, face) -> n, :func:`domain.statistics.dice_counts`) as
    a JSON array of ``[who, kind, face, n]``, in the counts' order (so a rebuild writes the same text). Each
    ``[who, kind, face,`` is encoded once and kept (a rebuild writes tens of thousands of rolls of a few faces; a
    ``json.dumps`` each was a third of the statistics' cost, figure 12)."""
    heads = _HEADS
    return "[" + ",".join(f"{heads.get(key) or _head(key)}{int(n)}]" for key, n in counts.items()) + "]"


def _head(key: tuple[str, str, str]) -> str:
    """``[who,kind,face,`` of ``key`` as JSON text (kept in :data:`_HEADS` while it has room)."""
    head = json.dumps(list(key), separators=(",", ":"))[:-1] + ","
    if len(_HEADS) < 4096:
        _HEADS[key] = head
    return head


_HEADS: dict[tuple[str, str, str], str] = {}
"""``(who, kind, face)`` -> its encoded ``[who,kind,face,`` (:func:`faces_text`): one per roller, die kind and face
the store has seen (at most 4,096 kept)."""


class DiceWrites(NamedTuple):
    """What one batch writes to the statistics tables: ``rows`` (new actions' ``ql_rolls`` rows), ``totals`` (their
    sums: ``(campaign_id, digital)`` -> ``(who, kind, face)`` -> count, the ``ql_dice`` keys in two parts, so a roll
    adds to them with the keys its counts already have) and ``changes`` (``(statement, params)`` in stream order)."""

    rows: list[tuple[Any, ...]]
    totals: dict[tuple[str, int], dict[tuple[str, str, str], int]]
    changes: list[tuple[str, tuple[Any, ...]]]


def new_writes() -> DiceWrites:
    """An empty batch of statistics writes."""
    return DiceWrites([], {}, [])


def action(writes: DiceWrites, ruleset: Any, cid: str, state: dict[str, Any], version: int, events: list[dict[str, Any]]) -> None:
    """Add the rows of an action's closing record (``state``: its fields; ``events``: its game events). Run on every
    roll of a rebuild: one pass over the counts makes the row's text and adds to the totals."""
    counts = dice_counts(ruleset, events)
    if not counts:
        return
    digital = 1 if state.get("digital") else 0
    sums = writes.totals.get((cid, digital))
    if sums is None:
        sums = writes.totals[(cid, digital)] = {}
    heads, parts = _HEADS, []
    for key, n in counts.items():
        parts.append(f"{heads.get(key) or _head(key)}{n}]")
        sums[key] = sums.get(key, 0) + n
    writes.rows.append((cid, state["action_id"], version, state.get("play") or NO_PLAY, digital, "[" + ",".join(parts) + "]", "effective"))


def undone(writes: DiceWrites, cid: str, action_id: str, undo: bool) -> None:
    """An undo (``undo``) or redo of ``action_id``: its rows off or back on the totals, and marked."""
    before, after = ("effective", "undone") if undo else ("undone", "effective")
    writes.changes.append((_ADD.replace("{sign}", "-" if undo else ""), (cid, cid, action_id, before)))
    writes.changes.append((MARK, (after, cid, cid, action_id, before)))


def redecided(writes: DiceWrites, ruleset: Any, cid: str, action_id: str, events: list[dict[str, Any]]) -> None:
    """A re-decision of ``action_id`` whose new game events are ``events``: old rows replaced by new ones."""
    writes.changes.append((_ADD.replace("{sign}", "-"), (cid, cid, action_id, "effective")))
    writes.changes.append((TO_OLD, (cid, cid, action_id)))
    counts = dice_counts(ruleset, events)
    if counts:  # the action's row rewritten from its audit row (its play, version and status as the batch leaves it)
        writes.changes.append((NEW_ROW, (faces_text(counts), cid, action_id)))
    writes.changes.append((DROP_OLD, (cid, cid, action_id)))
    writes.changes.append((_ADD.replace("{sign}", ""), (cid, cid, action_id, "effective")))


def write(recorder: Any, cursor: Any, writes: DiceWrites) -> None:
    """Write a batch's statistics (after its audit rows, in the same transaction)."""
    if writes.rows:
        recorder.insert_rows(cursor, "ql_rolls", writes.rows)
    if writes.totals:
        recorder.execute_many(cursor, TOTAL, [(cid, who, kind, digital, face, n) for (cid, digital), sums in writes.totals.items()
                                              for (who, kind, face), n in sums.items()])
    for statement, params in writes.changes:
        recorder.execute(cursor, statement, params)


def totals(recorder: Any, campaign_id: str) -> list[dict[str, Any]]:
    """The campaign's dice totals: ``{who, kind, digital, face, n}`` rows with a count, in key order."""
    return recorder.query("SELECT who, kind, digital, face, n FROM {ql_dice} WHERE campaign_id = %s AND n <> 0 "
                          "ORDER BY who, kind, digital, face", [campaign_id])


__all__: Iterable[str] = ["DiceWrites", "action", "faces_text", "new_writes", "redecided", "totals", "undone", "write"]
