"""The state of a Nîn-Gonost campaign (one battle at a time) and the vocabulary it is kept in.

State (plain JSON): ``rules`` (``core`` or ``beginner``), ``point_limit``, ``warbands`` (name -> figure ids in
recruiting order), ``figures`` (id -> figure), ``objects`` (id -> door or object), ``battle`` (turn, player,
active figure, pending Counter Strike or hit), ``last_roll`` (the latest resolution) and ``rolls`` (how many).

A figure: ``card`` (its values; ``None`` where unknown), ``warband``, ``ap_left``, ``saved_ap``, ``held_ap``,
``speed`` (stop/walk/run), ``facing`` (north/east/south/west), ``manna_lost``, ``morale``, ``engaged`` (ids),
the conditions (``prone``, ``knocked_out``, ``poisoned``, ``sneaking``, ``nocked``, ``held``, ``disarmed``,
``defeated``...), and this turn's bookkeeping (``concentration``, ``perilous``, ``rotated``, ``last``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core import BadInput, State
from domain.core.names import did_you_mean, quoted

from .arms import initial_weapons
from .book import refuse
from .ladder import Shift

FACINGS = ("north", "east", "south", "west")
SPEEDS = ("stop", "walk", "run")
MORALE = ("terrified", "scared", "intimidated", "normal", "inspired")
"""Morale levels, lowest first (§ Morale)."""
MORALE_ROLL = {"inspired": 1, "normal": 0, "intimidated": -1, "scared": -2, "terrified": -4}
"""The die modifier on every WIL and CTR roll per Morale level (§ Morale, Playsheet § Morale levels)."""
CONDITIONS = ("prone", "knocked_out", "poisoned", "sneaking", "nocked", "held", "disarmed", "no_sneak", "no_search", "never_wakes")
RULES = ("core", "beginner")


def initial_state(setup: Mapping[str, Any]) -> State:
    """A campaign before any warband: ``setup`` may give ``rules=beginner`` (Basics § Note To Beginners)."""
    unknown = sorted(set(setup) - {"rules"})
    if unknown:
        raise BadInput(f"a Nîn-Gonost campaign takes only the setup option rules=core|beginner, not {unknown}", {"setup": ["rules only"]})
    rules = str(setup.get("rules", "core")).lower()
    if rules not in RULES:
        raise BadInput(f"rules is core or beginner, not {rules!r}", {"setup": ["rules: core or beginner"]})
    return {"rules": rules, "point_limit": None, "warbands": {}, "figures": {}, "objects": {},
            "battle": {"started": False, "order": [], "turn": 0, "player": None, "active": None, "pending": None},
            "last_roll": None, "rolls": 0}


def new_figure(warband: str, card: dict[str, Any], facing: str) -> dict[str, Any]:
    """A freshly recruited figure: Normal Morale, Stopped, no Manna lost (§ Morale, § Speeds), its usual weapon in hand
    and the card's others sheathed (§ Components: "assumed to be using their highest bonus weapon by default")."""
    fig = {"card": card, "warband": warband, "ap_left": 0, "saved_ap": 0, "held_ap": 0, "speed": "stop",
           "facing": facing, "manna_lost": 0, "morale": "normal", "engaged": [], "defeated": False,
           "done": False, "concentration": 0, "concentrated_ap": 0, "perilous": 0, "rotated": False, "last": None, "poison_due": False,
           "weapons": initial_weapons(card), "transcend_str": False, "transcend_run": False}
    fig.update({c: False for c in CONDITIONS})
    return fig


def figure(state: State, figure_id: str) -> dict[str, Any]:
    """The figure ``figure_id``. Raises :class:`BadInput` naming the figures on the board."""
    try:
        return state["figures"][figure_id]
    except KeyError:
        known = ", ".join(state["figures"]) or "none yet"
        raise BadInput(f"no figure {quoted(figure_id)}{did_you_mean(figure_id, state['figures'])} in this battle (figures: {known})", {"figure": [f"unknown figure {quoted(figure_id)}"]}) from None


def name(state: State, figure_id: str) -> str:
    """The figure's card name, with its id when several share a card (``Orc warrior (orc-warrior-2)``)."""
    card = state["figures"][figure_id]["card"]
    return card["name"] if figure_id == card["card"] else f"{card['name']} ({figure_id})"


def manna(fig: Mapping[str, Any]) -> int | None:
    """Manna left: the printed Manna less what was lost, or ``None`` while the card's Manna is unknown."""
    printed = fig["card"].get("manna")
    return None if printed is None else printed - fig["manna_lost"]


def fatigued(fig: Mapping[str, Any]) -> bool:
    """0 Manna: Fatigued, every die roll at -2 (§ Taking Damage & Fatigue)."""
    return manna(fig) == 0


def assumed_speed(fig: Mapping[str, Any]) -> int | None:
    """Maximum Run speed when running, maximum Walk speed when walking, 0 when Stopped (§ Assumed Speed)."""
    return {"stop": 0, "walk": fig["card"].get("walk"), "run": fig["card"].get("run")}[fig["speed"]]


def alive(state: State, figure_id: str, section: str = "Taking Damage & Fatigue") -> dict[str, Any]:
    """The figure, refusing one already defeated."""
    fig = figure(state, figure_id)
    if fig["defeated"]:
        raise refuse(section, f"{name(state, figure_id)} is defeated and lies face up")
    return fig


def common_shifts(fig: Mapping[str, Any]) -> list[Shift]:
    """Modifiers every roll of this figure takes: Fatigue -2 at 0 Manna (§ Taking Damage & Fatigue)."""
    return [Shift("Fatigued", -2)] if fatigued(fig) else []


def morale_shift(fig: Mapping[str, Any]) -> list[Shift]:
    """The Morale modifier of a WIL or CTR roll (§ Morale)."""
    steps = MORALE_ROLL[fig["morale"]]
    return [Shift(f"Morale {fig['morale'].title()}", steps)] if steps else []


def turned(facing: str, turn: str) -> str:
    """The facing after turning ``left``/``right`` (90 degrees) or ``about`` (180 degrees)."""
    i = FACINGS.index(facing)
    return FACINGS[(i + {"left": -1, "right": 1, "about": 2}[turn]) % 4]


def warband_points(state: State, warband: str) -> int:
    """Total VALUE of a warband's figures (unknown values count 0; recruiting under a limit needs them)."""
    return sum(state["figures"][f]["card"].get("value") or 0 for f in state["warbands"][warband])


__all__ = ["CONDITIONS", "FACINGS", "MORALE", "MORALE_ROLL", "RULES", "SPEEDS", "alive", "assumed_speed", "common_shifts",
           "fatigued", "figure", "initial_state", "manna", "morale_shift", "name", "new_figure", "turned", "warband_points"]
