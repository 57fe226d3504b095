"""Every examples/nemesis script plays clean with each refusal's code and text checked."""

from pathlib import Path

import pytest

from .scripts import play_checked

ROOT = Path(__file__).resolve().parents[3]
SCRIPTS = sorted((ROOT / "examples" / "nemesis").glob("*.ql"))


@pytest.mark.parametrize("script", SCRIPTS, ids=[p.name for p in SCRIPTS])
def test_script_plays_with_its_refusal_codes(session, script):
    play_checked(session, script)


def test_the_canteen_example_refuses_the_closed_door_citing_movement(session):
    seen = play_checked(session, ROOT / "examples" / "nemesis" / "canteen.ql")
    assert "nemesis.txt § Movement Action" in seen[0]
