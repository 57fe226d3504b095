"""The page's Stats tab (issue 30): a public shell and the fragment it loads with the token.

The fragment is drawn on the server: the dice luck and the latest play's curves as inline SVG (matplotlib, imported
here only when the fragment is asked for), each with its text alternative beside it. A play's recap is not on the
page yet (its HTML file is ``GET /campaigns/{id}/plays/{n}/recap?format=html``, which needs the token's header). No
script of its own: ``app.js`` loads the fragment like the others (it works under a Content-Security-Policy of
``script-src 'self'``).
"""

from __future__ import annotations

from typing import Any

from flask import current_app, render_template

from .routes import _shell, blp

blp.add_url_rule("/play/<cid>/stats", view_func=_shell("stats.html", "stats").as_view("stats"))


@blp.get("/fragments/<campaign_id>/stats")
def stats_fragment(campaign_id: str) -> str:
    """Dice luck by die kind and by character, and the latest play's curves, as server-drawn SVG with their words."""
    from projections.charts import curves_chart, curves_text, dice_chart, dice_text, svg_inline
    from projections.statistics import campaign_stats

    app: Any = current_app.extensions["questlog"]
    data = campaign_stats(app, campaign_id)
    kinds = data["dice"]["kind"]
    dice_words = dice_text(kinds)
    dice_svg = svg_inline(dice_chart(kinds, "svg", ""), "Dice luck: " + " ".join(dice_words)) if kinds else ""
    latest = data["latest_play"]
    curves_svg, curves_words = "", []
    if latest:
        curves_words = curves_text(latest["curves"])
        curves_svg = svg_inline(curves_chart(latest["curves"], "svg"), f"Curves of {latest['name']}: " + " ".join(curves_words))
    return render_template("fragments/stats.html", data=data, dice_svg=dice_svg, dice_words=dice_words, latest=latest,
                           curves_svg=curves_svg, curves_words=curves_words, by_character=data["dice"]["character"])


__all__ = ["stats_fragment"]
