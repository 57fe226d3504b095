"""Every list field takes exactly what the CLI takes, per game: the page's form (one input or picker per item, "add"
for each further one) sends the same fields as the CLI parses from the same words (``cli.actions``: a positional
list keeps each word whole, names with spaces and ``x,y,F`` triples included; an option's list is split on commas
as the CLI splits it); and one of them recorded through the page shows on the board as the API's view says. A list
that picks from a kind the state knows (NanoBot's Grow targets, Nemesis's corridors) is tapped as chips: its options
are tested by each game's tap test in a state that has them (tests/pages/test_tap_*.py)."""

from __future__ import annotations

import shlex
from typing import Any

import pytest

from cli.actions import action_command, raw_fields
from domain.core.ruleset import get_ruleset

from .conftest import open_page
from .drive import api_version, fill, nanolith_board, nanolith_expected, open_form, wait_version
from .tapping import submit

CASES = [
    ("nanolith", "set-spawn-pool bio-mutant:1,2,3 security-droid:1-4"),
    ("tamashii", 'choose-class red reaper "Kinetic battery" "Reaper 2"'),
    ("nanobot-battle-arena", "set-up-arena 1,1,E,vex 2,1,E,vex -1,0,W,ghost"),  # typed x,y,F,strain items
    ("tamashii", "draw-victory-card A06 --unlock E02,E03 --unlock E04"),  # an option's list: split on commas, as the CLI does
    ("nin-gonost", "read-card orc-archer res=8 str=4"),  # the die modifiers (--modifier) are picked now: tests/pages/test_declared_page.py
    ("nemesis", "start-game captain scout mechanic"),  # every Nemesis list picks from a kind: chips, one per item
]


def _cli(game: str, line: str) -> tuple[str, dict[str, Any]]:
    words = shlex.split(line)
    spec = get_ruleset(game).action(words[0])
    ctx = action_command(spec).make_context(spec.verb, words[1:])
    return spec.verb, raw_fields(spec, ctx.params)


def _typed_items(game: str, line: str, field: str) -> list[str]:
    """The words a person types for ``field``: a positional list's words, or each ``--option`` value as given."""
    verb, cli = _cli(game, line)
    words = shlex.split(line)
    option = "--" + field.replace("_", "-")
    if option in words:
        return [words[i + 1] for i, w in enumerate(words) if w == option]
    return [str(v) for v in cli[field]]


@pytest.mark.parametrize(("game", "line"), CASES, ids=[f"{c[0]}-{c[1].split()[0]}" for c in CASES])
def test_a_list_field_on_the_page_sends_what_the_cli_parses(browser, live, game, line):
    verb, cli = _cli(game, line)
    ruleset = get_ruleset(game)
    cid = live.new_campaign(game, f"List fields {game} {verb}")
    page = open_page(browser, live, f"/play/{cid}", live.admin)
    page.wait_for_selector(".view")
    form = open_form(page, verb)
    lists = [name for name in cli if isinstance(cli[name], list)]
    assert lists, f"{line}: no list field"
    for name, value in cli.items():
        kind = form.locator(f'.field[data-field="{name}"]').get_attribute("data-kind")
        if name in lists and kind == "items":
            fill(form, ruleset, name, _typed_items(game, line, name))
        else:
            fill(form, ruleset, name, value)
    sent = page.evaluate("() => collect(document.querySelector('form.action-form'))")
    assert {k: sent.get(k) for k in lists} == {k: cli[k] for k in lists}


def test_a_spawn_pool_entered_item_by_item_is_recorded_as_the_cli_would(browser, live):
    cid = live.new_campaign("nanolith", "Spawn pool by items")
    assert live.call("POST", f"/campaigns/{cid}/actions/start-encounter", json={"fields": {"name": "Encounter 1"}}).status_code == 201
    page = open_page(browser, live, f"/play/{cid}", live.admin)
    wait_version(page, api_version(live, cid))
    form = open_form(page, "set-spawn-pool")
    fill(form, get_ruleset("nanolith"), "entries", ["bio-mutant:1,2,3", "security-droid:1-4"])
    submit(page, form)
    last = live.call("GET", f"/campaigns/{cid}/history").json()["actions"][-1]
    by_cli = live.new_campaign("nanolith", "Spawn pool by the CLI's words")
    assert live.call("POST", f"/campaigns/{by_cli}/actions/start-encounter", json={"fields": {"name": "Encounter 1"}}).status_code == 201
    verb, raw = _cli("nanolith", CASES[0][1])
    assert live.call("POST", f"/campaigns/{by_cli}/actions/{verb}", json={"fields": raw}).status_code == 201
    stored = live.call("GET", f"/campaigns/{by_cli}/history").json()["actions"][-1]["fields"]
    assert last["fields"] == stored and stored["entries"] == ["bio-mutant:1,2,3", "security-droid:1,2,3,4"]
    view = live.call("GET", f"/campaigns/{cid}/views/board").json()["data"]
    assert view["spawn_pool"] == {"bio-mutant": [1, 2, 3], "security-droid": [1, 2, 3, 4]}
    assert nanolith_board(page) == nanolith_expected(view)
    assert "bio-mutant 1 2 3, security-droid 1 2 3 4" in page.locator(".nl-board").inner_text()
