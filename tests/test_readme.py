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
