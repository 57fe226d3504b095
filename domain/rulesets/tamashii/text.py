"""Tamashii's ``board`` and ``turn`` views drawn as text for the terminal (issue 31, item 9: they were walls of
wrapped key:value text). Pure functions of the views' JSON; light (no rules imported), so a kept view is drawn
without loading the game. Each Player Board reads as the printed one: Integrity against its ITG Limiter, the four
Assets, Trace, EXP, Launcher and bag (tamashii.txt § Player Board, § Bag building & Data tokens mechanics).
"""

from __future__ import annotations

from typing import Any

DATA = ("blue", "green", "yellow", "red", "open", "corrupted")
"""The Data token kinds in the order the board lists them."""
ASSETS = ("shield", "memory", "power", "reroll")


def _track(filled: int, size: int) -> str:
    """``■■■□□`` for ``filled`` of ``size`` (an Integrity against its Limiter)."""
    return "■" * max(0, filled) + "□" * max(0, size - filled)


def _tokens(pool: dict[str, Any]) -> str:
    """``blue 2 · green 1`` for the kinds present, ``empty`` when none."""
    return " · ".join(f"{kind} {pool[kind]}" for kind in DATA if pool.get(kind)) or "empty"


def _augments(augments: list[dict[str, Any]]) -> str:
    marks = [f"{a['name']}{'' if a.get('equipped') else ' (unequipped)'}" for a in augments]
    return ", ".join(marks) or "none"


def _n(value: Any) -> str:
    """A number, or ``—`` where the component prints none (no Trace in the Prologue, an Enemy's unprinted ITG)."""
    return "—" if value is None else str(value)


def _enemy(e: dict[str, Any]) -> str:
    if e.get("integrity") is None:
        return f"{e['name']} (damage {e.get('damage') or 0})"
    return f"{e['name']} (ITG {e['integrity'] - (e.get('damage') or 0)}/{e['integrity']})"


def _enemies(enemies: list[dict[str, Any]]) -> str:
    return ", ".join(map(_enemy, enemies)) or "none"


def _board_lines(name: str, b: dict[str, Any], active: str | None) -> list[str]:
    """One Player Board: a heading line, then its tracks and pools, indented."""
    body = b.get("body") or b.get("walker") or {}
    mark = "▶ " if active == name else "  "
    assets = "  ".join(f"{a} {b['assets'].get(a, 0)}" for a in ASSETS)
    lines = [f"{mark}{name.upper():<8} Integrity {_track(b['integrity'], b['limiter'])} {b['integrity']}/{b['limiter']}"
             f"   Trace {_n(b['trace'])}   EXP {_n(b['exp'])}   tile {_n(b.get('tile'))}",
             f"    Assets   {assets}",
             f"    Launcher {_tokens(b['launcher'])}   (locks {b['locks']})",
             f"    Bag      {_tokens(b['bag'])}",
             f"    Dump     {_tokens(b['dump'])}",
             f"    Body     {body.get('name', '—')}   Class {b.get('class') or '—'}   Augments {_augments(b.get('augments', []))}"]
    if b.get("enemies"):
        lines.append(f"    Enemies  {_enemies(b['enemies'])}")
    if b.get("learning_protocol"):
        lines.append(f"    Learning Protocol {b['learning_protocol']['name']} ({b['learning_protocol']['steps']} steps)")
    return lines


def draw_board(view: dict[str, Any]) -> str:
    """The Scenario as the table sees it: its heading, the map's revealed tiles, then each Player Board."""
    if not view.get("scenario"):
        return "No Scenario in play: start one with start-scenario (the Progress sheet: questlog view progress)"
    head = (f"{view.get('title') or view['scenario']} · {view['mode']} · turn {view['turn']}, {view['phase']} phase"
            f" · Time {view['time']} · corrupted pool {view['corrupted_pool']}")
    tiles = [f"{t}: {tile['name']}" + (" (entry)" if tile.get("entry") else "")
             for t, tile in (view.get("map") or {}).items() if tile.get("revealed")]
    lines = [head, "Map      " + (", ".join(tiles) or "no tile revealed"),
             "Market   " + (", ".join(view.get("body_market") or []) or "empty"), ""]
    for name in view.get("players", []):
        lines += _board_lines(name, view["boards"][name], view.get("active"))
    return "\n".join(lines)


def draw_turn(view: dict[str, Any]) -> str:
    """Who acts now and what is still owed before the phase can end, one line each, the next one first."""
    if not view.get("play"):
        return "No Scenario in play."
    lines = [f"{view['play']} · turn {view['turn']}, {view['phase']} phase · order {' → '.join(view.get('order', []))}",
             f"Next: {view['next']}" if view.get("next") else "Next: end-phase (nothing is owed)"]
    for item in view.get("obligations", []):
        lines.append(f"  · {item['board'] or 'the table'}: {item['do']} — {item['why']} ({item['rule']})")
    return "\n".join(lines)


__all__ = ["draw_board", "draw_turn"]
