"""``questlog view content`` is laid out as the other terminal views: the packs, then a boxed table per section of
entries with the figures each lacks, every line within 80 columns; ``--json`` gives the view's data unchanged."""

import json
import subprocess
from pathlib import Path

from tests.cli.entry import QUESTLOG

ROOT = Path(__file__).resolve().parents[2]


def _questlog(db: str, *args: str) -> str:
    return subprocess.run([QUESTLOG, "--db", db, *args], check=True, capture_output=True, text=True).stdout


def test_content_is_tables_within_80_columns_and_json_is_the_data(tmp_path):
    db = str(tmp_path / "a.sqlite")
    _questlog(db, "play", str(ROOT / "examples" / "nanolith" / "first-encounter.ql"), "--show", "")
    text = _questlog(db, "view", "content")
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert lines[0] == "Content packs read now (in load order)"
    assert "│ nanolith-core │ 1       │ core.yaml │ shipped │ c009546c9838686f │" in lines
    assert "Encounters started with: the same packs" in lines
    enemies = lines.index("Enemies (3)")
    assert lines[enemies + 4] == "│ bio-mutant     │ Bio-Mutant     │ life, program, profile.movement,           │"
    assert "Sidekick programs (1)" in lines and "Encounters (0): none in these packs" in lines
    data = json.loads(_questlog(db, "--json", "view", "content"))
    assert list(data) == ["paths", "started_with", "error", "packs", "entries"]
    assert data["packs"] == [{"pack": "nanolith-core", "version": 1, "file": "core.yaml", "shipped": True,
                              "digest": "c009546c9838686f"}]
    assert len(data["entries"]["enemies"]["spawn"]["unknown"]) == 10
