"""A mistyped name gets a suggestion (issue 31, item 6): verbs, commands, characters, games; rulesets use the same
helper for their own names (rooms, figures, cards)."""

import subprocess

import pytest

from domain.core.errors import BadInput
from domain.core.names import did_you_mean
from domain.core.ruleset import get_ruleset
from tests import HANG_SECONDS
from tests.cli.entry import QUESTLOG


def test_the_closest_known_name_is_suggested_and_nothing_when_none_is_close():
    assert did_you_mean("ashitak", ["ashitaka", "cora"]) == " (did you mean 'ashitaka'?)"
    assert did_you_mean("CORA ", ["ashitaka", "cora"]) == " (did you mean 'cora'?)"
    assert did_you_mean("zzz", ["ashitaka", "cora"]) == ""


def test_unknown_games_verbs_and_characters_suggest_the_close_one():
    with pytest.raises(BadInput, match=r"unknown game 'nanolit' \(did you mean 'nanolith'\?\)"):
        get_ruleset("nanolit")
    nanolith = get_ruleset("nanolith")
    with pytest.raises(BadInput, match=r"no action 'roll-acton-dice' \(did you mean 'roll-action-dice'\?\)"):
        nanolith.action("roll-acton-dice")
    with pytest.raises(BadInput, match=r"unknown character 'vaa-lit' \(did you mean 'vaa-lith'\?\)"):
        nanolith.resolve_character("vaa-lit")


def test_a_mistyped_command_gets_a_suggestion_from_the_installed_questlog(tmp_path):
    done = subprocess.run([QUESTLOG, "--db", str(tmp_path / "x.sqlite"), "histroy"], capture_output=True, text=True,
                          timeout=HANG_SECONDS)
    assert done.returncode == 2 and "No such command 'histroy' (did you mean 'history'?)" in done.stderr
