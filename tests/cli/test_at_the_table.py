"""What a group typing as they play trips over (issue 19), through the installed ``questlog`` entry point:
each test is one reproduction from the table, with the value a player should see."""

import json
import subprocess

from tests.cli.entry import QUESTLOG
from tests import HANG_SECONDS


def questlog(db, *args, check=None, **kwargs):
    done = subprocess.run([QUESTLOG, "--db", db, *args], capture_output=True, text=True, timeout=HANG_SECONDS, **kwargs)
    if check is not None:
        assert done.returncode == check, done.stdout + done.stderr
    return done


def test_a_second_campaign_with_a_taken_name_is_refused_and_names_stay_unambiguous(sqlite_url):
    questlog(sqlite_url, "new", "nanolith", "Tuesday group", check=0)
    done = questlog(sqlite_url, "new", "tamashii", "Tuesday group", check=2)
    assert "a campaign called 'Tuesday group' already exists in this store (nanolith" in done.stderr
    questlog(sqlite_url, "new", "tamashii", "Thursday group", check=0)
    assert "already exists" in questlog(sqlite_url, "rename", "Tuesday group", check=2).stderr
    questlog(sqlite_url, "use", "Tuesday group", check=0)
    listed = json.loads(questlog(sqlite_url, "--json", "campaigns", check=0).stdout)
    # created within the same second: the list orders them by created_at (to the second), then by id
    assert sorted(c["name"] for c in listed) == ["Thursday group", "Tuesday group"]


def test_check_content_mid_round_stores_nothing_and_undo_takes_back_the_players_move(sqlite_url):
    for line in (["new", "nanolith", "Checks"], ["start-encounter", "E1"], ["place-enemy", "bio-mutant", "1", "--life", "3"]):
        questlog(sqlite_url, *line, check=0)
    before = json.loads(questlog(sqlite_url, "--json", "campaigns", check=0).stdout)[0]["version"]
    done = questlog(sqlite_url, "check-content", check=0)
    assert "nothing stored" in done.stdout and "nanolith-core" in done.stdout and "recorded" not in done.stdout
    assert json.loads(questlog(sqlite_url, "--json", "check-content", check=0).stdout)["entries"]["programs"] == 1
    assert json.loads(questlog(sqlite_url, "--json", "campaigns", check=0).stdout)[0]["version"] == before
    assert "took back place-enemy bio-mutant 1" in questlog(sqlite_url, "undo", check=0).stdout


def test_negative_numbers_are_values_the_field_judges_and_unknown_options_stay_usage_errors(sqlite_url):
    for line in (["new", "nanolith", "Signs"], ["start-encounter", "E1"]):
        questlog(sqlite_url, *line, check=0)
    assert "take-damage: amount: within 1..30, not -1" in questlog(sqlite_url, "take-damage", "ash", "-1", check=2).stderr
    refused = questlog(sqlite_url, "adjust", "characters.ashitaka.stress", "-1", "--reason", "typo", check=3).stderr
    assert "characters.ashitaka.stress must be within 0..5, not -1" in refused and "No such option" not in refused
    assert "No such option '--bogus'" in questlog(sqlite_url, "take-damage", "ash", "2", "--bogus", check=2).stderr
    done = questlog(sqlite_url, "take-damage", "ash", "11", check=0)
    assert "Ashitaka takes 10 Damage (Damage): Damage 10 — the Damage track is full at 10; more is not marked" in done.stdout


def test_store_failures_are_one_line_with_the_documented_exit_code(sqlite_url, tmp_path):
    import os
    import sqlite3

    missing = questlog(str(tmp_path / "no" / "such" / "x.sqlite"), "campaigns", check=2)
    assert "no directory" in missing.stderr and not (tmp_path / "no").exists()
    schema = questlog("postgresql://postgres@127.0.0.1:5432/test?schema=1abc", "campaigns", check=2)
    assert schema.stderr.strip().count("\n") == 0 and "schema '1abc' is not a valid name" in schema.stderr
    questlog(sqlite_url, "new", "nanolith", "Locked", check=0)
    holder = sqlite3.connect(sqlite_url)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        locked = questlog(sqlite_url, "start-encounter", "E1", check=4, env={**os.environ, "QUESTLOG_LOCK_TIMEOUT": "1"})
    finally:
        holder.rollback()
        holder.close()
    assert locked.stderr.startswith(f"✘ refused: the store {sqlite_url} is locked: another process")
    assert "OperationalError" not in locked.stderr and locked.stderr.strip().count("\n") == 0


def test_refusals_cite_what_a_player_has_never_design_md(sqlite_url):
    questlog(sqlite_url, "new", "nanolith", "Citations", check=0)
    done = questlog(sqlite_url, "adjust", "reinforcement_pool", "13", "--reason", "typo", check=3)
    assert "DESIGN.md" not in done.stderr and "nanolith.txt" in done.stderr
    questlog(sqlite_url, "start-encounter", "E1", check=0)
    done = questlog(sqlite_url, "correct", "v3", "name=E2", "--reason", "typo", check=3)
    assert "DESIGN.md" not in done.stderr and "questlog correct --help" in done.stderr


def test_help_says_what_is_required_and_which_values_fields_take(sqlite_url):
    questlog(sqlite_url, "new", "nanolith", "Help", check=0)
    spend = questlog(sqlite_url, "spend-dice", "--help", check=0).stdout
    assert "Usage: questlog spend-dice [OPTIONS] CHARACTER VALUES..." in spend
    assert "ashitaka (ash), vaa-lith (vaa" in spend
    assert "Missing argument 'VALUES...'" in questlog(sqlite_url, "spend-dice", "ash", check=2).stderr
    roll = questlog(sqlite_url, "roll-action-dice", "--help", check=0).stdout
    assert "CHARACTER [DICE]..." in roll and "leave the dice out with --digital" in roll
    assert "CHARACTER VALUE {up|down}" in questlog(sqlite_url, "manipulate-die", "--help", check=0).stdout
    games = questlog(sqlite_url, "games", "nanolith", check=0).stdout
    assert "start-encounter [NAME] [--encounter ENCOUNTER] [--lower-difficulty]" in games
    assert "reset BOARD {discard-body|keep-body}" in questlog(sqlite_url, "games", "tamashii", check=0).stdout
    other = questlog(sqlite_url, "gain", "red", "shield", "1", check=2).stderr
    assert "'gain' is an action of Tamashii: Chronicle of Ascend, but the current campaign is a Nanolith campaign" in other


def test_serve_on_a_busy_port_fails_in_one_line_without_announcing_itself(sqlite_url):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        done = questlog(sqlite_url, "serve", "--no-auth", "--port", port, check=1)
    assert done.stderr == f"✘ error: port {port} on 127.0.0.1 is in use by another program: choose another with --port\n"
    assert "Questlog API on" not in done.stdout + done.stderr


def test_lists_are_typed_the_command_lines_way_in_corrections_and_setup():
    from cli.context import parse_assignments

    assert parse_assignments(("tokens=[yellow,red]", "dice=[1,3]", "name=Ada, the second"), "FIELD=VALUE") == \
        {"tokens": ["yellow", "red"], "dice": [1, 3], "name": "Ada, the second"}
    assert parse_assignments(("dice=1,3,4", "tokens=yellow red"), "FIELD=VALUE", lists=("dice", "tokens")) == \
        {"dice": ["1", "3", "4"], "tokens": ["yellow", "red"]}


def test_counts_read_in_the_right_number():
    from domain.core.ruleset import get_ruleset
    from domain.rulesets.tamashii import events as ev

    tamashii = get_ruleset("tamashii")
    lines = [tamashii.describe(e) for e in (ev.SuccessTokensChanged(count=1), ev.TimeSet(time=6, expression="6"),
                                            ev.TimeSet(time=4, expression="6-P"))]
    assert lines == ["The Scenario card holds 1 Success token", "Time set to 6", "Time set to 4 (6-P)"]


def test_ctrl_c_during_play_names_the_last_line_stored_and_exits_130(sqlite_url, tmp_path):
    """The reported line and version agree with the store, whether the interrupted line was stored or not."""
    import os
    import re
    import signal

    script = tmp_path / "long.ql"
    values = {n: n % 12 for n in range(3, 403)}
    script.write_text('new nanolith "Long"\nstart-encounter E\n'
                      + "".join(f"adjust reinforcement_pool {v} --reason 'line {n}'\n" for n, v in values.items()))
    # a process started with SIGINT ignored (as a test runner's worker may be) keeps it ignored and Python then
    # installs no KeyboardInterrupt for it: the play would run to its end (exit 0). A terminal's Ctrl-C is default.
    play = subprocess.Popen([QUESTLOG, "--db", sqlite_url, "play", str(script)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"},
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    for seen, _ in enumerate(play.stdout):
        if seen == 12:
            break
    play.send_signal(signal.SIGINT)
    _, err = play.communicate(timeout=HANG_SECONDS)
    assert play.returncode == 130, err
    stored = re.search(r"interrupted at line (\d+): .*\n  that line was stored \(campaign version (\d+)\)", err)
    earlier = re.search(r"the last line stored is line (\d+): .* \(version (\d+)\): go on with `questlog play FILE "
                        r"--from-line (\d+)`", err)
    line, version = map(int, (stored or earlier).groups()[:2])
    assert json.loads(questlog(sqlite_url, "--json", "campaigns", check=0).stdout)[0]["version"] == version
    pool = json.loads(questlog(sqlite_url, "--json", "view", "board", check=0).stdout)["reinforcement_pool"]
    assert pool == values[line] and "Aborted!" not in err and "Traceback" not in err
    questlog(sqlite_url, "play", "--quiet", str(script), "--from-line", str(line + 1), check=0)  # the table goes on
    board = json.loads(questlog(sqlite_url, "--json", "view", "board", check=0).stdout)
    assert board["reinforcement_pool"] == values[402]
    history = json.loads(questlog(sqlite_url, "--json", "history", check=0).stdout)["actions"]
    assert sum(1 for e in history if e["kind"] == "action" and e["verb"] == "adjust") == 400  # none recorded twice
