"""The ``content`` view drawn for an 80-column terminal: the packs as a table, then one table per section of entries
with the figures each still lacks (``views.content``). A pure function of the view's JSON, with no import of the rules
or of a table library (a light module of the game's card, as :mod:`.text`)."""

from __future__ import annotations

import textwrap
from typing import Any

WIDTH = 80
"""The columns the drawing fits in: a terminal's default."""
SECTIONS = {"enemies": "Enemies", "characters": "Characters", "weapons": "Weapons", "skills": "Skills", "items": "Items",
            "programs": "Sidekick programs", "hacking_profiles": "Hacking profiles", "encounters": "Encounters"}
"""Section key -> its title (a section a newer pack adds is titled from its key)."""


def _widths(headers: list[str], rows: list[list[str]], width: int) -> list[int]:
    """Each column as wide as its longest cell; the last one takes what is left of ``width`` and wraps."""
    natural = [max(len(x) for x in [h, *(r[i] for r in rows)]) for i, h in enumerate(headers)]
    fixed = [min(n, 28) for n in natural[:-1]]
    rest = width - sum(fixed) - 3 * len(headers) - 1
    return [*fixed, max(12, min(natural[-1], rest))]


def table(title: str, headers: list[str], rows: list[list[str]], width: int = WIDTH) -> list[str]:
    """A boxed table's lines under ``title``, no wider than ``width``; long cells wrap inside their column."""
    sizes = _widths(headers, rows, width)

    def rule(left: str, mid: str, right: str) -> str:
        return left + mid.join("─" * (n + 2) for n in sizes) + right

    def line(cells: list[str]) -> list[str]:
        wrapped = [textwrap.wrap(c, n, break_on_hyphens=False) or [""] for c, n in zip(cells, sizes)]
        return ["│" + "│".join(f" {(w[k] if k < len(w) else ''):<{n}} " for w, n in zip(wrapped, sizes)) + "│"
                for k in range(max(map(len, wrapped)))]

    out = [title, rule("┌", "┬", "┐"), *line(headers), rule("├", "┼", "┤")]
    for row in rows:
        out += line(row)
    return [*out, rule("└", "┴", "┘")]


def _packs(packs: list[dict[str, Any]]) -> list[list[str]]:
    return [[p["pack"], str(p["version"]), p["file"], "shipped" if p["shipped"] else "the group's", p["digest"]] for p in packs]


def content_text(view: dict[str, Any]) -> str:
    """The ``content`` view: which packs are read (load order), what the Encounters started with, then each section's
    entries with the figures no pack gives yet (``unknown``: the group enters them from the physical card)."""
    heads = ["pack", "version", "file", "source", "digest"]
    lines = table("Content packs read now (in load order)", heads, _packs(view["packs"]))
    started = view.get("started_with")
    if started is None:
        lines.append("Encounters started with: no Encounter started yet")
    elif started == view["packs"]:
        lines.append("Encounters started with: the same packs")
    else:
        lines += ["", *table("Packs the Encounters started with", heads, _packs(started))]
    if view.get("error"):
        lines.append(f"Error: {view['error']}")
    if view.get("paths"):
        lines.append(f"Pack paths an older Questlog stored (no longer read): {view['paths']}")
    for section, entries in view["entries"].items():
        title = f"{SECTIONS.get(section, section.replace('_', ' ').capitalize())} ({len(entries)})"
        if not entries:
            lines += ["", f"{title}: none in these packs"]
            continue
        rows = [[key, e["name"] or "—", ", ".join(e["unknown"]) or "all known"] for key, e in entries.items()]
        lines += ["", *table(title, ["id", "name", "unknown figures"], rows)]
    return "\n".join(lines)
