"""The installed ``questlog`` entry point, as a user runs it: exit codes, messages, --json."""

import json
import subprocess

import pytest

from tests.cli.entry import QUESTLOG


def questlog(db, *args, check=None):
    done = subprocess.run([QUESTLOG, "--db", db, *args], capture_output=True, text=True, timeout=60)
    if check is not None:
        assert done.returncode == check, done.stdout + done.stderr
    return done


def test_help_lists_the_commands_and_the_actions(sqlite_url):
    out = questlog(sqlite_url, "--help", check=0).stdout
    for command in ("new", "use", "undo", "redo", "history", "view", "play", "adjust"):
        assert command in out


def test_an_unknown_game_is_bad_input_with_exit_2(sqlite_url):
    done = questlog(sqlite_url, "new", "chess", "Friday", check=2)
    assert "unknown game 'chess'" in done.stderr
    assert "Traceback" not in done.stderr


def test_commands_without_a_current_campaign_say_how_to_make_one(sqlite_url):
    done = questlog(sqlite_url, "undo", check=2)
    assert "questlog new GAME NAME" in done.stderr


def test_json_errors_carry_the_stable_code(sqlite_url):
    done = questlog(sqlite_url, "--json", "use", "nobody", check=2)
    assert json.loads(done.stdout)["error"] == "not_found"


def test_an_unknown_command_is_a_usage_error(sqlite_url):
    done = questlog(sqlite_url, "fly-to-the-moon", check=2)
    assert "No such command" in done.stderr


def test_a_script_that_does_not_exist_is_bad_input(sqlite_url, tmp_path):
    done = questlog(sqlite_url, "play", str(tmp_path / "missing.ql"), check=2)
    assert "no script file" in done.stderr


def _version(db):
    return json.loads(questlog(db, "--json", "campaigns", check=0).stdout)[0]["version"]


@pytest.mark.parametrize("args, code, message", [
    (["roll-action-dice", "zorro", "1", "2", "3", "4", "5"], 2, "unknown character 'zorro'"),
    (["spend-dice", "ashitaka", "7"], 2, "a D6 shows 1..6, not 7"),
    (["spend-dice", "ashitaka", "1"], 3, "no unspent Action Die showing 1"),
    (["manipulate-die", "ashitaka", "6", "up"], 3, "nanolith.txt § Manipulating the Action Dice"),
    (["undo"], 4, "nothing to undo since roll-action-dice ada"),
    (["redo"], 4, "nothing to redo"),
    (["view", "sticker-book"], 2, "no view 'sticker-book'"),
])
def test_bad_input_gets_a_clear_message_the_right_exit_code_and_stores_nothing(sqlite_url, args, code, message):
    for line in (["new", "nanolith", "Bad input night"], ["start-encounter", "E1"], ["start-round"],
                 ["roll-action-dice", "ashitaka", "2", "4", "5", "2", "6"], ["roll-action-dice", "vaa", "2", "4", "3", "5", "2"],
                 ["roll-action-dice", "cora", "2", "3", "4", "5", "6"], ["roll-action-dice", "ada", "4", "5", "3", "2", "6"],
                 ["give-initiative", "ash"]):
        questlog(sqlite_url, *line, check=0)
    if args == ["undo"]:
        questlog(sqlite_url, "undo", check=0)  # takes back give-initiative; the next undo meets the seal
    before = _version(sqlite_url)
    done = questlog(sqlite_url, *args, check=code)
    assert message in done.stderr and "Traceback" not in done.stderr
    assert _version(sqlite_url) == before
