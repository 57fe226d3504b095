"""The views: ``board`` (every character's AP, speed, facing, Manna, Morale, conditions) and ``roll`` (what
the latest roll resolved to, the arithmetic step by step). Plain JSON; drawn by :mod:`.text`."""

from __future__ import annotations

from typing import Any

from domain.core import State

from .arms import fight_terms, run_speed, strength, throwing, weapons_view
from .ending import outcome
from .sources import applied
from .state import CONDITIONS, MORALE_ROLL, assumed_speed, fatigued, manna

SHOWN = ("prone", "knocked_out", "poisoned", "sneaking", "nocked", "held", "disarmed", "transcend_str", "transcend_run")


def _figure(fig: dict[str, Any]) -> dict[str, Any]:
    card = fig["card"]
    conditions = [c for c in SHOWN if fig.get(c)] + (["fatigued"] if fatigued(fig) else []) + (["defeated"] if fig["defeated"] else [])
    conditions += ["unseen"] if fig.get("unseen") else []
    return {"name": card["name"], "card": card["card"], "warband": fig["warband"], "ap": card["ap"], "ap_left": fig["ap_left"],
            "saved_ap": fig["saved_ap"], "held_ap": fig["held_ap"], "speed": fig["speed"], "assumed_speed": assumed_speed(fig),
            "facing": fig["facing"], "manna": manna(fig), "printed_manna": card.get("manna"), "manna_lost": fig["manna_lost"],
            "morale": fig["morale"], "engaged": list(fig["engaged"]), "conditions": conditions, "defeated": fig["defeated"],
            "concentration": fig["concentration"], "edges": dict(fig.get("edges", {})), "weakness": dict(fig.get("weakness", {})),
            "unprinted": list(card["unprinted"]), "given": list(card.get("given", [])), **weapons_view(fig), **numbers(fig)}


def numbers(fig: dict[str, Any]) -> dict[str, Any]:
    """The Fight and Range die and Damage Bonus in effect now, with the standing modifiers that change them
    (Fatigue, prone, Scared / Terrified, Morale on WIL and CTR rolls, a Transcend) and their sources; ``throw``: the
    die, Damage Bonus and range of a throw of the weapon in hand (:func:`.arms.throwing`), ``None`` without one."""
    card = fig["card"]
    always = [["Fatigued", -2]] if fatigued(fig) else []
    fight_mods = always + ([["Fighting Prone", -3]] if fig["prone"] else [])
    if fig["morale"] in ("scared", "terrified"):
        fight_mods.append([f"Morale {fig['morale'].title()} (Defensive {MORALE_ROLL[fig['morale']] if fig['morale'] == 'terrified' else -2})",
                           -4 if fig["morale"] == "terrified" else -2])
    terms = fight_terms(fig)
    known = all(v is not None for _, v in terms)
    fd, rd = card.get("fight_die"), card.get("range_die")
    morale = MORALE_ROLL[fig["morale"]]
    return {"fight": {"die": None if fd is None else fd + sum(x for _, x in fight_mods), "card_die": fd, "modifiers": fight_mods,
                      "bonus": sum(v for _, v in terms) if known else None, "bonus_terms": terms},
            "range": {"die": None if rd is None else rd + sum(x for _, x in always), "card_die": rd, "modifiers": always,
                      "bonus": card.get("range_bonus")},
            "throw": throwing(fig, sum(x for _, x in always)),
            "roll_modifiers": always + ([[f"Morale {fig['morale'].title()} (WIL and CTR rolls)", morale]] if morale else []),
            "str": strength(fig), "run": run_speed(fig)}


def board(s: State) -> dict[str, Any]:
    """The battle as the table sees it."""
    battle = s["battle"]
    pending = battle["pending"]
    standing = {w for w, ids in s["warbands"].items() if any(not s["figures"][f]["defeated"] for f in ids)}
    victor = next(iter(standing)) if battle["started"] and len(standing) == 1 else None
    ended = battle.get("ended")  # once ended nobody acts and nothing is pending (the guard refuses every action)
    return {"rules": s["rules"], "victor": victor, "point_limit": s["point_limit"], "turn": battle["turn"], "player": battle["player"],
            "active": None if ended else battle["active"], "order": list(battle["order"]),
            "ended": {**ended, "text": outcome(ended)} if ended else None,
            "pending": {"what": pending["what"], "how": pending["how"]} if pending and not ended else None,
            "warbands": {w: {"figures": list(ids), "points": sum(s["figures"][f]["card"].get("value") or 0 for f in ids),
                             "miniatures": len(ids)} for w, ids in s["warbands"].items()},
            "figures": {fid: _figure(fig) for fid, fig in s["figures"].items()},
            "objects": {oid: dict(o) for oid, o in s["objects"].items()}}


def roll(s: State) -> dict[str, Any]:
    """The latest roll: its kind, dice, outcome, Power, the arithmetic lines (``steps``) and every modifier and Damage
    Bonus term applied with its source (``applied``, :mod:`.sources`)."""
    last = s["last_roll"]
    if last is None:
        return {"rolls": 0, "kind": None, "steps": [], "result": None}
    out = {k: v for k, v in last.items() if k not in ("sides",)}
    out["applied"] = applied(last)
    out["rolls"] = s["rolls"]
    out.setdefault("result", last.get("outcome"))
    return out


VIEWS = {"board": board, "roll": roll}

__all__ = ["CONDITIONS", "VIEWS", "board", "roll"]
