"""The page's Stats tab (issue 30): a public shell and the fragment it loads with the token.

The fragment is drawn on the server: the campaign's plays (each a link to its recap), the dice luck and the latest
play's curves as inline SVG (matplotlib, imported here only when the fragment is asked for), each with its text
alternative beside it. ``/play/{id}/recap/{n}`` is a play's recap page: a public shell whose fragment
(``/fragments/{id}/recap/{n}``, loaded with the token's header like every fragment) draws what ``questlog recap N``
shows. No script of its own: ``app.js`` loads the fragments like the others (it works under a Content-Security-Policy
of ``script-src 'self'``).
"""

from __future__ import annotations

from typing import Any

from flask import current_app, render_template

from .routes import _shell, blp

blp.add_url_rule("/play/<cid>/stats", view_func=_shell("stats.html", "stats").as_view("stats"))
blp.add_url_rule("/play/<cid>/recap/<int:n>", view_func=_shell("recap.html", "recap").as_view("recap"))


@blp.get("/fragments/<campaign_id>/stats")
def stats_fragment(campaign_id: str) -> str:
    """Dice luck by die kind and by character, and the latest play's curves, as server-drawn SVG with their words; the
    latest finished play's recap downloads; the campaign's timeline (its finished plays by session, with the series
    the game declares)."""
    from projections.charts import curves_chart, curves_text, dice_chart, dice_text, svg_inline
    from projections.statistics import campaign_standings, campaign_stats, play_list

    app: Any = current_app.extensions["questlog"]
    data = campaign_stats(app, campaign_id)
    timeline = campaign_standings(app, campaign_id)["timeline"]
    kinds = data["dice"]["kind"]
    dice_words = dice_text(kinds)
    dice_svg = svg_inline(dice_chart(kinds, "svg", ""), "Dice luck: " + " ".join(dice_words)) if kinds else ""
    latest = data["latest_play"]
    curves_svg, curves_words = "", []
    if latest:
        curves_words = curves_text(latest["curves"])
        curves_svg = svg_inline(curves_chart(latest["curves"], "svg"), f"Curves of {latest['name']}: " + " ".join(curves_words))
    return render_template("fragments/stats.html", data=data, dice_svg=dice_svg, dice_words=dice_words, latest=latest,
                           curves_svg=curves_svg, curves_words=curves_words, by_character=data["dice"]["character"],
                           plays=play_list(app, campaign_id), timeline=timeline, sessions=sessions(timeline["plays"]),
                           progress=progress_words(timeline["series"]))


def progress_words(series: dict[str, Any]) -> dict[str, str]:
    """``{name: "Stickers after each play: ashitaka 1, 2; cora 0, 1"}`` for each timeline series with values (whole
    numbers without ".0")."""
    def number(v: float) -> str:
        return str(int(v)) if float(v).is_integer() else f"{v:.1f}"
    return {name: f"{s['label']} after each play: " + "; ".join(f"{key} {', '.join(number(p[1]) for p in points)}" for key, points in s["lines"].items())
            for name, s in series.items() if s["lines"]}


def sessions(plays: list[dict[str, Any]]) -> list[tuple[str, list[dict[str, Any]]]]:
    """The timeline's finished plays (``{"ended": ISO time, ...}``, oldest first) by session: ``[(date, plays)]``, a
    session being the day (UTC) its plays ended, oldest first."""
    days: dict[str, list[dict[str, Any]]] = {}
    for p in plays:
        days.setdefault(str(p["ended"])[:10], []).append(p)
    return list(days.items())


@blp.get("/fragments/<campaign_id>/recap/<int:n>")
def recap_fragment(campaign_id: str, n: int) -> str:
    """Play ``n``'s recap (``projections.statistics.recap``): when, how long, who played, the result, the turning points,
    its curves and dice luck as server-drawn SVG with their words. A play the campaign does not have: 422."""
    from projections.charts import curves_chart, curves_text, dice_chart, dice_text, svg_inline
    from projections.recap_html import title_of
    from projections.statistics import recap

    app: Any = current_app.extensions["questlog"]
    data = recap(app, campaign_id, n)
    kinds = data["dice"]["kind"]
    dice_words = dice_text(kinds)
    dice_svg = svg_inline(dice_chart(kinds, "svg", ""), "Dice luck of the play: " + " ".join(dice_words)) if kinds else ""
    curves_words = curves_text(data["curves"])
    curves_svg = svg_inline(curves_chart(data["curves"], "svg"), "Curves of the play: " + " ".join(curves_words))
    return render_template("fragments/recap.html", recap=data, play=data["play"], title=title_of(data), dice_svg=dice_svg,
                           dice_words=dice_words, curves_svg=curves_svg, curves_words=curves_words,
                           version=app.get_campaign(campaign_id).version)


__all__ = ["progress_words", "recap_fragment", "sessions", "stats_fragment"]
