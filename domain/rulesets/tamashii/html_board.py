"""Tamashii's ``board`` view drawn as HTML for a phone: one card per Player Board, then the shared play area.

Each Player Board (tamashii.txt § Player Board, Launcher & Data tokens) shows its Integrity out of its Limiter,
the four Assets (§ Assets – Shield, Memory, Power and Reroll), EXP, the Trace (§ Trace), the Launcher, the Data
Bag and the Dump (§ Data tokens), the attached Enemies (§ Attaching Enemies: the Top Enemy first), the Augments
(§ Classes, Factions, and Augment cards), the Body (§ Body cards), the Learning Protocol and the latest roll. The
play area: Time, turn, phase, who acts, the map's District tiles, the Body Market, the Enemy deck.

Everything is text (the drawing is its own text alternative: no picture carries information alone); each value
taken from the view carries its dotted ``data-path`` (``boards.red.integrity``) so a test compares it with the
API's JSON. Tappable things are buttons with ``data-kind`` / ``data-id`` (see :mod:`.page`): a Player Board
(``character``), an Augment, an attached Enemy, a die of the latest roll (``roll-die``, its index), a District
tile, a Body card of the Market; those on a Player Board name it in ``data-context``.
"""

from __future__ import annotations

from typing import Any

from domain.core.html import attrs, esc

ASSETS = ("shield", "memory", "power", "reroll")
DATA = ("blue", "green", "yellow", "red", "open", "corrupted")


def _v(path: str, value: Any) -> str:
    """A value from the view with its ``data-path`` (``None`` shows as an em dash)."""
    shown = ("yes" if value else "no") if isinstance(value, bool) else value
    return f'<span{attrs(data_path=path)}>{esc(shown)}</span>'


def _tap(kind: str, thing: Any, text: str, board: str = "", label: str = "") -> str:
    return (f'<button type="button"{attrs(data_kind=kind, data_id=thing, data_context=f"character:{board}" if board else None, aria_label=label or None)}>'
            f'{text}</button>')


def _tokens(counts: dict[str, Any], path: str, what: str) -> str:
    items = "".join(f'<li class="tm-token tm-{c}"><i aria-hidden="true"></i>{esc(c)} {_v(f"{path}.{c}", counts[c])}</li>'
                    for c in DATA if counts.get(c))
    return f'<ul class="tm-tokens" aria-label="{esc(what)}">{items}</ul>' if items else '<span class="ql-none">empty</span>'


def _assets(name: str, b: dict[str, Any]) -> str:
    cells = "".join(f'<li><b>{_v(f"boards.{name}.assets.{a}", b["assets"][a])}</b><small>{a.capitalize()}</small></li>' for a in ASSETS)
    return f'<ul class="tm-assets" aria-label="Assets">{cells}</ul>'


def _enemies(name: str, b: dict[str, Any]) -> str:
    if not b["enemies"]:
        return '<span class="ql-none">none attached</span>'
    items = []
    for i, e in enumerate(b["enemies"]):
        top = " (Top Enemy)" if i == 0 else ""
        life = f'{esc(e.get("damage"))}/{esc(e.get("integrity"))} Damage' if e.get("integrity") else f'{esc(e.get("damage"))} Damage'
        text = f'{esc(e["name"])}{top} · LVL {esc(e.get("level"))} · {life}'
        items.append(f'<li>{_tap("enemy", e["name"], text, name)}</li>')
    return f'<ol class="tm-things" aria-label="Attached Enemies, Top Enemy first">{"".join(items)}</ol>'


def _augments(name: str, b: dict[str, Any]) -> str:
    if not b["augments"]:
        return '<span class="ql-none">none</span>'
    items = []
    for a in b["augments"]:
        state = "equipped" if a.get("equipped") else "unequipped"
        text = f'{esc(a["name"])} <span class="tm-small">{esc(a.get("kind"))}, {state}{", breaks" if a.get("break") else ""}</span>'
        items.append(f'<li>{_tap("augment", a["name"], text, name)}</li>')
    return f'<ul class="tm-things" aria-label="Augments">{"".join(items)}</ul>'


def _roll(name: str, b: dict[str, Any]) -> str:
    roll = b.get("last_roll") or {}
    if not roll.get("dice"):
        return ""
    purpose = roll.get("purpose")
    dice = "".join(f'<li>{_tap("roll-die", i, esc(face), name, f"die {i + 1} of the {purpose} roll: {face}")}</li>'
                   for i, face in enumerate(roll["dice"]))
    note = " (rerolled)" if roll.get("rerolled") else ""
    return _row(f'Latest roll: {esc(roll.get("purpose"))}{note}', f'<ul class="tm-things">{dice}</ul>')


def _row(label: str, body: str) -> str:
    return f'<div class="tm-row"><span class="tm-label">{label}</span>{body}</div>'


def _board(name: str, b: dict[str, Any], play: dict[str, Any]) -> str:
    badges = []
    if play.get("active") == name:
        badges.append('<span class="ql-badge ql-blue">acting now</span>')
    if play.get("first_player") == name:
        badges.append('<span class="ql-badge ql-gold">First Player</span>')
    if b.get("reset_due"):
        badges.append('<span class="ql-badge ql-red">RESET due</span>')
    body = b.get("body") or {}
    figures = ", ".join(f"{k.upper()} {v}" for k, v in body.items() if k != "name" and v is not None) or "figures not given yet"
    protocol = b.get("learning_protocol") or {}
    p = f"boards.{name}"
    rows = [
        _row("Integrity", f'{_v(f"{p}.integrity", b["integrity"])} of {_v(f"{p}.limiter", b["limiter"])} · Locks {_v(f"{p}.locks", b["locks"])}'),
        _assets(name, b),
        _row("EXP · Trace · tile", f'EXP {_v(f"{p}.exp", b["exp"])} · Trace {_v(f"{p}.trace", b["trace"])}'
                                   f' of {esc(play.get("trace_top"))} · on tile {_v(f"{p}.tile", b["tile"])}'),
        _row(f'Launcher ({_v(f"{p}.data.launcher.total", b["data"]["launcher"]["total"])})', _tokens(b["launcher"], f"{p}.launcher", "Launcher")),
        _row(f'Data Bag ({_v(f"{p}.data.bag.total", b["data"]["bag"]["total"])}) · Core Data {_v(f"{p}.core_data", b.get("core_data"))}',
             _tokens(b["bag"], f"{p}.bag", "Data Bag")),
        _row(f'Dump ({_v(f"{p}.data.dump.total", b["data"]["dump"]["total"])})', _tokens(b["dump"], f"{p}.dump", "Dump")),
        _row("Attached Enemies", _enemies(name, b)),
        _row(f'Augments · Class {_v(f"{p}.class", b.get("class"))}', _augments(name, b)),
        _row("Body", f'{_v(f"{p}.body.name", body.get("name"))} <span class="tm-small">{esc(figures)}</span>'),
        _row("Learning Protocol", f'{esc(protocol.get("name") or "none yet")}' + (f' · step {esc(protocol.get("steps"))}' if protocol else "")),
        _roll(name, b),
    ]
    who = _tap("character", name, f'{esc(name.capitalize())} Player Board', label=f"{name.capitalize()} Player Board (tap for actions)")
    return (f'<li class="tm-board"{attrs(data_board=name)}><h3 class="tm-who">{who} {" ".join(badges)}</h3>'
            f'{"".join(rows)}</li>')


def _area(play: dict[str, Any]) -> str:
    tiles = "".join(f'<li>{_tap("tile", n, esc(f"{n} " + (t["name"] or "face down")))}</li>'
                    for n, t in sorted((play.get("map") or {}).items(), key=lambda kv: int(kv[0])))
    market = "".join(f'<li>{_tap("body", n, esc(n))}</li>' for n in play.get("body_market") or [])
    deck = ", ".join(f'LVL {d["level"]}: {d["cards"] if d["cards"] is not None else "?"}' for d in play.get("enemy_deck") or [])
    return (f'<section class="ql-section"><h3>Play area</h3>'
            + _row("District tiles", f'<ul class="tm-things" aria-label="District tiles">{tiles}</ul>' if tiles else '<span class="ql-none">none</span>')
            + _row("Body Market", f'<ul class="tm-things" aria-label="Body Market">{market}</ul>' if market else '<span class="ql-none">empty</span>')
            + _row("Enemy deck", esc(deck or "—"))
            + _row("Corrupted Data pool", _v("corrupted_pool", play.get("corrupted_pool")))
            + _row("Success tokens", _v("success_tokens", play.get("success_tokens")))
            + "</section>")


def board_html(view: dict[str, Any]) -> str:
    """The ``board`` view as HTML for a phone (see the module); between Scenarios, a line saying so."""
    if not view.get("play"):
        return '<div class="tm-board-view"><p class="ql-none">No Scenario in progress: start one (the Prologue first).</p></div>'
    active = view.get("active")
    head = (f'<header class="tm-head"><h2>{esc(view.get("title"))} <span class="ql-badge">{esc(view.get("mode"))}</span></h2>'
            f'<p>Turn {_v("turn", view.get("turn"))} · {_v("phase", view.get("phase"))} phase'
            + (f' · {_v("active", active)} acts' if active else "")
            + f'</p><p>Time {_v("time", view.get("time"))} · First Player {_v("first_player", view.get("first_player"))}'
            f' · Scenario card {_v("scenario_card", view.get("scenario_card"))}</p></header>')
    boards = "".join(_board(n, view["boards"][n], view) for n in view.get("players") or view["boards"])
    return (f'<div class="tm-board-view">{head}<ul class="tm-boards" aria-label="Player Boards">{boards}</ul>{_area(view)}</div>')
