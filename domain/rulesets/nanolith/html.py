"""Nanolith's ``board`` view drawn as HTML for the table's page: the Player Boards as the table shows them.

Pure functions of the view's JSON (:func:`.views.board`), built with :mod:`domain.core.html` (every text
escaped). Each Player Board shows the Damage Index (``nanolith.txt § Character Preparation``: a red Damage
Cube from the Zero Space to the skull at 10), the Stress Index with its two cubes (the yellow Stress Cube
from the left Zero Space, the red Nanoshock Cube from the right one, moving left with each Nanoshock:
``nanolith.txt § Nanoshock Cube``), the Nanoshock Token, and the Action Dice as dice in roll order.
Key numbers are also ``data-*`` attributes, so a test can compare the drawing with the JSON.
"""

from __future__ import annotations

from typing import Any

from domain.core.html import attrs, dice, die, esc, track

from .vocabulary import DAMAGE_MAX, NAMES, STRESS_LIMIT_START, Phase


def _phase(value: str) -> str:
    return Phase(value).title if value in {p.value for p in Phase} else value


def _stress_track(c: dict[str, Any]) -> str:
    """The Stress Index: spaces 0..6, the Stress Cube on ``stress``, the Nanoshock Cube on ``stress_limit``;
    spaces right of the Nanoshock Cube are no longer part of the index (greyed)."""
    limit = c["stress_limit"]
    label = f"Stress {c['stress']}; the Nanoshock Cube is on space {limit}: a Nanoshock when Stress reaches {limit}"
    return track(label, STRESS_LIMIT_START, {c["stress"]: "yellow", limit: "red"}, out_after=limit)


def _effects(effects: dict[str, int]) -> str:
    shown = [f'<li>{esc(name.capitalize())} ×{esc(n)}</li>' for name, n in effects.items() if n]
    return f'<ul class="ql-tags" aria-label="Effect Tokens">{"".join(shown)}</ul>' if shown else ""


def _badges(char_id: str, c: dict[str, Any], board: dict[str, Any]) -> str:
    badges = []
    if board["initiative"] == char_id:
        badges.append('<span class="ql-badge ql-gold">Initiative Token</span>')
    if board["activating"] == char_id:
        badges.append('<span class="ql-badge ql-blue">activating</span>')
    elif c["activated"]:
        badges.append('<span class="ql-badge">done</span>')
    if c["unconscious"]:
        badges.append('<span class="ql-badge ql-red">Unconscious</span>')
    return " ".join(badges)


def _tap_dice(char_id: str, name: str, values: list[int]) -> str:
    """The unspent Action Dice as dice to tap (``data-kind="action-die"``, the face as ``data-id``, the hero as
    ``data-context``): a tap offers spending or manipulating that die (:mod:`.page`)."""
    if not values:
        return '<span class="ql-none">—</span>'
    items = "".join(f'<li><button type="button" class="nl-die"{attrs(data_kind="action-die", data_id=v, data_context=f"character:{char_id}", aria_label=f"{name}: die showing {v}")}>'
                    f'{die(v)}</button></li>' for v in values)
    return f'<ul class="ql-dice"{attrs(aria_label=f"{name}: unspent Action Dice in roll order (tap one to use it)")}>{items}</ul>'


def _character(char_id: str, c: dict[str, Any], board: dict[str, Any]) -> str:
    name = NAMES.get(char_id, char_id)
    data = attrs(data_character=char_id, data_damage=c["damage"], data_stress=c["stress"], data_stress_limit=c["stress_limit"],
                 data_nanoshocks=c["nanoshocks"], data_token=c["nanoshock_token"], data_dice=" ".join(map(str, c["dice"]["available"])))
    damage = track(f"Damage {c['damage']} of {DAMAGE_MAX}", DAMAGE_MAX, {c["damage"]: "red"}, ends={DAMAGE_MAX: "☠"})
    token = "active" if c["nanoshock_token"] == "active" else "inactive"
    available = _tap_dice(char_id, name, c["dice"]["available"])
    placed = c["dice"]["inactive_index"]
    rows = [f'<span class="nl-label">Damage {esc(c["damage"])}/{DAMAGE_MAX}</span>{damage}',
            f'<span class="nl-label">Stress {esc(c["stress"])}/{esc(c["stress_limit"])}</span>{_stress_track(c)}',
            f'<span class="nl-label">Action Dice</span>{available}']
    if placed:
        rows.append(f'<span class="nl-label">Inactive Index</span>{dice(placed, label=f"{name}: Inactive Index", muted=True)}')
    body = "".join(f'<div class="nl-row">{row}</div>' for row in rows)
    who = (f'<h3 class="nl-who"><button type="button"{attrs(data_kind="character", data_id=char_id, aria_label=f"{name} (tap for actions)")}>'
           f'{esc(name)}</button> {_badges(char_id, c, board)}</h3>')
    return (f'<li class="nl-char"{data}>{who}{body}'
            f'<p class="nl-token">Nanoshock Token <b class="ql-{"on" if token == "active" else "off"}">{token}</b>'
            f' · Nanoshocks ×{esc(c["nanoshocks"])}</p>{_effects(c["effects"])}</li>')


def _enemies(board: dict[str, Any]) -> str:
    rows = []
    for enemy_id, e in board["enemies"].items():
        life = e.get("life")
        health = (track(f"{e['damage']} Damage of {life} Life Points", life, {e["damage"]: "red"}) if life else "")
        notes = ", ".join(f"{k} ×{n}" for k, n in e["effects"].items() if n) + (" paralyzed" if e.get("paralyzed") else "")
        rows.append(f'<tr{attrs(data_enemy=enemy_id, data_damage=e["damage"])}><th scope="row"><button type="button"{attrs(data_kind="enemy", data_id=enemy_id)}>{esc(enemy_id)}</button></th>'
                    f'<td>{esc(e["damage"])}/{esc(life if life else "?")}{health}</td><td>{esc(notes or e.get("class") or "")}</td></tr>')
    if not rows:
        return '<p class="ql-none">No enemies on the map.</p>'
    return ('<table class="ql-table"><caption>Enemies on the map</caption><thead><tr><th scope="col">enemy</th>'
            f'<th scope="col">Damage</th><th scope="col">notes</th></tr></thead><tbody>{"".join(rows)}</tbody></table>')


def _cards(board: dict[str, Any]) -> str:
    items = []
    for char_id, c in board["characters"].items():
        skills = ", ".join(c["skills"]["active"]) or "—"
        items.append(f'<dt>{esc(NAMES.get(char_id, char_id))}</dt><dd>Skills: {esc(skills)}; Items: {esc(", ".join(c["items"]) or "—")}</dd>')
    kid = board["sidekick"]
    where = f"on the map, {kid['damage']}/{kid['life']}" if kid["on_map"] else "off the map"
    items.append(f'<dt>Sidekick</dt><dd>{esc(where)}; Programs: {esc(", ".join(kid["programs"]) or "—")}</dd>')
    return f'<details class="nl-cards"><summary>Cards</summary><dl class="ql-dl">{"".join(items)}</dl></details>'


def board_html(board: dict[str, Any]) -> str:
    """The ``board`` view as HTML: the Encounter's header, one card per Player Board, enemies, Spawn Pool, cards."""
    title = esc(board["encounter"] or "No Encounter in progress")
    pool = ", ".join(f"{kind} {' '.join(map(str, standees))}" for kind, standees in board["spawn_pool"].items() if standees)
    action = board["nanoshock_action"]
    head = (f'<header class="nl-head"{attrs(data_round=board["round"], data_phase=board["phase"], data_reinforcement_pool=board["reinforcement_pool"])}>'
            f'<h2>{title}</h2><p>Round {esc(board["round"])} · {esc(_phase(board["phase"]))}</p>'
            f'<p>Reinforcement Pool {esc(board["reinforcement_pool"])}/12'
            + (" · lower difficulty" if board["lower_difficulty"] else "")
            + (f' · Nanoshock Action: {esc(NAMES.get(action["character"], action["character"]))}' if action else "")
            + "</p></header>")
    characters = "".join(_character(cid, c, board) for cid, c in board["characters"].items())
    return (f'<div class="nl-board">{head}<ul class="nl-chars" aria-label="Player Boards">{characters}</ul>'
            f'{_enemies(board)}<p>Spawn Pool: {esc(pool or "empty")}</p>{_cards(board)}</div>')


HTML_VIEWS = {"board": board_html}
