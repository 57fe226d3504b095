"""Setting up a match: the Division, the scientists and their Strains, the deal and the first player.

nanobot-battle-arena.txt § Game Setup (1. Determine the Division, 2. Choose a NanoBot Strain, 3. Separate
Reaction Cards and Deal, 4. First Turn and Placing NanoBots), § Quick Play Setup.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import Schema, fields, validate

from domain.core.decision import Decision
from domain.core.fields import Among, WholeNumber, clean_text

from . import events as ev
from .flow import advance, match
from .rules import CARDS_PER_DECK, DIVISIONS, HAND_SIZE, KIT, STRAINS, Pattern, suggested_decks
from domain.core.names import quoted

SIZES = {str(n): name for name, n in DIVISIONS.items()}


def _division(text: str) -> str:
    key = text.strip().lower()
    return SIZES.get(key, key)


class StartSchema(Schema):
    division = fields.String(required=True, metadata={"description": "basic, lightweight, middleweight or heavyweight (or 15/30/45/60 tiles)"})
    decks = WholeNumber(validate=validate.Range(1, 8), metadata={"description": "decks of 96 Reaction Cards in use (default: the suggested count)"})


class StrainSchema(Schema):
    name = fields.String(required=True, metadata={"description": "the scientist's name"})
    strain = fields.String(required=True, validate=Among(STRAINS), metadata={"description": "the Strain played: " + ", ".join(STRAINS)})
    drawn = fields.Boolean(load_default=False, metadata={"description": "the Strain was drawn at random (a reveal)"})


class RevealSchema(Schema):
    revealed = fields.List(fields.String(validate=Among(STRAINS)), required=True, validate=validate.Length(1, 96),
                           metadata={"description": "the Strain Icons of the revealed cards, in order"})


def found(text: str) -> dict[str, Any]:
    """``"x,y,F,strain[,petrified]"`` -> ``{"cell", "facing", "strain", "petrified"}``."""
    x, y, facing, strain, *rest = text.lower().split(",")
    return {"cell": f"{int(x)},{int(y)}", "facing": facing.upper(), "strain": strain, "petrified": bool(rest)}


def _found_text(text: str) -> str:
    t = found(text)
    return f"{t['cell']},{t['facing']},{t['strain']}" + (",petrified" if t["petrified"] else "")


class ArenaSchema(Schema):
    tiles = fields.List(Pattern(rf"-?\d{{1,2}},-?\d{{1,2}},[NESWnesw],({'|'.join(STRAINS)})(,petrified)?",
                                "0,1,N,vex or 0,1,N,vex,petrified", _found_text, found), required=True, validate=validate.Length(1, 480))


@KIT.action("start-match", StartSchema, "Start a match of the league in a Division (15, 30, 45 or 60 tiles per scientist)",
            section="1. Determine the Division", args=("division",))
def start_match(d: Decision, f: Mapping[str, Any]) -> None:
    """A new match (§ 1. Determine the Division); refused while another is under way."""
    m = d.state["match"]
    if m is not None and m["stage"] != "over":
        raise KIT.refuse("The End Game", f"match {m['number']} is still under way: a match ends when a Cache empties")
    division = _division(f["division"])
    if division not in DIVISIONS:
        raise KIT.refuse("1. Determine the Division", f"no {quoted(f['division'])} Division: basic (15), lightweight (30), "
                                                      "middleweight (45) or heavyweight (60)")
    d.emit(ev.MatchStarted(len(d.state["matches"]) + 1, division, DIVISIONS[division], f.get("decks") or 0))


@KIT.action("choose-strain", StrainSchema, "A scientist takes a seat (clockwise after the others) with a Strain's Cache",
            section="2. Choose a NanoBot Strain", reveal=True, args=("name", "strain"))
def choose_strain(d: Decision, f: Mapping[str, Any]) -> None:
    """2-8 scientists, no Strain twice, no name twice (§ 2. Choose a NanoBot Strain); ``--drawn`` reveals."""
    m = match(d, "setup")
    name = clean_text(f["name"], "a scientist's name", 40)
    if name.lower() in STRAINS or ":" in name:
        raise KIT.refuse("2. Choose a NanoBot Strain", f"a scientist's name may not be a Strain or hold ':' ({quoted(name)})")
    if len(m["scientists"]) == 8:
        raise KIT.refuse("Components and Terminology", "a match seats 2-8 scientists")
    if f["strain"] in m["scientists"]:
        raise KIT.refuse("2. Choose a NanoBot Strain", f"{m['scientists'][f['strain']]['name']} already plays {f['strain']}: "
                                                       "players cannot choose the same Strain")
    if any(s["name"].lower() == name.lower() for s in m["scientists"].values()):
        raise KIT.refuse("2. Choose a NanoBot Strain", f"{name} already has a Strain in this match")
    d.emit((ev.StrainDrawn if f["drawn"] else ev.StrainChosen)(f["strain"], name))


@KIT.action("reveal-first-player", RevealSchema,
            "Deal the starting hands, then enter the Strain Icons of the cards revealed until one is a player's",
            section="4. First Turn and Placing NanoBots", reveal=True, args=("revealed",))
def reveal_first_player(d: Decision, f: Mapping[str, Any]) -> None:
    """Hands of three '1', two '2', one '3' (§ 3. Separate Reaction Cards and Deal); cards revealed until the
    first with a player's Strain Icon, who goes first; the revealed cards go to the discard pile."""
    m = match(d, "setup")
    seats, revealed = list(m["scientists"]), list(f["revealed"])
    if len(seats) < 2:
        raise KIT.refuse("Components and Terminology", f"a match seats 2-8 scientists, not {len(seats)}")
    early = [r for r in revealed[:-1] if r in seats]
    if early:
        raise KIT.refuse("4. First Turn and Placing NanoBots", f"the reveal stops at the first {early[0]} card: "
                                                               f"{early[0]} is a player's Strain")
    if revealed[-1] not in seats:
        raise KIT.refuse("4. First Turn and Placing NanoBots", f"the last card revealed must bear a player's Strain "
                                                               f"({', '.join(seats)}), not {revealed[-1]}")
    decks = m["decks"] or suggested_decks(m["division"], len(seats))
    deck = decks * CARDS_PER_DECK - HAND_SIZE * len(seats)
    if len(revealed) > deck:
        raise KIT.refuse("4. First Turn and Placing NanoBots", f"only {deck} cards are left in the deck to reveal")
    d.emit(ev.HandsDealt({s: HAND_SIZE for s in seats}, decks, deck),
           ev.FirstPlayerRevealed(revealed, revealed[-1]), ev.TurnBegan(revealed[-1], 1))
    advance(d)


@KIT.action("set-up-arena", ArenaSchema,
            "Record tiles already on the Battle Arena before the first move (a match tracked mid-play): each x,y,F,strain[,petrified]",
            section="4. First Turn and Placing NanoBots", args=("tiles",))
def set_up_arena(d: Decision, f: Mapping[str, Any]) -> None:
    """Tiles as found, each from its owner's Cache; only before anything is played in the match. A Cache may
    not empty this way (that would have ended the game, § The End Game)."""
    m = match(d)
    tiles = [found(t) for t in f["tiles"]]
    if m["grid"] or m["turn"] != 1 or m["phase"] or m["done"]:
        raise KIT.refuse("4. First Turn and Placing NanoBots", "tiles as found are recorded before the first move only")
    cells = [t["cell"] for t in tiles]
    if len(set(cells)) != len(cells):
        raise KIT.refuse("Quick Play Rules", "one tile per cell: a cell is listed twice")
    for t in tiles:
        if t["strain"] not in m["scientists"]:
            raise KIT.refuse("2. Choose a NanoBot Strain", f"nobody plays {t['strain']} in this match")
    for strain, sci in m["scientists"].items():
        used = sum(1 for t in tiles if t["strain"] == strain)
        if used >= sci["cache"]:
            raise KIT.refuse("The End Game", f"{strain} has {sci['cache']} tiles: placing {used} would empty the Cache")
    d.emit(ev.ArenaSetUp(tiles, sorted({t["strain"] for t in tiles})))

