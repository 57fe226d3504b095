"""What Tamashii's table page needs, declared with the kit (DESIGN.md § The table page): each action's human label
and group (the phase of tamashii.txt § Turn order, or the section it belongs to), which field picks from which
kind of thing, the table's own actions, and what is owed now (the ``turn`` view's obligations, :mod:`.flow`, so
the real obligation comes first: a Refill before a Time reduction, setup 3c before anything else).

Kinds of thing the board marks (``data-kind`` / ``data-id`` in :mod:`.html`): ``character`` (built in: a Player
Board, ``red``), ``augment`` (an Augment card by name, ``data-context="character:BOARD"``), ``enemy`` (an attached
Enemy card by name, with its board), ``roll-die`` (a die of a board's latest roll by its 0-based index, with its
board), ``tile`` (a District tile by number), ``body`` (a Body card of the Market by name).
"""

from __future__ import annotations

from pathlib import Path

from typing import Any

from domain.core.declarations import Owed
from domain.core.ruleset import State

from .flow import obligations
from .kit import KIT
from .views import progress_view

SETUP, PLANNING, ACTION, COMBAT, QUEST = "Game setup", "Planning phase", "Action phase", "Combat phase", "Quest phase"
ASSETS, UPGRADE, SCENARIO, PROGRESS, SOLO = ("Assets, Integrity and Data", "Upgrade", "Scenario cards and Tests",
                                             "Ending the game & the Progress sheet", "Solo and competitive")

LABELS: dict[str, tuple[str, str]] = {
    "start-scenario": ("Start a Scenario", SETUP), "start-scenario-generator": ("Start a generated Scenario", SETUP),
    "choose-class": ("Choose a Class (setup 3c)", SETUP), "choose-learning-protocol": ("Choose a Learning Protocol (setup 3d)", SETUP),
    "set-up-body-market": ("Set up the Body Market (setup 5)", SETUP), "set-time": ("Set the Time", SETUP),
    "trace-roll": ("Roll the Trace dice", PLANNING), "refill-launcher": ("Refill the Launcher", PLANNING),
    "program": ("Program moves", PLANNING), "end-phase": ("End the phase", PLANNING),
    "move": ("Move to a tile", ACTION), "stay": ("Stay on the tile", ACTION), "explore": ("Explore a face-down tile", ACTION),
    "use-district-effect": ("Use the District Effect", ACTION), "launch-basic-pattern": ("Launch a Basic Pattern", ACTION),
    "launch-hack": ("Launch a Hack", ACTION), "launch-repel": ("Launch a Repel", ACTION),
    "launch-augment": ("Launch an Augment Pattern", ACTION), "launch-pattern": ("Launch another Pattern", ACTION),
    "inhabit": ("Inhabit a Body", ACTION), "swap-bodies": ("Swap Bodies", ACTION), "refill-body-market": ("Refill the Body Market", ACTION),
    "draw-enemies": ("Draw and attach Enemies", COMBAT), "attack-roll": ("Attack Roll", COMBAT),
    "activate-frame": ("Activate a Combat Frame", COMBAT), "activate-enemy-frame": ("Enemy Frame attacks", COMBAT),
    "deal-damage": ("Deal Damage to the Top Enemy", COMBAT), "reroll": ("Reroll dice", COMBAT),
    "reduce-time": ("Reduce the Time", QUEST), "draw-scenario-card": ("Draw a Scenario card", QUEST),
    "place-success-token": ("Place a Success token", QUEST), "spread": ("Spread", QUEST),
    "discard-ascend-token": ("Discard an Ascend token", QUEST), "roll-simulation-error": ("Roll a Simulation Error", QUEST),
    "boss-activity": ("Boss activity", QUEST),
    "perform-test": ("Perform a Test", SCENARIO), "contribute-to-test": ("Contribute to the Test", SCENARIO),
    "resolve-test": ("Resolve the Test", SCENARIO),
    "gain": ("Gain an Asset", ASSETS), "lose": ("Lose an Asset", ASSETS), "spend": ("Spend an Asset", ASSETS),
    "suffer": ("Suffer Wounds", ASSETS), "recover": ("Recover Integrity", ASSETS), "lose-integrity": ("Lose Integrity", ASSETS),
    "gain-exp": ("Gain EXP", ASSETS), "increase-trace": ("Increase the Trace", ASSETS), "reduce-trace": ("Reduce the Trace", ASSETS),
    "gain-data": ("Gain Data tokens", ASSETS), "dump-data": ("Dump Data tokens", ASSETS), "discard-data": ("Discard Data tokens", ASSETS),
    "prepare": ("Prepare Data tokens", ASSETS), "change-core-data": ("Change the Core Data", ASSETS), "reset": ("RESET", ASSETS),
    "upgrade": ("Upgrade the Player Board", UPGRADE), "gain-augment": ("Gain an Augment", UPGRADE),
    "draw-class-augments": ("Draw 2 Class Augments", UPGRADE), "equip": ("Equip an Augment", UPGRADE),
    "trade-augment": ("Trade an Augment", UPGRADE), "complete-learning-step": ("Complete a Learning step", UPGRADE),
    "draw-victory-card": ("Draw the Victory card", PROGRESS), "draw-scenario-lost-card": ("Draw the Scenario Lost card", PROGRESS),
    "unlock-components": ("Unlock components", PROGRESS), "lock-components": ("Lock components", PROGRESS),
    "start-from-scratch": ("Start the Progress sheet from scratch", PROGRESS), "start-from-paper": ("Start from the paper sheet", PROGRESS),
    "use-jordan-bot": ("Use J.O.R.D.A.N. BOT", SOLO), "charge-jordan-bot": ("Charge J.O.R.D.A.N. BOT", SOLO),
    "take-goal-card": ("Take a Goal card", SOLO),
}
"""verb -> (label, group) for every Tamashii action."""

PICKS: dict[str, dict[str, str]] = {
    "equip": {"name": "augment"}, "launch-augment": {"name": "augment"}, "trade-augment": {"name": "augment"},
    "launch-hack": {"enemy": "enemy"}, "launch-repel": {"enemy": "enemy"}, "reroll": {"indexes": "roll-die"},
    "move": {"tile": "tile"}, "explore": {"tile": "tile"}, "inhabit": {"body": "body"}, "start-scenario": {"scenario": "scenario"},
}
"""Fields picking from a kind other than ``character`` (the Player Boards: built in)."""

TABLE_WIDE = {"start-scenario", "start-scenario-generator", "set-up-body-market", "set-time", "end-phase", "refill-body-market",
              "reduce-time", "draw-scenario-card", "place-success-token", "spread", "discard-ascend-token", "boss-activity",
              "resolve-test", "draw-victory-card", "draw-scenario-lost-card", "unlock-components", "lock-components",
              "start-from-scratch", "start-from-paper"}
"""The table's actions (tamashii.txt § Turn order: the Quest phase's World Activity, the setup, the Progress sheet)."""

for _verb, (_label, _group) in LABELS.items():
    KIT.present(_verb, _label, picks=PICKS.get(_verb), table_wide=_verb in TABLE_WIDE, group=_group)


def _boards(state: State) -> dict[str, Any]:
    return (state.get("play") or {}).get("boards") or {}


@KIT.source("augment", "Augment")
def augments(state: State) -> list[tuple[str, str]]:
    """Every Augment on a Player Board now, by name."""
    names = {a["name"] for b in _boards(state).values() for a in b["augments"]}
    return [(n, n) for n in sorted(names)]


@KIT.source("enemy", "Enemy")
def enemies(state: State) -> list[tuple[str, str]]:
    """Every attached Enemy card now, by name."""
    names = {e["name"] for b in _boards(state).values() for e in b["enemies"]}
    return [(n, n) for n in sorted(names)]


@KIT.source("roll-die", "Die of the latest roll")
def roll_dice(state: State) -> list[tuple[str, str]]:
    """The dice of the longest latest roll by index (0-based, as ``reroll --indexes`` takes them)."""
    longest = max((len((b.get("last_roll") or {}).get("dice") or []) for b in _boards(state).values()), default=0)
    return [(str(i), f"die {i + 1}") for i in range(longest)]


@KIT.source("tile", "District tile")
def tiles(state: State) -> list[tuple[str, str]]:
    """The District tiles on the map: ``("5", "5 Seekers' Hideout")``; face-down ones as such."""
    board = (state.get("play") or {}).get("map") or {}
    return [(n, f"{n} {t['name']}" if t.get("name") else f"{n} (face down)") for n, t in sorted(board.items(), key=lambda kv: int(kv[0]))]


@KIT.source("scenario", "Scenario")
def scenarios(state: State) -> list[tuple[str, str]]:
    """The Scenarios of the Progress sheet, those playable now first (tamashii.txt § Before your first game)."""
    sheet = progress_view(state)["scenarios"]
    ordered = sorted(sheet.items(), key=lambda kv: not kv[1]["playable"])
    return [(sid, s["title"] + ("" if s["playable"] else " (not playable now)")) for sid, s in ordered]


@KIT.source("body", "Body card")
def bodies(state: State) -> list[tuple[str, str]]:
    """The Body cards of the Market now."""
    return [(n, n) for n in (state.get("play") or {}).get("body_market") or []]


@KIT.owes
def owed(state: State) -> list[Owed]:
    """The turn view's obligations, most urgent first (tamashii.txt § Turn order), each with the actions its ``do``
    names; with none open, the phase's free step and ``end-phase`` for who acts. No Scenario: start one."""
    play = state.get("play")
    if not play:
        return [Owed("start a Scenario (the Prologue first)", None, ("start-scenario", "start-scenario-generator"))]
    open_ = obligations(play)
    if open_:
        return [Owed(o["why"], o["board"], _verbs(o["do"])) for o in open_]
    text, verbs = FREE[play["phase"]]
    if play["phase"] == "quest" and play["mode"] == "competitive":
        text, verbs = "Tests and Goal cards in order from the First Player, then end the phase (Time goes down by 1)", ("perform-test", "end-phase")
    return [Owed(text, play["active"], verbs)]


FREE = {
    "setup": ("end the setup", ("end-phase",)),
    "planning": ("program and Upgrade as you like, then end the phase", ("program", "end-phase")),
    "action": ("use the District Effect and launch Patterns as you like, then end your part", ("use-district-effect", "launch-basic-pattern", "end-phase")),
    "combat": ("activate Combat Frames as you like, then end your part", ("activate-frame", "end-phase")),
    "quest": ("Player and World Activity as the Scenario card says, then end the phase", ("reduce-time", "draw-scenario-card", "end-phase")),
}
"""What a phase leaves free once nothing is owed (tamashii.txt § Turn order), in words, and the actions it names."""


def _verbs(do: str) -> tuple[str, ...]:
    """The verbs an obligation's ``do`` names ("move / stay / explore", "draw-scenario-lost-card A07")."""
    words = [part.strip().split(" ")[0] for part in do.split("/")]
    return tuple(w for w in words if w in LABELS)

KIT.stylesheet(Path(__file__).with_name("page.css"))
KIT.field_labels({"mov": "MOV (Movement)", "att": "ATT (Attack)", "pro": "PRO (Processing)", "vp": "Victory Points (VP) on the card",
                  "of": "Whose roll", "to": "To whose Player Board", "why": "What discards it",
                  "bot": "J.O.R.D.A.N. BOT instead (solo)"})
