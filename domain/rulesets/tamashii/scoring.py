"""Victory Points of the Scenario generator (tamashii.txt § Counting Victory Points).

Readings where icons are missing:

- "Each 3 Assets = 1 VP" counts the four Asset tracks together: (Shield + Memory + Power + Reroll) // 3;
- "Each [icon] in your pool = 1 VP" is each Open Data token in your pool (Bag, Launcher and Dump);
- Unlocked Data slots are the Lock tokens discarded (4 − Locks);
- Corrupted Data penalty by count in your pool: 1: −1; 2-3: −2; 4-5: −3; 6+: −4;
- a draw goes to the player with fewer Corrupted Data; still equal: they share the win;
- Goal cards are taken face down, "The VP from this card is hidden and will be counted at the end of the
  game": until then a score shows how many Goal cards each player holds, not their VP.
"""

from __future__ import annotations

from typing import Any

from .vocabulary import START_INTEGRITY, START_LOCKS


def corrupted_penalty(count: int) -> int:
    """The Corrupted Data penalty: 0, −1, −2 (2-3), −3 (4-5), −4 (6+)."""
    return 0 if count == 0 else -1 if count == 1 else -2 if count <= 3 else -3 if count <= 5 else -4


def _pool(b: dict[str, Any], token: str) -> int:
    return sum(b[p][token] for p in ("bag", "launcher", "dump"))


def victory_points(b: dict[str, Any]) -> dict[str, int]:
    """One board's VP by line of the scoring table, and ``total``."""
    augments = [a for a in b["augments"] if a["equipped"]]
    lines = {
        "assets": sum(b["assets"].values()) // 3,
        "unlocked_data_slots": START_LOCKS - b["locks"],
        "open_data": _pool(b, "open"),
        "max_integrity": max(0, b["limiter"] - START_INTEGRITY),
        "faction_augments": sum(1 for a in augments if a["kind"] == "faction" and not a["break"]),
        "class_augments": 2 * sum(1 for a in augments if a["kind"] == "class" and not a["starting"]),
        "goals": sum(g["vp"] for g in b["goals"]),
        "corrupted_data": corrupted_penalty(_pool(b, "corrupted")),
    }
    return {**lines, "total": sum(lines.values())}


def final_scores(play: dict[str, Any]) -> dict[str, Any]:
    """``{"boards": {board: VP lines}, "winners": [boards]}``: most VP, then fewer Corrupted Data."""
    boards = {name: {**victory_points(b), "corrupted_tokens": _pool(b, "corrupted")} for name, b in play["boards"].items()}
    best = max((s["total"], -s["corrupted_tokens"]) for s in boards.values())
    winners = [n for n, s in boards.items() if (s["total"], -s["corrupted_tokens"]) == best]
    return {"boards": boards, "winners": winners}


def live_scores(play: dict[str, Any]) -> dict[str, Any]:
    """Mid-game scores: each board's VP lines without its hidden Goal VP (``goals`` None, ``goal_cards`` the
    number taken, ``total`` the VP visible now), and no winners yet."""
    boards = {}
    for name, b in play["boards"].items():
        lines = victory_points(b)
        boards[name] = {**lines, "goals": None, "goal_cards": len(b["goals"]), "total": lines["total"] - lines["goals"]}
    return {"boards": boards, "winners": []}
