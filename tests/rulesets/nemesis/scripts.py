"""Play a Nemesis session script in-process, checking each ``!CODE "text" cmd`` line's refusal code and
text (DESIGN.md § Session scripts) as well as its exit code."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from cli.context import Session
from cli.script import run_command, run_line

EXIT = {"invalid_input": 2, "rule_violation": 3, "sealed": 4, "nothing_to_undo": 4, "nothing_to_redo": 4}
REFUSAL = re.compile(r'^!(?P<code>[a-z_]+)\s+(?:"(?P<text>[^"]*)"\s+)?(?P<cmd>.*)$')


def play_checked(s: Session, path: Path) -> list[str]:
    """Run ``path`` line by line; returns the refusal messages seen. Raises AssertionError on a mismatch."""
    seen = []
    for number, raw in enumerate(path.read_text().splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        match = REFUSAL.match(line)
        if not match:
            run_line(s, number, line)
            continue
        code, output = run_command(s, shlex.split(match["cmd"]))
        assert code == EXIT[match["code"]], f"{path.name}:{number}: {line}\n  exit {code}: {output}"
        assert (match["text"] or "") in output, f"{path.name}:{number}: {line}\n  message: {output}"
        seen.append(output)
    return seen
