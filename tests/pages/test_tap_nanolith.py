"""Nanolith's Round 1 played from a phone by tapping only: the "Owed now" buttons, the dice faces, the board's
characters and dice; a manipulation (nanolith.txt § Manipulating the Action Dice: a die turned up by 1 for 1 Stress)
and an undo; the board compared with the API's view at every step, each step measured and photographed at
390x844 and 320x640, axe-core clean.

The rolls are the book's (nanolith.txt § 1.1 Status Phase, the Rush example's Round: Ashitaka 2 4 5 2 6)."""

from __future__ import annotations

from typing import Any

from .conftest import open_page, serious_violations
from .drive import api_version, nanolith_board, nanolith_expected, wait_version
from .tapping import choose_offer, effects, owed_form, photograph, submit, tap_thing

ROLLS = {"ashitaka": [2, 4, 5, 2, 6], "vaa-lith": [3, 3, 5, 2, 6], "cora": [1, 1, 4, 5, 6], "ada": [3, 3, 5, 2, 6]}


def _view(live: Any, cid: str) -> dict[str, Any]:
    return live.call("GET", f"/campaigns/{cid}/views/board").json()["data"]


def _same_as_api(page: Any, live: Any, cid: str) -> dict[str, Any]:
    wait_version(page, api_version(live, cid))
    shown = nanolith_board(page)
    assert shown == nanolith_expected(_view(live, cid))
    return shown


def test_a_round_with_a_roll_a_manipulation_and_an_undo_recorded_only_by_tapping(browser, live):
    cid = live.new_campaign("nanolith", "Tapping night")
    page = open_page(browser, live, f"/play/{cid}", live.admin)
    page.wait_for_selector(".view .owed")
    assert page.locator(".owed li p").first.inner_text() == "The table: start an Encounter"
    photograph(page, "nanolith", "01-no-encounter")

    form = owed_form(page, "start-encounter")
    assert form.locator("h3").inner_text() == "Start an Encounter"
    form.locator('.field[data-field="name"] input').fill("Encounter 1")  # a name the table gives, not an id
    submit(page, form)
    assert effects(page) and "Encounter 1" in " ".join(effects(page))
    _same_as_api(page, live, cid)

    submit(page, owed_form(page, "start-round"))
    _same_as_api(page, live, cid)
    photograph(page, "nanolith", "02-status-phase")

    for hero, dice in ROLLS.items():  # each hero's "roll the Action Dice" in the Owed box, the faces tapped
        form = owed_form(page, "roll-action-dice", hero)
        assert form.locator('.field[data-field="character"] select').input_value() == hero
        for pips in dice:
            form.locator(f'.field[data-field="dice"] [data-add="{pips}"]').click()
        if hero == "ashitaka":
            photograph(page, "nanolith", "03-roll-entered")
        submit(page, form)
        shown = _same_as_api(page, live, cid)
        assert shown["characters"][hero]["dice"] == " ".join(map(str, dice))
    # Cora's two 1s: 1 Stress each (nanolith.txt § 1.1 Status Phase)
    assert nanolith_board(page)["characters"]["cora"]["stress"] == "2"

    form = owed_form(page, "give-initiative")
    form.locator('.field[data-field="character"] select').select_option("ashitaka")  # a picker with the heroes' names
    assert form.locator('.field[data-field="character"] option[value="ashitaka"]').inner_text() == "Ashitaka"
    submit(page, form)
    _same_as_api(page, live, cid)
    assert page.locator(".owed li").first.get_attribute("data-owed-who") == "ashitaka"
    page.evaluate("() => window.scrollTo(0, 0)")
    photograph(page, "nanolith", "04a-board-top")

    # tap Ashitaka's 4: the actions legal for that die, Ashitaka and the 4 filled in
    panel = tap_thing(page, "action-die", "4", "character:ashitaka")
    assert panel.locator("h3").inner_text().startswith("Ashitaka: die showing 4")
    offered = panel.locator("[data-open-verb]").all_inner_texts()
    assert "Manipulate a die (+1 Stress)" in offered[0] or "Manipulate a die (+1 Stress)" in " ".join(offered)
    photograph(page, "nanolith", "04-die-tapped")
    assert serious_violations(page) == []  # the offers panel open, the tapped die marked
    form = choose_offer(page, panel, "manipulate-die")
    assert form.locator('.field[data-field="character"] select').input_value() == "ashitaka"
    assert form.locator('.field[data-field="value"] input:checked').get_attribute("value") == "4"
    form.locator('.field[data-field="direction"] select').select_option("up")
    stress_before = int(nanolith_board(page)["characters"]["ashitaka"]["stress"])
    submit(page, form)
    shown = _same_as_api(page, live, cid)
    assert shown["characters"]["ashitaka"]["dice"] == "2 5 5 2 6"
    assert int(shown["characters"]["ashitaka"]["stress"]) == stress_before + 1
    lines = effects(page)
    assert any("4" in line and "5" in line for line in lines), lines  # the die 4 -> 5, in the history's words
    assert page.locator("#effects .effects-next").inner_text().startswith("Next: Ashitaka")
    photograph(page, "nanolith", "05-manipulated")
    assert serious_violations(page) == []

    # undo takes the manipulation back (nothing was revealed since)
    undo_what = page.locator("#undo-what").inner_text()
    assert undo_what.startswith("Takes back: Manipulate a die (+1 Stress): ashitaka") and "manipulate-die" not in undo_what
    version = api_version(live, cid)
    page.click("#undo-button")
    wait_version(page, version + 1)
    toast = page.locator("#toast.show")
    assert toast.inner_text().startswith("Undone: Manipulate a die (+1 Stress): ashitaka")
    box, bar = toast.bounding_box(), page.locator("#controls").bounding_box()
    assert box["y"] + box["height"] <= bar["y"] and box["y"] >= 844 / 2  # in view, just above the bar the player tapped
    shown = _same_as_api(page, live, cid)
    assert shown["characters"]["ashitaka"]["dice"] == "2 4 5 2 6"
    assert int(shown["characters"]["ashitaka"]["stress"]) == stress_before
    photograph(page, "nanolith", "06-undone")


def test_a_tapped_enemy_offers_what_is_legal_for_it_and_a_refusal_cites_its_rule_once(browser, live):
    cid = live.new_campaign("nanolith", "Enemy taps")
    for verb, fields in [("start-encounter", {"name": "Encounter 1"}), ("place-enemy", {"enemy_type": "bio-mutant", "standee": 1, "life": 3}),
                         ("start-round", {})]:
        assert live.call("POST", f"/campaigns/{cid}/actions/{verb}", json={"fields": fields}).status_code == 201
    page = open_page(browser, live, f"/play/{cid}", live.admin)
    page.wait_for_selector(".view .owed")
    version = api_version(live, cid)
    panel = tap_thing(page, "enemy", "bio-mutant-1")
    assert panel.locator("h3").inner_text().startswith("Bio Mutant 1")
    # in the Status Phase nothing is done to an enemy: every offer is refused now, each with the rulebook's reason
    assert panel.locator("[data-open-verb]").count() + panel.locator(".not-now li").count() >= 5
    form = owed_form(page, "roll-action-dice", "ashitaka")
    for pips in (2, 4, 5, 2, 6, 6):  # six dice: Ashitaka rolls five
        form.locator(f'.field[data-field="dice"] [data-add="{pips}"]').click()
    form.locator("button[type=submit]").click()
    error = form.locator(".form-error")
    error.wait_for(state="visible")
    text = error.inner_text()
    # the message already ends with its rule: cited once (nanolith.txt § Action Dice Value)
    assert text == "Ashitaka rolls exactly 5 Action Dice, not 6 (nanolith.txt § Action Dice Value)", text
    assert api_version(live, cid) == version  # nothing stored: neither the taps' dry runs nor the refusal
    # a message written for the command line speaks of the page's fields on the page
    words = page.evaluate("() => pageWords('the Reinforcement Table is not known: give --tokens-spent (see --life)')")
    assert words == "the Reinforcement Table is not known: give the “tokens spent” field (see the “life” field)"
    assert page.evaluate("() => errorText({message: 'no (x.txt § A)', rule: 'x.txt § A'})") == "no (x.txt § A)"
    assert page.evaluate("() => errorText({message: 'no', rule: 'x.txt § A'})") == "no (x.txt § A)"
