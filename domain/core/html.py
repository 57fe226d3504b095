"""Small HTML drawing kit for the rulesets' ``html_views`` (see :attr:`domain.core.ruleset.Ruleset.html_views`).

Pure functions returning HTML strings; every text they are given is escaped here, so a ruleset's
drawing only concatenates their results. The class names (``ql-die``, ``ql-track``, ``ql-cube``...)
are styled by the page's stylesheet (``api/static/page/page.css``); nothing here needs a script.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import Any

PIPS = {1: (5,), 2: (1, 9), 3: (1, 5, 9), 4: (1, 3, 7, 9), 5: (1, 3, 5, 7, 9), 6: (1, 3, 4, 6, 7, 9)}
"""Where a D6 face shows its pips, as cells 1..9 of a 3x3 grid read left to right, top to bottom."""


def esc(value: Any) -> str:
    """``value`` as escaped HTML text (``None`` shows as an em dash)."""
    return "—" if value is None else escape(str(value), quote=True)


def attrs(**values: Any) -> str:
    """`` name="value"`` pairs, escaped; ``data_x`` becomes ``data-x``; ``None`` and ``False`` values are left out."""
    parts = []
    for name, value in values.items():
        if value is None or value is False:
            continue
        key = name.rstrip("_").replace("_", "-")
        parts.append(f' {key}="{esc("" if value is True else value)}"')
    return "".join(parts)


def die(value: int, sides: int = 6, label: str = "", muted: bool = False) -> str:
    """One die as the table shows it: a D6 with its pips, any other die with its number.

    ``label`` is the accessible name (default ``"die showing N"``); ``muted`` greys it (a placed die).
    """
    name = label or f"die showing {value}"
    cls = "ql-die" + (" ql-muted" if muted else "") + ("" if sides == 6 else " ql-dn")
    if sides == 6 and value in PIPS:
        inner = "".join(f'<i class="ql-pip ql-c{cell}"></i>' for cell in PIPS[value])
    else:
        inner = f"<b>{esc(value)}</b>"
    return f'<span class="{cls}" role="img"{attrs(aria_label=name, data_value=value)}>{inner}</span>'


def dice(values: Iterable[int], sides: int = 6, label: str = "dice", muted: bool = False) -> str:
    """A row of dice in the given order, as a list named ``label`` (an em dash when there are none)."""
    items = "".join(f"<li>{die(v, sides, muted=muted)}</li>" for v in values)
    return f'<ul class="ql-dice"{attrs(aria_label=label)}>{items}</ul>' if items else '<span class="ql-none">—</span>'


def track(label: str, size: int, cubes: dict[int, str], out_after: int | None = None, ends: dict[int, str] | None = None) -> str:
    """An index of spaces ``0..size`` with cubes on some of them, drawn left to right.

    ``cubes`` maps a space to a cube colour class (``"yellow"``, ``"red"``); ``out_after`` greys the
    spaces right of it (no longer part of the index); ``ends`` labels a space (``{10: "☠"}``).
    ``label`` is the accessible description of the whole track (the numbers, in words).
    """
    spaces = []
    for space in range(size + 1):
        cls = "ql-space" + (" ql-out" if out_after is not None and space > out_after else "")
        cube = f'<i class="ql-cube ql-{esc(cubes[space])}"></i>' if space in cubes else ""
        mark = f'<small>{esc((ends or {}).get(space, ""))}</small>' if ends and space in ends else ""
        spaces.append(f'<span class="{cls}">{mark}{cube}</span>')
    return f'<div class="ql-track" role="img"{attrs(aria_label=label)}>{"".join(spaces)}</div>'


def tick(on: bool, label: str) -> str:
    """A printed tick box: ticked or empty, with its label after it (screen readers hear "ticked")."""
    box = "☑" if on else "☐"
    state = "ticked" if on else "not ticked"
    return f'<span class="ql-tick{" ql-on" if on else ""}"><span aria-hidden="true">{box}</span> {esc(label)}<span class="ql-sr"> ({state})</span></span>'


__all__ = ["PIPS", "attrs", "dice", "die", "esc", "tick", "track"]
