"""Every ```sh block of README.md runs as written in a test or says why not (issue 31, item 10): the table
walkthrough (tests/test_readme.py), Campaign life and the curl session (against the real server) here, and the
Tamashii turn's ```text block is examples/tamashii/geohunt-turn.ql, which tests/test_examples.py plays. A block that
cannot run in a test (a server left running for hours, the full bench, a proxy) carries a comment line
``# not run by the tests: WHY``."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

from tests import HANG_SECONDS

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
NOT_RUN = "# not run by the tests:"

RUN = {
    "## Quick start": "tests/test_readme.py (its shape; the first command's script is played by tests/test_examples.py, "
                      "the second is what .ci/run runs)",
    "## Using it at the table": "tests/test_readme.py::test_the_table_walkthrough_works_as_written",
    "## Campaign life": "test_the_campaign_life_block_works_as_written",
    "### A session with curl": "test_the_curl_session_works_as_written_against_the_real_server",
    "## Pictures of a campaign: dice luck, curves, recaps, standings": "test_the_pictures_block_works_as_written_after_encounter_full",
}
"""The sections whose ```sh block a test runs, and which test."""


def sh_blocks() -> list[tuple[str, str]]:
    """``(heading, body)`` of every ```sh block, under the nearest heading before it (a ``#`` line inside a code
    block is a comment, not a heading)."""
    out, heading, body, fence = [], "", [], None
    for line in README.splitlines():
        if fence is None and line.startswith("```"):
            fence, body = line[3:].strip(), []
        elif fence is not None and line.startswith("```"):
            if fence == "sh":
                out.append((heading, "\n".join(body) + "\n"))
            fence = None
        elif fence is not None:
            body.append(line)
        elif line.startswith("#"):
            heading = line.strip()
    return out


def block(heading: str) -> str:
    (body,) = [b for h, b in sh_blocks() if h == heading]
    return body


def _env(tmp_path: Path, db: str) -> dict[str, str]:
    (tmp_path / "examples").symlink_to(ROOT / "examples")  # the README's paths are the repository's
    return {**os.environ, "QUESTLOG_DB": db, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}


def test_every_sh_block_is_run_by_a_test_or_says_why_not():
    blocks = sh_blocks()
    assert len(blocks) >= 10
    for heading, body in blocks:
        marked = any(line.strip().startswith(NOT_RUN) and len(line.strip()) > len(NOT_RUN) + 10 for line in body.splitlines())
        assert (heading in RUN) != marked, f"{heading}: either a test runs it (RUN) or it says '{NOT_RUN} why'"
    assert set(RUN) <= {h for h, _ in blocks}


def test_the_campaign_life_block_works_as_written(tmp_path):
    env = _env(tmp_path, str(tmp_path / "life.sqlite"))
    lines = [line for line in block("## Campaign life").splitlines() if line.startswith("questlog")]
    assert len(lines) >= 8 and any("amend v6 card=E08" in line for line in lines)
    said = {}
    for line in lines:
        done = subprocess.run(line, shell=True, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=HANG_SECONDS)
        assert done.returncode == 0, f"{line}\n{done.stdout}\n{done.stderr}"
        assert "✘" not in done.stdout + done.stderr, line
        said[line.split()[1]] = done.stdout
    assert "names version 3" in said["bookmark"] and "recorded at version 6" in said["unlock-components"]
    assert "E09 unlocked P04" in said["history"] and "amended" in said["amend"]
    assert json.loads((tmp_path / "plays.json").read_text())  # the export was written


def test_the_pictures_block_works_as_written_after_encounter_full(tmp_path):
    """The README draws ``recap 1`` after examples/nanolith/encounter-full.ql: the block runs on that campaign."""
    env = _env(tmp_path, str(tmp_path / "pictures.sqlite"))
    played = subprocess.run("questlog play --quiet examples/nanolith/encounter-full.ql", shell=True, cwd=tmp_path, env=env,
                            capture_output=True, text=True, timeout=HANG_SECONDS)
    assert played.returncode == 0, played.stdout + played.stderr
    lines = [line for line in block("## Pictures of a campaign: dice luck, curves, recaps, standings").splitlines()
             if line.startswith("questlog")]
    assert len(lines) >= 5
    for line in lines:
        done = subprocess.run(line, shell=True, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=HANG_SECONDS)
        assert done.returncode == 0 and "✘" not in done.stdout + done.stderr, f"{line}\n{done.stdout}\n{done.stderr}"
    assert (tmp_path / "luck.svg").read_text().lstrip().startswith(("<?xml", "<svg"))
    assert (tmp_path / "recap.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and (tmp_path / "recap.html").stat().st_size > 0


def test_the_tamashii_turn_block_is_the_example_script():
    section = README.split("### Tamashii: a turn", 1)[1]
    text = re.search(r"```text\n(.*?)```", section, re.S).group(1)
    assert text == (ROOT / "examples" / "tamashii" / "geohunt-turn.ql").read_text(encoding="utf-8")


def test_the_curl_session_works_as_written_against_the_real_server(tmp_path):
    from tests.api.conftest import serve

    db = str(tmp_path / "curl.sqlite")
    env = _env(tmp_path, db)
    body = block("### A session with curl")
    assert body.startswith("API=http://127.0.0.1:5000\n")
    for live in serve(db):
        script = body.replace("API=http://127.0.0.1:5000", f"API={live.url}", 1)  # the one change: the test server's port
        done = subprocess.run(["bash", "-euo", "pipefail", "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True,
                              timeout=HANG_SECONDS)
    assert done.returncode == 0, done.stdout + done.stderr
    answers, text = [], done.stdout.strip()
    while text:
        value, end = json.JSONDecoder().raw_decode(text)
        answers.append(value)
        text = text[end:].strip()
    versions = [a.get("version") for a in answers[:6]]
    assert versions == [3, 5, 6, 8, 10, None]  # as the comments say: start-encounter 3, start-round 5, undo 6, ...
    sealed = answers[5]
    assert sealed["error"] == "sealed" and sealed["current_version"] == 10
    assert sealed["message"].startswith("nothing to undo since roll-action-dice ashitaka 2 4 5 2 6")
    assert answers[6]["dice"]["available"] == [2, 4, 5, 2, 6] and answers[7] == "setup"
