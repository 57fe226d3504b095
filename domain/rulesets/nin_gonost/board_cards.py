"""The ``board`` view drawn for the table's page, phone first: one card per figure, grouped by warband.

A pure function of the view's JSON (:mod:`.views`), every text escaped. Each card names the figure (a button with
``data-kind="character"`` and ``data-id`` its id, as every action takes it) and lists, one labelled line each: AP (left
of the card's ACTIONS, Saved and held AP), speed and Assumed Speed, facing, Manna (left of the printed Manna; "not
known yet" while the card's Manna is unprinted, never "None"), Morale, Fatigue, the conditions and who it is engaged
with, and the weapon in hand with the Fight numbers when the view carries them. The lines are a definition list: the
text alternative is the card itself.
"""

from __future__ import annotations

from typing import Any

from domain.core.html import attrs, esc

CONDITION_WORDS = {"knocked_out": "knocked out", "transcend_str": "Transcend (STR)", "transcend_run": "Transcend (RUN)"}


def _known(value: Any, unknown: str = "not known yet") -> str:
    return unknown if value is None else str(value)


def manna_text(f: dict[str, Any]) -> str:
    """``"3 of 5"``; ``"not known yet (read the card)"`` while the card's Manna is not given (never ``None``)."""
    if f["printed_manna"] is None:
        return "not known yet (read the card)" + (f", {f['manna_lost']} lost" if f["manna_lost"] else "")
    return f"{f['manna']} of {f['printed_manna']}"


def _ap(f: dict[str, Any]) -> str:
    text = f"{f['ap_left']} of {_known(f['ap'], '?')}"
    extra = ([f"{f['saved_ap']} Saved"] if f["saved_ap"] else []) + ([f"{f['held_ap']} held"] if f["held_ap"] else [])
    return text + (f" ({', '.join(extra)})" if extra else "")


def _speed(f: dict[str, Any]) -> str:
    word = {"stop": "Stopped", "walk": "Walking", "run": "Running"}.get(f["speed"], f["speed"])
    return word + (f", Assumed Speed {f['assumed_speed']}" if f["assumed_speed"] else "")


def _bonus(value: Any) -> str:
    return "?" if value is None else f"{value:+d}"


def _arms(f: dict[str, Any]) -> list[tuple[str, str]]:
    """The weapon in hand, the Fight and Range numbers in effect, a throw of the weapon in hand and the standing
    modifiers (Fatigue, Morale), when the view has them (``in_hand``, ``fight``, ``range``, ``throw``, ``roll_modifiers``)."""
    rows = []
    if "in_hand" in f:
        rows.append(("In hand", f["in_hand"] or ("nothing (unarmed)" if f.get("weapons") else "the card's weapon")))
    for key, label in (("fight", "Fight"), ("range", "Range")):
        numbers = f.get(key)
        if isinstance(numbers, dict):
            rows.append((label, f"die {_known(numbers.get('die'), '?')}, bonus {_bonus(numbers.get('bonus'))}"))
    throw = f.get("throw")
    if isinstance(throw, dict):
        rows.append(("Throw", f"{throw['weapon']}: die {_known(throw.get('die'), '?')}, bonus {_bonus(throw.get('bonus'))}, "
                              f"up to {_known(throw.get('range'), '?')} spaces"))
    standing = list(f.get("roll_modifiers") or [])
    fight_mods = (f["fight"].get("modifiers") or []) if isinstance(f.get("fight"), dict) else []
    mods = standing + [m for m in fight_mods if m not in standing]
    if mods:
        rows.append(("Modifiers", "; ".join(f"{label} {steps:+d}" for label, steps in mods)))
    return rows


def _conditions(f: dict[str, Any], names: dict[str, str]) -> str:
    words = [CONDITION_WORDS.get(c, c.replace("_", " ")) for c in f["conditions"] if c not in ("fatigued", "defeated")]
    if f["engaged"]:
        words.append("engaged with " + ", ".join(names.get(x, x) for x in f["engaged"]))
    return ", ".join(words) or "none"


def figure_card(fid: str, f: dict[str, Any], view: dict[str, Any], names: dict[str, str]) -> str:
    """One figure's card: its name as a button, then its numbers as a definition list."""
    rows = [("AP", _ap(f)), ("Speed", _speed(f)), ("Facing", f["facing"].capitalize()), ("Manna", manna_text(f)),
            ("Morale", f["morale"].capitalize()), ("Fatigue", "Fatigued (-2 on every roll)" if "fatigued" in f["conditions"] else "no"),
            ("Conditions", _conditions(f, names)), *_arms(f)]
    badges = []
    if view["active"] == fid:
        badges.append('<span class="ql-badge ql-gold">acting</span>')
    if f["defeated"]:
        badges.append('<span class="ql-badge ql-red">defeated</span>')
    data = attrs(data_figure=fid, data_ap_left=f["ap_left"], data_manna=f["manna"], data_morale=f["morale"], data_facing=f["facing"],
                 data_speed=f["speed"])
    dl = "".join(f"<dt>{esc(k)}</dt><dd>{esc(v)}</dd>" for k, v in rows)
    title = f["name"] if fid == f["card"] else f"{f['name']} ({fid})"
    return (f'<li class="card"{data}><button type="button" class="big"{attrs(data_kind="character", data_id=fid)}>{esc(title)}</button>'
            f'{" ".join(badges)}<dl class="ql-dl">{dl}</dl></li>')


def _head(view: dict[str, Any]) -> str:
    if view.get("ended"):
        over = f"Battle over after turn {view['turn']}: {view['ended']['text']}"
        return f'<p>{esc(over)}</p>'
    if not view["player"]:
        facts = ["Before the battle"] + ([f"point limit {view['point_limit']}"] if view["point_limit"] else [])
    else:
        facts = [f"Turn {view['turn']}: {view['player']} to move"] + ([f"{view['active']} acting"] if view["active"] else [])
    out = f'<p>{esc(" · ".join(facts))}</p>'
    if view.get("victor"):
        out += f'<p class="note">{esc(view["victor"])} hold the field</p>'
    if view["pending"]:
        out += f'<p class="note">Pending: {esc(view["pending"]["what"])}</p>'
    return out


def board_cards(view: dict[str, Any]) -> str:
    """The battle for the page: the turn line, then each warband (points, miniatures) with its figures' cards."""
    names = {fid: f["name"] for fid, f in view["figures"].items()}
    parts = [_head(view)]
    for w, band in view["warbands"].items():
        cards = "".join(figure_card(fid, view["figures"][fid], view, names) for fid in band["figures"])
        parts.append(f'<section{attrs(data_warband=w)}><h3>{esc(w)} · {esc(band["points"])} points, {esc(band["miniatures"])} '
                     f'miniature{"s" if band["miniatures"] != 1 else ""}</h3><ul class="cards">{cards}</ul></section>')
    if not view["warbands"]:
        parts.append("<p>No warband yet: recruit the characters.</p>")
    objects = [f"{o['name']} ({oid}): " + (("open" if o["open"] else "closed") + (", locked" if o["locked"] else "") if o["door"] else "object")
               for oid, o in view["objects"].items()]
    if objects:
        parts.append(f'<h3>Doors and objects</h3><ul class="ql-list">{"".join(f"<li>{esc(o)}</li>" for o in objects)}</ul>')
    return "".join(parts)


__all__ = ["board_cards", "figure_card", "manna_text"]
