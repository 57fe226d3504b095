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
        _empty(axes[0][0], "no dice rolled yet")
    for ax, group in zip((a[0] for a in axes), groups):
        _dice_panel(ax, group)
    fig.tight_layout()
    return _save(fig, fmt)


def _empty(ax: Any, words: str) -> None:
    ax.text(0.5, 0.5, words, ha="center", va="center")
    ax.set_axis_off()


def _dice_panel(ax: Any, group: dict[str, Any]) -> None:
    """One die kind's bars on ``ax``: counts per face, the fair expectation dashed, the test in the title."""
    faces = [_face(f) for f, _ in group["counts"]]
    values = [n for _, n in group["counts"]]
    ax.bar(faces, values, color=COLOURS[0])
    if group.get("tested") and group["rolls"]:
        ax.axhline(group["expected"], color=COLOURS[1], linestyle="--", linewidth=1, label="fair")
    ax.set_title(f"{group['label']}: {group['rolls']} rolls" + _fit_words(group), fontsize=9, loc="left")
    ax.set_ylabel("rolls")
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.tick_params(axis="x", labelrotation=0 if max((len(f) for f in faces), default=0) < 4 else 45)


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
        _empty(axes[0][0], "no curve to draw yet")
    for ax, series in zip((a[0] for a in axes), shown.values()):
        _curve_panel(ax, series)
    axes[-1][0].set_xlabel("action")
    fig.tight_layout()
    return _save(fig, fmt)


def _curve_panel(ax: Any, series: dict[str, Any]) -> None:
    """One series on ``ax``: a step line per key, its legend above the panel (never over the lines it names)."""
    for i, (key, points) in enumerate(sorted(series["lines"].items())):
        ax.step([p[0] for p in points], [p[1] for p in points], where="post", color=COLOURS[i % len(COLOURS)],
                label=key or series["label"], linewidth=1.4)
    keyed = len(series["lines"]) > 1 or "" not in series["lines"]
    ax.set_title(series["label"], fontsize=9, loc="left", pad=13 if keyed else 6)
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    if keyed:  # a row between the title and the panel
        ax.legend(fontsize=7, frameon=False, loc="lower left", bbox_to_anchor=(0.0, 1.0), borderaxespad=0.1,
                  ncol=min(4, len(series["lines"])), handlelength=1.2, columnspacing=0.9)
    top = max((p[1] for points in series["lines"].values() for p in points), default=0)
    if top <= 0 <= min((p[1] for points in series["lines"].values() for p in points), default=0):
        ax.set_ylim(-0.05, 1)  # a flat zero: an axis of 0..1, not of ±0.05


def recap_chart(title: str, lines: list[str], dice: list[dict[str, Any]], curves: dict[str, dict[str, Any]],
                fmt: str = "svg") -> bytes:
    """A play's recap as one picture: ``title``, the text ``lines`` under it (who played, when, the turning points),
    a panel per die kind of ``dice`` (as :func:`dice_chart`), then the curves (as :func:`curves_chart`)."""
    shown = [c for c in curves.values() if c["lines"]]
    heights = [0.45 + 0.17 * len(lines)] + [2.0] * len(dice) + [2.0] * max(1, len(shown))
    fig = plt.figure(figsize=(4.2, sum(heights)))
    grid = fig.add_gridspec(len(heights), 1, height_ratios=heights)
    head = fig.add_subplot(grid[0])
    head.set_axis_off()
    head.text(0, 1, title, va="top", ha="left", fontsize=11, transform=head.transAxes)
    head.text(0, 1 - 0.3 / heights[0], "\n".join(lines), va="top", ha="left", fontsize=8, transform=head.transAxes,
              linespacing=1.5)
    for i, group in enumerate(dice, start=1):
        _dice_panel(fig.add_subplot(grid[i]), group)
    first, axes = len(dice) + 1, []
    for i, series in enumerate(shown):
        axes.append(fig.add_subplot(grid[first + i], sharex=axes[0] if axes else None))
        _curve_panel(axes[-1], series)
    if not shown:
        _empty(fig.add_subplot(grid[first]), "no curve to draw yet")
    else:
        for ax in axes[:-1]:
            ax.tick_params(labelbottom=False)
        axes[-1].set_xlabel("action")
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
