"""Issue 28, item 4: a kept view edited in the store (a ``ql_views`` row) is never served, and ``verify`` reports any
read model that differs from what the records give, on both stores."""

from __future__ import annotations

import json

from domain.integrity import view_seal
from tests.durable.test_store_tamper import Raw, fresh


def _table(raw: Raw, table: str) -> str:
    """A read-model table's name as the store names it (PostgreSQL: in the test's schema)."""
    if not raw.pg:
        return table
    from urllib.parse import parse_qs, urlsplit

    return parse_qs(urlsplit(raw.url).query)["schema"][0] + "." + table


def _edit_view(raw: Raw, cid: str, change, reseal: bool = False) -> None:
    views = _table(raw, "ql_views")
    data = json.loads(raw._run(f"SELECT data FROM {views} WHERE campaign_id = %s AND view = 'board'", (cid,), fetch=True)[0][0])
    change(data)
    text = json.dumps(data, separators=(",", ":"))
    raw._run(f"UPDATE {views} SET data = %s WHERE campaign_id = %s AND view = 'board'", (text, cid))
    if reseal:  # the seal recomputed over the edit, as someone who read the code could
        (head,) = raw._run("SELECT state FROM {events} WHERE originator_version = (SELECT MAX(originator_version) FROM {events})",
                           fetch=True)[0]
        raw._run(f"UPDATE {views} SET chain = %s WHERE campaign_id = %s AND view = 'board'",
                 (view_seal(json.loads(bytes(head))["digest"], text), cid))


def test_an_edited_kept_view_is_never_served_and_verify_names_it(any_app, store_url):
    cid = any_app.create_campaign("nanolith", "Tuesday group")
    any_app.record(cid, "start-encounter", {"name": "Encounter 1"})
    any_app.read_models.catch_up()
    assert any_app.view(cid, "board")["round"] == 1
    _edit_view(Raw(store_url), cid, lambda d: d.update(round=9))
    other = fresh(any_app)
    assert other.kept_view(cid, "board") is None and other.view(cid, "board")["round"] == 1  # drawn from the records
    report = other.verify(cid)
    assert report == {"ok": False, "position": 3, "reason": "the kept board view differs from a replay of the records: the read "
                                                           "model was edited (`questlog rebuild` restores it)"}


def test_a_kept_view_forged_with_a_recomputed_seal_is_found_by_verify(any_app, store_url):
    cid = any_app.create_campaign("nanolith", "Tuesday group")
    any_app.read_models.catch_up()
    _edit_view(Raw(store_url), cid, lambda d: d.update(round=9), reseal=True)
    other = fresh(any_app)
    assert other.verify(cid)["reason"].startswith("the kept board view differs from a replay of the records")
    other.read_models.rebuild()
    assert other.verify(cid)["ok"] is True and other.view(cid, "board")["round"] == 1


def test_an_edited_campaign_index_row_is_found_by_verify(any_app, store_url):
    cid = any_app.create_campaign("nanolith", "Tuesday group")
    any_app.read_models.catch_up()
    raw = Raw(store_url)
    raw._run(f"UPDATE {_table(raw, 'ql_campaigns')} SET name = %s WHERE campaign_id = %s", ("Another name", cid))
    assert "the campaign index's name differ from the records" in fresh(any_app).verify(cid)["reason"]


def test_a_view_kept_before_views_were_sealed_is_drawn_from_the_records_without_a_warning(tmp_path, caplog):
    """A store from before the seals has ``chain`` NULL in its kept views: drawn from the records quietly (no warning
    of an edit that did not happen), and sealed again by the next write."""
    import sqlite3

    from infrastructure.runtime import open_questlog

    db = str(tmp_path / "old.sqlite")
    app = open_questlog(db)
    cid = app.create_campaign("nanolith", "Old store")
    app.record(cid, "start-encounter", {"name": "E1", "stress_spaces": [4, 5, 6]})
    board = app.view(cid, "board")
    app.close()
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE ql_views SET chain = NULL")
    app = open_questlog(db)
    with caplog.at_level("WARNING"):
        assert app.kept_view(cid, "board") is None and app.view(cid, "board") == board
    assert "does not match" not in caplog.text
    app.record(cid, "start-round", {})
    assert app.kept_view(cid, "board") == app.view(cid, "board")
    app.close()
