"""Tamashii's ``progress`` view drawn as HTML for the table's page: the Progress sheet (the ``board`` view's drawing
is :mod:`.html_board`).

``tamashii.txt § Ending the game & using the PROGRESS sheet``: each Scenario has one checkbox per ending
code ("more than 1 checkbox next to each Scenario"); a won game marks its code. The sheet here lists
each Scenario with its codes ticked or not, whether it may be played now and, if not, why (the Prologue
first, The Ascend last: ``tamashii.txt § Before your first game``). Pure functions of the view's JSON,
every text escaped by :mod:`domain.core.html`; key facts are ``data-*`` attributes for tests.
"""

from __future__ import annotations

from typing import Any

from domain.core.html import attrs, esc, tick


def _scenario(sid: str, s: dict[str, Any], playing: str | None) -> str:
    codes = " ".join(tick(on, code) for code, on in s["endings"].items())
    if playing == sid:
        status = '<span class="ql-badge ql-blue">playing now</span>'
    elif s["playable"]:
        status = '<span class="ql-badge ql-green">playable</span>'
    else:
        status = f'<span class="ql-badge">not yet</span> <small>{esc(s["why"])}</small>'
    ticked = ",".join(code for code, on in s["endings"].items() if on)
    return (f'<tr{attrs(data_scenario=sid, data_ticked=ticked, data_playable=str(s["playable"]).lower())}>'
            f'<th scope="row">{esc(s["title"])}</th><td class="tm-codes">{codes}</td><td>{status}</td></tr>')


def _played(played: list[dict[str, Any]]) -> str:
    if not played:
        return '<p class="ql-none">No Scenario played yet.</p>'
    items = "".join(f'<li>{esc(p.get("scenario"))}: {esc(p.get("outcome"))}'
                    + (f' (card {esc(p["card"])})' if p.get("card") else "") + "</li>" for p in played)
    return f'<ol class="tm-played" aria-label="Scenarios played, in order">{items}</ol>'


def progress_html(progress: dict[str, Any]) -> str:
    """The ``progress`` view as the Progress sheet: one row per Scenario with its ending codes, then the games played."""
    rows = "".join(_scenario(sid, s, progress["playing"]) for sid, s in progress["scenarios"].items())
    prologue = "played" if progress["prologue_played"] else "not played yet: it must be the first Scenario"
    return (f'<div class="tm-progress"{attrs(data_playing=progress["playing"] or "")}>'
            f'<h2>Progress sheet</h2><p>Prologue {esc(prologue)}.</p>'
            '<table class="ql-table"><caption>Scenarios and their ending codes</caption><thead><tr>'
            '<th scope="col">Scenario</th><th scope="col">endings</th><th scope="col">now</th></tr></thead>'
            f'<tbody>{rows}</tbody></table><h3>Played</h3>{_played(progress["played"])}</div>')


from .html_board import board_html  # noqa: E402  (the Player Boards, drawn for a phone)

HTML_VIEWS = {"progress": progress_html, "board": board_html}
