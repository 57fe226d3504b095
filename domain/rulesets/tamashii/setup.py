"""Scenario setup: the set-up play and its Player Boards, with the Player number arithmetic.

The play (``state["play"]``)::

    {"scenario", "title", "mode", "players": [boards clockwise], "first_player", "turn", "phase", "active",
     "time", "corrupted_pool": int | None, "corrupted_pool_ran_out", "enemy_deck": [{"level", "cards"}],
     "enemy_discard": [names], "scenario_card", "special_cards", "success_tokens", "map": {tile: {...}},
     "boards": {board: <board>}, "bot": None | {"battery", "tile", "removed", "used"}, "body_market",
     "trace_top": int | None, "skipped_steps", "combat": None | {...}, "test": None | {...}, "last_test",
     "map_known": the sheet gives the map, "hidden_tiles": face-down tiles whose number is not known yet,
     "rules": the sheet's special rules, "ascend": None | {"tiles", "sheet", "last_roll"}, "ending_due",
     "market_ready", "market_due", "goals_taken", "optional_steps": setup steps taken or not (nobody owes them),
     "broken_augments": Augments broken this Scenario (absent in plays stored before it)}

The Trace track's top space is printed on the Player Boards (an icon the text lost): every Scenario with
a Trace track needs ``--trace-top`` (§ Trace: "When the Universal marker ... reaches the top space").

A Player Board (§ Game setup steps 2-4)::

    {"integrity": 5, "limiter": 5, "trace": 0 (None in the Prologue: step 2c skipped),
     "assets": {"shield", "memory", "power", "reroll": 0}, "exp": 0, "locks": 4, "core_data",
     "bag": {type: n} (3 of each Basic type + 1 of the Core type = 13), "launcher": {...}, "dump": {...},
     "walker": {"name": "Walker", ...}, "bodies": [Advanced Bodies, active first], "augments": [...],
     "learning_protocol": None | {"name", "steps"}, "enemies": [Top Enemy first], "tile",
     "enemies_due", "reset_due", "reset_in", "steps", "step_details", "launched", "last_roll", "goals", "class"}

Enemy deck (§ Enemy deck setup): ``LEVEL:AMOUNT`` entries from top to bottom; AMOUNT is ``all`` (every
Unlocked card of that level: ``cards`` is None, the count is not in the text) or a Player-number
amount (``2xP``). A 3-player ``1:3xP, 2:2xP, 3:all`` is 9 LVL 1 on top, 6 LVL 2, then all LVL 3.
Time starts on slot 0 (step 6); Scenario cards set it (``set-time 6-P``).
"""

from __future__ import annotations

from typing import Any

from domain.core import BadInput, RuleViolation

from .vocabulary import ASSETS, BASIC, START_INTEGRITY, START_LOCKS, Mode, Phase, empty_pile, player_number, scenarios
from domain.core.names import quoted

GENERATOR_TIME = {"short": 5, "medium": 7, "long": 9}
"""§ Scenario generator, Game Setup 1: Short sets Time to 5, Medium 7, Long 9."""
GENERATOR_START_TILES = {1: "Shelter", 2: "Damaged District", 3: "Damaged District"}
"""§ Scenario generator, Game Setup 3: "the chosen starting District tiles (Shelter or Damaged District)"; the
tile numbers are the Prologue's (§ Scenario setup example: "Damaged District (2), Shelter (1)", "Damaged District (3)")."""
GENERATOR_OPTIONAL_STEPS = ["3d"]
"""§ Scenario generator, Game Setup: "Setup step 3 d): we recommend skipping this step" - a recommendation, not a
rule: the Learning Protocol may be taken, and nobody owes it."""
GENERATOR_RECOMMENDATION = ("tamashii.txt § Scenario generator (competitive mode), Game Setup: we recommend skipping "
                            "setup step 3 d), as Learning Protocols may interfere with the final scoring and make the game unbalanced")


def new_board(core: str, *, prologue: bool, tile: int | None) -> dict[str, Any]:
    """A Player Board after setup steps 2-4 for the board whose printed Core Data is ``core``."""
    bag = empty_pile()
    for basic in BASIC:
        bag[basic] = 3
    bag[core] += 1
    return {"integrity": START_INTEGRITY, "limiter": START_INTEGRITY, "trace": None if prologue else 0,
            "assets": {a: 0 for a in ASSETS}, "exp": 0, "locks": START_LOCKS, "core_data": core,
            "bag": bag, "launcher": empty_pile(), "dump": empty_pile(),
            "walker": {"name": "Walker", "mov": None, "att": None, "pro": None}, "bodies": [], "augments": [],
            "learning_protocol": None, "enemies": [], "tile": tile, "enemies_due": 0, "reset_due": False,
            "reset_in": None, "steps": [], "step_details": {}, "launched": [], "last_roll": None, "goals": [], "class": None}


def enemy_deck(entries: list[str], players: int) -> list[dict[str, Any]]:
    """The Enemy deck, top segment first: ``[{"level": 1, "cards": 9}, ..., {"level": 3, "cards": None}]``.

    Raises :class:`BadInput` for an entry that is not ``LEVEL:AMOUNT``.
    """
    deck = []
    for entry in entries:
        level, _, amount = str(entry).partition(":")
        try:
            cards = None if amount.strip().lower() == "all" else player_number(amount, players)
            deck.append({"level": int(level), "cards": cards})
        except (ValueError, SyntaxError):
            raise BadInput(f"enemy deck entry {quoted(entry)} is not LEVEL:AMOUNT (1:2xP, 3:all)", {"enemy_deck": ["LEVEL:AMOUNT"]}) from None
    return deck


def _need(f: dict[str, Any], sheet: dict[str, Any], key: str) -> Any:
    value = f.get(key) if f.get(key) is not None else sheet.get(key)
    if value is None:
        option = "--" + key.replace("_", "-")
        raise BadInput(f"{sheet['title']}: give {option} from its Scenario sheet (tamashii.txt does not print it)",
                       {key: ["required for this Scenario"]})
    return value


def _trace_top(f: dict[str, Any], prologue: bool) -> int | None:
    if f.get("trace_top") is None and not prologue:
        raise BadInput("give --trace-top: the top space of the Trace track printed on your Player Boards (tamashii.txt § Trace: "
                       "reaching it attaches 2 Enemies)", {"trace_top": ["required: the Trace track's top space"]})
    return f.get("trace_top")


def _map(sheet: dict[str, Any]) -> dict[str, Any]:
    layout = sheet.get("map") or {}
    tiles = {str(n): {"name": name, "revealed": True, "entry": None, "stationary": None, "exploration": None}
             for n, name in (layout.get("revealed") or {}).items()}
    for n in layout.get("face_down") or []:
        tiles[str(n)] = {"name": None, "revealed": False, "entry": None, "stationary": None, "exploration": "face down"}
    return tiles


def _play(scenario: str, title: str, mode: str, players: list[str], **kw: Any) -> dict[str, Any]:
    play = {"scenario": scenario, "title": title, "mode": mode, "players": list(players), "first_player": players[0],
            "turn": 1, "phase": Phase.PLANNING.value, "active": None, "time": 0, "corrupted_pool": None,
            "corrupted_pool_ran_out": False, "enemy_deck": [], "enemy_discard": [], "scenario_card": None,
            "special_cards": [], "success_tokens": 0, "map": {}, "boards": {}, "bot": None, "body_market": [],
            "trace_top": None, "skipped_steps": [], "combat": None, "test": None, "last_test": None,
            "map_known": False, "hidden_tiles": 0, "rules": {}, "ascend": None, "ending_due": None,
            "market_ready": False, "market_due": 0, "goals_taken": [], "optional_steps": [], "broken_augments": []}
    play.update(kw)
    return play


def scenario_play(sid: str, f: dict[str, Any]) -> dict[str, Any]:
    """The play after a co-op or solo Scenario's setup (§ Game setup, § Scenario setup, § Solo Mode)."""
    sheet = scenarios()[sid]
    players = len(f["boards"])
    skipped = list(sheet.get("skipped_steps", []))
    tile = f.get("start_tile") or sheet.get("start_tile")
    deck = enemy_deck(_need(f, sheet, "enemy_deck"), players)
    pool = player_number(_need(f, sheet, "corrupted_data"), players)
    card = str(_need(f, sheet, "first_card")).upper()
    boards = {b: new_board(b, prologue="2c" in skipped, tile=tile) for b in f["boards"]}
    bot = {"battery": 5, "tile": tile, "removed": False, "used": []} if f["mode"] == Mode.SOLO.value else None
    rules = dict(sheet.get("special_rules") or {})
    return _play(sid, sheet["title"], f["mode"], f["boards"], corrupted_pool=pool, enemy_deck=deck, scenario_card=card,
                 map=_map(sheet), boards=boards, bot=bot, trace_top=_trace_top(f, "2c" in skipped), skipped_steps=skipped,
                 map_known="map" in sheet, hidden_tiles=(sheet.get("map") or {}).get("face_down_random", 0), rules=rules,
                 ascend={"tiles": [], "sheet": 0, "last_roll": []} if rules.get("spread") else None)


def competitive_play(f: dict[str, Any]) -> dict[str, Any]:
    """The play after the Scenario Generator Setup: no Corrupted Data pool, no Scenario cards."""
    players = len(f["boards"])
    tiles = f["start_tiles"]
    if len(tiles) != players:
        raise BadInput("give one --start-tiles entry per Player Board", {"start_tiles": ["one per board"]})
    if len(set(tiles)) != players:
        raise RuleViolation("tamashii.txt § Scenario generator (competitive mode)",
                            f"each player must start on a different District tile, not {', '.join(map(str, tiles))}")
    others = [t for t in tiles if t not in GENERATOR_START_TILES]
    # four players cannot each take a different one of the book's three tiles, yet Game Setup 7 deals Goals for "a 3
    # or 4 - player game": the Map setup card (not known here) must offer the fourth a tile of its own, any number
    if others and not (players > len(GENERATOR_START_TILES) and len(others) <= players - len(GENERATOR_START_TILES)):
        starts = ", ".join(f"{name} ({n})" for n, name in GENERATOR_START_TILES.items())
        raise RuleViolation("tamashii.txt § Scenario generator (competitive mode)",
                            f"Game Setup 3: Characters start on the chosen Shelter or Damaged District ({starts}), "
                            f"not on tile {', '.join(map(str, others))}")
    boards = {b: new_board(b, prologue=False, tile=t) for b, t in zip(f["boards"], tiles)}
    return _play("generator", "Scenario generator", Mode.COMPETITIVE.value, f["boards"], time=GENERATOR_TIME[f["length"]],
                 enemy_deck=enemy_deck(f["enemy_deck"], players), boards=boards, trace_top=_trace_top(f, False),
                 skipped_steps=[], optional_steps=list(GENERATOR_OPTIONAL_STEPS))
