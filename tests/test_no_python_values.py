"""No Python ``None``, ``True``, list or dict repr reaches a user anywhere (issue 31, item 4), and no plural is left to
the reader (``card(s)``, ``1 miniatures``): every view of every example, drawn as text (the CLI) and as HTML (the page),
every event's history line and every line ``play`` reports (refusals' messages included), in words.

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


BAD_PLURAL = re.compile(r"\w\((?:s|es)\)|(?<![\w.,/+-])1 (?:[A-Z][\w-]* )?([A-Za-z][A-Za-z-]*s)\b")
"""A plural left to the reader (``card(s)``, ``match(es)``) or a plural after one (``1 miniatures``, ``1 Light Wounds``)."""
NOT_PLURAL = {"Stress", "begins", "unconscious", "conscious", "vs", "leaves", "is", "was", "has", "does", "gives",
              "Success", "success", "sik-gas", "Nanopotential", "Chronos", "chronos", "enters", "hits", "activates"}
"""Words ending in s after a 1 that are not plurals: a mass noun, a verb ("Round 1 begins"), an adjective."""


def _bad_plurals(text: str) -> list[str]:
    return sorted({m.group(0) for m in BAD_PLURAL.finditer(text) if m.group(1) not in NOT_PLURAL})


def _words(markup: str) -> str:
    """The text a person reads in an HTML fragment (tags and scripts' attributes dropped)."""
    return html.unescape(re.sub(r"<[^>]+>", " ", str(markup)))


def _leaks(text: str) -> list[str]:
    return sorted({m.group(0) for m in PYTHON.finditer(text)})


@pytest.mark.parametrize("game, script", CASES, ids=[f"{g}/{p.name}" for g, p in CASES])
def test_every_view_and_event_of_every_example_is_in_words(tmp_path, game, script):
    s = session_on(tmp_path / "a.sqlite")
    said: list[str] = []
    play_file(s, script, echo=said.append)
    app, cid = s.app, s.campaign_id()
    ruleset = app.get_campaign(cid).ruleset
    found = {}
    for name in view_names(ruleset):
        if name == "history":
            continue
        data = app.view(cid, name)
        for where, text in ((f"{name} as text", render_view(app, cid, name, data)),
                            (f"{name} as HTML", _words(view_html(ruleset, name, data)))):
            if _leaks(text) or _bad_plurals(text):
                found[where] = _leaks(text) + _bad_plurals(text)
    for entry in app.view(cid, "history")["actions"]:
        for event in entry.get("events", []):
            line = ruleset_text(ruleset, event)
            if _leaks(line) or _bad_plurals(line):
                found[f"event {event['type']}"] = [line]
    replies = [line.partition("→")[2] for line in said]  # what Questlog answered, not the command as typed
    found.update({f"reply {n}": [line] for n, line in enumerate(replies) if _bad_plurals(line)})
    assert found == {}


@pytest.mark.parametrize("text, bad", [
    ("orcs (1 miniatures, 20 points)", ["1 miniatures"]), ("captain suffered 1 Light Wounds (fire)", ["1 Light Wounds"]),
    ("vex drew 1 card(s)", ["d(s)"]), ("League: 0 match(es)", ["h(es)"]),
    ("orcs (1 miniature, 20 points)", []), ("Round 1 begins", []), ("2 Damage, 1 Stress", []), ("League: 0 matches", []),
])
def test_the_plural_check_finds_what_it_is_for(text, bad):
    assert _bad_plurals(text) == bad
