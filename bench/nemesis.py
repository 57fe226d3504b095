"""Figure 7 (Nemesis): Danger over a large generated ship, and the board view, against the same on a ship
half its size (both should grow linearly: a ratio near 2 for twice the rooms).

The ship is a generated grid of rooms (each room joined to its grid neighbors, exits numbered 1..4, a
Technical Corridors entrance where a room has a spare exit number), one Intruder per four rooms and a Noise
marker in every third corridor; the measure is deciding a ``noise-roll ... danger`` in the middle of it
(neighbors found, Intruders not in Combat moved in or Noise markers placed, each event folded into the state)
and drawing the ``board`` view.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .common import Row, repeat, time_row


def grid_layout(width: int, height: int) -> dict[str, Any]:
    """Ship-layout data (the ship.yaml shape) for a ``width`` x ``height`` grid of rooms."""
    rooms: dict[str, Any] = {}
    corridors: dict[str, list[str]] = {}
    for y in range(height):
        for x in range(width):
            if x + 1 < width:
                corridors[f"h{x}-{y}"] = [f"r{x}-{y}", f"r{x + 1}-{y}"]
            if y + 1 < height:
                corridors[f"v{x}-{y}"] = [f"r{x}-{y}", f"r{x}-{y + 1}"]
    touching: dict[str, list[str]] = {}
    for cid, (a, b) in corridors.items():
        touching.setdefault(a, []).append(cid)
        touching.setdefault(b, []).append(cid)
    for y in range(height):
        for x in range(width):
            rid = f"r{x}-{y}"
            places = touching[rid] + (["technical"] if len(touching[rid]) < 4 else [])
            rooms[rid] = {"at": [x, y], "exits": {n: places[(n - 1) % len(places)] for n in (1, 2, 3, 4)}}
    return {"name": f"grid {width}x{height}", "start": "r0-0", "technical_corridors": ["technical"], "rooms": rooms,
            "corridors": corridors}


def danger_state(width: int, height: int) -> tuple[Any, Any, Any]:
    """(ruleset, state, command): a Scout due a Noise roll mid-ship, Intruders and Noise all around."""
    from domain.core.decision import Decision
    from domain.core.ruleset import Command, get_ruleset
    from domain.rulesets.nemesis import events as ev
    from domain.rulesets.nemesis.evolve import initial_state
    from domain.rulesets.nemesis.layout_check import layout_from_data
    from domain.rulesets.nemesis.ships import add_layout

    ruleset, key = get_ruleset("nemesis"), f"bench-grid-{width}x{height}"
    layout = layout_from_data(grid_layout(width, height))
    add_layout(key, layout)
    d = Decision(initial_state(key, layout), ruleset.evolve)
    middle = f"r{width // 2}-{height // 2}"
    d.emit(ev.GameStarted(["scout"], "r0-0"), ev.CharacterMoved("scout", "r0-0", middle, ""),
           ev.NoiseRollCalledFor("scout", middle))
    for n, rid in enumerate(layout.rooms):
        if n % 4 == 1:
            d.emit(ev.IntruderPlaced(f"adult-{n}", "adult", rid))
    state = d.state
    state["noise"] = sorted(list(layout.corridors)[::3])
    return ruleset, state, Command("noise-roll", {"character": "scout", "result": "danger", "event": False})


def run(store: str, workdir: Path, repeats: int, **_: Any) -> list[Row]:
    """Rows for figure 7: Nemesis Danger decide and board view, 32x32 rooms vs 32x16."""
    rows = []
    try:
        (ruleset, big, command), (_, small, _) = danger_state(32, 32), danger_state(32, 16)
        n = repeats * 10
        rows.append(time_row("7 ruleset computations", "-", "Nemesis decide Danger, 1,024-room ship", "512 rooms",
                             repeat(lambda: ruleset.decide(big, command), n), repeat(lambda: ruleset.decide(small, command), n),
                             note="linear: expect <=2x"))
        board = ruleset.views["board"]
        rows.append(time_row("7 ruleset computations", "-", "Nemesis board view, 1,024-room ship", "512 rooms",
                             repeat(lambda: board(big), n), repeat(lambda: board(small), n), note="linear: expect <=2x"))
    except Exception as exc:  # a ruleset under change must not stop the suite
        rows.append(Row("7 ruleset computations", "-", "Nemesis Danger / board", "-", 0, 0, "s", note=f"not measured: {exc}"))
    return rows
