"""A fresh user's findings on the table page, fixed (issue 24): offers the rules refuse now shown as "not now"
(nanolith.txt § 1.2 Character Action Phase: no die is manipulated in the Status Phase), the form closed after it
recorded with what is owed next offered, the Undo / Redo bar never covering the page, each owed button naming who
owes it and the tapped character's owed action first, colour names drawn with their colour. Each at 390x844 and
320x640 (measured and photographed by :func:`photograph`)."""

from __future__ import annotations

from typing import Any

from .conftest import open_page
from .drive import api_version, wait_version
from .tapping import PHONES, choose_offer, owed_form, photograph, submit, tap_thing


def _post(live: Any, cid: str, verb: str, fields: dict[str, Any]) -> None:
    response = live.call("POST", f"/campaigns/{cid}/actions/{verb}", json={"fields": fields})
    assert response.status_code == 201, response.text


def _status_phase_after_ashitaka(live: Any, name: str) -> str:
    cid = live.new_campaign("nanolith", name)
    _post(live, cid, "start-encounter", {"name": "Encounter 1"})
    _post(live, cid, "start-round", {})
    _post(live, cid, "roll-action-dice", {"character": "ashitaka", "dice": [2, 4, 5, 2, 6]})  # nanolith.txt § 1.1
    return cid


def test_a_tapped_die_in_the_status_phase_offers_no_manipulation_and_says_why(browser, live):
    cid = _status_phase_after_ashitaka(live, "Dice not now")
    page = open_page(browser, live, f"/play/{cid}", live.admin)
    page.wait_for_selector(".view .owed")
    panel = tap_thing(page, "action-die", "4", "character:ashitaka")
    offered = panel.locator(".offers [data-open-verb]").evaluate_all("els => els.map(e => e.dataset.openVerb)")
    assert "manipulate-die" not in offered and "remove-hacked" not in offered, offered
    panel.locator(".not-now summary").click()
    refused = panel.locator(".not-now li").all_inner_texts()
    phase = "this happens in the Character Action Phase, but the Encounter is in the Status Phase"
    assert any(line.startswith("Manipulate a die (+1 Stress):") and phase in line for line in refused), refused
    assert any(line.startswith("Remove the Hacked Token:") and phase in line for line in refused), refused
    photograph(page, "polish", "01-die-not-now")
    # the full list says the same: both "(not now)", after every action possible or needing details
    options = page.locator("#verb-select option").evaluate_all("els => els.map(e => [e.value, e.textContent.trim()])")
    shown = dict(options)
    assert shown["manipulate-die"] == "Manipulate a die (+1 Stress) (not now)"
    assert shown["remove-hacked"] == "Remove the Hacked Token (not now)"
    assert not shown["roll-action-dice"].endswith("(not now)")  # the dice still to give: needs details, not refused


def test_each_owed_button_names_who_and_a_tapped_character_offers_what_he_owes_first(browser, live):
    cid = _status_phase_after_ashitaka(live, "Owed names")
    page = open_page(browser, live, f"/play/{cid}", live.admin)
    page.wait_for_selector(".view .owed")
    named = ["Vaa-Lith: Roll Action Dice", "Cora: Roll Action Dice", "Ada: Roll Action Dice"]
    assert page.locator('.view .owed [data-open-verb="roll-action-dice"]').all_inner_texts() == named
    page.locator('#actions .quick [data-open-verb="roll-action-dice"]').first.wait_for()
    assert page.locator('#actions .quick [data-open-verb="roll-action-dice"]').all_inner_texts() == named  # the picker's too
    prefills = page.locator('#actions .quick [data-open-verb="roll-action-dice"]').evaluate_all("els => els.map(e => e.dataset.prefill)")
    assert prefills == ['{"character": "vaa-lith"}', '{"character": "cora"}', '{"character": "ada"}']
    owed_group = page.locator('#verb-select optgroup[label="Owed now"] option').all_inner_texts()
    assert owed_group.count("Roll Action Dice") == 1  # each owed action once in the full list
    panel = tap_thing(page, "character", "cora")
    first = panel.locator(".offers [data-open-verb]").first
    assert first.get_attribute("data-open-verb") == "roll-action-dice"
    assert first.get_attribute("data-owed") == "yes"
    assert first.inner_text().startswith("Roll Action Dice")
    assert panel.locator('[data-owed="yes"]').count() == 1
    photograph(page, "polish", "02-owed-first")


def test_a_recorded_form_closes_and_offers_what_is_owed_next_for_whoever_owes_it(browser, live):
    cid = live.new_campaign("nanolith", "Closing forms")
    page = open_page(browser, live, f"/play/{cid}", live.admin)
    page.wait_for_selector(".view .owed")
    form = owed_form(page, "start-encounter")
    form.locator('.field[data-field="name"] input').fill("Encounter 1")
    submit(page, form)
    assert page.locator("#form-slot form").count() == 0  # no second "Record" to press
    offered = page.locator("#effects .effects-acts button").all_inner_texts()
    assert offered[0] == "Start the Round" and offered == page.locator(".view .owed [data-open-verb]").all_inner_texts()
    assert page.locator("#effects .effects-next").inner_text().startswith("Next: The table: place the Spawn Pool")
    photograph(page, "polish", "03-recorded-closed")
    submit(page, choose_offer(page, page.locator("#effects"), "start-round"))
    rolls = {"ashitaka": [2, 4, 5, 2, 6], "vaa-lith": [3, 3, 5, 2, 6]}
    for hero, dice in rolls.items():  # each roll from the button "Just recorded" offers, prefilled for who rolls next
        next_button = page.locator("#effects .effects-acts [data-open-verb='roll-action-dice']").first
        assert next_button.get_attribute("data-prefill") == f'{{"character": "{hero}"}}'
        form = choose_offer(page, page.locator("#effects"), "roll-action-dice")
        assert form.locator('.field[data-field="character"] select').input_value() == hero
        for pips in dice:
            form.locator(f'.field[data-field="dice"] [data-add="{pips}"]').click()
        submit(page, form)
        assert page.locator("#form-slot form").count() == 0
    assert page.locator("#effects .effects-next").inner_text().startswith("Next: Cora")
    assert page.locator("#effects .effects-acts button").first.inner_text() == "Cora: Roll Action Dice"
    photograph(page, "polish", "04-next-is-cora")


def test_the_undo_bar_never_covers_the_page_and_the_header_fits_at_320(browser, live):
    cid = _status_phase_after_ashitaka(live, "Bar and header")
    page = open_page(browser, live, f"/play/{cid}", live.admin, viewport=PHONES[1])
    page.wait_for_selector("#controls .undo-redo")
    form = owed_form(page, "roll-action-dice", "cora")
    for pips in (1, 1, 4, 5, 6, 6):  # six dice: Cora rolls five (nanolith.txt § Action Dice Value)
        form.locator(f'.field[data-field="dice"] [data-add="{pips}"]').click()
    form.locator("button[type=submit]").click()
    form.locator(".form-error").wait_for(state="visible")
    page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_timeout(100)
    box = page.evaluate("""() => {
        const bar = document.getElementById('controls').getBoundingClientRect();
        const error = document.querySelector('#form-slot .form-error').getBoundingClientRect();
        const button = document.querySelector('#form-slot button[type=submit]').getBoundingClientRect();
        return {bar_top: bar.top, bar_height: bar.height, error_bottom: error.bottom, button_bottom: button.bottom,
                pad: parseFloat(getComputedStyle(document.body).paddingBottom)};
    }""")
    assert box["bar_height"] <= 90, box  # was ~125 px: two buttons and one line each
    assert box["pad"] >= box["bar_height"], box
    assert box["error_bottom"] <= box["bar_top"] and box["button_bottom"] <= box["bar_top"], box
    photograph(page, "polish", "05-error-above-the-bar")
    what = page.locator("#undo-what")
    one_line = what.bounding_box()["height"]
    what.click()
    assert what.get_attribute("class").split().count("open") == 1
    assert what.bounding_box()["height"] > one_line * 1.5  # the whole reason on demand
    for path in (f"/play/{cid}", f"/play/{cid}/history", f"/play/{cid}/audit", f"/play/{cid}/stats"):
        page.goto(live.url + path)
        page.wait_for_selector("body[data-shown]", state="attached")
        for viewport in PHONES:
            page.set_viewport_size(viewport)
            page.wait_for_timeout(50)
            rects = page.evaluate("""() => {
                const r = (el) => { const b = el.getBoundingClientRect(); return [b.left, b.right]; };
                const nav = document.querySelector('.tabs');
                return {tabs: [...document.querySelectorAll('.tabs a')].map(r), brand: r(document.querySelector('.brand')), nav: r(nav),
                        hidden_tabs: nav.scrollWidth - nav.clientWidth,
                        token: r(document.getElementById('token-button')),
                        overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth};
            }""")
            assert rects["overflow"] == 0 and rects["hidden_tabs"] <= 0, (path, viewport, rects)  # every tab in sight
            edges = [rects["brand"], *rects["tabs"], rects["token"]]
            for left, right in zip(edges, edges[1:]):
                assert left[1] <= right[0] + 0.5, (path, viewport, rects)  # nothing runs into the next
            assert rects["token"][1] <= viewport["width"], (path, viewport, rects)
        if not path.endswith("/stats"):  # the Stats charts' own SVG text is the stats work's to measure
            photograph(page, "polish", "06-header" + path.rsplit("/", 1)[-1].replace(cid, "-board"))


def test_data_colours_are_drawn_with_their_colour_beside_their_name(browser, live):
    cid = live.new_campaign("tamashii", "Colours")
    page = open_page(browser, live, f"/play/{cid}", live.admin)
    wait_version(page, api_version(live, cid))
    page.evaluate("() => openForm('gain-data', {})")
    form = page.locator('#form-slot form[data-verb="gain-data"]')
    form.wait_for()
    dots = {"red": "rgb(255, 107, 107)", "blue": "rgb(107, 168, 255)", "yellow": "rgb(255, 216, 77)",
            "green": "rgb(95, 211, 141)", "open": "rgb(238, 238, 238)", "corrupted": "rgb(176, 107, 255)"}
    for colour, rgb in dots.items():
        chip = form.locator(f'.field[data-field="tokens"] .chip[data-add="{colour}"]')
        assert chip.inner_text() == colour  # the name stays: never colour alone
        assert chip.evaluate("el => getComputedStyle(el, '::before').backgroundColor") == rgb
        assert chip.evaluate("el => getComputedStyle(el).borderTopColor") == rgb
    form.locator('.field[data-field="tokens"] .chip[data-add="red"]').click()
    entered = form.locator('.field[data-field="tokens"] .entered-item')
    assert entered.inner_text() == "red"
    assert entered.evaluate("el => getComputedStyle(el, '::before').backgroundColor") == dots["red"]
    form.scroll_into_view_if_needed()
    photograph(page, "polish", "07-data-colours")
