"""``questlog stats`` finds the latest play's rows walking back from the campaign's last audit row in windows of the
``(campaign_id, version)`` key (projections.statistics._latest_in_play): the play is found however far back it
ended, and on PostgreSQL, with no table statistics gathered yet, the statements read a window's rows, not every row
of a long campaign (bench figure 12: one ``ORDER BY version DESC LIMIT 1`` was planned as a scan of the campaign's
50,000 audit rows and a sort, 110 ms)."""

from __future__ import annotations

import uuid

import psycopg

from infrastructure.runtime import open_questlog
from projections.statistics import LATEST_WINDOW, _latest_in_play


def audit_rows(cid: str, plays: dict[int, str | None], last: int) -> list[tuple]:
    """Audit rows of actions at versions 2, 4, ... ``last``, each in the play ``plays`` gives for the highest key at
    or below its version (``None``: outside any play)."""
    rows = []
    for version in range(2, last + 1, 2):
        play = plays[max(k for k in plays if k <= version)]
        rows.append((cid, version, "action", f"a{version}", "roll", None, "2026-12-01T00:00:00+00:00", "effective", 1, play,
                     "", "", "roll", "[]", 0, None, None))
    return rows


def insert(app, rows: list[tuple]) -> None:
    with app.read_models.recorder.write(None, bulk=True) as cursor:
        app.read_models.recorder.insert_rows(cursor, "ql_audit", rows)


def test_the_latest_play_is_found_behind_thousands_of_actions_outside_plays_and_none_without_a_play(any_app):
    query = any_app.read_models.recorder.query
    cid, empty, none = (str(uuid.uuid4()) for _ in range(3))
    # Encounter 2 ends at version 300; then 5,000 actions outside any play (more than three windows back)
    insert(any_app, audit_rows(cid, {0: "Encounter 1", 100: None, 102: "Encounter 2", 302: None}, 10_300))
    insert(any_app, audit_rows(none, {0: None}, 3_000))
    assert _latest_in_play(query, cid) == {"play": "Encounter 2", "version": 300}
    assert _latest_in_play(query, none) is None
    assert _latest_in_play(query, empty) is None


def test_on_postgresql_the_walk_reads_one_window_of_a_campaign_of_40000_audit_rows(pg_url):
    app = open_questlog(pg_url)
    try:
        cid = str(uuid.uuid4())
        insert(app, audit_rows(cid, {0: "Encounter 1", 79_990: None}, 80_000))  # no ANALYZE: a freshly filled table
        sent: list[tuple[str, tuple]] = []
        query = app.read_models.recorder.query
        assert _latest_in_play(lambda s, p=(): sent.append((s, tuple(p))) or query(s, p), cid) == {"play": "Encounter 1", "version": 79_988}
        read = 0
        with psycopg.connect(pg_url.split("?")[0], autocommit=True) as conn:
            for statement, params in sent:
                [[plan]] = conn.execute("EXPLAIN (ANALYZE, FORMAT JSON) " + app.read_models.recorder._sql(statement), params).fetchone()
                read += rows_read(plan["Plan"])
        assert len(sent) == 2 and read <= 2 * LATEST_WINDOW, (sent, read)  # the last row, then one window (~250 rows: its index entries and rows)
    finally:
        app.close()


def rows_read(plan: dict) -> int:
    """Rows the plan's scans of tables and indexes returned (each loop counted)."""
    own = plan.get("Actual Rows", 0) * plan.get("Actual Loops", 1) if "Scan" in plan["Node Type"] else 0
    return own + sum(rows_read(child) for child in plan.get("Plans", []))
