"""Adding a game touches only its own package (README § Adding a game): a third game written from the toy
template and registered gets CLI commands, API routes and OpenAPI paths, history, audit tags and the
conformance suite, with no other change."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pytest
from click.testing import CliRunner
from marshmallow import Schema, fields, validate

from domain.core import GameEvent, State
from domain.core.decision import Decision
from domain.core.fields import Character, DiceList
from domain.core.kit import Kit, KitRuleset
from domain.core.ruleset import register, unregister

JAR = Kit("jar.txt")
PEOPLE = {"ann": ("a",), "bo": ()}


@dataclass(frozen=True)
class CoinDropped(GameEvent):
    """``person`` dropped ``coins`` into the jar."""

    involved = ("person",)
    person: str
    coins: int


@dataclass(frozen=True)
class JarShaken(GameEvent):
    """``person`` shook the jar and read ``dice`` (a reveal)."""

    reveals = True
    involved = ("person",)
    person: str
    dice: list


class DropSchema(Schema):
    person = Character(PEOPLE, required=True)
    coins = fields.Integer(required=True, validate=validate.Range(1, 5))


class ShakeSchema(Schema):
    person = Character(PEOPLE, required=True)
    dice = DiceList(6, 1, 2, required=True)


@JAR.action("drop-coins", DropSchema, "drop coins in the jar", section="Coins", args=("person", "coins"))
def drop(d: Decision, f: Mapping[str, Any]) -> None:
    """The jar holds 9 coins (jar.txt § Coins)."""
    if d.state["coins"] + f["coins"] > 9:
        raise JAR.refuse("Coins", "the jar holds 9 coins")
    d.emit(CoinDropped(f["person"], f["coins"]))


@JAR.action("shake-jar", ShakeSchema, "shake the jar (a reveal)", section="Shaking", reveal=True, args=("person", "dice"))
def shake(d: Decision, f: Mapping[str, Any]) -> None:
    """Shaking reveals dice (jar.txt § Shaking)."""
    d.emit(JarShaken(f["person"], list(f["dice"])))


@JAR.evolves(CoinDropped)
def _dropped(s: State, e: CoinDropped) -> None:
    s["coins"] += e.coins


@JAR.evolves(JarShaken)
def _shaken(s: State, e: JarShaken) -> None:
    s["shaken"] = list(e.dice)


class Jar(KitRuleset):
    """A third game, written like tests/core/toy.py."""

    game = "jar"
    title = "Jar"
    rulebook = "jar.txt"
    kit = JAR
    characters = PEOPLE
    views = {"jar": lambda s: {"coins": s["coins"], "shaken": s["shaken"]}}
    default_view = "jar"

    def initial_state(self, setup: Mapping[str, Any]) -> State:
        """An empty jar."""
        return {"coins": 0, "shaken": []}


SCRIPT = """new jar "Jar night"
seat Ann ann
drop-coins ann 2
drop-coins bo 3
!rule_violation "§ Coins" drop-coins ann 5
shake-jar bo 4 6
!sealed undo
drop-coins ann 1
undo
redo
expect jar coins 6
"""


@pytest.fixture
def jar():
    register(Jar)
    yield Jar
    unregister("jar")


def test_the_cli_knows_the_new_games_actions_and_plays_its_script(jar, tmp_path):
    from cli.main import cli

    db = str(tmp_path / "q.sqlite")
    (tmp_path / "jar.ql").write_text(SCRIPT)
    listed = CliRunner().invoke(cli, ["--db", db, "games", "jar"])
    assert listed.exit_code == 0 and "drop-coins" in listed.output and "shake-jar" in listed.output
    played = CliRunner().invoke(cli, ["--db", db, "play", str(tmp_path / "jar.ql"), "--json"])
    assert played.exit_code == 0, played.output
    assert json.loads(played.output)["view"] == {"jar": {"coins": 6, "shaken": [4, 6]}}
    audit = CliRunner().invoke(cli, ["--db", db, "audit", "--character", "bo", "--json"])
    assert [r["verb"] for r in json.loads(audit.output)] == ["drop-coins", "shake-jar"]
    history = CliRunner().invoke(cli, ["--db", db, "history", "--json"])
    assert [a.get("verb") for a in json.loads(history.output)["actions"] if a["kind"] == "action"] == [
        "seat", "drop-coins", "drop-coins", "shake-jar", "drop-coins"]


def test_the_api_routes_the_new_games_actions_and_documents_them(jar, app):
    from api import create_app

    flask = create_app(config={"QUESTLOG_AUTH": "off", "TESTING": True}, questlog=app)
    client = flask.test_client()
    spec = client.get("/openapi.json").get_json()
    assert "/campaigns/{campaign_id}/actions/drop-coins" in spec["paths"]
    created = client.post("/campaigns", json={"game": "jar", "name": "Over HTTP", "setup": {}})
    assert created.status_code == 201, created.get_json()
    cid = created.get_json()["id"]
    done = client.post(f"/campaigns/{cid}/actions/drop-coins", json={"fields": {"person": "a", "coins": 4}})
    assert done.status_code == 201, done.get_json()
    refused = client.post(f"/campaigns/{cid}/actions/drop-coins", json={"fields": {"person": "bo", "coins": 6}})
    assert refused.status_code == 422 and refused.get_json()["error"] == "invalid_input"


def test_the_conformance_suite_runs_on_the_new_game(jar, tmp_path):
    from tests.test_ruleset_conformance import test_ruleset_conformance_on_its_examples

    script = tmp_path / "jar.ql"
    script.write_text(SCRIPT)
    test_ruleset_conformance_on_its_examples(tmp_path, "jar", script)
