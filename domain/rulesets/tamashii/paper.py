"""Starting from a paper Progress sheet (``new tamashii NAME --from-sheet FILE``): the sheet as ONE event.

The sheet (shape: :class:`PaperSheetSchema`, example ``examples/tamashii/paper-sheet.yaml``) gives the ticked
ending codes per Scenario and the Locked and Unlocked Pools (tamashii.txt § Ending the game & using the
PROGRESS sheet, § Locked vs Unlocked components). Bodies and Augments are not kept between Scenarios in this
ruleset's state (each Scenario sets its boards up), so the sheet has none.

Readings: each ticked box counts as one won play of that Scenario (the Victory card that ticked it), so the
Prologue ticked means the Prologue was played (§ Before your first game); a box beyond the Prologue needs the
Prologue ticked; a Locked code may not also be Unlocked, and X00 codes are never Locked.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from marshmallow import Schema, ValidationError, fields, pre_load, validate

from domain.core.decision import Decision
from domain.core import GameEvent, State

from .catalogue import Codes
from .kit import KIT
from .progress import POOLS, PROGRESS, initial_box, scenario_id
from .vocabulary import refuse, scenarios


@dataclass(frozen=True)
class StartedFromPaper(GameEvent):
    """The campaign picks up a paper Progress sheet: ``ticks`` (Scenario id -> ticked ending codes),
    ``locked`` / ``unlocked`` (component codes in each pool)."""

    ticks: dict
    locked: list
    unlocked: list


class PaperSheetSchema(Schema):
    """A paper Tamashii box: the Progress sheet's ticks and both pools."""

    progress = fields.Dict(keys=fields.String(), values=fields.List(fields.String(), validate=validate.Length(1, 20)),
                           load_default=dict, metadata={"description": "Scenario id or title -> ticked ending codes"})
    locked = Codes(metadata={"description": "the Locked Pool"})
    unlocked = Codes(metadata={"description": "the Unlocked Pool"})

    @pre_load
    def _json_progress(self, data: Any, **_: Any) -> Any:
        if isinstance(data, dict) and isinstance(data.get("progress"), str):
            try:
                return {**data, "progress": json.loads(data["progress"])}
            except ValueError as exc:
                raise ValidationError({"progress": [f"not valid JSON: {exc}"]}) from None
        return data


def _ticks(progress: dict[str, list[str]]) -> dict[str, list[str]]:
    """The ticks by Scenario id, each code one of that Scenario's endings. Raises RuleViolation."""
    out: dict[str, list[str]] = {}
    for name, codes in progress.items():
        sid = scenario_id(name)
        endings = scenarios()[sid]["endings"]
        for code in codes:
            if code.upper() not in endings:
                raise refuse(PROGRESS, f"{code.upper()} is not an ending of {scenarios()[sid]['title']} (its endings: {', '.join(endings)})")
        out[sid] = sorted({c.upper() for c in codes})
    if any(sid != "prologue" for sid in out) and "prologue" not in out:
        raise refuse("Before your first game", "the very first Scenario you play must always be the Prologue: "
                                               "a sheet with other Scenarios ticked has the Prologue ticked")
    return out


@KIT.action("start-from-paper", PaperSheetSchema, "Start where the paper Progress sheet stands (new --from-sheet)",
            section=PROGRESS)
def start_from_paper(d: Decision, f: dict[str, Any]) -> None:
    """StartedFromPaper, only on a box that has recorded nothing yet. Raises RuleViolation."""
    state = d.state
    if {k: state.get(k) for k in initial_box()} != initial_box():
        raise refuse(PROGRESS, "a paper sheet starts a campaign: this one has already recorded play")
    ticks = _ticks(f["progress"])
    locked, unlocked = sorted({c.upper() for c in f["locked"]}), sorted({c.upper() for c in f["unlocked"]})
    if any(c.endswith("00") for c in locked):
        raise refuse(POOLS, "X00 components are never Locked")
    both = sorted(set(locked) & set(unlocked))
    if both:
        raise refuse(POOLS, f"{', '.join(both)} cannot be in both the Locked and the Unlocked Pool")
    d.emit(StartedFromPaper(ticks=ticks, locked=locked, unlocked=unlocked))


@KIT.evolves(StartedFromPaper)
def _from_paper(s: State, e: StartedFromPaper) -> None:
    """Tick the boxes, fill both pools, and record one won play per tick (the Prologue first)."""
    order = sorted(e.ticks, key=lambda sid: sid != "prologue")
    for sid in order:
        for code in e.ticks[sid]:
            s["progress"][sid][code] = True
            s["played"].append({"scenario": sid, "outcome": "won", "card": code})
    s["locked"], s["unlocked"] = list(e.locked), list(e.unlocked)
