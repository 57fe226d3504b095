"""Driving the page like a person at the table: pick an action, tap its fields, record; read the board back."""

from __future__ import annotations

from typing import Any

from domain.core.errors import BadInput
from domain.core.ruleset import Ruleset

from .conftest import Live


def shown_version(page: Any) -> int:
    """The version the page's board shows."""
    return int(page.locator(".view").get_attribute("data-version"))


def wait_version(page: Any, version: int) -> None:
    """Wait until every part of the page shows ``version`` (it redraws after its own actions and when polling)."""
    page.wait_for_selector(f'body[data-shown="{version}"]', state="attached")


def api_version(live: Live, cid: str) -> int:
    """The campaign's version according to the API."""
    return live.call("GET", f"/campaigns/{cid}").json()["version"]


FIRST_ROLLS = [("ash", [2, 4, 5, 2, 6]), ("vaa", [3, 3, 5, 2, 6]), ("cora", [1, 1, 4, 5, 6]), ("ada", [3, 3, 5, 2, 6])]
"""Round 1's Action Dice of the page tests' Nanolith evening (Cora's two 1s: 2 Stress, nanolith.txt § Action Dice)."""


def nanolith_round(live: Live, name: str, spent: tuple[int, ...] = (4, 5)) -> str:
    """A new Nanolith campaign ``name`` over HTTP: Encounter 1, Round 1 rolled (:data:`FIRST_ROLLS`; the seal is
    Ada's roll), the Initiative Token given to Ashitaka and his dice ``spent`` one at a time; returns its id."""
    cid = live.new_campaign("nanolith", name)
    steps = [("start-encounter", {"name": "Encounter 1"}), ("start-round", {}),
             *[("roll-action-dice", {"character": who, "dice": dice}) for who, dice in FIRST_ROLLS],
             ("give-initiative", {"character": "ash"}), *[("spend-dice", {"character": "ash", "values": [v]}) for v in spent]]
    for verb, fields in steps:
        assert live.call("POST", f"/campaigns/{cid}/actions/{verb}", json={"fields": fields}).status_code == 201
    return cid


def open_form(page: Any, verb: str) -> Any:
    """Close any open form, choose ``verb`` in the picker and return its freshly loaded form."""
    if page.locator("form.action-form").count():
        page.locator("form.action-form [data-close]").click()
        page.wait_for_selector("form.action-form", state="detached")
    page.select_option("#verb-select", verb)
    form = page.locator(f'form.action-form[data-verb="{verb}"]')
    form.wait_for()
    return form


def _option(field: Any, ruleset: Ruleset, value: Any) -> str:
    values = field.locator("option, [data-add]").evaluate_all("els => els.map(e => e.value || e.dataset.add)")
    if str(value) in values:
        return str(value)
    try:
        return ruleset.resolve_character(str(value))
    except BadInput:
        return str(value)


def fill(form: Any, ruleset: Ruleset, name: str, value: Any) -> None:
    """Give field ``name`` the CLI-parsed ``value`` the way a person would: select, tap pips, type."""
    field = form.locator(f'.field[data-field="{name}"]')
    kind = field.get_attribute("data-kind")
    if kind == "flag":
        field.locator("input").set_checked(bool(value))
    elif kind in ("choice", "pick"):
        field.locator("select").select_option(_option(field, ruleset, value))
    elif kind == "pips":
        field.locator(f'label[for$="-{int(value)}"]').click()
    elif kind == "dice":
        for pips in value:
            field.locator(f'[data-add="{int(pips)}"]').click()
    elif kind == "multi":
        for item in value:
            field.locator(f'[data-add="{_option(field, ruleset, item)}"]').click()
    elif kind == "items":  # one input (or picker) per item, "add" for each further one
        for i, item in enumerate(value):
            if i:
                field.locator("[data-add-item]").click()
            box = field.locator("[data-item]").nth(i)
            if box.evaluate("e => e.tagName") == "SELECT":
                box.select_option(_option(field, ruleset, item))
            else:
                box.fill(str(item))
    else:
        field.locator("input").fill(str(value))


def record(page: Any, ruleset: Ruleset, verb: str, raw: dict[str, Any], refused: bool = False) -> Any:
    """Record one action through the page (or see it refused); returns the form. Waits until the page is done:
    the board redrawn at a new version, the form closed and "Just recorded" shown, or the refusal shown."""
    before = shown_version(page)
    form = open_form(page, verb)
    for name, value in raw.items():
        fill(form, ruleset, name, value)
    form.locator("button[type=submit]").click()
    if refused:
        form.locator(".form-error").wait_for(state="visible")
        return form
    # the board shown past ``before`` with this action's effects at its version: another phone's action may redraw
    # the page first (its live stream), and that redraw alone is not this one's
    page.wait_for_function("""v => { const shown = document.body.dataset.shown, effects = document.getElementById('effects');
                                     return Number(shown) > v && effects && !effects.hidden && effects.dataset.version === shown; }""", arg=before)
    assert page.locator("#form-slot form").count() == 0  # recorded: the form is closed, never left to record twice
    return form


def nanolith_board(page: Any) -> dict[str, Any]:
    """The key numbers of the page's Nanolith board, read from the drawing's data attributes."""
    return page.evaluate("""() => ({
        head: Object.assign({}, document.querySelector('.nl-head').dataset),
        characters: Object.fromEntries([...document.querySelectorAll('.nl-char')].map(li => [li.dataset.character, Object.assign({}, li.dataset)])),
        enemies: Object.fromEntries([...document.querySelectorAll('tr[data-enemy]')].map(tr => [tr.dataset.enemy, tr.dataset.damage])),
    })""")


def nanolith_expected(view: dict[str, Any]) -> dict[str, Any]:
    """The same numbers from the API's ``board`` view JSON."""
    characters = {cid: {"character": cid, "damage": str(c["damage"]), "stress": str(c["stress"]), "stressLimit": str(c["stress_limit"]),
                        "nanoshocks": str(c["nanoshocks"]), "token": c["nanoshock_token"], "dice": " ".join(map(str, c["dice"]["available"]))}
                  for cid, c in view["characters"].items()}
    return {"head": {"round": str(view["round"]), "phase": view["phase"], "reinforcementPool": str(view["reinforcement_pool"])},
            "characters": characters, "enemies": {eid: str(e["damage"]) for eid, e in view["enemies"].items()}}


def generic_values(page: Any) -> dict[str, str]:
    """Every value the generic drawing shows, by its dotted path in the view's JSON."""
    return page.evaluate("() => Object.fromEntries([...document.querySelectorAll('.view-body [data-path]')].map(e => [e.dataset.path, e.textContent.trim()]))")


def as_shown(value: Any) -> str:
    """How the generic drawing shows a scalar."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def lookup(data: Any, path: str) -> Any:
    """The value at a dotted path of JSON data (list indexes are numbers)."""
    for part in path.split("."):
        data = data[int(part)] if isinstance(data, list) else data[part]
    return data
