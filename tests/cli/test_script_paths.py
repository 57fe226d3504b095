"""`expect VIEW PATH VALUE`: a double-quoted path segment is one key, spaces and dots included (issue 20)."""

import pytest

from cli.script import MalformedExpect, lookup, path_parts, split_expect


def test_a_quoted_segment_is_one_key():
    assert path_parts('shops."Naboo\'s Shop".cool-down-lv-2') == ["shops", "Naboo's Shop", "cool-down-lv-2"]
    assert path_parts('a."b.c".0') == ["a", "b.c", "0"]


def test_the_path_ends_at_the_first_space_outside_quotes():
    assert split_expect('unlocks shops."Naboo\'s Shop".x  {"boxes": 1}') == ("unlocks", 'shops."Naboo\'s Shop".x', '{"boxes": 1}')
    with pytest.raises(MalformedExpect):
        split_expect('unlocks shops."Naboo\'s Shop 1')
    with pytest.raises(MalformedExpect):
        split_expect("board characters")


def test_lookup_walks_dicts_and_list_indexes():
    data = {"shops": {"Naboo's Shop": [{"ticked": 1}]}}
    assert lookup(data, ["shops", "Naboo's Shop", "0", "ticked"]) == 1
    with pytest.raises(KeyError):
        lookup(data, ["shops", "Naboo's Shop", "1"])
