"""The views: ``board`` (every character's AP, speed, facing, Manna, Morale, conditions) and ``roll`` (what
the latest roll resolved to, the arithmetic step by step). Plain JSON; drawn by :mod:`.text`."""

from __future__ import annotations

from typing import Any

from domain.core import State

from .state import CONDITIONS, assumed_speed, fatigued, manna

SHOWN = ("prone", "knocked_out", "poisoned", "sneaking", "nocked", "held", "disarmed")


def _figure(fig: dict[str, Any]) -> dict[str, Any]:
    card = fig["card"]
    conditions = [c for c in SHOWN if fig.get(c)] + (["fatigued"] if fatigued(fig) else []) + (["defeated"] if fig["defeated"] else [])
    conditions += ["unseen"] if fig.get("unseen") else []
    return {"name": card["name"], "card": card["card"], "warband": fig["warband"], "ap": card["ap"], "ap_left": fig["ap_left"],
            "saved_ap": fig["saved_ap"], "held_ap": fig["held_ap"], "speed": fig["speed"], "assumed_speed": assumed_speed(fig),
            "facing": fig["facing"], "manna": manna(fig), "printed_manna": card.get("manna"), "manna_lost": fig["manna_lost"],
            "morale": fig["morale"], "engaged": list(fig["engaged"]), "conditions": conditions, "defeated": fig["defeated"],
            "concentration": fig["concentration"], "edges": dict(fig.get("edges", {})), "weakness": dict(fig.get("weakness", {})),
            "unprinted": list(card["unprinted"]), "given": list(card.get("given", []))}


def board(s: State) -> dict[str, Any]:
    """The battle as the table sees it."""
    battle = s["battle"]
    pending = battle["pending"]
    standing = {w for w, ids in s["warbands"].items() if any(not s["figures"][f]["defeated"] for f in ids)}
    victor = next(iter(standing)) if battle["started"] and len(standing) == 1 else None
    return {"rules": s["rules"], "victor": victor, "point_limit": s["point_limit"], "turn": battle["turn"], "player": battle["player"],
            "active": battle["active"], "order": list(battle["order"]),
            "pending": {"what": pending["what"], "how": pending["how"]} if pending else None,
            "warbands": {w: {"figures": list(ids), "points": sum(s["figures"][f]["card"].get("value") or 0 for f in ids),
                             "miniatures": len(ids)} for w, ids in s["warbands"].items()},
            "figures": {fid: _figure(fig) for fid, fig in s["figures"].items()},
            "objects": {oid: dict(o) for oid, o in s["objects"].items()}}


def roll(s: State) -> dict[str, Any]:
    """The latest roll: its kind, dice, outcome, Power and the arithmetic lines (``steps``)."""
    last = s["last_roll"]
    if last is None:
        return {"rolls": 0, "kind": None, "steps": [], "result": None}
    out = {k: v for k, v in last.items() if k not in ("sides",)}
    out["rolls"] = s["rolls"]
    out.setdefault("result", last.get("outcome"))
    return out


VIEWS = {"board": board, "roll": roll}

__all__ = ["CONDITIONS", "VIEWS", "board", "roll"]
