"""Nîn-Gonost's statistics declarations (nin-gonost.txt): its dice, the curves of a battle, its turning points.

- Accuracy rolls (nin-gonost.txt § The Dice: a skill, a shot or throw, a reaction) record the face read and the
  die's step (``resolution.face``, ``resolution.die_name``: "Accuracy die #4 (red)"): each step is its own kind.
  The dice's faces are printed on the dice, not in the text: counted, never tested for fairness. A Duel records
  each figure's number under its own id (``resolution.dice``), which a declaration cannot name: Duel dice are not
  counted (a reading stated in docs/games/nin-gonost.md).
- Curves of a battle, per warband: AP spent in the current turn (each figure's card ACTIONS less its AP left, for
  figures that have begun their turn), wounds (Manna lost) and figures standing (not defeated); and the Turn.
- Turning points: a figure defeated, a hit taken.
"""

from __future__ import annotations

from typing import Any

from domain.core.ruleset import State

from .events import FigureDefeated, HitTaken, ReactionRolled, ShotRolled, SkillRolled


def _per_warband(value):
    """A series summing ``value(state, figure id, figure)`` over each warband's figures while a battle runs."""
    def sample(s: State) -> dict[str, int] | None:
        if not s["battle"]["started"]:
            return None
        out = {w: 0 for w in s["warbands"]}
        for fid, fig in s["figures"].items():
            out[fig["warband"]] = out.get(fig["warband"], 0) + value(s, fid, fig)
        return out
    return sample


def _ap_spent(s: State, fid: str, fig: dict[str, Any]) -> int:
    """The AP a figure of the warband playing now has spent this turn: its card's ACTIONS less its AP left, once its
    turn began (it is acting, or done); 0 for the other warband's figures and where the card's ACTIONS is unknown."""
    ap = (fig.get("card") or {}).get("ap")
    acting = s["battle"]["active"] == fid or fig.get("done")
    if not isinstance(ap, int) or fig["warband"] != s["battle"]["player"] or not acting:
        return 0
    return max(0, ap - fig["ap_left"])


def _turn(s: State) -> int | None:
    return s["battle"]["turn"] if s["battle"]["started"] else None


def declare(kit: Any) -> None:
    """Declare Nîn-Gonost's dice, curves and turning points on ``kit``."""
    for event, who in ((SkillRolled, "figure"), (ShotRolled, "attacker"), (ReactionRolled, "target")):
        kit.rolls(event, "resolution.face", kind_field="resolution.die_name", who=who)
    kit.series("ap-spent", "AP spent this turn", _per_warband(_ap_spent))
    kit.series("wounds", "Wounds (Manna lost)", _per_warband(lambda s, i, f: f["manna_lost"]))
    kit.series("standing", "Figures standing", _per_warband(lambda s, i, f: 0 if f["defeated"] else 1))
    kit.series("turn", "Turn", _turn)
    kit.turning_points(FigureDefeated, HitTaken)


__all__ = ["declare"]
