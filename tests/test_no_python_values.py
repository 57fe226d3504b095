"""No Python ``None``, ``True``, list or dict repr reaches a user anywhere (issue 31, item 4): every view of every
example, drawn as text (the CLI) and as HTML (the page), and every event's history line, in words.

The page's HTML is checked on its text (tags stripped): attribute values such as ``data-path`` are not for people."""

import html
import re
from pathlib import Path

import pytest

from api.pages.render import view_html
from cli.render import render_view
from cli.script import play_file
from domain.core.ruleset import rulesets
from domain.history import ruleset_text
from domain.views import view_names
from tests.test_ruleset_conformance import session_on

ROOT = Path(__file__).resolve().parents[1]
CASES = [(game, p) for game in sorted(rulesets()) for p in sorted((ROOT / "examples" / game).glob("*.ql"))]
PYTHON = re.compile(r"\bNone\b|\bTrue\b|\bFalse\b|\{'|\['|'\]|\w+s's\b")
"""What Python's repr leaves in text: None / True / False, a dict or list repr, a plural given an 's ("knights's")."""


def _words(markup: str) -> str:
    """The text a person reads in an HTML fragment (tags and scripts' attributes dropped)."""
    return html.unescape(re.sub(r"<[^>]+>", " ", str(markup)))


def _leaks(text: str) -> list[str]:
    return sorted({m.group(0) for m in PYTHON.finditer(text)})


@pytest.mark.parametrize("game, script", CASES, ids=[f"{g}/{p.name}" for g, p in CASES])
def test_every_view_and_event_of_every_example_is_in_words(tmp_path, game, script):
    s = session_on(tmp_path / "a.sqlite")
    play_file(s, script)
    app, cid = s.app, s.campaign_id()
    ruleset = app.get_campaign(cid).ruleset
    found = {}
    for name in view_names(ruleset):
        if name == "history":
            continue
        data = app.view(cid, name)
        for where, text in ((f"{name} as text", render_view(app, cid, name, data)),
                            (f"{name} as HTML", _words(view_html(ruleset, name, data)))):
            if _leaks(text):
                found[where] = _leaks(text)
    for entry in app.view(cid, "history")["actions"]:
        for event in entry.get("events", []):
            line = ruleset_text(ruleset, event)
            if _leaks(line):
                found[f"event {event['type']}"] = [line]
    assert found == {}
