"""NanoBot Battle Arena's vocabulary: Strains, Reaction Cards, Divisions and their phases, the kit, the fields.

Everything here is the rulebook's (nanobot-battle-arena.txt): the eight Strains (§ Components), the card
each Strain has an affinity for (§ Reaction Card Explanations), the four Divisions (§ 1. Determine the
Division), the phases by Division (§ Game Phases by Division), the suggested decks (§ Suggested Deck Layout
by Division (optional)) and the starting hand (§ 3. Separate Reaction Cards and Deal).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from marshmallow import ValidationError, fields

from domain.core.kit import Kit
from domain.core.names import did_you_mean, quoted

KIT = Kit("nanobot-battle-arena.txt")

STRAINS: tuple[str, ...] = ("blight", "chronos", "inferno", "vex", "ghost", "storm", "relic", "echidna")
"""The eight Strains, 15 tiles each in a box (§ Components)."""
CARDS: dict[str, str] = {"blink": "ghost", "burn": "inferno", "freeze": "chronos", "grow": "echidna",
                         "infect": "blight", "petrify": "relic", "pivot": "vex", "surge": "storm"}
"""Reaction Card name -> the Strain Icon it bears (§ Reaction Card Explanations)."""
CARDS_PER_DECK = 96
STARTING_HAND = (1, 1, 1, 2, 2, 3)
"""Charges of the starting hand: three '1', two '2', one '3' (§ Quick Play Setup)."""
HAND_SIZE = 6

DIVISIONS: dict[str, int] = {"basic": 15, "lightweight": 30, "middleweight": 45, "heavyweight": 60}
"""Division -> NanoBot tiles per player (§ 1. Determine the Division)."""
BASIC_PHASES: tuple[tuple[str, int], ...] = (("tile", 1), ("card", 1), ("draw", 1))
HEAVIER_PHASES: tuple[tuple[str, int], ...] = (("card", 1), ("tile", 2), ("card", 2), ("draw", 3))
PHASES_SECTION = "Game Phases by Division (phases must be played in order)"


def phases(division: str) -> tuple[tuple[str, int], ...]:
    """The phases of a turn: ``(kind, count)`` with kind ``tile``/``card``/``draw`` (§ Game Phases by Division)."""
    return BASIC_PHASES if division == "basic" else HEAVIER_PHASES


def phase_label(division: str, index: int) -> str:
    """``"Phase 2: Play 2 NanoBot Tiles"`` in the rulebook's words."""
    kind, count = phases(division)[index]
    what = {"tile": "NanoBot Tile", "card": "Reaction Card", "draw": "Reaction Card"}[kind]
    verb = "Draw" if kind == "draw" else "Play"
    return f"Phase {index + 1}: {verb} {count} {what}{'s' if count > 1 else ''}"


def suggested_decks(division: str, players: int) -> int:
    """The optional deck count (§ Suggested Deck Layout by Division (optional)): recorded, never enforced."""
    small = players <= 4
    return {"basic": 1, "lightweight": 1 if small else 2, "middleweight": 2 if small else 3,
            "heavyweight": 3 if small else 4}[division]


def effective_charges(printed: list[int], card: str, player: str, against: set[str]) -> int:
    """The Charges a played (or melded) card gives: +1 per card for the player's own Strain, -1 per card
    when used against an opponent of that Strain, a card never below 0 (§ Reaction Card Affinity, § Melding
    Reaction Card Charges). ``against`` is the set of Strains whose tiles or hands the card targets."""
    strain = CARDS[card]
    per_card = (1 if strain == player else 0) - (1 if strain in against - {player} else 0)
    return sum(max(0, p + per_card) for p in printed)


# -- fields ---------------------------------------------------------------------------------------------

CELL = r"-?\d{1,2},-?\d{1,2}"
FACING = r"[NESWnesw]"


class Pattern(fields.String):
    """A string matching ``pattern`` (whole), loaded as its normal form (``normal``) so that a recorded action
    replays as typed; :meth:`decode` turns the normal form into the value a decider uses."""

    def __init__(self, pattern: str, example: str, normal: Any = str, decode: Any = str, **kwargs: Any) -> None:
        # re.ASCII: \d is 0-9 only (a full-width ２ matches \d otherwise, and int() reads it)
        self.regex, self.example, self.normal, self.decode = re.compile(pattern, re.ASCII), example, normal, decode
        kwargs.setdefault("metadata", {}).setdefault("description", f"like {example}")
        super().__init__(**kwargs)

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        text = super()._deserialize(value, attr, data, **kwargs).strip()
        if not self.regex.fullmatch(text):
            raise ValidationError(f"{quoted(text[:40])} is not like {self.example}")
        return self.normal(text)


def _cell(text: str) -> str:
    x, y = text.split(",")
    return f"{int(x)},{int(y)}"


def Cell(**kwargs: Any) -> Pattern:
    """A cell ``x,y`` (columns east, rows north, the center is 0,0; -99..99)."""
    return Pattern(CELL, "0,1 (x east, y north; the center is 0,0)", _cell, **kwargs)


def Facing(**kwargs: Any) -> Pattern:
    """The side of the tile its Base Edge is on: N, E, S or W."""
    return Pattern(FACING, "N (the side the Base Edge is on: N, E, S or W)", str.upper, **kwargs)


def placement(text: str) -> dict[str, str]:
    """``"x,y,F"`` -> ``{"cell": "x,y", "facing": "F"}``."""
    x, y, f = text.split(",")
    return {"cell": _cell(f"{x},{y}"), "facing": f.upper()}


def Placement(**kwargs: Any) -> Pattern:
    """``x,y,F``: a cell and the side its Base Edge faces (decoded by :func:`placement`)."""
    return Pattern(rf"{CELL},{FACING}", "0,1,N (a cell, then its Base Edge side)",
                   lambda t: "{cell},{facing}".format(**placement(t)), placement, **kwargs)


def move(text: str) -> dict[str, str]:
    """``"x,y>x,y"`` -> ``{"from", "to"}``."""
    a, b = text.split(">")
    return {"from": _cell(a), "to": _cell(b)}


def Move(**kwargs: Any) -> Pattern:
    """``x,y>x,y``: a tile picked up and replayed (decoded by :func:`move`)."""
    return Pattern(rf"{CELL}>{CELL}", "0,1>2,1 (from, then to)", lambda t: "{from}>{to}".format(**move(t)), move, **kwargs)


def aimed(text: str) -> dict[str, Any]:
    """``"x,y:n"`` -> ``{"cell", "count"}``."""
    a, n = text.split(":")
    return {"cell": _cell(a), "count": int(n)}


def Aimed(**kwargs: Any) -> Pattern:
    """``x,y:n``: an attacking tile and how many tiles in its line of sight (decoded by :func:`aimed`)."""
    return Pattern(rf"{CELL}:[1-9]", "0,1:2 (attacking tile, then how many tiles)",
                   lambda t: "{cell}:{count}".format(**aimed(t)), aimed, **kwargs)


def share(text: str) -> dict[str, Any]:
    """``"who:n"`` -> ``{"who", "count"}``."""
    who, n = text.rsplit(":", 1)
    return {"who": who.strip(), "count": int(n)}


def Share(**kwargs: Any) -> Pattern:
    """``who:n``: a scientist (Strain or name) and a number of cards (decoded by :func:`share`)."""
    return Pattern(r"[^:]{1,40}:[1-9]", "chronos:2 (a scientist's Strain or name, then how many cards)",
                   lambda t: "{who}:{count}".format(**share(t)), share, **kwargs)


def printed(text: str) -> list[int]:
    """``"2+3"`` -> ``[2, 3]``: the printed Charges of the card(s) played."""
    return [int(p) for p in str(text).split("+")]


def Charges(**kwargs: Any) -> Pattern:
    """The printed Charges: ``3``, or ``2+3`` for two cards melded (decoded by :func:`printed`)."""
    return Pattern(r"[1-3](\+[1-3])?", "3, or 2+3 for two melded cards", str, printed, **kwargs)


def Scientist(**kwargs: Any) -> fields.String:
    """A scientist, by the Strain they play or by name."""
    kwargs.setdefault("metadata", {}).setdefault("description", "a scientist: the Strain they play, or their name")
    return fields.String(**kwargs)


def scientist(match: Mapping[str, Any], ref: str) -> str:
    """The Strain of the scientist ``ref`` names: a Strain, a name, or one word of a single name
    (``kitteh`` for Capt'n Kitteh), case-insensitive.

    Raises :class:`~domain.core.errors.RuleViolation` (§ 2. Choose a NanoBot Strain) for nobody in the match.
    """
    key = str(ref).strip().lower()
    for strain, sci in match["scientists"].items():
        if key in (strain, sci["name"].lower()):
            return strain
    by_word = [s for s, sci in match["scientists"].items() if key in sci["name"].lower().split()]
    if len(by_word) == 1:
        return by_word[0]
    known = ", ".join(f"{s} ({v['name']})" for s, v in match["scientists"].items()) or "nobody yet"
    close = did_you_mean(ref, [*match["scientists"], *(sci["name"] for sci in match["scientists"].values())])
    raise KIT.refuse("2. Choose a NanoBot Strain", f"no single scientist {quoted(ref)}{close} in this match; playing: {known}")


__all__ = ["CARDS", "CARDS_PER_DECK", "DIVISIONS", "HAND_SIZE", "KIT", "PHASES_SECTION", "STARTING_HAND",
           "STRAINS", "Aimed", "Cell", "Charges", "Facing", "Move", "Pattern", "Placement", "Scientist", "Share",
           "aimed", "effective_charges", "move", "phase_label", "phases", "placement", "printed", "scientist",
           "share", "suggested_decks"]
