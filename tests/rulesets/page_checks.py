"""Checks shared by the games' page-declaration tests: a state folded from an example script, every pick's options
taken to the legality query, and the drawn board's tappable things compared with the options.

A pick is sound when every option of its kind, put into its field (a list field: as its one item) with the other
fields given valid values, is accepted by the legality query or refused for a rule (``RuleViolation``), never as bad
input: the page then never offers a value the CLI would reject as malformed.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from domain.core.errors import BadInput
from domain.core.ruleset import Command, Ruleset, get_ruleset

ROOT = Path(__file__).resolve().parents[2]


def fold(game: str, script: str, until: str | None = None) -> Any:
    """The state after the accepted action lines of ``examples/...`` (before the first line starting with ``until``);
    ``undo`` takes back the latest action (the scripts used here undo nothing past a reveal)."""
    from tests.pages.conftest import script_actions

    ruleset = get_ruleset(game)
    states = [ruleset.initial_state({})]
    for refused, verb, raw in script_actions(ROOT / script, until):
        if refused:
            continue
        if verb == "undo":
            states.pop()
            continue
        _, state = ruleset.decide_folded(states[-1], Command(verb, ruleset.action(verb).load(raw)))
        states.append(state)
    return states[-1]


def _is_list(ruleset: Ruleset, verb: str, name: str) -> bool:
    return hasattr(ruleset.action(verb).schema._declared_fields[name], "inner")


def pick_refusals(ruleset: Ruleset, state: Any, samples: dict[str, dict[str, Any]]) -> list[str]:
    """Every (verb, field, option) whose command is refused as bad input, with the message: ``[]`` when sound.

    ``samples[verb]`` gives the fields that pick from no kind (a reason, a roll); each other picked field takes its
    kind's first option."""
    bad = []
    for verb in ruleset.actions:
        picks = ruleset.presentation(verb).picks
        first = {}
        for name, kind in picks.items():
            options = ruleset.options(state, kind)
            if options:
                first[name] = [options[0].value] if _is_list(ruleset, verb, name) else options[0].value
        for name, kind in picks.items():
            for option in ruleset.options(state, kind):
                raw = {**samples.get(verb, {}), **first, name: [option.value] if _is_list(ruleset, verb, name) else option.value}
                try:
                    refusal = ruleset.legal(state, Command(verb, ruleset.action(verb).load(raw)))
                except BadInput as exc:
                    refusal = exc
                if isinstance(refusal, BadInput):
                    bad.append(f"{verb} {name}={option.value!r}: {refusal}")
    return bad


def tappables(html: str) -> set[tuple[str, str]]:
    """``(data-kind, data-id)`` of every tappable element a drawing marks (a button or a ``role="button"``)."""
    out = set()
    for tag in re.findall(r"<(?:button|g)\b[^>]*>", html):
        kind, ident = re.search(r'data-kind="([^"]+)"', tag), re.search(r'data-id="([^"]+)"', tag)
        if kind and ident:
            assert tag.startswith("<button") and 'type="button"' in tag or ('role="button"' in tag and 'tabindex="0"' in tag), tag
            out.add((kind.group(1), ident.group(1)))
    return out


def overflow_prone(html: str) -> list[str]:
    """Markup that makes a phone page scroll sideways or breaks words: tables, ``<pre>``, fixed widths over 320 px
    on HTML elements, ``nowrap``, and any script, external resource or style outside SVG."""
    problems = re.findall(r"<table|<pre|white-space:\s*nowrap|<script|<link|<img|<iframe|\bsrc=|href=\"http", html)
    for tag in re.findall(r"<(?!svg|rect|line|text|circle|g\b)[a-z]+\b[^>]*>", html):
        if "style=" in tag:
            problems.append(tag)
    for width in re.findall(r'<svg[^>]*\bwidth="(\d+)"[^>]*>', html):
        problems += [] if 'max-width:100%' in html else [f"svg width {width} without max-width"]
    return problems


__all__ = ["fold", "overflow_prone", "pick_refusals", "tappables"]
