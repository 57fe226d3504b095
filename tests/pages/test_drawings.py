"""The page's server side without a browser: the rulesets' HTML drawings, the generic drawing, the forms made
from the catalogue, the legality ordering and the fragments' access checks."""

from __future__ import annotations

import re
from typing import Any

import pytest

from api import create_app
from api.pages.forms import classify, fill_ins, form_fields, legality, order_actions
from api.pages.render import generic, view_html
from domain.access import issue_token
from infrastructure.runtime import open_questlog
from domain.core.errors import RuleViolation
from domain.core.ruleset import get_ruleset
from domain.rulesets.nanolith.html import board_html
from domain.rulesets.tamashii.html import progress_html

from .conftest import ROOT, script_actions


def _played(tmp_path, game: str, script: str, until: str | None = None) -> tuple[Any, str]:
    app = open_questlog(str(tmp_path / "drawings.sqlite"))
    cid = app.create_campaign(game, "Drawn")
    for refused, verb, raw in script_actions(ROOT / script, until):
        if refused:
            continue
        if verb in ("undo", "redo"):
            getattr(app, verb)(cid)
        else:
            app.record(cid, verb, raw)
    return app, cid


def test_the_nanolith_board_draws_the_rush_example_end_state_with_its_cubes_and_dice(tmp_path):
    app, cid = _played(tmp_path, "nanolith", "examples/nanolith/rush.ql")
    html = board_html(app.view(cid, "board"))
    ashitaka = re.search(r'<li class="nl-char"[^>]*data-character="ashitaka"[^>]*>', html).group(0)
    # nanolith.txt § Nanoshock Examples: two Nanoshocks, Unconscious, every cube back to its Zero Space, then revived
    for name, value in [("damage", "0"), ("stress", "0"), ("stress-limit", "6"), ("nanoshocks", "2"), ("token", "inactive")]:
        assert f'data-{name}="{value}"' in ashitaka
    assert 'aria-label="Stress 0; the Nanoshock Cube is on space 6: a Nanoshock when Stress reaches 6"' in html
    assert 'aria-label="die showing 2"' in html  # Vaa-Lith's 2 4 3 5 2, drawn as dice
    assert 'data-enemy="bio-mutant-1" data-damage="2"' in html


def test_the_nanolith_board_escapes_every_text_it_shows(tmp_path):
    app = open_questlog(str(tmp_path / "escape.sqlite"))
    cid = app.create_campaign("nanolith", "Escapes")
    app.record(cid, "start-encounter", {"name": '<script>alert("x")</script>'})
    html = board_html(app.view(cid, "board"))
    assert "<script>" not in html and "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in html


def test_the_tamashii_progress_sheet_ticks_the_prologue_ending_code(tmp_path):
    app, cid = _played(tmp_path, "tamashii", "examples/tamashii/prologue.ql")
    progress = app.view(cid, "progress")
    html = progress_html(progress)
    ticked = [code for code, on in progress["scenarios"]["prologue"]["endings"].items() if on]
    assert ticked and f'data-scenario="prologue" data-ticked="{",".join(ticked)}"' in html
    assert f"☑</span> {ticked[0]}" in html
    assert 'data-scenario="the-ascend" data-ticked="" data-playable="false"' in html


def test_the_generic_drawing_is_readable_html_with_paths_never_raw_json():
    data = {"time": 4, "note": "<b>bold</b>", "boards": {"red": {"integrity": 5, "assets": {"shield": 1}},
                                                        "blue": {"integrity": 3, "assets": {"shield": 0}}},
            "deck": [{"level": 1, "cards": None}], "done": True, "tags": ["a", "b"]}
    html = str(generic(data, "board"))
    assert '<dd data-path="time">4</dd>' in html and '<dd data-path="done">yes</dd>' in html
    assert '<td data-path="boards.red.integrity">5</td>' in html and '<td data-path="deck.0.cards"><span class="ql-none">—</span></td>' in html
    assert "&lt;b&gt;bold&lt;/b&gt;" in html and "<b>bold" not in html
    assert '{"' not in html and "[{" not in html


def test_a_view_without_a_drawing_is_drawn_generically_and_a_failing_drawing_falls_back():
    nanolith = get_ruleset("nanolith")
    assert "data-path" in str(view_html(nanolith, "turn", {"round": 1}))

    class Broken(type(nanolith)):
        html_views = {"board": lambda data: data["missing"]}

    assert '<dd data-path="round">1</dd>' in str(view_html(Broken(), "board", {"round": 1}))


def _catalogue_field(game: str, verb: str, name: str) -> dict[str, Any]:
    flask = create_app(db=":memory:", config={"QUESTLOG_AUTH": False})
    doc = flask.test_client().get(f"/rulesets/{game}").json
    action = next(a for a in doc["actions"] if a["verb"] == verb)
    return next(f for f in action["fields"] if f["name"] == name), doc["characters"]


@pytest.mark.parametrize(("game", "verb", "name", "kind", "extra"), [
    ("nanolith", "roll-action-dice", "dice", "dice", {"minimum": 1, "maximum": 6}),
    ("nanolith", "attack", "roll", "dice", {"minimum": 1, "maximum": 8}),
    ("nanolith", "manipulate-die", "value", "pips", {"minimum": 1, "maximum": 6}),
    ("nanolith", "manipulate-die", "direction", "choice", {"choices": [("up", "up"), ("down", "down")]}),
    ("nanolith", "spend-dice", "nanosync", "flag", {"default": False}),
    ("nanolith", "set-spawn-pool", "entries", "items", {"numbers": False}),
    ("nanolith", "place-enemy", "standee", "number", {"minimum": 1, "maximum": 99}),
    ("nanolith", "attack", "defense", "text", {}),
    ("nanolith", "read-nanostory", "nanosync_tokens", "multi", {"choices": [(c, c) for c in ("ashitaka", "vaa-lith", "cora", "ada")]}),
])
def test_catalogue_fields_become_the_widget_a_person_would_tap(game, verb, name, kind, extra):
    doc, characters = _catalogue_field(game, verb, name)
    made = classify(doc, characters)
    assert made.kind == kind
    for key, value in extra.items():
        assert getattr(made, key) == value


def test_a_character_field_offers_the_ids_not_every_alias():
    doc, characters = _catalogue_field("nanolith", "give-initiative", "character")
    assert [v for v, _ in classify(doc, characters).choices] == ["ashitaka", "vaa-lith", "cora", "ada", "sidekick"]
    assert [f.name for f in form_fields({"fields": [{"name": "x", "type": "string"}, doc]}, characters)] == ["character", "x"]


def test_the_legality_query_puts_the_actions_possible_now_first():
    nanolith = get_ruleset("nanolith")

    class Asked(type(nanolith)):
        def legal(self, state, command):
            return None if command.verb == "start-round" else RuleViolation("nanolith.txt § 1.1 Status Phase", "not now")

    specs = dict(nanolith.actions)
    actions = [{"verb": v} for v in ("start-encounter", "give-initiative", "start-round", "end-encounter")]
    choices = order_actions(Asked(), {}, actions, specs)
    # the fields still missing are filled in from their choices (give-initiative's character: each hero) and
    # every dry run refused with the same rule: not now, whatever the players would give
    assert [(c.action["verb"], c.status, c.reason) for c in choices] == [
        ("start-round", "now", ""), ("start-encounter", "not-now", "not now (nanolith.txt § 1.1 Status Phase)"),
        ("give-initiative", "not-now", "not now (nanolith.txt § 1.1 Status Phase)"),
        ("end-encounter", "not-now", "not now (nanolith.txt § 1.1 Status Phase)")]

    class Depends(type(nanolith)):
        def legal(self, state, command):  # a refusal naming the value tried: the value matters, so details to give
            return RuleViolation("nanolith.txt § 1.1 Status Phase", f"not {command.fields.get('character')}")

    assert legality(Depends(), {}, specs["give-initiative"]) == ("details", "")
    assert legality(Depends(), {}, specs["give-initiative"], {"character": "cora"})[0] == "not-now"

    class Silent(type(nanolith)):
        legal = None  # a ruleset without a legality query: the catalogue's order, nothing ranked

    assert [c.status for c in order_actions(Silent(), {}, actions, specs)] == ["any"] * 4


def test_fragments_need_a_token_and_a_read_only_token_may_only_watch(tmp_path):
    flask = create_app(db=str(tmp_path / "frag.sqlite"))
    app = flask.extensions["questlog"]
    cid = app.create_campaign("nanolith", "Guarded")
    client = flask.test_client()
    assert client.get(f"/play/{cid}").status_code == 200  # the shell holds no data
    assert client.get(f"/fragments/{cid}/view/board").status_code == 401
    reader, _ = issue_token(app, campaigns=[cid], read_only=True, label="spectators")
    other = app.create_campaign("nanolith", "Not granted")
    watch = {"Authorization": f"Bearer {reader}"}
    assert "Watching: this link may only read." in client.get(f"/fragments/{cid}/view/board", headers=watch).text
    assert "may only watch" in client.get(f"/fragments/{cid}/actions", headers=watch).text
    assert client.get(f"/fragments/{cid}/controls", headers=watch).text.strip() == ""
    assert client.get(f"/fragments/{other}/view/board", headers=watch).status_code == 404
    assert client.get(f"/fragments/{cid}/view/nope", headers=watch).json["error"] == "not_found"
    assert client.get(f"/fragments/{cid}/audit?event=NoSuchEvent", headers=watch).status_code == 422


def test_every_game_gets_its_views_picker_and_every_action_form_without_page_code(tmp_path):
    from domain.core.ruleset import rulesets

    flask = create_app(db=str(tmp_path / "games.sqlite"), config={"QUESTLOG_AUTH": False})
    app = flask.extensions["questlog"]
    client = flask.test_client()
    for game, ruleset in sorted(rulesets().items()):
        cid = app.create_campaign(game, f"{game} night")
        main = client.get(f"/fragments/{cid}/view")
        assert main.status_code == 200 and f'data-view="{ruleset.main_view}"' in main.text, game
        for name in ruleset.views:
            page = client.get(f"/fragments/{cid}/view/{name}")
            assert page.status_code == 200 and '{"' not in page.text.split('<div class="view-body"', 1)[1], (game, name)
        picker = client.get(f"/fragments/{cid}/actions").text
        for verb in ruleset.actions:
            assert f'value="{verb}"' in picker, (game, verb)
            form = client.get(f"/fragments/{cid}/form/{verb}")
            assert form.status_code == 200 and f'data-verb="{verb}"' in form.text, (game, verb)


def test_the_values_a_missing_field_is_tried_with_come_from_its_declared_choices():
    nanolith = get_ruleset("nanolith")
    spec = nanolith.actions["manipulate-die"]
    assert fill_ins(nanolith, {}, spec, "direction") == ["up", "down"]  # its OneOf
    assert fill_ins(nanolith, {}, spec, "die") == [1, 5, 10]  # a range: lowest, middle, highest
    roll = nanolith.actions["remove-hacked"]
    assert fill_ins(nanolith, {}, roll, "roll") == [[1], [4, 4, 4], [8, 8, 8, 8, 8]]  # lists of different lengths
    assert fill_ins(nanolith, {}, nanolith.actions["spend-dice"], "purpose") == []  # a free text: nothing to try
