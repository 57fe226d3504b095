"""What a fresh user found on 2026-12-02 (H6), at the installed ``questlog`` entry point on a real SQLite file."""

from __future__ import annotations

import json
import subprocess

from tests import HANG_SECONDS
from tests.cli.entry import QUESTLOG

FAMILY = "family 👨\u200d👩\u200d👧"           # an emoji ZWJ sequence
PRIDE = "pride 🏳\ufe0f\u200d🌈"               # a flag ZWJ sequence
PERSIAN = "می\u200cخواهم"                     # Persian spelt with a ZERO WIDTH NON-JOINER
SCOTLAND = "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"   # an emoji tag sequence


def run(db, *args):
    return subprocess.run([QUESTLOG, "--db", str(db), *args], capture_output=True, text=True, timeout=HANG_SECONDS)


def test_names_spelt_with_joiners_are_names_and_replay_from_the_script(tmp_path):
    db = tmp_path / "q.sqlite"
    assert run(db, "new", "nanolith", FAMILY).returncode == 0
    assert run(db, "seat", PERSIAN, "ash").returncode == 0
    assert run(db, "--as", PRIDE, "start-encounter", f"Encounter {SCOTLAND}").returncode == 0
    listed = json.loads(run(db, "--json", "campaigns").stdout)
    assert [(c["name"], c["players"]) for c in listed] == [(FAMILY, {PERSIAN: ["ashitaka"]})]
    script = tmp_path / "night.ql"
    script.write_text(run(db, "history", "--script").stdout)
    again = tmp_path / "again.sqlite"
    assert run(again, "play", str(script), "--show", "").returncode == 0
    assert json.loads(run(again, "--json", "view", "board").stdout)["encounter"] == f"Encounter {SCOTLAND}"
    history = json.loads(run(again, "--json", "history").stdout)
    assert [(a["verb"], a["actor"]) for a in history["actions"] if a["kind"] == "action"] == [("seat", None), ("start-encounter", PRIDE)]
    assert history["name"] == FAMILY


def test_invisible_characters_are_still_refused_and_nothing_is_stored(tmp_path):
    db = tmp_path / "q.sqlite"
    assert run(db, "new", "nanolith", "Tuesday group").returncode == 0
    for name in ["\u202egnirts", "a\u200bb", "\u200d", "a\u200d", "a\u200d\u200db", "x\U000e0067\U000e007f"]:
        done = run(db, "start-encounter", name)
        assert done.returncode == 2 and "one printable line" in done.stderr, (name, done.stderr)
    assert json.loads(run(db, "--json", "campaigns").stdout)[0]["version"] == 1


# -- a script line is split in linear time, exactly as shlex splits it -------------------------------------------

import shlex  # noqa: E402

from hypothesis import given, settings, strategies as st  # noqa: E402

from cli.script import split_line  # noqa: E402


def _split(split, line):
    try:
        return split(line)
    except ValueError as exc:
        return ("refused", str(exc))


@settings(max_examples=3000, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab \t\r\n'\"\\é#;|$")), max_size=24))
def test_a_script_line_splits_into_the_words_shlex_gives(line):
    assert _split(split_line, line) == _split(shlex.split, line)


def test_the_splitter_keeps_quoting_as_history_script_writes_it():
    assert split_line("""--as 'pride 🏳️‍🌈' start-encounter "E \\"1\\" \\\\n" a\\ b '' x""") == [
        "--as", "pride 🏳️‍🌈", "start-encounter", 'E "1" \\n', "a b", "", "x"]
    for broken, message in [("seat 'Mia", "No closing quotation"), ('seat "Mia', "No closing quotation"), ("seat Mia\\", "No escaped character")]:
        assert _split(split_line, broken) == ("refused", message)


def test_a_megabyte_line_is_refused_by_what_it_says_not_by_the_splitter(tmp_path):
    script = tmp_path / "long.ql"
    script.write_text('new nanolith "' + "b" * 1_000_000 + '"\n')
    done = run(tmp_path / "q.sqlite", "play", str(script))
    assert done.returncode == 2 and "a campaign name needs 1..120 printable characters on one line" in done.stderr
