"""Every field of every action form of every game is labelled in words (the kit's ``KIT.field_labels``, else the
field's name in words): never the raw field key (``character_id``), never an underscore, never a bare abbreviation
of the rulebook (Tamashii's ``mov``: "MOV (Movement)"; Nîn-Gonost's ``ap``: "Action Points (AP)")."""

from __future__ import annotations

import pytest

from domain.core.registry import rulesets

from .conftest import open_page, screenshot
from .drive import open_form

LABELS = """() => [...kept.entries()].filter(([path]) => path.includes('/form/')).flatMap(([path, html]) => {
    const form = new DOMParser().parseFromString(html, 'text/html');
    return [...form.querySelectorAll('.field[data-field]')].map((field) => {
        const own = field.querySelector(':scope > label, :scope > fieldset > legend, :scope > label.check');
        const words = own ? [...own.childNodes].filter((n) => n.nodeType === 3 || !n.classList.contains('req'))
                                .map((n) => n.textContent).join('').trim() : '';
        return [decodeURIComponent(path.split('/form/')[1]), field.dataset.field, words];
    });
})"""


def _labels(page) -> list[tuple[str, str, str]]:
    page.wait_for_selector("body[data-forms-kept]", state="attached", timeout=60_000)  # every form, kept for offline
    return [tuple(row) for row in page.evaluate(LABELS)]


def test_every_field_of_every_game_is_labelled_in_words(browser, live):
    walked, bad = {}, []
    for game, ruleset in rulesets().items():
        cid = live.new_campaign(game, f"Labels {game}")
        page = open_page(browser, live, f"/play/{cid}", live.admin)
        rows = _labels(page)
        assert {verb for verb, _, _ in rows} >= set(ruleset.actions) - {v for v in ruleset.actions if not ruleset.actions[v].schema._declared_fields}
        bad += [(game, verb, key, words) for verb, key, words in rows
                if not words or words == key or "_" in words or (len(key) <= 3 and len(words) <= len(key) + 1)]
        walked[game] = len(rows)
        page.context.close()
    assert bad == []
    assert sum(walked.values()) > 400, walked  # every form was walked, not a few


@pytest.mark.parametrize("width", [320, 390])
def test_a_form_with_abbreviated_fields_shows_their_words(browser, live, width):
    cid = live.new_campaign("tamashii", f"Inhabit {width}")
    page = open_page(browser, live, f"/play/{cid}", live.admin, viewport={"width": width, "height": 800})
    page.wait_for_selector(".view")
    form = open_form(page, "inhabit")
    shown = {key: form.locator(f'.field[data-field="{key}"] > label').inner_text() for key in ("mov", "att", "pro")}
    assert shown == {"mov": "MOV (Movement)", "att": "ATT (Attack)", "pro": "PRO (Processing)"}
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    form.scroll_into_view_if_needed()
    screenshot(page, "field-labels")
