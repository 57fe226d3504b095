"""A store from before the audit kept each action's dice keeps its statistics on upgrade: its ``ql_rolls`` table (a row
per face, from two releases before; a row per action keyed by the action id; or keyed by the action's version, the
last release's) is moved into the audit rows on opening (projections.recorders.ROLLS_FROM_FACES, ROLLS_INTO_AUDIT) and
dropped; the totals read the same, and undos, redos and corrections of actions recorded before the upgrade count
exactly as on a store made today (a rebuild gives the same rows). Both stores."""

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
"""``ql_rolls`` two releases before (a row per face)."""
BY_ACTION = ("CREATE TABLE {t} (campaign_id TEXT, action_id TEXT, version INTEGER, play TEXT, digital INTEGER, faces TEXT, "
             "status TEXT, PRIMARY KEY (campaign_id, action_id))")
"""``ql_rolls`` keyed by the action id (a row per action)."""
BY_VERSION = BY_ACTION.replace("PRIMARY KEY (campaign_id, action_id)", "PRIMARY KEY (campaign_id, version)")
"""``ql_rolls`` of the last release before the audit kept the dice (keyed by the action's version)."""
LAYOUTS = {"per_face": OLD_ROLLS, "by_action": BY_ACTION, "by_version": BY_VERSION}
AUDIT_STATS = ("digital", "faces", "counted")


def as_before(store_url: str, layout: str) -> int:
    """Turn the store into one an older release wrote (``layout``, a key of :data:`LAYOUTS`): each action's dice out of
    its audit row into that release's ``ql_rolls``, the audit's statistics columns dropped, the schema marker cleared;
    returns the number of old rows."""
    if store_url.startswith("postgresql"):
        schema = store_url.split("schema=")[1]
        conn, t, a = psycopg.connect(store_url.split("?")[0], autocommit=True), f'"{schema}".ql_rolls', f'"{schema}".ql_audit'
    else:
        conn, t, a = sqlite3.connect(store_url, isolation_level=None), "ql_rolls", "ql_audit"
    with conn:
        rows = conn.execute(f"SELECT campaign_id, action_id, version, COALESCE(play, ''), digital, faces, "
                            f"CASE WHEN counted = 1 THEN 'effective' ELSE 'undone' END FROM {a} "
                            f"WHERE kind = 'action' AND faces IS NOT NULL").fetchall()
        for column in AUDIT_STATS:
            conn.execute(f"ALTER TABLE {a} DROP COLUMN {column}")
        conn.execute(LAYOUTS[layout].format(t=t))
        old = rows if layout != "per_face" else [
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
    """Each action's statistics columns (``ql_audit``) with its faces parsed (PostgreSQL writes the converted JSON with
    spaces)."""
    return [{"action_id": r["action_id"], "version": r["version"], "digital": r["digital"], "counted": r["counted"],
             "faces": json.loads(r["faces"])} for r in app.read_models.dump()["ql_audit"] if r["faces"] is not None]


def tables(store_url: str) -> set[str]:
    """The store's read-model tables whose name starts ``ql_``."""
    if store_url.startswith("postgresql"):
        schema = store_url.split("schema=")[1]
        with psycopg.connect(store_url.split("?")[0]) as conn:
            return {r[0] for r in conn.execute("SELECT table_name FROM information_schema.tables WHERE table_schema = %s "
                                               "AND table_name LIKE 'ql%%'", (schema,))}
    with sqlite3.connect(store_url) as conn:
        return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'ql%'")}


@pytest.mark.parametrize("layout, old_rows", [("per_face", 4 * (1 + 5 + 5) + 2), ("by_action", 12 + 2), ("by_version", 12 + 2)])
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
    assert [r["faces"] for r in before if r["counted"] == 0] == [[["bob", "coin", "2", 1]]]
    app.close()

    assert as_before(store_url, layout) == old_rows
    app = open_questlog(store_url)
    try:
        assert rolls(app) == before and app.read_models.dump()["ql_dice"] == dice_before
        assert "ql_rolls" not in tables(store_url) and "ql_rolls_v2" not in tables(store_url)
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
