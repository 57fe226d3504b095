"""README.md stays true: its Quick start holds exactly two commands (the second is what .ci/run runs), and
every command of "Using it at the table" works as written, in order, on a fresh store."""

import os
import re
import subprocess
import sys
from pathlib import Path
from tests import HANG_SECONDS

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def block_after(heading: str) -> list[str]:
    section = README.split(heading, 1)[1]
    body = re.search(r"```sh\n(.*?)```", section, re.S).group(1)
    return [line for line in body.splitlines() if line.strip()]


def test_quick_start_is_two_commands_and_ci_runs_the_second():
    commands = block_after("## Quick start")
    assert len(commands) == 2
    assert "questlog play examples/nanolith/" in commands[0] and "pytest" in commands[1]
    assert "README.md" in (ROOT / ".ci" / "run").read_text()


def test_the_table_walkthrough_works_as_written(tmp_path):
    env = {**os.environ, "QUESTLOG_DB": str(tmp_path / "table.sqlite"),
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    lines = [line for line in block_after("## Using it at the table") if line.startswith("questlog")]
    assert len(lines) >= 15
    for line in lines:
        done = subprocess.run(line, shell=True, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=HANG_SECONDS)
        assert done.returncode == 0, f"{line}\n{done.stdout}\n{done.stderr}"
        said = (done.stdout + done.stderr).lower()
        assert not any(word in said for word in ("✘", "warning", "ambiguous", "not set")), f"{line}\n{said}"
    assert "the chain holds" in done.stdout or (tmp_path / "friday.jsonl").exists()


def test_the_quick_start_play_runs_twice_in_the_same_store(tmp_path):
    """The Quick start's first command (its ``questlog play`` part: the venv is this one), run twice in one directory
    with one data directory: the second run plays too, as "Tuesday group (2)", and says so; nothing crashes."""
    play = block_after("## Quick start")[0].rsplit("&& .venv/bin/", 1)[1]
    assert play.startswith("questlog play examples/nanolith/")
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"),
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    env.pop("QUESTLOG_DB", None)
    runs = [subprocess.run(play, shell=True, cwd=ROOT, env=env, capture_output=True, text=True, timeout=HANG_SECONDS) for _ in range(2)]
    assert [r.returncode for r in runs] == [0, 0], runs[1].stdout + runs[1].stderr
    assert "already had a campaign called 'Tuesday group': the script's new one is 'Tuesday group (2)'" in runs[1].stdout
    assert "Round 2, Character Action Phase" in runs[1].stdout  # the same board as the first run's
    listed = subprocess.run("questlog campaigns", shell=True, cwd=ROOT, env=env, capture_output=True, text=True, timeout=HANG_SECONDS)
    assert "Tuesday group (2)" in listed.stdout and listed.stdout.count("Tuesday group") == 2
