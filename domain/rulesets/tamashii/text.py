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


WIDTH = 80
"""The terminal these drawings fit (the progress sheet's reasons and lists wrap to it)."""
GENERATOR = {"generator": "Scenario generator"}
"""What ``played`` calls a competitive play (it has no Scenario of the Progress sheet)."""
VP_LINES = (("assets", "Assets"), ("unlocked_data_slots", "Data slots"), ("open_data", "Open Data"),
            ("max_integrity", "max ITG"), ("faction_augments", "Faction Augments"), ("class_augments", "Class Augments"),
            ("goals", "Goals"), ("corrupted_data", "Corrupted Data"))
"""The scoring table's lines in the rulebook's order (tamashii.txt § Counting Victory Points)."""


def _wrapped(head: str, text: str, indent: int) -> list[str]:
    import textwrap

    return textwrap.wrap(text, WIDTH, initial_indent=head, subsequent_indent=" " * indent) or [head.rstrip()]


def _parts(head: str, parts: list[str]) -> list[str]:
    """``parts`` joined by `` · `` after ``head``, wrapped to :data:`WIDTH` between parts only (a scoring line is
    never cut in two), the next lines under the first part."""
    lines, line = [], head
    for n, part in enumerate(parts):
        joined = line + (" · " if n and line.strip() else "") + part
        if n and len(joined) > WIDTH:
            lines.append(line + " ·")
            line = " " * len(head) + part
        else:
            line = joined
    return lines + [line]


def draw_progress(view: dict[str, Any]) -> str:
    """The Progress sheet as printed: each Scenario with its ending boxes (☑ ticked), whether it may be played now
    and why not, then what was played (tamashii.txt § Progress sheet, § The Ascend)."""
    scenarios = view.get("scenarios") or {}
    width = max([len(s["title"]) for s in scenarios.values()] + [8])
    lines = ["Progress sheet · Prologue played: " + ("yes" if view.get("prologue_played") else "no")
             + " · playing: " + (view.get("playing") or "no Scenario")]
    for sid, s in scenarios.items():
        boxes = " ".join(f"{card} {'☑' if ticked else '☐'}" for card, ticked in s["endings"].items())
        mark = "✔" if s["checked"] else "▸" if s["playable"] else " "
        lines.append(f"  {mark} {s['title']:<{width}}  {boxes}")
        if s.get("why") and not s["playable"]:
            lines += _wrapped(" " * (width + 6), f"not yet: {s['why']}", width + 6)
    played = [f"{scenarios.get(p['scenario'], {}).get('title', GENERATOR.get(p['scenario'], p['scenario']))} ({p['outcome']}"
              + (f", card {p['card']})" if p.get("card") else ")") for p in view.get("played") or []]
    lines += _wrapped("Played: ", ", ".join(played) or "nothing yet", 8)
    titles = [scenarios[sid]["title"] if sid in scenarios else sid for sid in view.get("playable") or []]
    lines += _wrapped("Playable now: ", ", ".join(titles) or "none (a Scenario is in play)", 14)
    lines.append("✔ a checked box  ▸ playable now")
    return "\n".join(lines)


def draw_score(view: dict[str, Any]) -> str:
    """Each Player Board's Victory Points by line of the scoring table, the winners once final; mid-game the Goal VP
    stay hidden (tamashii.txt § Counting Victory Points, § Scenario generator (competitive mode))."""
    boards = view.get("boards") or {}
    if not boards:
        return "No scores yet: a competitive Scenario shows them as it is played and when it ends."
    head = ("Final scores · winner" + ("s " if len(view.get("winners") or []) > 1 else " ")
            + ", ".join(view.get("winners") or []) if view.get("final")
            else f"Scores so far (Goal VP hidden until the end) · Time {_n(view.get('time'))}")
    lines = [head]
    for name, vp in boards.items():
        parts = [f"{label} {vp[key]}" for key, label in VP_LINES if vp.get(key)]
        if vp.get("goals") is None and vp.get("goal_cards"):
            parts.append(f"{vp['goal_cards']} Goal card{'s' if vp['goal_cards'] != 1 else ''} face down")
        lines += _parts(f"  {name.upper():<8} {vp['total']:>3} VP  ", parts or ["no VP yet"])
    return "\n".join(lines)


__all__ = ["draw_board", "draw_progress", "draw_score", "draw_turn"]
