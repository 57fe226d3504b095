"""The statistics read model: every revealed die by face, caught up with the other read models in their transaction.

Each action's revealed dice are three columns of its audit row (``ql_audit``, :mod:`.recorders`): ``digital``
(0 physical, 1 digital), ``faces`` (a JSON array of ``[who, kind, face, n]``, :func:`faces_text`; ``NULL`` for an
action that revealed none) and ``counted`` (1 while they are in the totals, 0 while not; ``NULL`` with no faces).
``ql_dice`` holds the running totals per campaign, roller, die kind, physical/digital and face. ``questlog stats``
reads only the totals: a few rows, however long the campaign (a play's own dice are the recap's, counted from that
play's events). (A ``ql_rolls`` table of its own, a row per roll with its own key, was most of what the statistics
added to a rebuild on PostgreSQL, ~3.4 µs of the database's CPU a roll: bench figure 12. In the audit row, which a
rebuild writes anyway, the same text costs next to nothing.)

How each record changes them (the faces come from :func:`domain.statistics.dice_counts`, the ruleset's declarations):

- an action's closing record: its faces in its audit row, counted in the totals (:func:`action`);
- an undo: its counted faces taken off the totals and marked uncounted; a redo: put back (:func:`undone`);
- a re-decision (a correction, or a later action decided again): the action's counted faces taken off, its faces
  replaced by the new events' and counted if the action is effective (:func:`redecided`), so a corrected die counts
  as corrected.

A batch's writes go after its audit rows (:meth:`projections.batches.Batches._write`): the new actions' totals in
bulk, then the changes in stream order. Changes read the audit row (the action's faces, status and whether counted,
as the batch leaves them), which is why the end state is the same whatever the batch boundaries.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, NamedTuple

from domain.statistics import NO_PLAY, _rolls_by_type, dice_counts

KEY = "campaign_id, who, kind, digital, face"
OF_ACTION = "a.campaign_id = %s AND a.action_id = %s AND a.kind = 'action'"
"""An action's audit row ``a`` (through the audit's ``(campaign_id, action_id)`` index)."""
FACES = ("SELECT a.campaign_id, f.value ->> 0, f.value ->> 1, COALESCE(a.digital, 0), f.value ->> 2, "
         "{sign}CAST(f.value ->> 3 AS INTEGER) FROM {ql_audit} a, {each_face} WHERE " + OF_ACTION + " AND a.counted = %s")
"""An action's faces as ``ql_dice`` rows (``{each_face}``: the dialect's JSON array expansion, :mod:`.recorders`),
if its ``counted`` is the one given."""
TOTAL = ("INSERT INTO {ql_dice} AS d (" + KEY + ", n) VALUES (%s, %s, %s, %s, %s, %s) ON CONFLICT (" + KEY + ") "
         "DO UPDATE SET n = d.n + excluded.n")


def _add(sign: str, condition: str = "") -> str:
    """The statement adding an action's faces (:data:`FACES`, ``condition`` on its audit row ``a`` besides) to the
    totals, negated with ``sign`` ``"-"``."""
    return ("INSERT INTO {ql_dice} AS d (" + KEY + ", n) " + FACES.replace("{sign}", sign) + condition + " ON CONFLICT ("
            + KEY + ") DO UPDATE SET n = d.n + excluded.n")


TAKE_OFF, PUT_BACK = _add("-"), _add("")
PUT_BACK_IF_EFFECTIVE = _add("", " AND a.status = 'effective'")
MARK = "UPDATE {ql_audit} SET counted = %s WHERE campaign_id = %s AND action_id = %s AND kind = 'action' AND counted = %s"
NEW_FACES = ("UPDATE {ql_audit} SET faces = %s, digital = COALESCE(digital, 0), counted = CASE WHEN CAST(%s AS TEXT) IS NULL "
             "THEN NULL ELSE 0 END WHERE campaign_id = %s AND action_id = %s AND kind = 'action'")
"""A re-decided action's new faces, not counted yet (``NULL`` when its new events reveal none)."""
COUNT_IF_EFFECTIVE = ("UPDATE {ql_audit} SET counted = 1 WHERE campaign_id = %s AND action_id = %s AND kind = 'action' "
                      "AND counted = 0 AND status = 'effective'")


def faces_text(counts: dict[tuple[str, str, str], int]) -> str:
    """An action's ``ql_audit.faces``: ``counts`` ((who, kind, face) -> n, :func:`domain.statistics.dice_counts`) as
    a JSON array of ``[who, kind, face, n]``, in key order (so a rebuild writes the same text, and two rolls of the
    same faces in any order the same text). Each ``[who, kind, face,`` is encoded once and kept (a rebuild writes
    tens of thousands of rolls of a few faces; a ``json.dumps`` each was a third of the statistics' cost, figure 12)."""
    heads = _HEADS
    return "[" + ",".join(f"{heads.get(key) or _head(key)}{int(n)}]" for key, n in sorted(counts.items())) + "]"


def _head(key: tuple[str, str, str]) -> str:
    """``[who,kind,face,`` of ``key`` as JSON text (kept in :data:`_HEADS` while it has room)."""
    head = json.dumps(list(key), separators=(",", ":"))[:-1] + ","
    if len(_HEADS) < 4096:
        _HEADS[key] = head
    return head


_HEADS: dict[tuple[str, str, str], str] = {}
"""``(who, kind, face)`` -> its encoded ``[who,kind,face,`` (:func:`faces_text`): one per roller, die kind and face
the store has seen (at most 4,096 kept)."""


def _signature(ruleset: Any, events: list[dict[str, Any]]) -> tuple[Any, ...] | None:
    """What an action's dice depend on, as a key of :data:`_ROLLED`: per declared roll of its ``events``, the event
    type, the declaration's place, the roller and the faces sorted (a roll's counts are a multiset: 1, 6, 6 and
    6, 1, 6 count the same). ``()`` when the events reveal no dice; ``None`` when they are not plain enough to key
    (a dotted field, a die kind read from the event, a field not stored, a roller not text, faces not all integers or all text):
    counted as they come (:func:`domain.statistics.dice_counts`)."""
    declared = _rolls_by_type(ruleset)
    parts: list[Any] = []
    for record in events:
        decls = declared.get(record["type"])
        if not decls:
            continue
        data = record["data"]
        for place, rolls in enumerate(decls):
            field, who = rolls.field, rolls.who
            if rolls.kind_field or "." in field or field not in data or (who and who not in data):
                return None
            value, roller = data[field], data[who] if who else None
            if roller is not None and type(roller) is not str:
                return None
            faces = value if isinstance(value, list) else [value]
            if not (all(type(f) is int for f in faces) or all(type(f) is str for f in faces)):
                return None  # (True == 1: a bool face keyed as an int would take the int's text)
            parts.append((record["type"], place, roller, tuple(sorted(faces))))
    return (ruleset, *parts) if parts else ()


_ROLLED: dict[tuple[Any, ...], tuple[str, tuple[tuple[tuple[str, str, str], int], ...]]] = {}
""":func:`_signature` -> ``(faces text, counts)`` of the rolls seen (at most :data:`ROLLED_KEPT` kept): a rebuild
counts each roll's faces once per multiset of faces, not once per roll (five six-sided dice: 252 multisets per
roller, ~6 µs of counting and encoding a roll before)."""
ROLLED_KEPT = 20_000


class DiceWrites(NamedTuple):
    """What one batch writes to the totals: ``totals`` (the new actions' rolls: ``(campaign_id, digital)`` -> faces
    text -> ``[rolls, counts]``, counts as :data:`_ROLLED` keeps them, so a roll of faces seen before adds 1, whatever
    its number of dice) and ``changes`` (``(statement, params)`` in stream order). The new actions' own faces go in
    their audit rows (:func:`action`)."""

    totals: dict[tuple[str, int], dict[str, list[Any]]]
    changes: list[tuple[str, tuple[Any, ...]]]


def new_writes() -> DiceWrites:
    """An empty batch of statistics writes."""
    return DiceWrites({}, [])


NO_DICE = (None, None, None)
"""The statistics columns of an audit row that is not an action's (``digital, faces, counted``)."""


def action(writes: DiceWrites, ruleset: Any, cid: str, state: dict[str, Any], events: list[dict[str, Any]]) -> tuple[Any, Any, Any]:
    """The statistics columns of an action's audit row (``digital, faces, counted``; faces and counted ``None`` when
    its ``events``, its game events, reveal no dice), its faces added to the batch's totals (``state``: the closing
    record's fields). Run on every roll of a rebuild: a roll of faces seen before is a dictionary lookup."""
    digital = 1 if state.get("digital") else 0
    signature = _signature(ruleset, events)
    if signature == ():
        return digital, None, None
    known = _ROLLED.get(signature) if signature is not None else None
    if known is None:
        counts = dice_counts(ruleset, events)
        if not counts:
            return digital, None, None
        known = (faces_text(counts), tuple(sorted(counts.items())))
        if signature is not None and len(_ROLLED) < ROLLED_KEPT:
            _ROLLED[signature] = known
    text = known[0]
    sums = writes.totals.get((cid, digital))
    if sums is None:
        sums = writes.totals[(cid, digital)] = {}
    tally = sums.get(text)
    if tally is None:
        sums[text] = [1, known[1]]
    else:
        tally[0] += 1
    return digital, text, 1


def undone(writes: DiceWrites, cid: str, action_id: str, undo: bool) -> None:
    """An undo (``undo``) or redo of ``action_id``: its faces off or back on the totals, and marked."""
    before, after = (1, 0) if undo else (0, 1)
    writes.changes.append((TAKE_OFF if undo else PUT_BACK, (cid, action_id, before)))
    writes.changes.append((MARK, (after, cid, action_id, before)))


def redecided(writes: DiceWrites, ruleset: Any, cid: str, action_id: str, events: list[dict[str, Any]]) -> None:
    """A re-decision of ``action_id`` whose new game events are ``events``: its counted faces taken off, replaced by
    the new ones, counted if the action is effective (its status as the batch leaves its audit row)."""
    counts = dice_counts(ruleset, events)
    faces = faces_text(counts) if counts else None
    writes.changes.append((TAKE_OFF, (cid, action_id, 1)))
    writes.changes.append((NEW_FACES, (faces, faces, cid, action_id)))
    writes.changes.append((PUT_BACK_IF_EFFECTIVE, (cid, action_id, 0)))
    writes.changes.append((COUNT_IF_EFFECTIVE, (cid, action_id)))


def write(recorder: Any, cursor: Any, writes: DiceWrites) -> None:
    """Write a batch's totals and changes (after its audit rows, in the same transaction)."""
    if writes.totals:
        rows = []
        for (cid, digital), sums in writes.totals.items():
            faces: dict[tuple[str, str, str], int] = {}
            for rolls, counts in sums.values():
                for key, n in counts:
                    faces[key] = faces.get(key, 0) + rolls * n
            rows.extend((cid, who, kind, digital, face, n) for (who, kind, face), n in faces.items())
        recorder.execute_many(cursor, TOTAL, rows)
    for statement, params in writes.changes:
        recorder.execute(cursor, statement, params)


def totals(recorder: Any, campaign_id: str) -> list[dict[str, Any]]:
    """The campaign's dice totals: ``{who, kind, digital, face, n}`` rows with a count, in key order."""
    return recorder.query("SELECT who, kind, digital, face, n FROM {ql_dice} WHERE campaign_id = %s AND n <> 0 "
                          "ORDER BY who, kind, digital, face", [campaign_id])


__all__: Iterable[str] = ["NO_DICE", "DiceWrites", "action", "faces_text", "new_writes", "redecided", "totals", "undone", "write"]
