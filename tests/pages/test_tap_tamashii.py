"""Tamashii's Geohunt set up and its first turn played from a phone by tapping and pickers only
(``examples/tamashii/geohunt-turn.ql`` up to "# Turn 2"; tamashii.txt § Game setup 3c / 3d / 5, § Turn order):
the Class's two Starting Augments entered with the names printed on them ("Kinetic battery", "Reaper 2": one
item each, spaces kept), the tile tapped on the board to move, the Player Board tapped to launch; the board
compared with the API's view at every step, the owed step offered first, each step measured and photographed at
390x844 and 320x640, axe-core clean."""

from __future__ import annotations

from typing import Any

from .conftest import open_page, serious_violations
from .drive import api_version, as_shown, generic_values, lookup, wait_version
from .tapping import choose_offer, effects, owed_form, photograph, submit, tap_thing


def _board_matches(page: Any, live: Any, cid: str) -> int:
    """Every value the drawn board shows (``data-path``) equals the API's board view; returns how many."""
    wait_version(page, api_version(live, cid))
    view = live.call("GET", f"/campaigns/{cid}/views/board").json()["data"]
    compared = 0
    for path, text in generic_values(page).items():
        value = lookup(view, path)
        assert text == as_shown(value), f"{path}: page {text!r}, API {value!r}"
        compared += 1
    return compared


def _owed(page: Any) -> list[tuple[str, str]]:
    return [(li.get_attribute("data-owed-who"), li.locator("p").inner_text()) for li in page.locator(".owed li").all()]


def _tap_tokens(form: Any, name: str, tokens: list[str]) -> None:
    for token in tokens:
        form.locator(f'.field[data-field="{name}"] [data-add="{token}"]').click()


def _items(form: Any, name: str, values: list[str]) -> None:
    """Enter a list field one item per input, tapping "add" for each further item."""
    field = form.locator(f'.field[data-field="{name}"]')
    for i, value in enumerate(values):
        if i:
            field.locator("[data-add-item]").click()
        field.locator("[data-item]").nth(i).fill(value)


def _step(form: Any, name: str, times: int) -> None:
    for _ in range(times):
        form.locator(f'.field[data-field="{name}"] [data-step="1"]').click()


def test_geohunt_setup_3c_with_the_augment_names_and_one_turn_only_by_tapping(browser, live):
    cid = live.new_campaign("tamashii", "Geohunt by tapping")
    for verb, fields in [("start-scenario", {"scenario": "prologue", "boards": ["red", "blue"]}), ("draw-victory-card", {"card": "A06"})]:
        assert live.call("POST", f"/campaigns/{cid}/actions/{verb}", json={"fields": fields}).status_code == 201, verb
    page = open_page(browser, live, f"/play/{cid}?view=board", live.admin)
    page.wait_for_selector(".view .owed")
    assert _owed(page) == [("", "The table: start a Scenario (the Prologue first)")]

    form = owed_form(page, "start-scenario")
    form.locator('.field[data-field="scenario"] select').select_option("geohunt")  # the Progress sheet's Scenarios
    _tap_tokens(form, "boards", ["red", "blue"])
    for _ in range(10):  # the Trace's top at 10, by its stepper
        form.locator('.field[data-field="trace_top"] [data-step="1"]').click()
    assert form.locator('.field[data-field="trace_top"] input').input_value() == "10"
    submit(page, form)
    assert _board_matches(page, live, cid) > 40
    # setup 3c and 3d are owed first, board by board (tamashii.txt § Game setup)
    owed = _owed(page)
    assert owed[0] == ("red", "Red: setup 3c: choose a Class and place its 2 Starting Augments")
    # "Just recorded" says what is owed next item by item, each line with its own buttons (not one run-on line)
    lines = page.locator("#effects .effects-next, #effects .effects-also").all_inner_texts()
    assert lines == ["Next: " + owed[0][1]] + [text for _, text in owed[1:]] and len(lines) == 5, lines
    assert page.locator("#effects .effects-acts").count() == 5
    photograph(page, "tamashii", "01-setup-owed")

    for board, klass, starting in [("red", "reaper", ["Kinetic battery", "Reaper 2"]), ("blue", "whisperer", ["Whisperer 1", "Whisperer 2"])]:
        form = owed_form(page, "choose-class", board)
        assert form.locator('.field[data-field="board"] select').input_value() == board
        form.locator('.field[data-field="name"] select').select_option(klass)
        _items(form, "starting", starting)
        if board == "red":
            photograph(page, "tamashii", "02-augment-names")
        submit(page, form)
        assert _board_matches(page, live, cid) > 40
        names = page.locator(f'.tm-board[data-board="{board}"] [data-kind="augment"]').evaluate_all("els => els.map(e => e.dataset.id)")
        assert names == starting  # "Kinetic battery" stays one Augment, its space kept
    for board, protocol in [("red", "Bodyguard"), ("blue", "Scavenger")]:
        form = owed_form(page, "choose-learning-protocol", board)
        form.locator('.field[data-field="name"] input').fill(protocol)  # printed on the card drawn
        submit(page, form)
    form = owed_form(page, "set-up-body-market")
    _items(form, "cards", ["Soldier", "Scout", "Tank"])
    submit(page, form)
    assert _board_matches(page, live, cid) > 40
    assert page.locator('[data-kind="body"]').evaluate_all("els => els.map(e => e.dataset.id)") == ["Soldier", "Scout", "Tank"]

    # Planning: the Refill is owed (no Trace Roll on the first turn); Time is not offered before it
    assert [who for who, _ in _owed(page)] == ["red", "blue"]
    assert all("refill" in text.lower() for _, text in _owed(page))
    assert page.locator('.owed [data-open-verb="reduce-time"]').count() == 0
    for board, tokens in [("red", ["red", "red", "blue", "yellow"]), ("blue", ["blue", "blue", "green", "red"])]:
        form = owed_form(page, "refill-launcher", board)
        _tap_tokens(form, "tokens", tokens)
        submit(page, form)
        assert _board_matches(page, live, cid) > 40
    page.evaluate("() => window.scrollTo(0, 0)")
    photograph(page, "tamashii", "03-refilled")
    panel = tap_thing(page, "character", "red")
    form = choose_offer(page, panel, "program")
    _step(form, "moves", 2)
    _step(form, "pro", 3)
    assert form.locator('.field[data-field="moves"] input').input_value() == "2"
    submit(page, form)
    assert "3" in " ".join(effects(page))
    submit(page, owed_form(page, "end-phase"))
    assert _board_matches(page, live, cid) > 40

    # Action: red owes Move & Trace; the tile is tapped on the board
    assert _owed(page)[0][0] == "red"
    panel = tap_thing(page, "tile", "5")
    photograph(page, "tamashii", "04-tile-tapped")
    form = choose_offer(page, panel, "move")
    assert form.locator('.field[data-field="tile"] select').input_value() == "5"
    form.locator('.field[data-field="board"] select').select_option("red")
    _step(form, "entry", 1)
    submit(page, form)
    assert _board_matches(page, live, cid) > 40
    assert page.locator('[data-path="boards.red.tile"]').inner_text() == "5"
    panel = tap_thing(page, "character", "red")
    form = choose_offer(page, panel, "launch-basic-pattern")
    form.locator('.field[data-field="pattern"] select').select_option("shield")
    _tap_tokens(form, "tokens", ["red", "red"])
    submit(page, form)
    assert page.locator('[data-path="boards.red.assets.shield"]').inner_text() == "1"
    assert effects(page)
    photograph(page, "tamashii", "05-launched")
    submit(page, owed_form(page, "end-phase"))
    form = owed_form(page, "stay", "blue")
    _step(form, "stationary", 2)
    submit(page, form)
    submit(page, owed_form(page, "end-phase"))
    assert _board_matches(page, live, cid) > 40
    # nobody has an attached Enemy: the Combat phase passed by itself; the Quest phase ends the turn
    assert page.locator('[data-path="phase"]').inner_text() == "quest"
    submit(page, owed_form(page, "end-phase"))
    assert _board_matches(page, live, cid) > 40
    assert (page.locator('[data-path="turn"]').inner_text(), page.locator('[data-path="first_player"]').inner_text()) == ("2", "blue")
    photograph(page, "tamashii", "06-turn-2")
    assert serious_violations(page) == []
