"""Dice luck: face counts against the fair expectation, with Pearson's chi-square goodness-of-fit test (scipy).

Imported only by the commands and routes that show statistics (never on the CLI's start-up path): scipy is heavy.

A die kind whose faces the ruleset declares (``DieKind.faces``) is tested: each face is expected ``n / k`` times in
``n`` rolls of a ``k``-faced die; the statistic is ``sum((observed - expected)^2 / expected)`` with ``k - 1``
degrees of freedom (``scipy.stats.chisquare``). The test means something once every face is expected at least 5
times (the usual rule for Pearson's approximation): ``needs = 5 * k`` rolls. A kind without faces is counted only.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from scipy.stats import chisquare

MIN_EXPECTED = 5
"""Rolls each face must be expected before the chi-square approximation means anything."""


def fit(faces: tuple[Any, ...] | None, counts: Mapping[Any, int]) -> dict[str, Any]:
    """The luck of ``counts`` (face -> rolls) of a die with ``faces`` (``None``: unknown, counts only):
    ``{"rolls", "counts" [[face, n], ...], "tested", "expected" (per face), "chi2", "dof", "p", "needs",
    "meaningful"}``. Faces rolled that the die does not have are counted and make ``chi2`` infinite (p 0)."""
    rolls = sum(counts.values())
    if faces is None:
        ordered = sorted(counts.items(), key=lambda kv: (str(type(kv[0])), kv[0]))
        return {"rolls": rolls, "counts": [[f, n] for f, n in ordered], "tested": False}
    observed = [counts.get(f, 0) for f in faces]
    extra = [[f, n] for f, n in counts.items() if f not in faces and n]
    needs = MIN_EXPECTED * len(faces)
    out: dict[str, Any] = {"rolls": rolls, "counts": [[f, counts.get(f, 0)] for f in faces] + extra, "tested": True,
                           "expected": rolls / len(faces), "dof": len(faces) - 1, "needs": needs, "meaningful": rolls >= needs}
    if rolls == 0:
        return {**out, "chi2": None, "p": None}
    if extra:
        return {**out, "chi2": float("inf"), "p": 0.0}
    result = chisquare(observed)
    return {**out, "chi2": float(result.statistic), "p": float(result.pvalue)}


def luck(rows: Iterable[Mapping[str, Any]], die_kinds: Mapping[str, Any], by: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """The luck of the read model's dice totals (``{play, who, kind, digital, face, n}`` rows, faces as JSON text),
    grouped by die kind and the columns ``by`` (``"who"``, ``"play"``, ``"digital"``, ``"person"`` when the rows
    carry it): ``[{"kind", "label", **group, **fit(...)}]`` in kind-declaration order, then group order."""
    groups: dict[tuple[Any, ...], dict[Any, int]] = {}
    for row in rows:
        key = (row["kind"], *(row[c] for c in by))
        face = json.loads(row["face"])
        groups.setdefault(key, {})
        groups[key][face] = groups[key].get(face, 0) + row["n"]
    order = {name: i for i, name in enumerate(die_kinds)}
    out = []
    for key in sorted(groups, key=lambda k: (order.get(k[0], len(order)), [str(x) for x in k[1:]])):
        kind = die_kinds.get(key[0])
        entry = {"kind": key[0], "label": kind.label if kind else key[0], **dict(zip(by, key[1:]))}
        out.append({**entry, **fit(kind.faces if kind else None, groups[key])})
    return out


__all__ = ["MIN_EXPECTED", "fit", "luck"]
