"""Charts of a campaign's statistics, drawn with matplotlib's SVG and PNG backends (no system library, no display).

Imported only by the commands and routes that draw (``questlog stats --chart``, ``questlog recap``, the API's
``/stats`` and ``/recap`` routes and the page's Stats tab): matplotlib is heavy, never on the CLI's start-up path.

Every chart comes with its text alternative (:func:`dice_text`, :func:`curves_text`): the numbers it shows, in words,
for a screen reader and for the terminal.
"""

from __future__ import annotations

import html
import io
from typing import Any

import matplotlib

matplotlib.use("Agg")  # before pyplot: no display, no GUI toolkit
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.ticker import MaxNLocator  # noqa: E402

FORMATS = {"svg": "image/svg+xml", "png": "image/png"}
COLOURS = ("#3b6ea8", "#c0504d", "#4f9a52", "#8064a2", "#d08a2c", "#2c9aa8", "#7f7f7f", "#b5527f")
matplotlib.rcParams.update({"svg.fonttype": "none", "font.size": 9, "svg.hashsalt": "questlog", "axes.spines.top": False,
                            "axes.spines.right": False})
"""Text stays text in an SVG (selectable, small); ``hashsalt`` makes the SVG's ids the same on every run."""


def _save(fig: Figure, fmt: str) -> bytes:
    """The figure as ``fmt`` (``svg`` or ``png``) bytes; the figure is closed. Raises ``ValueError`` for another format."""
    if fmt not in FORMATS:
        raise ValueError(f"chart format must be svg or png, not {fmt!r}")
    out = io.BytesIO()
    try:
        fig.savefig(out, format=fmt, dpi=144, bbox_inches="tight", metadata={"Date": None} if fmt == "svg" else None)
    finally:
        plt.close(fig)
    return out.getvalue()


def _face(face: Any) -> str:
    return str(face)


def dice_chart(groups: list[dict[str, Any]], fmt: str = "svg", title: str = "Dice luck") -> bytes:
    """Bars of each die kind's face counts (:func:`projections.luck.luck` groups by kind), the fair expectation as a
    dashed line where the faces are known, chi-square and p-value in each panel's title. ``groups`` empty: a chart
    that says no dice were rolled."""
    count = max(1, len(groups))
    fig, axes = plt.subplots(count, 1, figsize=(4.2, 2.1 * count), squeeze=False)
    if title:
        fig.suptitle(title, fontsize=11, x=0.02, ha="left")
    if not groups:
        axes[0][0].text(0.5, 0.5, "no dice rolled yet", ha="center", va="center")
        axes[0][0].set_axis_off()
    for ax, group in zip((a[0] for a in axes), groups):
        faces = [_face(f) for f, _ in group["counts"]]
        values = [n for _, n in group["counts"]]
        ax.bar(faces, values, color=COLOURS[0])
        if group.get("tested") and group["rolls"]:
            ax.axhline(group["expected"], color=COLOURS[1], linestyle="--", linewidth=1, label="fair")
        ax.set_title(f"{group['label']}: {group['rolls']} rolls" + _fit_words(group), fontsize=9, loc="left")
        ax.set_ylabel("rolls")
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
        ax.tick_params(axis="x", labelrotation=0 if max((len(f) for f in faces), default=0) < 4 else 45)
    fig.tight_layout()
    return _save(fig, fmt)


def _fit_words(group: dict[str, Any]) -> str:
    if not group.get("tested") or group.get("chi2") is None:
        return " (faces not printed: counts only)" if not group.get("tested") else ""
    note = "" if group["meaningful"] else f", needs {group['needs']}"
    return f", χ² {group['chi2']:.3g}, p {group['p']:.3g}{note}"


def curves_chart(curves: dict[str, dict[str, Any]], fmt: str = "svg", title: str = "") -> bytes:
    """One panel per series (``domain.statistics.curves``), a line per key (a character, a Scientist), x the step
    (0 = before the play's first action)."""
    shown = {name: s for name, s in curves.items() if s["lines"]}
    count = max(1, len(shown))
    fig, axes = plt.subplots(count, 1, figsize=(4.2, 1.9 * count), squeeze=False, sharex=True)
    if title:
        fig.suptitle(title, fontsize=11, x=0.02, ha="left")
    if not shown:
        axes[0][0].text(0.5, 0.5, "no curve to draw yet", ha="center", va="center")
        axes[0][0].set_axis_off()
    for ax, (name, series) in zip((a[0] for a in axes), shown.items()):
        for i, (key, points) in enumerate(sorted(series["lines"].items())):
            ax.step([p[0] for p in points], [p[1] for p in points], where="post", color=COLOURS[i % len(COLOURS)],
                    label=key or series["label"], linewidth=1.4)
        ax.set_title(series["label"], fontsize=9, loc="left")
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
        if len(series["lines"]) > 1 or "" not in series["lines"]:
            ax.legend(fontsize=7, frameon=True, framealpha=0.85, edgecolor="none", loc="best", ncol=min(4, len(series["lines"])))
        top = max((p[1] for points in series["lines"].values() for p in points), default=0)
        if top <= 0 <= min((p[1] for points in series["lines"].values() for p in points), default=0):
            ax.set_ylim(-0.05, 1)  # a flat zero: an axis of 0..1, not of ±0.05
    axes[-1][0].set_xlabel("action")
    fig.tight_layout()
    return _save(fig, fmt)


def dice_text(groups: list[dict[str, Any]]) -> list[str]:
    """The dice chart in words: one line per die kind."""
    if not groups:
        return ["No dice rolled yet."]
    return [f"{g['label']}: {g['rolls']} rolls; " + ", ".join(f"{f}: {n}" for f, n in g["counts"]) + _fit_words(g)
            for g in groups]


def curves_text(curves: dict[str, dict[str, Any]]) -> list[str]:
    """The curves in words: per series and key, the first, highest and last values."""
    lines = []
    for series in curves.values():
        for key, points in sorted(series["lines"].items()):
            values = [p[1] for p in points]
            lines.append(f"{series['label']}{' of ' + key if key else ''}: from {_n(values[0])} to {_n(values[-1])}, "
                         f"highest {_n(max(values))}, over {len(points) - 1} actions")
    return lines or ["No curve to draw yet."]


def _n(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.3g}"


def svg_inline(svg: bytes, label: str) -> str:
    """An SVG chart for inline HTML: the XML prologue dropped, ``role="img"`` and an ``aria-label``, scaled to its box."""
    text = svg.decode()
    text = text[text.index("<svg"):]
    return text.replace("<svg ", f'<svg role="img" aria-label="{html.escape(label)}" preserveAspectRatio="xMinYMin meet" ', 1)


__all__ = ["FORMATS", "curves_chart", "curves_text", "dice_chart", "dice_text", "svg_inline"]
