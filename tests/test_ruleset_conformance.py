"""The per-ruleset conformance test (DESIGN.md § Undo, redo and seals; STYLE.md: one shared test run
against every implementation): each registered ruleset's example scripts are played, then

- a full replay of the stored events equals the snapshot-loaded aggregate;
- ``history --script`` written out and played into a new store gives the same views;
- undo then redo is the identity on state for every undoable action at the end;
- every view is plain JSON.
"""

import json
from pathlib import Path

import pytest

from cli.context import Session
from cli.script import history_script, play_file
from domain.application import Questlog
from domain.core.campaign import Campaign
from domain.core.ruleset import rulesets
from infrastructure.runtime import attach_read_models
from infrastructure.store import store_env
from domain.views import view_names

ROOT = Path(__file__).resolve().parents[1]
CASES = [(game, p) for game in sorted(rulesets()) for p in sorted((ROOT / "examples" / game).glob("*.ql"))]


class SnappyQuestlog(Questlog):
    snapshotting_intervals = {Campaign: 7}


def session_on(path) -> Session:
    s = Session(db=str(path))
    s._app = attach_read_models(SnappyQuestlog(env=store_env(str(path))))
    return s


def all_views(app, cid):
    ruleset = app.get_campaign(cid).ruleset
    return {name: app.view(cid, name) for name in view_names(ruleset) if name != "history"}


def test_every_shipped_ruleset_has_example_scripts():
    shipped = [g for g, r in rulesets().items() if type(r).__module__.startswith("domain.rulesets.")]
    assert shipped, "no ruleset is registered"
    assert [g for g in shipped if not list((ROOT / "examples" / g).glob("*.ql"))] == []


@pytest.mark.parametrize("game, script", CASES, ids=[f"{g}/{p.name}" for g, p in CASES])
def test_ruleset_conformance_on_its_examples(tmp_path, game, script):
    s = session_on(tmp_path / "a.sqlite")
    play_file(s, script)
    app, cid = s.app, s.campaign_id()
    live = app.get_campaign(cid)

    replayed = None
    for stored in app.repository.event_store.get(live.id):
        replayed = stored.mutate(replayed)
    assert replayed.state == live.state and replayed.version == live.version

    views = all_views(app, cid)
    json.dumps(views)  # views are plain JSON
    ruleset = live.ruleset
    kept = {name: app.kept_view(cid, name) for name in ruleset.kept_views}  # what `view` serves without folding
    assert kept == {name: ruleset.views[name](live.state) for name in ruleset.kept_views}

    script_text = history_script(app, app.view(cid, "history"))
    copy = tmp_path / "copy.ql"
    copy.write_text(script_text)
    s2 = session_on(tmp_path / "b.sqlite")
    play_file(s2, copy)
    assert all_views(s2.app, s2.campaign_id()) == views

    horizon = live.horizon()["undoable"]
    for _ in horizon:
        before = app.get_campaign(cid).state
        app.undo(cid)
        app.redo(cid)
        assert app.get_campaign(cid).state == before
        app.undo(cid)


def test_every_actions_default_values_load_again():
    """Stored fields include the schemas' defaults and are loaded again on replay (history --script, the API,
    corrections): a default its own validators refuse would make a recorded action unreplayable."""
    from marshmallow import ValidationError
    from marshmallow.utils import missing

    refused = []
    for game, ruleset in rulesets().items():
        for verb, spec in ruleset.actions.items():
            for name, field in spec.schema().fields.items():
                if field.load_default is missing or field.load_default is None:
                    continue
                value = field.load_default() if callable(field.load_default) else field.load_default
                try:
                    field.deserialize(value)
                except ValidationError as exc:
                    refused.append((game, verb, name, value, exc.messages))
    assert refused == []


@pytest.mark.parametrize("game", sorted(rulesets()))
def test_the_contract_data_names_real_views_and_leaves_the_cores_keys_alone(game):
    """The default and kept views exist; a new campaign's state uses none of the keys the core reserves; every
    event class names only its own fields (or properties) as ``involved``."""
    import dataclasses

    from domain.core.ruleset import RESERVED_KEYS

    ruleset = rulesets()[game]
    assert ruleset.main_view in ruleset.views and set(ruleset.kept_views) <= set(ruleset.views)
    assert not set(RESERVED_KEYS) & set(ruleset.initial_state({}))
    for cls in ruleset.events.values():
        names = {f.name for f in dataclasses.fields(cls)} | {n for n in dir(cls) if isinstance(getattr(cls, n), property)}
        assert set(cls.involved) <= names, f"{cls.__name__}.involved names {set(cls.involved) - names}"


@pytest.mark.parametrize("game", sorted(rulesets()))
def test_the_game_card_says_what_its_ruleset_says(game):
    """A game package's light ``__init__`` (its card) gives the rules' version and the text drawings a read command
    uses without importing the rules: they are the Ruleset's own (the same functions)."""
    import importlib

    from domain.core.registry import _package, rules_version, text_drawing

    ruleset = rulesets()[game]
    card = importlib.import_module(_package(game))
    assert card.VERSION == ruleset.version == rules_version(game)
    assert set(card.TEXT_VIEWS) == set(ruleset.text_views)
    for view, where in card.TEXT_VIEWS.items():
        module, _, name = where.partition(":")
        assert getattr(importlib.import_module(f".{module}", card.__name__), name) is ruleset.text_views[view] is text_drawing(game, view)


def test_a_game_card_and_its_kept_views_drawings_import_no_rules():
    """Reading every game's card and drawing each game's kept views in a fresh process imports no game's ``ruleset``
    module and no marshmallow: what ``questlog view`` avoids paying for."""
    import subprocess
    import sys

    kept = {game: list(r.kept_views) for game, r in rulesets().items() if type(r).__module__.startswith("domain.rulesets.")}
    probe = ("import json, sys\n"
             "from domain.core.ruleset import rules_version, text_drawing\n"
             "for game, views in json.loads(sys.argv[1]).items():\n"
             "    rules_version(game)\n"
             "    drawn = [text_drawing(game, view) for view in views]\n"
             "print(json.dumps(sorted(m for m in sys.modules if m.startswith('domain.rulesets') and m.endswith('.ruleset')\n"
             "                        or m.split('.')[0] == 'marshmallow')))\n")
    done = subprocess.run([sys.executable, "-c", probe, json.dumps(kept)], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert len(kept) == 5 and json.loads(done.stdout) == []
