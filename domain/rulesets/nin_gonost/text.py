"""The views drawn for a terminal and as HTML (pure functions of the views' JSON; HTML escaped)."""

from __future__ import annotations

from html import escape
from typing import Any
from domain.core.names import counted


def _line(fid: str, f: dict[str, Any]) -> str:
    mana = "?" if f["manna"] is None else f["manna"]
    printed = "?" if f["printed_manna"] is None else f["printed_manna"]
    extra = ", ".join(f["conditions"] + ([f"engaged with {', '.join(f['engaged'])}"] if f["engaged"] else []))
    saved = f" +{f['saved_ap']} saved" if f["saved_ap"] else ""
    return (f"  {f['name']:<22} AP {f['ap_left']}/{f['ap'] if f['ap'] is not None else '?'}{saved}  {f['speed']:<4} facing {f['facing']:<5}"
            f"  Manna {mana}/{printed}  Morale {f['morale']}" + (f"  [{extra}]" if extra else "") + _arms(f))


def _num(value: Any) -> str:
    return "?" if value is None else str(value)


def _arms(f: dict[str, Any]) -> str:
    """``"\n      holds longsword; Fight die 5 +8; Range die 2 +0"`` with the modifiers in effect and what is not in hand."""
    if "fight" not in f:
        return ""
    fight, rng = f["fight"], f["range"]
    held = f["in_hand"] or ("nothing (unarmed)" if f["weapons"] else "the card's weapon")
    bonus = _num(fight["bonus"]) if fight["bonus"] is None or fight["bonus"] < 0 else f"+{fight['bonus']}"
    terms = " ".join(f"{v:+d} {label}" for label, v in fight["bonus_terms"][1:] if v is not None)
    mods = "; ".join(f"{label} {steps:+d}" for label, steps in f["roll_modifiers"] + [m for m in fight["modifiers"] if m not in f["roll_modifiers"]])
    away = ", ".join(f"{w} {where}" for w, where in f["weapons"].items() if where != "hand")
    return (f"\n      holds {held}; Fight die {_num(fight['die'])} {bonus}" + (f" ({terms})" if terms else "")
            + f"; Range die {_num(rng['die'])} {_num(rng['bonus']) if rng['bonus'] is None or rng['bonus'] < 0 else '+' + str(rng['bonus'])}"
            + _throw(f.get("throw")) + (f"; {away}" if away else "") + (f"; modifiers: {mods}" if mods else ""))


def _throw(t: dict[str, Any] | None) -> str:
    """``"; throwing the dagger: Range die 2 +1, up to 8 spaces"``: a throw of the weapon in hand (§ Thrown Items)."""
    if not t:
        return ""
    bonus = _num(t["bonus"]) if t["bonus"] is None or t["bonus"] < 0 else f"+{t['bonus']}"
    return f"; throwing the {t['weapon']}: Range die {_num(t['die'])} {bonus}, up to {_num(t['range'])} spaces"


def board_text(view: dict[str, Any]) -> str:
    """The board: the turn, who is acting, what is pending, then each warband's figures one line each."""
    head = f"Turn {view['turn']}: {view['player'] or '-'} to play" + (f", {view['active']} acting" if view["active"] else "")
    if view.get("ended"):
        head = f"Battle over after turn {view['turn']}: {view['ended']['text']}"
    lines = [head] + ([f"Victory: {view['victor']} holds the field"] if view.get("victor") and not view.get("ended") else [])
    if view["pending"]:
        lines.append(f"Pending: {view['pending']['what']} -> {view['pending']['how']}")
    for w, band in view["warbands"].items():
        lines.append(f"{w} ({counted(band['miniatures'], 'miniature')}, {counted(band['points'], 'point')})")
        lines += [_line(fid, view["figures"][fid]) for fid in band["figures"]]
    for oid, o in view["objects"].items():
        state = ("open" if o["open"] else "closed") + (", locked" if o["locked"] else "") if o["door"] else "object"
        lines.append(f"  {o['name']} ({oid}): RES {o['res']}, SP {o['sp']}, WGT {o['wgt']}, {state}")
    return "\n".join(lines)


def _held(f: dict[str, Any]) -> list[str]:
    """The weapon in hand and the Fight numbers in effect, for the HTML board's conditions cell."""
    if "fight" not in f:
        return []
    held = f"holds {f['in_hand']}" if f["in_hand"] else ("unarmed" if f["weapons"] else "")
    throw = f.get("throw")
    return ([held] if held else []) + [f"Fight die {_num(f['fight']['die'])} {_num(f['fight']['bonus'])}",
                                       f"Range die {_num(f['range']['die'])} {_num(f['range']['bonus'])}"] + (
        [f"throwing the {throw['weapon']}: die {_num(throw['die'])} {_num(throw['bonus'])}, up to {_num(throw['range'])}"] if throw else [])


def roll_text(view: dict[str, Any]) -> str:
    """The latest roll, its arithmetic one step a line."""
    if not view.get("kind"):
        return "No roll yet."
    lines = [f"Roll {view['rolls']}: {view['kind']} -> {view.get('result')}"]
    lines += [f"  {step}" for step in view["steps"]]
    if view.get("applied"):
        lines.append("  applied:")
        lines += [f"    {a['who']} {a['what']} {a['value']:+d} {a['label']}: {a['source']}" for a in view["applied"] if a["value"] is not None]
    return "\n".join(lines)


def _known(value: Any) -> str:
    """A value the card prints, or ``?`` where the card given has none (never Python's ``None``)."""
    return "?" if value is None else str(value)


def board_html(view: dict[str, Any]) -> str:
    """The board as an HTML table per warband."""
    parts = [f"<p>{escape(board_text(view).splitlines()[0])}</p>"]
    if view["pending"]:
        parts.append(f"<p><strong>Pending:</strong> {escape(view['pending']['what'])}</p>")
    for w, band in view["warbands"].items():
        rows = "".join(
            f"<tr><td>{escape(f['name'])}</td><td>{f['ap_left']}/{escape(_known(f['ap']))}</td><td>{escape(f['speed'])}</td>"
            f"<td>{escape(f['facing'])}</td><td>{escape(_known(f['manna']))}</td><td>{escape(f['morale'])}</td>"
            f"<td>{escape(', '.join(f['conditions'] + f['engaged'] + _held(f)))}</td></tr>"
            for f in (view["figures"][x] for x in band["figures"]))
        parts.append(f"<h3>{escape(w)} ({band['points']} points)</h3><table><tr><th>character</th><th>AP</th><th>speed</th>"
                     f"<th>facing</th><th>Manna</th><th>Morale</th><th>conditions</th></tr>{rows}</table>")
    return "".join(parts)


def roll_html(view: dict[str, Any]) -> str:
    """The latest roll as an ordered list of arithmetic steps."""
    if not view.get("kind"):
        return "<p>No roll yet.</p>"
    items = "".join(f"<li>{escape(str(step))}</li>" for step in view["steps"])
    return f"<p>{escape(view['kind'])}: <strong>{escape(str(view.get('result')))}</strong></p><ol>{items}</ol>"


TEXT_VIEWS = {"board": board_text, "roll": roll_text}
HTML_VIEWS = {"board": board_html, "roll": roll_html}

__all__ = ["HTML_VIEWS", "TEXT_VIEWS", "board_html", "board_text", "roll_html", "roll_text"]
