"""A seat token's manual adjustment (``adjust``) over HTTP: the seat check knows whose track a path is before the rules
decide (each ruleset's ``owned_paths``), so another seat's track is 403 ``not_your_seat`` whatever the rules would say,
and a path names a character as an action does (aliases, any case). Nanolith's Stress track runs 0..5
(nanolith.txt § Nanoshock Cube: the Nanoshock Cube starts on the 6th space)."""

from __future__ import annotations

import pytest

from domain.access import issue_token
from domain.core.registry import get_ruleset, rulesets
from domain.core.table import path_owners, resolve_path
from domain.rulesets.nanolith.vocabulary import STRESS_LIMIT_START


@pytest.fixture
def table(live_sqlite):
    """A Nanolith campaign in Round 1 with Mia seated for Ashitaka and Ben for Cora, and Mia's seat token."""
    live = live_sqlite
    cid = live.new_campaign("nanolith", "Adjusting seats")
    for verb, fields in [("seat", {"person": "Mia", "characters": ["ashitaka"]}), ("seat", {"person": "Ben", "characters": ["cora"]}),
                         ("start-encounter", {"name": "Encounter 1"}), ("start-round", {})]:
        assert live.call("POST", f"/campaigns/{cid}/actions/{verb}", json={"fields": fields}).status_code == 201
    mia, _ = issue_token(live.questlog, campaigns=[cid], seat="Mia", label="Mia's phone")
    return live, cid, mia


def _adjust(live, cid, path, value, token="admin"):
    return live.call("POST", f"/campaigns/{cid}/actions/adjust", token=token,
                     json={"fields": {"path": path, "value": value, "reason": "forgot a step"}})


def _version(live, cid):
    return live.call("GET", f"/campaigns/{cid}").json()["version"]


@pytest.mark.parametrize("path, value", [
    ("characters.cora.stress", STRESS_LIMIT_START + 3),  # the rules refuse it (0..5): still Ben's track first
    ("characters.Cora.stress", 1),  # the rules allow it: Ben's track, spelt another way
    ("characters.CORA.nonsense", 1),  # no such track: whose it would be is said first
])
def test_a_seat_adjusting_another_seats_track_hears_403_before_the_rules(table, path, value):
    live, cid, mia = table
    before = _version(live, cid)
    refused = _adjust(live, cid, path, value, token=mia)
    assert refused.status_code == 403, refused.text
    assert refused.json()["error"] == "not_your_seat"
    assert "Mia, who does not run cora" in refused.json()["message"]
    assert _version(live, cid) == before  # nothing stored
    board = live.call("GET", f"/campaigns/{cid}/views/board").json()["data"]
    assert board["characters"]["cora"]["stress"] == 0


def test_the_table_wide_token_still_hears_the_rules_bound(table):
    live, cid, _ = table
    refused = _adjust(live, cid, "characters.Cora.stress", STRESS_LIMIT_START)
    assert refused.status_code == 422 and refused.json()["error"] == "rule_violation", refused.text
    assert refused.json()["rule"] == "nanolith.txt § Nanoshock Cube"
    assert "characters.cora.stress must be within 0..5, not 6" in refused.json()["message"]


def test_a_seat_adjusts_its_own_track_by_an_alias_and_history_names_the_id(table):
    live, cid, mia = table
    done = _adjust(live, cid, "characters.ASH.stress", 2, token=mia)
    assert done.status_code == 201, done.text
    assert done.json()["events"][0]["data"]["path"] == "characters.ashitaka.stress"
    board = live.call("GET", f"/campaigns/{cid}/views/board").json()["data"]
    assert board["characters"]["ashitaka"]["stress"] == 2
    lines = [line["text"] for e in live.call("GET", f"/campaigns/{cid}/history").json()["actions"] for line in e.get("events", [])]
    assert "characters.ashitaka.stress set by hand to 2 (was 0): forgot a step" in lines


def test_an_unknown_name_in_a_path_is_refused_by_name_with_a_suggestion(table):
    live, cid, _ = table
    refused = _adjust(live, cid, "characters.corra.stress", 1)
    assert refused.status_code == 422 and refused.json()["error"] == "invalid_input"
    assert refused.json()["message"].startswith("characters.corra.stress: unknown character 'corra' (did you mean 'cora'?)")
    assert refused.json()["fields"] == {"path": ["no character corra here"]}


@pytest.mark.parametrize("game", sorted(rulesets()))
def test_every_game_says_whose_track_each_characters_track_is(game):
    ruleset = get_ruleset(game)
    assert ruleset.owned_paths, f"{game} declares no owned_paths"
    char, aliases = next(iter(ruleset.characters.items()))
    spelt = (aliases[0] if aliases else char).upper()
    owned = [t.pattern for t in ruleset.tracks if any(t.pattern.startswith(p + ".") for p in ruleset.owned_paths)]
    assert owned, f"{game}: no track lies under {ruleset.owned_paths}"
    for pattern in owned:
        prefix = next(p for p in ruleset.owned_paths if pattern.startswith(p + "."))
        keys = pattern.split(".")
        keys[len(prefix.split(".")) - 1] = spelt
        path = ".".join(k if k != "*" else "x" for k in keys)
        assert path_owners(ruleset, path) == {char}, path
        assert resolve_path(ruleset, path).split(".")[len(prefix.split(".")) - 1] == char
