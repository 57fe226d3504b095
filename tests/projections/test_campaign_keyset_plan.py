"""A keyset page of the campaign index (``GET /campaigns?after=ID``) reads only its own entries of the (created_at,
campaign_id) index on PostgreSQL, wherever the key is (bench figure 9): with the key's row joined in, the planner
filtered the index from its start instead, reading every entry before the key, as an ``OFFSET`` does."""

from __future__ import annotations

import uuid

import psycopg

from infrastructure.runtime import open_questlog


def index_scans(plan: dict) -> list[dict]:
    found = [plan] if plan.get("Index Name") == "ql_campaigns_order" else []
    return found + [s for child in plan.get("Plans", []) for s in index_scans(child)]


def test_a_keyset_page_in_the_middle_of_5000_campaigns_reads_51_index_entries(pg_url):
    app = open_questlog(pg_url)
    try:
        app.create_campaign("nanolith", "Tuesday group")
        app.read_models.catch_up()
        schema = pg_url.split("schema=")[1]
        ids = sorted(str(uuid.uuid4()) for _ in range(5000))
        with psycopg.connect(pg_url.split("?")[0], autocommit=True) as conn:
            with conn.cursor().copy(f'COPY "{schema}".ql_campaigns (campaign_id, game, name, players, version, created_at) FROM STDIN') as copy:
                for n, cid in enumerate(ids):
                    copy.write_row((cid, "nanolith", f"Group {n}", "[]", 1, "2026-11-30T00:00:00+00:00"))
            conn.execute(f'ANALYZE "{schema}".ql_campaigns')
            sent = []
            query = app.read_models.recorder.query
            app.read_models.recorder.query = lambda statement, params=(): sent.append((statement, params)) or query(statement, params)
            page = app.read_models.campaigns(50, after=ids[2500])
            assert [c["campaign_id"] for c in page] == ids[2501:2551]
            statement, params = sent[-1]
            [[plan]] = conn.execute("EXPLAIN (ANALYZE, FORMAT JSON) " + app.read_models.recorder._sql(statement), params).fetchone()
        [scan] = index_scans(plan["Plan"])
        assert scan["Actual Rows"] <= 51, scan  # the page's 50 (and the one the LIMIT stops at), not the 2,500 before
    finally:
        app.close()
