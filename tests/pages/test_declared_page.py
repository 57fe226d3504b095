"""What the page offers, from Nanolith's and Tamashii's declarations (no browser): every action labelled, the real
obligation first (issue 24: no ``set-encounter-rules`` mid-Encounter, ``refill-launcher`` before ``reduce-time``),
taps offering the legal actions with the thing filled in and nothing stored, the Tamashii board drawn with its
tappable things and every drawn value equal to the view's."""

from __future__ import annotations

import re
from typing import Any

import pytest

from api.pages.acts import grouped, owed_now, tap_offers
from domain.core.declarations import default_label
from domain.core.ruleset import get_ruleset
from domain.rulesets.tamashii.html_board import board_html
from infrastructure.runtime import open_questlog


@pytest.fixture
def app(tmp_path) -> Any:
    questlog = open_questlog(str(tmp_path / "declared.sqlite"))
    yield questlog
    questlog.close()


def _play(app: Any, game: str, steps: list[tuple[str, dict[str, Any]]]) -> Any:
    cid = app.create_campaign(game, f"{game} declared")
    for verb, fields in steps:
        app.record(str(cid), verb, fields)
    return app.get_campaign(str(cid))


@pytest.mark.parametrize("game", ["nanolith", "tamashii"])
def test_every_action_has_a_human_label_and_a_group(game):
    ruleset = get_ruleset(game)
    for verb in ruleset.actions:
        assert verb in ruleset.kit.presentations, f"{verb} has no declared label"
        shown = ruleset.presentation(verb)
        assert shown.label and shown.label != verb and shown.group, verb
    assert sum(ruleset.presentation(v).label != default_label(v) for v in ruleset.actions) > len(ruleset.actions) / 2


def test_mid_encounter_nanolith_owes_the_rolls_then_the_initiative_never_the_encounter_rules(app):
    campaign = _play(app, "nanolith", [("start-encounter", {"name": "Encounter 1"}), ("start-round", {}),
                                       ("roll-action-dice", {"character": "ash", "dice": [2, 4, 5, 2, 6]})])
    owed = owed_now(campaign.ruleset, campaign.state)
    assert [(o["who"], o["text"], [x.verb for x in o["offers"]]) for o in owed] == [
        (c, "roll the Action Dice", ["roll-action-dice"]) for c in ("vaa-lith", "cora", "ada")]
    assert owed[0]["offers"][0].prefill == {"character": "vaa-lith"} and owed[0]["who_label"] == "Vaa-Lith"
    verbs = [v for o in owed for v in (x.verb for x in o["offers"])]
    assert "set-encounter-rules" not in verbs


def test_a_tapped_die_offers_spending_and_manipulating_it_with_its_hero_and_face_filled_in_and_stores_nothing(app):
    campaign = _play(app, "nanolith", [("start-encounter", {"name": "Encounter 1"}), ("start-round", {})]
                     + [("roll-action-dice", {"character": c, "dice": [2, 4, 5, 2, 6]}) for c in ("ash", "vaa", "cora", "ada")]
                     + [("give-initiative", {"character": "ash"})])
    version = campaign.version
    offers = {o.verb: o for o in tap_offers(campaign.ruleset, campaign.state, "action-die", "4", {"character": "ashitaka"})}
    assert offers["manipulate-die"].prefill == {"value": "4", "character": "ashitaka"}
    assert offers["manipulate-die"].status == "details"  # the direction is still to give (nanolith.txt § Manipulating the Action Dice)
    assert offers["spend-dice"].prefill == {"values": ["4"], "character": "ashitaka"} and offers["spend-dice"].status == "now"
    assert app.get_campaign(str(campaign.id)).version == version


def _geohunt(app: Any, refilled: tuple[str, ...]) -> Any:
    steps = [("start-scenario", {"scenario": "prologue", "boards": ["red", "blue"]}), ("draw-victory-card", {"card": "A06"}),
             ("start-scenario", {"scenario": "geohunt", "boards": ["red", "blue"], "trace_top": 10}),
             ("choose-class", {"board": "red", "name": "reaper", "starting": ["Kinetic battery", "Reaper 2"]}),
             ("choose-class", {"board": "blue", "name": "whisperer", "starting": ["Whisperer 1", "Whisperer 2"]}),
             ("choose-learning-protocol", {"board": "red", "name": "Bodyguard"}),
             ("choose-learning-protocol", {"board": "blue", "name": "Scavenger"}),
             ("set-up-body-market", {"cards": ["Soldier", "Scout", "Tank"]})]
    tokens = {"red": ["red", "red", "blue", "yellow"], "blue": ["blue", "blue", "green", "red"]}
    return _play(app, "tamashii", steps + [("refill-launcher", {"board": b, "tokens": tokens[b]}) for b in refilled])


def test_tamashii_owes_the_refill_before_anything_else_and_never_offers_reducing_the_time_first(app):
    campaign = _geohunt(app, ("red",))
    owed = owed_now(campaign.ruleset, campaign.state)
    assert [(o["who"], [x.verb for x in o["offers"]]) for o in owed] == [("blue", ["refill-launcher"])]
    assert owed[0]["offers"][0].prefill == {"board": "blue"}
    from api.pages.forms import order_actions
    from domain.core.table import CORE_ACTIONS

    actions = [{"verb": v} for v in campaign.ruleset.actions]
    groups = grouped(order_actions(campaign.ruleset, campaign.state, actions, {**campaign.ruleset.actions, **CORE_ACTIONS}), ["refill-launcher"])
    assert groups[0][0] == "Owed now" and [c.action["verb"] for c in groups[0][1]] == ["refill-launcher"]


def test_the_tamashii_board_marks_its_tappable_things_and_shows_the_views_values(app):
    campaign = _geohunt(app, ("red", "blue"))
    view = campaign.ruleset.views["board"](campaign.state)
    html = board_html(view)
    taps = re.findall(r'data-kind="([^"]+)" data-id="([^"]+)"', html)
    assert ("character", "red") in taps and ("augment", "Kinetic battery") in taps and ("tile", "5") in taps and ("body", "Tank") in taps
    assert 'data-context="character:red"' in html
    shown = dict(re.findall(r'data-path="([^"]+)">([^<]*)<', html))
    assert len(shown) > 40
    for path, text in shown.items():
        value: Any = view
        for part in path.split("."):
            value = value[part]
        assert text == ("—" if value is None else str(value)), path
    assert shown["boards.red.data.launcher.total"] == "4" and shown["boards.red.integrity"] == "5"


def test_an_action_a_tapped_figure_may_take_in_two_roles_says_which_role_each_offer_fills(app):
    """A tap on Sir Galwen offered "Sneak (Accuracy)" twice, the figure sneaking and the one sneaked past
    (nin-gonost.txt § Sneak: the target's PER against the figure's roll): two buttons alike. Each now names its
    field, with Galwen filled in there; every label of a tap, and of the offline tap table, is told apart."""
    from api.pages.acts import tap_table

    campaign = _play(app, "nin-gonost", [
        ("recruit", {"warband": "knights", "card_id": "galwen", "card": ["alignment=good"]}),
        ("recruit", {"warband": "orcs", "card_id": "orc-archer", "card": ["alignment=evil"]}),
        ("start-battle", {"first": "knights"})])
    offers = tap_offers(campaign.ruleset, campaign.state, "character", "galwen")
    labels = [o.label for o in offers]
    assert len(labels) == len(set(labels)), sorted(label for label in labels if labels.count(label) > 1)
    sneak = {o.label: o.prefill for o in offers if o.verb == "sneak"}
    assert sneak == {"Sneak (Accuracy)": {"figure": "galwen"}, "Sneak (Accuracy) · as the target": {"target": "galwen"}}
    duel = {o.label: o.other_role for o in offers if o.verb == "attack"}
    assert duel == {"Attack (Duel)": False, "Attack (Duel) · as the defender": True}  # the other role apart
    assert {o.verb for o in offers if o.other_role} >= {"sneak", "search", "attack", "charge", "break-hold"}
    assert all(not o.other_role for o in offers if o.verb in ("walk", "end-turn", "take-hit"))  # one field of the kind
    kept = [o["label"] for o in tap_table(campaign.ruleset)["character"]["offers"]]
    assert len(kept) == len(set(kept)) and "Sneak (Accuracy) · as the target" in kept


def test_a_tap_says_why_not_in_the_pages_words_never_a_cli_flag(app):
    """nemesis.txt § Noise Roll: the Pilot, who entered the Laboratory where the Captain was, owes no Noise roll; the
    rule's message names the CLI's ``--event``, which the tap's "Not now" said as is. It names the form's field."""
    from api.pages.forms import page_words
    from tests.rulesets.page_checks import fold

    assert page_words("give --activate SKILL and/or --deactivate SKILL") == "give the “activate” field SKILL and/or the “deactivate” field SKILL"
    ruleset = get_ruleset("nemesis")
    state = fold("nemesis", "examples/nemesis/noise-encounter.ql", "pass pilot")
    noise = next(o for o in tap_offers(ruleset, state, "character", "pilot") if o.verb == "noise-roll")
    assert (noise.status, noise.reason) == ("not-now", "pilot has no Noise roll due: no Noise roll (the “event” field for a roll an event made owed) (nemesis.txt § Noise Roll)")


def test_a_duels_die_modifiers_are_picked_from_the_rulebooks_names_never_typed(tmp_path):
    """Fighting § Modifiers: striking from the rear (+1 die step each), each additional opponent (-1 each). The duel
    form's modifier fields were free text ("e.g. rear-strike,extra-opponent=1"); now one picker per modifier, from
    the rulebook's list with its steps, and a duel recorded with the picked values moves the dice as the CLI's would."""
    from api import create_app

    flask = create_app(db=str(tmp_path / "duel.sqlite"), config={"QUESTLOG_AUTH": False})
    app = flask.extensions["questlog"]
    cid = str(app.create_campaign("nin-gonost", "Modifiers"))
    for verb, fields in [("recruit", {"warband": "knights", "card_id": "galwen", "card": ["alignment=good"]}),
                         ("recruit", {"warband": "orcs", "card_id": "orc-archer", "card": ["alignment=evil"]}),
                         ("start-battle", {"first": "knights"})]:
        app.record(cid, verb, fields)
    html = flask.test_client().get(f"/fragments/{cid}/form/attack").text
    field = html.split('data-field="attacker_modifier"', 1)[1].split('class="field', 1)[0]
    options = dict(re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', field))
    assert options["rear-strike=1"] == "Striking from the rear (+1)" and options["extra-opponent=2"] == "Each additional opponent x2 (-2)"
    assert options["close"] == "Close Range (+1)" and options["weapon=-2"] == "Advanced Weapons Table (-2)" and len(options) >= 42
    assert "<select" in field and "data-add-item" in field  # one picker per item, with "add"
    result = app.record(cid, "attack", {"attacker": "galwen", "defender": "orc-archer", "attacker_roll": 7, "defender_roll": 7,
                                        "attacker_modifier": ["rear-strike=1"]})
    duel = next(e["data"] for e in result.events if e["type"] == "DuelRolled")
    assert duel["resolution"]["dice"]["galwen"]["die"] == 6  # Sir Galwen's Fight die 5, one step up: Duel die #6
    assert duel["resolution"]["steps"][0] == "Sir Galwen's Fight die 5 +1 (Striking from the rear) = Duel die #6 (dark green)"
