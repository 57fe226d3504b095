"""After a practice Encounter, gain-rewards says what is true (issue 31, item 8): the only Encounter played was a
practice play, whose progress was put back (README § Campaign life), not "none has been played"."""

import pytest

from domain.core.errors import RuleViolation


def test_rewards_after_only_a_practice_encounter_name_the_practice_play(app):
    cid = app.create_campaign("nanolith", "Practice")
    with pytest.raises(RuleViolation, match="rewards follow an Encounter: none has been played"):
        app.record(cid, "gain-rewards", {"nanofragments": ["vaa-lith:1"]})
    app.record(cid, "practice", {})
    app.record(cid, "start-encounter", {"name": "Encounter 1"})
    app.record(cid, "end-encounter", {"outcome": "victory"})
    before = app.get_campaign(cid).version
    with pytest.raises(RuleViolation) as refused:
        app.record(cid, "gain-rewards", {"nanofragments": ["vaa-lith:1"]})
    assert "the only one played, Encounter 'Encounter 1', was a practice play" in refused.value.message
    assert "none has been played" not in refused.value.message
    assert refused.value.rule == "nanolith.txt § Upgrading Characters"
    assert app.get_campaign(cid).version == before
    assert app.view(cid, "progress")["encounters"] == []  # the practice play changed no campaign progress


def test_rewards_after_a_real_encounter_are_recorded_for_it(app):
    cid = app.create_campaign("nanolith", "Real")
    app.record(cid, "start-encounter", {"name": "Encounter 1"})
    app.record(cid, "end-encounter", {"outcome": "victory"})
    app.record(cid, "gain-rewards", {"nanofragments": ["vaa-lith:1"]})
    assert app.view(cid, "stickers")["characters"]["vaa-lith"]["divider"]["unconscious"] == 1
