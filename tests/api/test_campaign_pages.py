"""``GET /campaigns?page=&page_size=``: a store of many campaigns is listed a page at a time, oldest first."""

from __future__ import annotations

from domain.access import issue_token


def test_pages_list_the_campaigns_oldest_first_and_a_campaign_token_pages_only_its_own(live_sqlite):
    ids = [live_sqlite.new_campaign(name=f"Group {n}") for n in range(5)]
    pages = [live_sqlite.call("GET", f"/campaigns?page={p}&page_size=2").json() for p in (1, 2, 3, 4)]
    everything = [c["id"] for c in live_sqlite.call("GET", "/campaigns").json()]
    assert sorted(everything) == sorted(ids)  # created within one second: ties go by id
    assert [len(page) for page in pages] == [2, 2, 1, 0]
    assert [c["id"] for page in pages for c in page] == everything
    player, _ = issue_token(live_sqlite.questlog, campaigns=[ids[3]], label="player")
    assert [c["name"] for c in live_sqlite.call("GET", "/campaigns?page=1&page_size=2", token=player).json()] == ["Group 3"]


def test_a_page_size_out_of_bounds_is_invalid_input_and_lists_nothing(live_sqlite):
    response = live_sqlite.call("GET", "/campaigns?page_size=0")
    assert response.status_code == 422 and response.json()["error"] == "invalid_input"
    assert "page_size" in str(response.json()["fields"])


def test_list_entries_are_exactly_the_documented_schema_with_real_values(live_sqlite):
    from api.schemas import CampaignEntrySchema

    cid = live_sqlite.new_campaign(name="Schema group")
    for path in ("/campaigns", "/campaigns?page=1&page_size=50"):
        (entry,) = [c for c in live_sqlite.call("GET", path).json() if c["id"] == cid]
        assert set(entry) == set(CampaignEntrySchema().fields)
        assert CampaignEntrySchema().validate(entry) == {}
        assert (entry["name"], entry["game"], entry["version"], entry["players"]) == ("Schema group", "toy", 1, {})
