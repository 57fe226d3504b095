"""A store from before the statistics kept a row per action (``ql_rolls`` had a row per face), or from before that row
was keyed by the action's version (it was keyed by the action id), keeps its statistics on upgrade: opening it
converts the rows (projections.recorders.ROLLS_FROM_FACES, ROLLS_REKEY), the totals read the same, and undos, redos
and corrections of actions recorded before the upgrade count exactly as on a store made today (a rebuild gives the
same rows). Both stores."""

from __future__ import annotations

import json
import sqlite3

import psycopg
import pytest

from infrastructure.runtime import open_questlog
from projections.statistics import campaign_stats
from tests.projections.test_dice_luck import LOADED, action_die, counted_dice, new_encounter, play_rounds  # noqa: F401

OLD_ROLLS = ("CREATE TABLE {t} (campaign_id TEXT, action_id TEXT, version INTEGER, play TEXT, who TEXT, kind TEXT, "
             "digital INTEGER, face TEXT, n INTEGER, status TEXT, PRIMARY KEY (campaign_id, action_id, who, kind, face, status))")
"""``ql_rolls`` as the release before the row per action made it (a row per face)."""
BY_ACTION = ("CREATE TABLE {t} (campaign_id TEXT, action_id TEXT, version INTEGER, play TEXT, digital INTEGER, faces TEXT, "
             "status TEXT, PRIMARY KEY (campaign_id, action_id))")
"""``ql_rolls`` as the release before it was keyed by version made it (keyed by the action id)."""


def as_before(store_url: str, layout: str = "per_face") -> int:
    """Turn the store's ``ql_rolls`` into an old table (``layout``: ``"per_face"``, a row per face; ``"by_action"``, a
    row per action keyed by the action id) and clear the schema marker, as a store written by that release would be;
    returns the number of old rows."""
    if store_url.startswith("postgresql"):
        schema = store_url.split("schema=")[1]
        conn, t = psycopg.connect(store_url.split("?")[0], autocommit=True), f'"{schema}".ql_rolls'
    else:
        conn, t = sqlite3.connect(store_url, isolation_level=None), "ql_rolls"
    with conn:
        rows = conn.execute(f"SELECT campaign_id, action_id, version, play, digital, faces, status FROM {t}").fetchall()
        conn.execute(f"DROP TABLE {t}")
        conn.execute((OLD_ROLLS if layout == "per_face" else BY_ACTION).format(t=t))
        old = rows if layout == "by_action" else [
            (cid, aid, version, play, who, kind, digital, face, n, status)
            for cid, aid, version, play, digital, faces, status in rows for who, kind, face, n in json.loads(faces)]
        mark = "%s" if store_url.startswith("postgresql") else "?"
        for row in old:
            conn.execute(f"INSERT INTO {t} VALUES ({', '.join([mark] * len(row))})", row)
        if store_url.startswith("postgresql"):
            conn.execute(f'COMMENT ON TABLE "{schema}".questlog_events IS NULL')
        else:
            conn.execute("PRAGMA user_version = 0")
    return len(old)


def rolls(app) -> list[dict]:
    """``ql_rolls`` with each action's faces parsed (PostgreSQL writes the converted JSON with spaces)."""
    return [{**r, "faces": json.loads(r["faces"])} for r in app.read_models.dump()["ql_rolls"]]


@pytest.mark.parametrize("layout, old_rows", [("per_face", 4 * (1 + 5 + 5) + 2), ("by_action", 12 + 2)])
def test_an_upgraded_store_keeps_its_dice_and_undoes_them_exactly(store_url, counted_dice, layout, old_rows):  # noqa: F811
    app = open_questlog(store_url)
    cid = new_encounter(app, "Loaded")
    roll_results = play_rounds(app, cid, LOADED[:60])  # 20 sixes, 8 of each other face; the last roll 1, 2, 3, 4, 5
    toy = app.create_campaign("toy-counting", "Undo")
    app.record(toy, "count", {"character": "alice", "amount": 3})
    app.record(toy, "count", {"character": "bob", "amount": 2})
    app.undo(toy)  # bob's face: undone before the upgrade
    before, dice_before = rolls(app), app.read_models.dump()["ql_dice"]
    assert len(before) == 12 + 2  # a row per action, not per face (five sixes: one face counted 5)
    assert sorted(len(r["faces"]) for r in before) == [1] * 6 + [5] * 8
    assert [r["faces"] for r in before if r["status"] == "undone"] == [[["bob", "coin", "2", 1]]]
    app.close()

    assert as_before(store_url, layout) == old_rows
    app = open_questlog(store_url)
    try:
        assert rolls(app) == before and app.read_models.dump()["ql_dice"] == dice_before
        assert action_die(campaign_stats(app, cid))[0]["counts"] == [[1, 8], [2, 8], [3, 8], [4, 8], [5, 8], [6, 20]]
        app.redo(toy)  # counted again, from its converted row
        app.undo(toy)
        app.undo(toy)  # alice's too
        app.redo(toy)
        coin = {g["who"]: g["counts"] for g in campaign_stats(app, toy)["dice"]["character"]}
        assert coin == {"alice": [[1, 0], [2, 0], [3, 1], [4, 0], [5, 0], [6, 0]]}
        app.correct(cid, roll_results[-1].action_id, {"dice": [6, 6, 6, 6, 6]}, "the last roll was all sixes")
        assert action_die(campaign_stats(app, cid))[0]["counts"] == [[1, 7], [2, 7], [3, 7], [4, 7], [5, 7], [6, 25]]
        incremental = (rolls(app), app.read_models.dump()["ql_dice"])
        app.read_models.rebuild()
        assert (rolls(app), app.read_models.dump()["ql_dice"]) == incremental
    finally:
        app.close()
