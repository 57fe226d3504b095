"""Shared vocabulary of the Tamashii ruleset: rule citations, token and die names, the content pack,
the Player number arithmetic, and small state accessors used by every decider.

Words are the rulebook's (tamashii.txt). Names for icons the extracted text lost are chosen here once:

- Data tokens: the 4 Basic types ``blue``, ``green``, ``yellow``, ``red`` (§ Basic Data tokens), plus
  ``open`` (Open Data) and ``corrupted`` (Corrupted Data) (§ Special Data tokens).
- Player die faces: ``basic`` (the basic player symbol), ``rare`` (the less common one), ``blank``.
  Reading (icons missing): the basic symbol is the one that attaches an Enemy in the Trace Roll and gives
  1 success in a Test; the less common one gives 2 successes and attaches nothing (§ Planning phase:
  "the [other] effect does not trigger drawing any Enemies"; § Tests).
- Enemy Symbol die faces: ``basic`` and ``special``, after the Enemy card's Basic and Special Frames.
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from domain.core import RuleViolation, State
from domain.core.names import did_you_mean
from domain.core.names import quoted

BOOK = "tamashii.txt"
BASIC = ("blue", "green", "yellow", "red")
TOKENS = (*BASIC, "open", "corrupted")
ASSETS = ("shield", "memory", "power", "reroll")
ASSET_MAX = 5
START_INTEGRITY = 5
START_LOCKS = 4
SHELTER_TILE = 1
PLAYER_DIE = ("basic", "rare", "blank")
ENEMY_SYMBOL = ("basic", "special")


class Mode(str, Enum):
    """How a Scenario is played (§ Other game modes)."""

    COOP = "coop"
    """Co-op with 1-4 players (a 1-player co-op game is still co-op, without the BOT)."""
    SOLO = "solo"
    """One player with J.O.R.D.A.N. BOT (§ Solo Mode)."""
    COMPETITIVE = "competitive"
    """The Scenario Generator (§ Scenario generator (competitive mode))."""


class Phase(str, Enum):
    """The four phases of a turn (§ Turn order), and the Setup before the first turn (§ Game setup)."""

    SETUP = "setup"
    """Setup steps the players still choose (3c Class, 3d Learning Protocol, 5 Body Market): turn 1 waits."""
    PLANNING = "planning"
    ACTION = "action"
    COMBAT = "combat"
    QUEST = "quest"


PHASE_ORDER = (Phase.PLANNING, Phase.ACTION, Phase.COMBAT, Phase.QUEST)
ORDERED_PHASES = (Phase.ACTION, Phase.COMBAT)
"""Phases resolved in order, one player after another, starting with the First Player."""


def rule(section: str) -> str:
    """The citation for a rulebook section: ``"tamashii.txt § Reset"``."""
    return f"{BOOK} § {section}"


def refuse(section: str, message: str) -> RuleViolation:
    """A :class:`RuleViolation` citing ``section`` (raise it)."""
    return RuleViolation(rule(section), message)


# -- content pack ----------------------------------------------------------------------------------


@cache
def content(name: str) -> dict[str, Any]:
    """A YAML file of this package (``scenarios``, ``components``), parsed once."""
    return yaml.safe_load((Path(__file__).parent / f"{name}.yaml").read_text(encoding="utf-8"))


def scenarios() -> dict[str, dict[str, Any]]:
    """Scenario id -> ``{title, endings, ...setup figures}`` (scenarios.yaml)."""
    return content("scenarios")["scenarios"]


def body_figures(name: str) -> dict[str, Any]:
    """The figures components.yaml gives for a Body card called ``name`` (may be empty)."""
    return dict(content("components")["bodies"].get(slug(name), {}))


def enemy_figures(name: str) -> dict[str, Any]:
    """The figures components.yaml gives for an Enemy card called ``name`` (may be empty)."""
    return dict(content("components")["enemies"].get(slug(name), {}))


def slug(name: str) -> str:
    """``"Scanning bot"`` -> ``"scanning-bot"``: how cards are looked up in the content pack."""
    return "-".join(str(name).lower().replace(".", "").split())


# -- the Player number icon ------------------------------------------------------------------------

_OPS: dict[type, Callable[[int, int], int]] = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul}


def player_number(expression: str | int, players: int) -> int:
    """Evaluate an amount that uses the Player number icon, written ``P`` (§ Scenario setup, Important icon).

    ``"6-P"`` with 2 players is 4; ``"2xP"`` with 3 players is 6; ``"16"`` is 16. Only whole numbers,
    ``P``, ``+``, ``-`` and ``x``/``*`` are allowed. Raises ``ValueError`` on anything else.
    """
    if isinstance(expression, int):
        return expression
    text = str(expression).strip().replace("x", "*").replace("X", "*").replace("×", "*").replace("−", "-")
    tree = ast.parse(text, mode="eval")

    def walk(node: ast.AST) -> int:
        if isinstance(node, ast.Expression):
            return walk(node.body)
        if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
            return _OPS[type(node.op)](walk(node.left), walk(node.right))
        if isinstance(node, ast.Constant) and isinstance(node.value, int) and not isinstance(node.value, bool):
            return node.value
        if isinstance(node, ast.Name) and node.id == "P":
            return players
        raise ValueError(f"{quoted(expression)} is not an amount (use whole numbers, P, +, - and x)")

    return walk(tree)


def check_amount(expression: str) -> str:
    """Validate a Player-number amount's syntax (for schemas); returns it unchanged."""
    player_number(expression, 1)
    return expression


# -- state accessors -------------------------------------------------------------------------------


def play_of(state: State, section: str = "Scenarios") -> dict[str, Any]:
    """The Scenario in progress. Raises :class:`RuleViolation` between Scenarios."""
    play = state.get("play")
    if not play:
        raise refuse(section, "no Scenario is being played: start one with start-scenario")
    return play


def board_of(state: State, board: str, section: str = "Player Board, Launcher & Data tokens") -> dict[str, Any]:
    """The Player Board ``board`` of the Scenario in progress. Raises :class:`RuleViolation`."""
    play = play_of(state, section)
    if board not in play["boards"]:
        raise refuse(section, f"the {board} Player Board is not in this Scenario{did_you_mean(board, play['boards'])} (boards: {', '.join(play['boards'])})")
    return play["boards"][board]


def require_phase(state: State, *phases: Phase, section: str = "Turn order") -> dict[str, Any]:
    """The play, if its current phase is one of ``phases``. Raises :class:`RuleViolation`."""
    play = play_of(state, section)
    if play["phase"] not in [p.value for p in phases]:
        names = " or ".join(p.value.title() for p in phases)
        raise refuse(section, f"this is done in the {names} phase, and this is the {play['phase'].title()} phase")
    return play


def require_turn_of(state: State, board: str, section: str) -> dict[str, Any]:
    """The board, if it may act now: in an ordered phase it must be its turn; a board that reset this
    phase skips the rest of it (§ Reset). Raises :class:`RuleViolation`."""
    play = play_of(state, section)
    b = board_of(state, board, section)
    if play["phase"] in [p.value for p in ORDERED_PHASES] and play["active"] != board:
        raise refuse("Turn order", f"the {play['phase'].title()} phase is resolved in order: it is {play['active']}'s turn, not {board}'s")
    if b["reset_in"] == [play["turn"], play["phase"]]:
        raise refuse("RESET", f"{board} reset this phase and skips all other activities for it")
    return b


def token_count(pile: dict[str, int]) -> int:
    """How many Data tokens a pile (``{type: count}``) holds."""
    return sum(pile.values())


def empty_pile() -> dict[str, int]:
    """A pile with none of each Data token type."""
    return {t: 0 for t in TOKENS}


def resolve_token(b: dict[str, Any], token: str) -> str:
    """A token name with ``core`` read as the board's Core Data type (§ Core Data symbol)."""
    return b["core_data"] if token == "core" else token


def take_tokens(pile: dict[str, int], tokens: list[str], where: str, section: str) -> dict[str, int]:
    """``pile`` minus ``tokens`` (a new dict). Raises :class:`RuleViolation` naming what is missing."""
    left = dict(pile)
    for t in tokens:
        if left.get(t, 0) < 1:
            have = ", ".join(f"{n} {k}" for k, n in pile.items() if n) or "nothing"
            raise refuse(section, f"there is no {t} Data token left {where} (it holds {have})")
        left[t] -= 1
    return left


def add_tokens(pile: dict[str, int], tokens: list[str] | dict[str, int]) -> dict[str, int]:
    """``pile`` plus ``tokens`` (a list of names or a ``{type: count}`` pile); a new dict."""
    out = dict(pile)
    items = tokens.items() if isinstance(tokens, dict) else ((t, 1) for t in tokens)
    for t, n in items:
        out[t] = out.get(t, 0) + n
    return out


def active_body(b: dict[str, Any]) -> dict[str, Any]:
    """The active Body: the top Advanced Body card, else the Walker printed on the board (§ Body cards)."""
    return b["bodies"][0] if b["bodies"] else b["walker"]
