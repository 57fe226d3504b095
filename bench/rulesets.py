"""Figure 7: rulesets with a non-trivial computation, on the largest input the rules allow against the same
input half full (it should grow linearly: a ratio near 2 for twice the input).

- Tamashii, § Counting Victory Points: ``final_scores`` (and the ``score`` view) of a competitive
  Scenario generator play with 4 Player Boards (every colour) against 2.
- Nanolith: deciding ``start-round`` (the Status Phase walks every character and enemy) and drawing the
  ``board`` view with 16 enemies on the map against 8.
- NanoBot Battle Arena: chain scoring of a full 8-player Heavyweight arena (bench/nanobot_battle_arena.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from . import nanobot_battle_arena
from .common import Row, open_app, repeat, time_row

def tamashii_play(app: Any, boards: list[str]) -> dict[str, Any]:
    cid = app.create_campaign("tamashii", f"score {len(boards)}")
    app.record(cid, "start-scenario-generator", {"boards": boards, "length": "short", "enemy_deck": ["1:2xP", "2:all"],
                                                 "trace_top": 10, "start_tiles": list(range(1, len(boards) + 1))})
    for board in boards:
        app.record(cid, "gain", {"board": board, "asset": "shield", "amount": 3})
        app.record(cid, "take-goal-card", {"board": board, "goal": f"G0{len(board)}", "vp": 2})
    return app.get_campaign(cid).state


def nanolith_state(app: Any, enemies: int) -> tuple[Any, Any]:
    cid = app.create_campaign("nanolith", f"enemies {enemies}")
    app.record(cid, "start-encounter", {"name": "Encounter 1"})
    half = enemies // 2
    app.record(cid, "set-spawn-pool", {"entries": [f"bio-mutant:1-{half}", f"security-droid:1-{half}"]})
    for kind in ("bio-mutant", "security-droid"):
        for standee in range(1, half + 1):
            app.record(cid, "place-enemy", {"enemy_type": kind, "standee": standee, "life": 3})
    campaign = app.get_campaign(cid)
    return campaign.state, campaign.ruleset


def run(store: str, workdir: Path, repeats: int, **_: Any) -> list[Row]:
    from domain.core.ruleset import Command
    from domain.rulesets.tamashii.modes import final_scores

    app = open_app(str(workdir / "rulesets.sqlite"), read_models=False)
    rows = []
    try:
        full, half = tamashii_play(app, ["red", "blue", "green", "yellow"]), tamashii_play(app, ["red", "blue"])
        n = repeats * 50
        rows.append(time_row("7 ruleset computations", "-", "Tamashii final_scores, 4 Player Boards", "2 Player Boards",
                             repeat(lambda: final_scores(full["play"]), n), repeat(lambda: final_scores(half["play"]), n),
                             note="linear: expect ~2x"))
    except Exception as exc:  # a ruleset under change must not stop the suite
        rows.append(Row("7 ruleset computations", "-", "Tamashii final_scores", "-", 0, 0, "s", note=f"not measured: {exc}"))
    try:
        (big, ruleset), (small, _) = nanolith_state(app, 16), nanolith_state(app, 8)
        command = Command(verb="start-round", fields={}, actor=None, digital=False)
        n = repeats * 20
        rows.append(time_row("7 ruleset computations", "-", "Nanolith decide start-round, 16 enemies", "8 enemies",
                             repeat(lambda: ruleset.decide(big, command), n), repeat(lambda: ruleset.decide(small, command), n),
                             note="linear: expect <=2x"))
        board = ruleset.views["board"]
        rows.append(time_row("7 ruleset computations", "-", "Nanolith board view, 16 enemies", "8 enemies",
                             repeat(lambda: board(big), n), repeat(lambda: board(small), n), note="linear: expect <=2x"))
    except Exception as exc:
        rows.append(Row("7 ruleset computations", "-", "Nanolith decide / board", "-", 0, 0, "s", note=f"not measured: {exc}"))
    app.close()
    rows += nanobot_battle_arena.run(repeats=repeats)
    return rows
