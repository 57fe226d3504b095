"""One Accuracy roll as entered at the table, with every modifier shown (nin-gonost.txt § The Dice).

:func:`accuracy_roll` puts together the die step (the base die, Fatigue, the players' modifiers, Concentrate
and whatever the caller knows), reads the face and Fate star(s), and returns the resolution mapping the
events store (``steps`` are the lines the ``roll`` view prints).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import Schema

from domain.core import State

from .fields import Face, FigureId, fate as fate_flag, modifier_list, parse_modifier
from .ladder import Outcome, Shift, accuracy, die_label, shifted
from .state import common_shifts, name


class AccuracySchema(Schema):
    """The fields of every Accuracy roll: who, the face, the Fate star(s) and the players' modifiers."""

    figure = FigureId(required=True)
    face = Face(required=True)
    fate = fate_flag()
    second_fate = fate_flag("the ?+? die's additional Fate star")
    modifier = modifier_list()


def accuracy_roll(s: State, figure_id: str, base: int, what: str, f: Mapping[str, Any], extra: list[Shift] = (),
                  aim: bool = True) -> tuple[Outcome, int | None, dict[str, Any]]:
    """Roll ``what`` (``"DEX"``, ``"Range"``) on Accuracy die ``base`` shifted by Fatigue, ``extra``, the
    players' ``f["modifier"]`` and (``aim``) the figure's Concentration. Refuses a step below the ?+? die."""
    fig = s["figures"][figure_id]
    typed = [parse_modifier(m) for m in f.get("modifier", [])]
    shifts = common_shifts(fig) + list(extra) + typed
    if aim and fig["concentration"]:
        shifts.append(Shift("Concentrating", fig["concentration"]))
    step, line = shifted(base, shifts, f"{name(s, figure_id)}'s {what}", "Accuracy die")
    outcome, number, face_line = accuracy(step, f["face"], f["fate"], f.get("second_fate", False))
    resolution = {"kind": "accuracy", "figure": figure_id, "what": what, "die": step, "die_name": die_label(step, "Accuracy die"),
                  "face": f["face"], "fate": f["fate"], "second_fate": f.get("second_fate", False),
                  "modifiers": [[x.label, x.steps] for x in shifts], "outcome": outcome.value, "number": number,
                  "steps": [line, face_line], "effects": [],
                  "typed": [[x.label, x.steps] for x in typed]}
    return outcome, number, resolution


__all__ = ["AccuracySchema", "accuracy_roll"]
