"""Issue 28, item 7: the two 500s found by the attack run are refusals or records now (nothing stored on a refusal)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from domain.core.errors import RuleViolation

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "nanolith" / "encounter-full.ql"
QUESTLOG = str(Path(sys.executable).with_name("questlog"))


def test_choose_active_skills_with_no_skills_makes_every_skill_inactive(app):
    cid = app.create_campaign("nanolith", "Tuesday group")
    result = app.record(cid, "choose-active-skills", {"character": "ada"})  # documented: "none: all Inactive"
    assert result.version == 3 and app.state(cid)["campaign"]["active"]["ada"] == []


def test_use_item_for_the_sidekick_is_a_rule_violation_citing_cora_and_sidekick(tmp_path):
    from infrastructure.runtime import open_questlog

    script = tmp_path / "half.ql"
    script.write_text("\n".join(EXAMPLE.read_text().splitlines()[:94]) + "\n")  # in the Encounter, the MedKit held by Ada
    db = str(tmp_path / "q.sqlite")
    assert subprocess.run([QUESTLOG, "play", str(script)], env={**os.environ, "QUESTLOG_DB": db}, capture_output=True).returncode == 0
    app = open_questlog(db)
    try:
        cid = app.current_campaign()
        before = app.get_campaign(cid).version
        for verb in ("use-item", "pick-up-item"):
            with pytest.raises(RuleViolation) as refused:
                app.record(cid, verb, {"character": "sidekick", "item": "MedKit-Stim", "dice": [5], "cost": 4} if verb == "use-item"
                           else {"character": "sidekick", "item": "MedKit-Stim"})
            assert refused.value.rule == "nanolith.txt § Cora and Sidekick"
        assert app.get_campaign(cid).version == before
    finally:
        app.close()
