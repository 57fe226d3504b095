"""A play's recap (:func:`projections.statistics.recap`) as one self-contained HTML file, and as an image.

The HTML file has no external reference at all (no script, no stylesheet, no font, no image file): its charts are
inline SVG with their text alternative beside them, so it can be mailed, shared or opened offline as it is.
"""

from __future__ import annotations

import html
from typing import Any

from .charts import curves_chart, curves_text, dice_chart, dice_text, recap_chart, svg_inline

STYLE = """
body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:46rem;padding:1rem;color:#1d232b;background:#fff}
h1{font-size:1.35rem;margin:.2rem 0}h2{font-size:1.05rem;margin:1.2rem 0 .3rem}
.meta{color:#4a5560}svg{width:100%;height:auto;max-width:40rem}ul{padding-left:1.2rem}
details{color:#333;font-size:.9rem}table{border-collapse:collapse}td,th{padding:.1rem .5rem;text-align:left;border-bottom:1px solid #ddd}
"""


def title_of(recap: dict[str, Any]) -> str:
    """``"Encounter 'Chapter 1' — victory"``: the play and its outcome (or ``in progress``)."""
    play = recap["play"]
    return f"{play['title']} — {play['outcome'] or 'in progress'}"


TURNING_SHOWN = 6
"""Turning points the picture lists (the rest are counted: the HTML file and ``questlog recap`` list them all)."""


def _people(play: dict[str, Any]) -> str:
    return ", ".join(f"{p['name']} ({', '.join(p.get('characters', []))})" + (" ★" if p.get("winner") else "")
                     for p in play["players"]) or "nobody seated"


def recap_lines(recap: dict[str, Any]) -> list[str]:
    """The recap's words under the picture's title: the campaign and play number, when and how long, who played
    (★ a winner), and the first :data:`TURNING_SHOWN` turning points (each cut to 70 characters)."""
    play, campaign = recap["play"], recap["campaign"]
    lines = [f"{campaign['title']} · {campaign['name']} · play {play['n']} of {play['of']}",
             f"{play['started'][:16].replace('T', ' ')} UTC · {play['duration_min']} min · {play['actions']} actions",
             f"Played by {_people(play)}"]
    turning = recap["turning_points"]
    if turning:
        lines.append("Turning points:")
        for t in turning[:TURNING_SHOWN]:
            line = f"  action {t['step']}: {t['text']}"
            lines.append(line if len(line) <= 70 else line[:69] + "…")
        if len(turning) > TURNING_SHOWN:
            lines.append(f"  and {len(turning) - TURNING_SHOWN} more")
    return lines


def recap_image(recap: dict[str, Any], fmt: str = "svg") -> bytes:
    """The recap as one image (``svg`` or ``png``): its title and outcome, :func:`recap_lines`, the play's dice luck
    by die kind and its curves."""
    return recap_chart(title_of(recap), recap_lines(recap), recap["dice"]["kind"], recap["curves"], fmt)


def recap_html(recap: dict[str, Any]) -> str:
    """The recap as a self-contained HTML document (see the module)."""
    play, e = recap["play"], html.escape
    people = _people(play)
    turning = "".join(f"<li>action {t['step']}: {e(t['text'])}</li>" for t in recap["turning_points"]) or "<li>none named</li>"
    dice = recap["dice"]["kind"]
    dice_svg = svg_inline(dice_chart(dice, "svg", "Dice luck of the play"), "Dice luck of the play: " + " ".join(dice_text(dice)))
    curves = curves_chart(recap["curves"], "svg", f"{title_of(recap)} ({play['actions']} actions)")
    curves_svg = svg_inline(curves, "Curves of the play: " + " ".join(curves_text(recap["curves"])))
    by_who = "".join(f"<tr><td>{e(g['who'] or '—')}</td><td>{e(g['label'])}</td><td>{g['rolls']}</td><td>{e(_fit(g))}</td></tr>"
                     for g in recap["dice"]["character"])
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{e(title_of(recap))} · {e(recap['campaign']['name'])}</title><style>{STYLE}</style></head>
<body><main>
<h1>{e(title_of(recap))}</h1>
<p class="meta">{e(recap['campaign']['title'])} · {e(recap['campaign']['name'])} · play {play['n']} of {play['of']}<br>
{e(play['started'][:16].replace('T', ' '))} to {e(play['ended'][11:16])} UTC · {play['duration_min']} min · {play['actions']} actions</p>
<p>Played by {e(people)}</p>
<h2>Turning points</h2><ul>{turning}</ul>
<h2>Curves</h2>{curves_svg}
<details><summary>The curves in words</summary><ul>{''.join(f'<li>{e(t)}</li>' for t in curves_text(recap['curves']))}</ul></details>
<h2>Dice luck</h2>{dice_svg}
<details><summary>The dice in words</summary><ul>{''.join(f'<li>{e(t)}</li>' for t in dice_text(dice))}</ul></details>
<table><tr><th>who</th><th>die</th><th>rolls</th><th>luck</th></tr>{by_who}</table>
</main></body></html>
"""


def _fit(group: dict[str, Any]) -> str:
    if not group.get("tested"):
        return "counts only"
    if group.get("chi2") is None:
        return "—"
    return f"χ² {group['chi2']:.3g}, p {group['p']:.3g}" + ("" if group["meaningful"] else f" (needs {group['needs']} rolls)")


__all__ = ["TURNING_SHOWN", "recap_html", "recap_image", "recap_lines", "title_of"]
