"""``questlog --help`` gives each command's whole summary (issue 31, item 5): click cut 14 of them with "..." and
one at "e.g."; each action's one-line help is a whole phrase."""

import re
import subprocess

from domain.core.ruleset import rulesets
from tests import HANG_SECONDS
from tests.cli.entry import QUESTLOG


def _help_text(tmp_path):
    return subprocess.run([QUESTLOG, "--db", str(tmp_path / "none.sqlite"), "--help"], capture_output=True, text=True,
                          timeout=HANG_SECONDS).stdout


def _entries(text, heading):
    """``{name: summary}`` of a section of the help (wrapped lines joined)."""
    section = text.split(heading, 1)[1].split("\n\n", 1)[0]
    out, name = {}, None
    for line in section.splitlines()[1:]:
        m = re.match(r"  (\S+)\s{2,}(.*)", line)
        if m:
            name = m.group(1)
            out[name] = m.group(2)
        elif name:
            out[name] += " " + line.strip()
    return out


def test_no_command_summary_is_cut(tmp_path):
    commands = _entries(_help_text(tmp_path), "Commands:")
    assert {"history", "view", "amend", "audit", "backup", "bookmark", "export", "serve", "correct"} <= set(commands)
    cut = {n: s for n, s in commands.items() if s.endswith("...") or s.endswith("e.g.") or not s}
    assert cut == {}
    assert commands["correct"].startswith("Correct the values a reveal recorded, e.g. `questlog correct")


def test_every_actions_help_is_a_whole_phrase_in_every_game():
    dangling = {(r.game, v): s.help for r in rulesets().values() for v, s in r.actions.items()
                if not s.help or s.help.rstrip().endswith((",", "e.g.", "...", " and", " or", " the"))}
    assert dangling == {}
