"""Rolls the Scenario sheets and cards print: Geohunt's Spread and Ascend tokens, the Simulation Error
die, and a Boss's Activity roll. Each roll is a reveal, so it seals.

Rules (tamashii.txt): § Scenario sheets (Geohunt's SPECIAL RULES: "Ascend Tokens ... There may only be 1
on a single District tile"; "Spread X: The First Player rolls the indicated number of [dice] (e.g. for
'Spread P', roll 2 dice in a 2-player game). For each rolled die, place 1 [Ascend token] on a Spawn tile
with a matching the rolled result"; "If the only possible tile is the Shelter, place the [token] on the
Scenario sheet"; "If there are 3 or more [tokens] on this sheet: Scenario lost, Draw card E11"),
§ Scenario cards (card C12, Simulation Error: "Each player rolls an Enemy Number die and applies the
effect according to the result"), § Boss sheet (Boss Activity: "Roll both [Enemy dice] and resolve the
effects from the top card of Boss Attack deck. If you rolled [blank], ignore the table").

What is checked: the number of Spread dice (X read with the Player number icon), one placement per die,
at most 1 Ascend token per tile, never on the Shelter, and the loss at 3 on the sheet. What is only
recorded: the die faces of a Spread (the icon is lost: they are typed as the dice show them), which
Spawn tile matches a face and which tile is "nearest" (the players' call), and the effects of the
Simulation Error die and of the Boss Attack card, which the players resolve with the other actions.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, validate

from domain.core.decision import Decision
from domain.core import GameEvent, State

from . import rule_events as rev
from .catalogue import Amount, Board, EnemySymbol, Name, PlayerAmount
from .combat import EnemyNumber
from .vocabulary import SHELTER_TILE, board_of, play_of, player_number, refuse
from .kit import KIT
from domain.core.names import quoted

SHEETS = "Scenario sheets"
SIMULATION_ERROR = {
    "1": "if you have a Body card, discard it and inhabit the top card of the Body deck; lose 1",
    "2": "discard 1 Data token from your Launcher",
    "3": "if you have an Enemy attached, draw one from the bottom of the Enemy deck, discard your Top Enemy and put "
         "the drawn one in its place with its Damage markers",
    "blank": "place 1 of your Lock tokens on another Highlighted Data slot not in the rightmost column, if able",
}
"""Card C12's table (§ Scenario cards), by Enemy Number die result; the icons the text lost stay unnamed."""


def _ascend(state: State) -> dict[str, Any]:
    play = play_of(state, SHEETS)
    if not play.get("ascend"):
        raise refuse(SHEETS, f"{play['title']} has no Ascend tokens (Geohunt's sheet has them)")
    return play


def _placement(text: str) -> str:
    value = str(text).strip().lower()
    if value != "sheet" and not (value.isdigit() and 1 <= int(value) <= 99):
        raise ValidationError(f"{quoted(text)}: a District tile number or 'sheet'")
    return value


class SpreadSchema(Schema):
    amount = PlayerAmount(required=True, metadata={"description": "X of 'Spread X', e.g. P"})
    dice = fields.List(Name(), required=True, validate=validate.Length(1, 12), metadata={"description": "the faces rolled, in order"})
    tiles = fields.List(fields.Function(deserialize=_placement), required=True, validate=validate.Length(1, 12),
                        metadata={"description": "where each die's Ascend token went: a tile number or 'sheet'"})


@KIT.action("spread", SpreadSchema, "Geohunt's Spread X: the First Player rolls X dice; 1 Ascend token per die on a tile or the sheet",
        section=SHEETS, reveal=True, args=("amount", "dice"))
def spread(d: Decision, f: dict[str, Any]) -> None:
    """AscendTokensSpread; 3 or more Ascend tokens on the sheet make the Scenario lost (its card is owed)."""
    state = d.state
    play = _ascend(state)
    count = player_number(f["amount"], len(play["players"]))
    if len(f["dice"]) != count:
        raise refuse(SHEETS, f"Spread {f['amount']} rolls {count} dice with {len(play['players'])} players, not {len(f['dice'])}")
    if len(f["tiles"]) != count:
        raise refuse(SHEETS, f"place 1 Ascend token per rolled die: {count} placements, not {len(f['tiles'])}")
    tiles = [t for t in f["tiles"] if t != "sheet"]
    for t in tiles:
        if int(t) == SHELTER_TILE:
            raise refuse(SHEETS, "if the only possible tile is the Shelter, place the Ascend token on the Scenario sheet")
        if int(t) in play["ascend"]["tiles"] or tiles.count(t) > 1:
            raise refuse(SHEETS, f"there may only be 1 Ascend token on a single District tile (tile {t})")
    sheet = play["ascend"]["sheet"] + f["tiles"].count("sheet")
    out: list[GameEvent] = [rev.AscendTokensSpread(dice=list(f["dice"]), tiles=list(f["tiles"]), sheet=sheet)]
    if sheet >= play["rules"].get("ascend_on_sheet_lost", 3):
        out.append(rev.ScenarioEndingDue(card=play["rules"]["ascend_lost_card"], why=f"{sheet} Ascend tokens on the Scenario sheet: Scenario lost"))
    d.emit(*out)


class DiscardAscendSchema(Schema):
    tile = Amount(1, 99, required=True)
    why = Name(load_default="by an effect", metadata={"description": "what discards it (Removing GPRs, card E07...)"})


@KIT.action("discard-ascend-token", DiscardAscendSchema, "Discard the Ascend token from a District tile (an effect, Removing GPRs)",
        section=SHEETS, args=("tile",))
def discard_ascend_token(d: Decision, f: dict[str, Any]) -> None:
    """AscendTokenDiscarded; refused when the tile holds none."""
    state = d.state
    play = _ascend(state)
    if f["tile"] not in play["ascend"]["tiles"]:
        raise refuse(SHEETS, f"tile {f['tile']} holds no Ascend token (tiles with one: {play['ascend']['tiles'] or 'none'})")
    d.emit(rev.AscendTokenDiscarded(tile=f["tile"], why=f["why"]))


class SimulationErrorSchema(Schema):
    board = Board()
    result = EnemyNumber(required=True, metadata={"description": "the Enemy Number die: 1, 2, 3 or blank"})


@KIT.action("roll-simulation-error", SimulationErrorSchema, "Simulation Error (card C12): a player's Enemy Number die and its effect",
        section="Scenario cards, types, and Scenario progression", reveal=True, args=("board", "result"))
def roll_simulation_error(d: Decision, f: dict[str, Any]) -> None:
    """SimulationErrorRolled with C12's effect for the result (the players resolve it)."""
    state = d.state
    board_of(state, f["board"])
    result = "blank" if f["result"] is None else str(f["result"])
    d.emit(rev.SimulationErrorRolled(board=f["board"], result=result, effect=SIMULATION_ERROR[result]))


class BossActivitySchema(Schema):
    boss = Name(required=True)
    number = EnemyNumber(required=True)
    symbol = EnemySymbol(required=True)
    card = Name(required=True, metadata={"description": "the top Boss Attack card revealed (e.g. Sx17)"})


@KIT.action("boss-activity", BossActivitySchema, "Boss Activity: roll both Enemy dice and reveal the top Boss Attack card",
        section="Boss sheet", reveal=True, args=("boss", "number", "symbol", "card"))
def boss_activity(d: Decision, f: dict[str, Any]) -> None:
    """BossActivityRolled; a blank Enemy Number die makes the card's table ignored."""
    state = d.state
    play_of(state, "Boss sheet")
    d.emit(rev.BossActivityRolled(boss=f["boss"], number=f["number"], symbol=f["symbol"], card=f["card"].upper(),
                                   ignored=f["number"] is None))
