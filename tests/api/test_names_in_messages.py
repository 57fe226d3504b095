"""Names in the API's messages read as typed (domain.core.names.quoted): a campaign and a bookmark named with a ZWJ emoji
sequence (names allow it: domain.core.names.JOINERS) come back in refusals as that emoji, not as ``\\u200d`` escapes."""

from __future__ import annotations

FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467"


def test_a_taken_zwj_emoji_name_is_refused_with_the_name_as_typed(live_sqlite):
    cid = live_sqlite.new_campaign("nanolith", f"{FAMILY} night")
    again = live_sqlite.call("POST", "/campaigns", json={"game": "tamashii", "name": f"{FAMILY} night"})
    assert again.status_code == 422, again.text
    assert again.json()["message"].startswith(f"a campaign called '{FAMILY} night' already exists in this store (nanolith, {cid[:8]}): ")
    assert "\\u200d" not in again.json()["message"]


def test_a_zwj_emoji_person_is_seated_and_a_mistyped_character_is_named_as_typed(live_sqlite):
    cid = live_sqlite.new_campaign("nanolith", "Family seats")
    refused = live_sqlite.call("POST", f"/campaigns/{cid}/actions/seat", json={"fields": {"person": FAMILY, "characters": ["corra"]}})
    assert refused.status_code == 422, refused.text
    assert refused.json()["message"].startswith("unknown character 'corra' (did you mean 'cora'?)")
    seated = live_sqlite.call("POST", f"/campaigns/{cid}/actions/seat", json={"fields": {"person": FAMILY, "characters": ["cora"]}})
    assert seated.status_code == 201, seated.text
    marked = live_sqlite.call("POST", f"/campaigns/{cid}/bookmarks", json={"name": FAMILY})
    assert marked.status_code == 201, marked.text  # a bookmark named by the emoji; naming it twice is refused as typed
    taken = live_sqlite.call("POST", f"/campaigns/{cid}/bookmarks", json={"name": FAMILY})
    assert taken.status_code == 422 and taken.json()["message"].startswith(f"bookmark '{FAMILY}' already names version"), taken.text
