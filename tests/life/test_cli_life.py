"""The installed `questlog` entry point: bookmark, view --at NAME, history --since NAME, branch, amend, practice."""

from __future__ import annotations

import json
import subprocess

from tests.cli.entry import QUESTLOG


def ql(db, *args, code=0):
    done = subprocess.run([QUESTLOG, "--db", db, *args], capture_output=True, text=True, timeout=120)
    assert done.returncode == code, (done.stdout, done.stderr)
    return done.stdout + done.stderr


def test_a_table_bookmarks_branches_and_amends_from_the_command_line(sqlite_url):
    ql(sqlite_url, "new", "tamashii", "Box")
    ql(sqlite_url, "start-scenario", "prologue", "red", "blue")
    assert "bookmark 'set up' names version 3" in ql(sqlite_url, "bookmark", "set up")
    ql(sqlite_url, "draw-victory-card", "A06")
    assert json.loads(ql(sqlite_url, "view", "progress", "--at", "set up", "--json"))["played"] == []
    since = json.loads(ql(sqlite_url, "history", "--since", "set up", "--json"))["actions"]
    assert [e["kind"] for e in since] == ["bookmark", "action"] and since[1]["verb"] == "draw-victory-card"
    assert "neither a version nor a bookmark" in ql(sqlite_url, "view", "progress", "--at", "later", code=2)
    ql(sqlite_url, "start-scenario", "geohunt", "red", "blue", "--trace-top", "10")
    ql(sqlite_url, "draw-victory-card", "E09", "--unlock", "P03")
    history = json.loads(ql(sqlite_url, "history", "--json"))["actions"]
    wrong = next(e for e in history if e.get("verb") == "draw-victory-card" and e["fields"]["card"] == "E09")
    assert "amended" in ql(sqlite_url, "amend", f"v{wrong['version']}", "card=E10", "--reason", "it was E10")
    assert json.loads(ql(sqlite_url, "view", "progress", "--json"))["played"][-1]["card"] == "E10"
    text = ql(sqlite_url, "history")
    assert "amendment of draw-victory-card" in text and "card E10 — it was E10" in text  # values in words, never a repr
    script = ql(sqlite_url, "history", "--script")
    assert "amend v" in script and "bookmark 'set up'" in script
    assert "copies version 3 and is now current" in ql(sqlite_url, "branch", "Practice copy", "--at", "set up")
    assert json.loads(ql(sqlite_url, "view", "progress", "--json"))["played"] == []
    ql(sqlite_url, "use", "Box")
    assert "branch 'Practice copy'" in ql(sqlite_url, "bookmarks")


def test_the_written_script_of_an_amended_campaign_replays_to_the_same_views(sqlite_url, tmp_path):
    ql(sqlite_url, "new", "tamashii", "Box")
    ql(sqlite_url, "start-scenario", "prologue", "red", "blue")
    ql(sqlite_url, "practice", code=3)  # a play is in progress
    ql(sqlite_url, "draw-victory-card", "A06")
    ql(sqlite_url, "practice")
    ql(sqlite_url, "start-scenario", "geohunt", "red", "blue", "--trace-top", "10")
    ql(sqlite_url, "draw-victory-card", "E09", "--unlock", "P03")
    (tmp_path / "box.ql").write_text(ql(sqlite_url, "history", "--script"))
    other = str(tmp_path / "other.sqlite")
    ql(other, "play", "--quiet", str(tmp_path / "box.ql"))
    assert ql(other, "view", "progress", "--json") == ql(sqlite_url, "view", "progress", "--json")
