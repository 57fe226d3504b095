"""The installed ``questlog`` entry point, as a user runs it: exit codes, messages, --json."""

import json
import subprocess

import pytest

from tests.cli.entry import QUESTLOG
from tests import HANG_SECONDS


def questlog(db, *args, check=None):
    done = subprocess.run([QUESTLOG, "--db", db, *args], capture_output=True, text=True, timeout=HANG_SECONDS)
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
    (["spend-dice", "ashitaka", "1"], 3, "does not have an unspent Action Die showing 1"),
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


EXAMPLES = __import__("pathlib").Path(__file__).resolve().parents[2] / "examples" / "nanolith"


def test_history_and_audit_show_a_correction_and_its_superseded_decision(sqlite_url):
    questlog(sqlite_url, "play", "--quiet", str(EXAMPLES / "correction.ql"), check=0)
    text = questlog(sqlite_url, "history", check=0).stdout
    assert "correction of roll-action-dice" in text and "superseded at version" in text
    entries = json.loads(questlog(sqlite_url, "--json", "history", check=0).stdout)["actions"]
    assert entries[-4]["kind"] == "correction" or any(e["kind"] == "correction" for e in entries)
    assert "correction: the second die showed 3" in questlog(sqlite_url, "audit", "--character", "cora", check=0).stdout


def test_questlog_rolls_for_the_table_with_digital(sqlite_url):
    for line in (["new", "nanolith", "Digital"], ["start-encounter", "E"], ["start-round"]):
        questlog(sqlite_url, *line, check=0)
    done = json.loads(questlog(sqlite_url, "--json", "roll-action-dice", "vaa", "--digital", check=0).stdout)
    (rolled,) = [e for e in done["events"] if e["type"] == "ActionDiceRolled"]
    assert len(rolled["data"]["dice"]) == 5 and done["reveal"] is True


@pytest.mark.parametrize("store", ["text-file", "directory", "postgresql://nohost:1/x", "mysql://x/y"])
def test_an_unusable_store_gets_one_line_and_no_traceback(tmp_path, store):
    if store == "text-file":
        store = str(tmp_path / "notes.txt")
        (tmp_path / "notes.txt").write_text("not a database\n" * 100)
    elif store == "directory":
        store = str(tmp_path)
    for command in (["campaigns"], ["undo"], ["rebuild"], ["view", "board"]):
        done = questlog(store, *command)
        assert done.returncode in (1, 2) and "Traceback" not in done.stderr and done.stderr.startswith("✘"), done.stderr


def test_scripts_that_cannot_be_played_are_bad_input(sqlite_url, tmp_path):
    binary = tmp_path / "binary.ql"
    binary.write_bytes(bytes(range(256)))
    assert "UTF-8" in questlog(sqlite_url, "play", str(binary), check=2).stderr
    nested = tmp_path / "nested.ql"
    nested.write_text(f"new nanolith N\nplay {nested}\n")
    assert "cannot run inside a session script" in questlog(sqlite_url, "play", str(nested), check=2).stderr
    bad_expect = tmp_path / "expect.ql"
    bad_expect.write_text("new nanolith E\nexpect board round {not json\n")
    assert "not JSON" in questlog(sqlite_url, "play", str(bad_expect), check=2).stderr


def test_huge_and_negative_versions_are_bad_input(sqlite_url):
    questlog(sqlite_url, "new", "nanolith", "Versions", check=0)
    assert "within 1.." in questlog(sqlite_url, "view", "board", "--at", str(10**30), check=2).stderr
    assert "within 0.." in questlog(sqlite_url, "undo", "--expected-version", "-1", check=2).stderr


def test_history_since_a_future_version_or_after_at_is_bad_input_as_at_is(sqlite_url):
    questlog(sqlite_url, "new", "nanolith", "Since", check=0)
    for n in range(3):  # versions 2..7: an adjust is its event and its record
        questlog(sqlite_url, "adjust", "characters.ada.damage", str(n), "--reason", f"step {n}", check=0)
    at = questlog(sqlite_url, "history", "--at", "999", check=2).stderr
    assert at == "✘ bad input: version 999 is in the future: the campaign is at version 7\n"
    assert questlog(sqlite_url, "history", "--since", "999", check=2).stderr == at  # the same words
    assert questlog(sqlite_url, "history", "--since", "999", "--at", "5", check=2).stderr == at
    after = questlog(sqlite_url, "history", "--since", "6", "--at", "5", check=2)
    assert after.stdout == "" and after.stderr.startswith("✘ bad input: --since 6 is after --at 5: ")
    refused = json.loads(questlog(sqlite_url, "--json", "history", "--since", "999", check=2).stdout)
    assert refused["error"] == "invalid_input" and refused["fields"] == {"since": ["beyond the current version"]}
    since = json.loads(questlog(sqlite_url, "--json", "history", "--since", "5", check=0).stdout)["actions"]
    assert [(e["kind"], e["version"]) for e in since] == [("action", 7)]  # the last adjust, recorded after version 5
    assert json.loads(questlog(sqlite_url, "--json", "history", "--since", "7", check=0).stdout)["actions"] == []  # nothing since now
    assert json.loads(questlog(sqlite_url, "--json", "history", "--since", "5", "--at", "5", check=0).stdout)["actions"] == []


def test_an_action_id_reused_for_another_action_is_a_conflict(sqlite_url):
    questlog(sqlite_url, "new", "nanolith", "Ids", check=0)
    base = ["adjust", "characters.ada.damage", "--reason", "x", "--action-id", "tap-1"]
    questlog(sqlite_url, *base[:2], "3", *base[2:], check=0)
    assert "already recorded" in questlog(sqlite_url, *base[:2], "3", *base[2:], check=0).stdout
    assert "already used for adjust" in questlog(sqlite_url, *base[:2], "4", *base[2:], check=4).stderr
    board = json.loads(questlog(sqlite_url, "--json", "view", "board", check=0).stdout)
    assert board["characters"]["ada"]["damage"] == 3


def test_names_with_newlines_or_control_characters_are_refused(sqlite_url):
    questlog(sqlite_url, "new", "nanolith", "a\nb", check=2)
    questlog(sqlite_url, "new", "nanolith", "Mia's 🎲 night", check=0)
    questlog(sqlite_url, "seat", "Mia\x1b", "ash", check=2)
